//! What a theorem or a table gives never waits on a search, and a search ends
//! within a second of its time: each line of `grundy value` is timed as it comes,
//! on positions whose outcome a theorem gives at once and whose nimber no search
//! finds in seconds (the reproducers of issue 37).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Each line `grundy ARGS` prints, with when it came, and when the run ended.
fn timed(args: &[&str]) -> (Vec<(Duration, String)>, Duration) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy starts");
    let lines = BufReader::new(child.stdout.take().expect("piped"))
        .lines()
        .map(|line| (started.elapsed(), line.expect("text")))
        .collect();
    child.wait().expect("grundy ends");
    (lines, started.elapsed())
}

/// The time of the first line that starts with `start`.
fn when(lines: &[(Duration, String)], start: &str) -> Duration {
    lines
        .iter()
        .find(|(_, line)| line.starts_with(start))
        .unwrap_or_else(|| panic!("no line starts with '{start}': {lines:?}"))
        .0
}

/// What a theorem gives at once (well under the second that the search is
/// allowed), and the search's end within a second of that time.
#[test]
fn a_theorems_answer_comes_before_the_search_and_the_search_keeps_its_time() {
    let allowed = Duration::from_secs(2);
    let at_once = Duration::from_millis(900);
    // (position, the line a theorem gives, where it names a move)
    let cases = [
        // Zeckendorf's theorem names every winning move of Fibonacci Nim.
        (
            "fibonacci 4664",
            Some("  fibonacci 4663/2   (take 1 from the pile of 4664)"),
        ),
        // The square-board theorem names (2,2) (Gale, 1974).
        ("chomp 12x12", Some("  chomp 12,1,1,1,1,1,1,1,1,1,1,1")),
        // The mirror strategy names the central domino of an even board.
        (
            "cram 8x7",
            Some("  cram ......./......./......./...#.../...#.../"),
        ),
        // Strategy stealing says N and names no move.
        ("divisors 1000000000000", None),
    ];
    for (spec, named) in cases {
        let (lines, ended) = timed(&["value", spec, "--time", "2s"]);
        assert!(
            when(&lines, "N-position") < at_once,
            "{spec}: the outcome waited: {lines:?}"
        );
        if let Some(named) = named {
            assert!(
                when(&lines, named) < at_once,
                "{spec}: the theorem's move waited: {lines:?}"
            );
        }
        let nimber = lines
            .iter()
            .find(|(_, line)| line.starts_with("nimber:"))
            .expect("a nimber line");
        assert!(
            nimber
                .1
                .contains("the time allowed, 2 s, ran out; --time none"),
            "{spec}: {lines:?}"
        );
        assert!(
            ended < allowed + Duration::from_secs(1),
            "{spec}: the search ran {ended:?}, past its {allowed:?} by more than a second"
        );
    }
}

/// Work known before it starts is weighed against the time at once: a refusal in
/// one sentence that names the time it would need.
#[test]
fn work_past_the_time_is_refused_at_once_with_the_time_it_needs() {
    for (args, needs) in [
        (&["period", "octal:0.f"][..], "--time 100d"),
        (&["period", "octal:0.8", "--to", "20000"], "--time 15m"),
        (&["value", "sub-primes", "1000000"], "--time 4m"),
    ] {
        let started = Instant::now();
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .output()
            .expect("grundy runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{args:?} waited"
        );
        assert!(
            stderr.contains("options, about") && stderr.contains(needs),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// Where everything is known at once the answer is one whole, in its usual order.
#[test]
fn a_quick_answer_is_whole_and_in_order() {
    let (lines, _) = timed(&["value", "kayles", "70"]);
    let text: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
    // Kayles' g(70) = 6, from its table (Guy and Smith, 1956).
    assert_eq!(
        &text[..3],
        [
            "kayles 70",
            "N-position: the player to move wins (normal play)",
            "nimber: 6"
        ]
    );
    assert!(text[3].starts_with("winning moves ("), "{text:?}");
}

/// A position whose outcome needs a long table (Officers has no known period) is
/// shown once the search has begun, long before its answer; one refused at once
/// prints only its sentence.
#[test]
fn the_position_is_shown_while_its_search_runs() {
    let (lines, _) = timed(&["value", "officers", "642359", "--time", "1s"]);
    assert_eq!(lines[0].1, "officers 642359", "{lines:?}");
    assert!(lines[0].0 < Duration::from_millis(900), "{lines:?}");
    let (lines, _) = timed(&["value", "octal:0.16", "100000", "--max-positions", "1000"]);
    assert!(lines.is_empty(), "{lines:?}");
}

/// The computer of `grundy play` moves where no analysis is in reach, and says
/// its move is unproved (Cram 7x9: 63 cells, odd by odd, no theorem).
#[test]
fn the_computer_of_play_always_moves() {
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "cram", "7x9", "--computer-first", "--time", "1s"])
        .stdin(Stdio::null())
        .output()
        .expect("grundy runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("I place a domino on "), "{text}");
    assert!(
        text.contains("(I play this without a proof that it wins: the analysis of the position is out of reach: the time allowed, 1 s, ran out"),
        "{text}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
}
