//! Inputs that once brought grundy down (a panic, an allocation past memory, a
//! stack overflow, a hang): each now ends with the right answer, or with exit code
//! 2 and one sentence, under a 4 GB address-space cap and a time limit. The
//! searches that run to the budget are timed for a release build and run there
//! (`cargo test --release -p grundy-cli --test adversarial`).

mod common;

use std::process::Command;

use common::root;

/// What one capped run printed and its exit code.
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

/// Runs `grundy` with `args` under `ulimit -v` 4 GB and `timeout`; code 124 is a
/// run that did not end in time.
fn capped(args: &[&str], seconds: u32) -> Run {
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -v 4000000; exec timeout {seconds} \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("bash runs");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// The run ends with exit code 2 and one sentence containing `words`.
fn refused(args: &[&str], words: &str) {
    let run = capped(args, 60);
    assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
    assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{args:?}");
}

/// The run succeeds and its first lines contain `words`.
fn answers(args: &[&str], words: &str) {
    let run = capped(args, 60);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    let head: String = run.stdout.lines().take(8).collect::<Vec<_>>().join("\n");
    assert!(head.contains(words), "{args:?}: {head}");
}

#[test]
fn numbers_past_what_a_family_holds() {
    // Moore's k of any size: Nim_k on n heaps plays as Nim_min(k, n).
    answers(
        &["value", "moore:18446744073709551615 3", "--misere"],
        "N-position",
    );
    answers(&["moves", "moore:18446744073709551615 3"], "3 moves");
    answers(&["explain", "moore:18446744073709551615 0"], "Position:");
    answers(&["value", "moore:4294967296 3,4"], "nimber: 7");
    answers(&["value", "moore:9223372036854775807 3,4"], "nimber: 7");
    // Wythoff's Beatty pairs in exact integers: (2, 1) is the P-position of the
    // difference 1, so from (2^62, 1) the winning move takes the big heap to 2.
    answers(
        &["value", "wythoff 4611686018427387904,1"],
        "wythoff 2,1   (take 4611686018427387902",
    );
    answers(
        &["value", "wythoff 18446744073709551615,18446744073709551614"],
        "N-position",
    );
    refused(&["value", "cram 3x6148914691236517206"], "at most 64 cells");
    refused(
        &["value", "place:0.0,0.1|0.0,1.0,1.1 3x6148914691236517206"],
        "at most 64 cells",
    );
    refused(
        &["value", "hackenbush stalks:4000000000"],
        "more than 1000000 edges",
    );
    refused(
        &[
            "table",
            "chomp",
            "--rows",
            "18446744073709551615",
            "--to",
            "2",
        ],
        "--max-positions",
    );
    refused(
        &[
            "table",
            "chomp",
            "--rows",
            "9223372036854775808",
            "--to",
            "2",
        ],
        "--max-positions",
    );
    // The moves of a heap are bounded by the code, not the heap.
    answers(
        &["moves", "sub:1,3,4 18446744073709551615"],
        "take 4 from the heap of 18446744073709551615",
    );
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only (the README's test command runs it)"
)]
fn trivial_positions_are_answered_at_once() {
    // A heap of 0 has no move: under misère play the player to move has won.
    for code in ["0.f", "0.9", "8.0", "c.7", "0.123456789abcdef"] {
        answers(
            &["value", &format!("octal:{code} 0"), "--misere"],
            "N-position",
        );
    }
    // An even-by-even Cram board is P by symmetry, so every move leads to N.
    answers(&["moves", "cram 8x8"], "N     -   place a domino");
    // (1000000, 1618034) is a Wythoff pair: P, and every option N.
    let run = capped(&["moves", "wythoff 1000000,1618034"], 120);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stdout
        .starts_with("wythoff 1000000,1618034 (normal play): 3618034 moves"));
    answers(&["value", "divisors 1000000000000"], "N-position");
}

/// The run ends in time: with an answer, or at the budget with one sentence.
fn ends(args: &[&str]) {
    let run = capped(args, 60);
    match run.code {
        0 => assert!(run.stdout.contains("-position"), "{args:?}: {}", run.stdout),
        2 => {
            assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
            assert!(run.stderr.contains("--max-positions"), "{}", run.stderr);
        }
        code => panic!("{args:?} ended with {code}: {}", run.stderr),
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only (the README's test command runs it)"
)]
fn searches_end_at_the_budget() {
    // The misère search of dynamic subtraction finds a win within its budget, and
    // the budget stops the list of winning moves.
    ends(&["value", "dynamic 1000000", "--misere"]);
    for args in [
        &[
            "value",
            "turtles HTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHT",
            "--misere",
        ][..],
        &["value", "sos 64", "--max-positions", "1000000"],
        &["value", "sub:1,3,4 4294967295,1", "--misere"],
    ] {
        refused(args, "--max-positions");
    }
    let ones = vec!["1"; 40_000].join(",");
    refused(&["moves", &format!("nim {ones}")], "--max-positions");
    // Bouton's misère rule answers; the 40,000 equal winning moves are not listed.
    answers(
        &["value", &format!("nim {ones}"), "--misere"],
        "winning moves: not computed",
    );
}

#[test]
fn messages_are_safe_to_print() {
    refused(&["value", "nim 3\u{b}4"], "'3\\u{b}4'");
    refused(&["value", "nim \u{1b}[31m3"], "'\\u{1b}[31m3'");
    let long = "7".repeat(5000);
    let run = capped(&["value", &format!("octal:0.{long}x 3")], 60);
    assert_eq!(run.code, 2);
    assert!(run.stderr.len() < 300, "{}", run.stderr);
    refused(&["value", "--"], "<SPEC>");
    refused(&["table"], "<GAME>");
    refused(&["value", "chomp 8x"], "a number of rows is missing");
    refused(&["value", "divisors 12 without"], "a divisor is missing");
    refused(&["table", "hackenbush", "--to", "5"], "not a heap game");
}

#[test]
fn files_and_streams() {
    let dir = std::env::temp_dir().join(format!("grundy-adversarial-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let itself = dir.join("s.txt");
    std::fs::write(&itself, format!("@{}", itself.display())).unwrap();
    refused(
        &["value", &format!("hackenbush @{}", itself.display())],
        "names another file",
    );
    // A path of 200,000 edges: read in linear time, its one winning cut found in
    // linear time (the colon principle makes it a stalk: nimber 200000).
    let path = dir.join("path.txt");
    let edges: Vec<String> = std::iter::once("g-v1".to_string())
        .chain((1..200_000).map(|i| format!("v{i}-v{}", i + 1)))
        .collect();
    std::fs::write(&path, edges.join(",")).unwrap();
    let run = capped(&["value", &format!("hackenbush @{}", path.display())], 60);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("nimber: 200000"));
    assert!(run
        .stdout
        .contains("(cut the edge g-v1 (199999 more edges fall))"));
    std::fs::remove_dir_all(&dir).unwrap();
    // An endless line on standard input is refused, not read whole.
    let run = Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 4000000; exec timeout 20 \"$0\" play 'nim 3,4' < /dev/zero")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("longer than 65536 bytes"));
    // A closed standard error, and a full disk.
    let run = Command::new("bash")
        .arg("-c")
        .arg("\"$0\" value 'nim -4' 2>&- >/dev/null; echo $?")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout).trim(), "2");
    let run = Command::new("bash")
        .arg("-c")
        .arg("\"$0\" value nim 3 >/dev/full")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("cannot write the output"));
}
