//! The command line on games on boards and graphs: JSON, `table chomp`, `draw`,
//! scripted play, and bad input (exit code 2, one sentence).

mod common;

use common::{grundy, json};
use serde_json::Value;

#[test]
fn a_hackenbush_winning_move_names_the_edge_to_cut() {
    // Stalks 1, 2 and the fork g-a,a-b,a-c (*1): 1 XOR 2 XOR 1 = 2, won by cutting
    // the stalk of 2 at its base.
    let v = json(&["value", "hackenbush g-a,a-b,a-c,g-d,g-e,e-f", "--json"]);
    assert_eq!(v["nimber"], 2);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(
        moves[0]["description"],
        "cut the edge g-e (1 more edge falls)"
    );
    assert_eq!(moves[0]["position"], "hackenbush g-a,g-d,a-b,a-c");
}

#[test]
fn chomp_tables_list_p_positions() {
    let t = json(&["table", "chomp", "--rows", "2", "--to", "4", "--json"]);
    assert_eq!(
        t["p_positions"],
        serde_json::json!([[1], [2, 1], [3, 2], [4, 3]])
    );
    let run = grundy(&["table", "chomp", "--to", "4"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("how many rows"), "{}", run.stderr);
}

#[test]
fn draw_writes_svg() {
    let run = grundy(&["draw", "hackenbush", "g-a,a-b,b-g,b-c,c-c"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("<svg"));
    assert_eq!(
        run.stdout.matches("<circle").count(),
        3 + 2,
        "3 vertices, 1 loop and the band along it to click"
    );
    let run = grundy(&["draw", "chomp", "3,1"], "");
    assert_eq!(run.stdout.matches("<rect").count(), 4, "4 squares");
    assert_eq!(run.stdout.matches("#c0392b").count(), 1, "1 poisoned");
    let run = grundy(&["draw", "cram", "#./.."], "");
    assert_eq!(run.stdout.matches("#555555").count(), 1, "1 filled cell");
    // Every family draws: Kayles as a row of chips.
    let run = grundy(&["draw", "kayles", "3"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.matches(r#"class="chip""#).count(), 3);
}

#[test]
fn chomp_is_played_square_by_square() {
    // 3,2 is P: after the person's chomp at (2,2) the computer restores a P-position.
    let run = grundy(&["play", "chomp", "3,2"], "3,1\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stdout
        .contains("I chomp (3,1), taking 1 square: chomp 2,1"));
}

#[test]
fn cram_on_large_even_boards_is_decided_by_copying_at_once() {
    // Tweedledum and Tweedledee: on an even × even board the second player answers
    // every domino with its image in a half turn; on 8 × 7 the first player places
    // the domino across the centre and then does the same. Neither asks a search.
    let v = json(&["value", "cram 8x8", "--outcome-only", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nimber"], 0);
    let v = json(&["value", "cram 8x7", "--outcome-only", "--json"]);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{v}");
    assert_eq!(moves[0]["description"], "place a domino on (4,4) (4,5)");
    let why = v["winning_moves_not_computed"].as_str().unwrap();
    assert!(why.starts_with("Tweedledum and Tweedledee"), "{why}");
    let run = grundy(&["value", "cram 8x7", "--outcome-only"], "");
    assert!(
        run.stdout.contains("winning moves: not all computed"),
        "{}",
        run.stdout
    );
}

#[test]
fn on_a_large_even_board_the_computer_copies_at_once() {
    // 8 x 8 is P by Tweedledum and Tweedledee: the computer answers each domino
    // with its image in a half turn, with no search (the board is far beyond one).
    // A picture whose first cell is filled is a position, not a move's number.
    let row = |cells: &str| format!("{cells:.<8}");
    let after = |first: &str, last: &str| {
        let mut rows = vec![row(first)];
        rows.extend(std::iter::repeat_n(row(""), 6));
        rows.push(format!("{last:.>8}"));
        rows.join("/")
    };
    let run = grundy(&["play", "cram", "8x8"], &format!("{}\n", after("##", "")));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!(
            "I place a domino on (7,1) (8,1): cram {}",
            after("##", "##")
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn a_large_square_names_its_winning_move_at_once() {
    // The notes' theorem: chomp (2,2) and mirror the opponent on the L.
    let start = std::time::Instant::now();
    let v = json(&["value", "chomp 200x200", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert!(v.get("winning_moves_not_computed").is_none(), "{v}");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(
        moves[0]["description"],
        "chomp (2,2), taking 39,601 squares"
    );
    // The computer plays that move, not the losing chomp (2,1).
    let run = grundy(&["play", "chomp", "200x200", "--computer-first"], "");
    assert!(
        run.stdout.contains("I chomp (2,2), taking 39,601 squares"),
        "{}",
        run.stdout
    );
    // Two rows (a, a - 1) are P; an L with unequal arms is won by evening them.
    let v = json(&["value", "chomp 1000000000,999999999", "--json"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["value", "chomp 9,1,1,1,1", "--json"]);
    assert_eq!(v["nimber"], 8 ^ 4);
    assert_eq!(v["winning_moves"][0]["position"], "chomp 5,1,1,1,1");
    assert!(start.elapsed().as_secs_f64() < 5.0);
}

#[test]
fn every_new_game_works_in_sums_and_under_misere_play() {
    let v = json(&[
        "value",
        "hackenbush stalks:2 + chomp 2,1 + divisors 4 + cram 1x4",
        "--json",
    ]);
    // *2 + *0 + *2 + *2 (a strip of 4 is Dawson's Kayles 4: 2) = *2.
    assert_eq!(v["nimber"], 2);
    // Cram 2x2 and Chomp 2,1 each last exactly two moves whatever is played: four in
    // all, so the second player makes the last move, and loses under misère play.
    let m = json(&["value", "cram 2x2 + chomp 2,1", "--misere", "--json"]);
    assert_eq!(m["nimber"], Value::Null);
    assert_eq!(m["outcome"], "N");
    assert_eq!(
        json(&["value", "cram 2x2 + chomp 2,1", "--json"])["outcome"],
        "P"
    );
}

#[test]
fn hackenbush_edges_not_joined_to_the_ground_fall_away_with_a_note() {
    let run = grundy(&["value", "hackenbush g-a,b-c"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("hackenbush g-a\nnote: edge b-c is not joined to the ground, so it falls away at once\n"), "{}", run.stdout);
    let drawn = grundy(&["draw", "hackenbush g-a,b-c"], "").stdout;
    assert_eq!(drawn, grundy(&["draw", "hackenbush g-a"], "").stdout);
}

#[test]
fn bad_boards_exit_with_code_2() {
    for (spec, words) in [
        ("chomp 2,3", "longer than the row below"),
        ("place:0.0,0.2 3x3", "not connected"),
        ("cram 12x11", "at most 128 cells"),
        ("divisors 12 without 5", "'5'"),
    ] {
        let run = grundy(&["value", spec], "");
        assert_eq!(run.code, 2, "{spec}");
        assert!(run.stderr.contains(words), "{spec}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1);
    }
}

#[test]
fn one_thread_and_three_find_the_same_nimbers_and_winning_moves() {
    // The pruned search shares out a whole board's options among its threads; the
    // first to settle the question stops the others. Whatever the number of
    // threads, the nimber (4x5: 2, Gardner) and every winning move are the same.
    for board in ["4x5", "5x5", "..#../...../.#.../....#", "3x7"] {
        let runs: Vec<Value> = ["1", "3"]
            .iter()
            .map(|threads| {
                let out = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
                    .args(["value", &format!("cram {board}"), "--json"])
                    .args(["--threads", threads])
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{board} on {threads} threads");
                serde_json::from_slice(&out.stdout).unwrap()
            })
            .collect();
        assert!(runs[0]["nimber"].is_u64(), "{board}: {}", runs[0]);
        assert!(runs[0]["winning_moves"].is_array(), "{board}: {}", runs[0]);
        if board == "4x5" {
            assert_eq!(runs[0]["nimber"], 2);
        }
        assert_eq!(runs[0]["nimber"], runs[1]["nimber"], "{board}");
        assert_eq!(
            runs[0]["winning_moves"], runs[1]["winning_moves"],
            "{board}"
        );
    }
    // Found by fuzzing: with a small budget the table stays small, and entries the
    // threads had not yet counted once filled it, so that a lookup never ended.
    let out = std::process::Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "cram 4x5", "--max-positions", "20000", "--json"])
        .env("GRUNDY_THREADS", "2")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["nimber"], 2);
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-boards-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_finished_board_search_keeps_all_it_learnt() {
    // The file holds the whole search once the command is over: resumed, the
    // search finds everything there, learns nothing, and leaves the file as it was.
    let dir = scratch("finished");
    let kept = dir.join("cram.search");
    let kept = kept.to_str().unwrap();
    let saved = grundy(&["value", "cram", "4x7", "--json", "--save", kept], "");
    assert_eq!(saved.code, 0, "{}", saved.stderr);
    let file = std::fs::read(kept).unwrap();
    assert!(file.len() > 10_000, "{} bytes", file.len());
    let resumed = grundy(&["value", "cram", "4x7", "--json", "--resume", kept], "");
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert_eq!(resumed.stdout, saved.stdout);
    assert!(std::fs::read(kept).unwrap() == file, "the file changed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_board_search_past_64_cells_is_kept_and_resumed() {
    // Strips of 54 to 70 cells are kept beside the packed table, their cells in 16
    // bytes: resumed, the search finds them all, and the file is left as it was.
    let dir = scratch("wide");
    let kept = dir.join("cram.search");
    let kept = kept.to_str().unwrap();
    let saved = grundy(&["value", "cram", "1x70", "--json", "--save", kept], "");
    assert_eq!(saved.code, 0, "{}", saved.stderr);
    // Dawson's Kayles of 70 (0.07) has nimber 1.
    assert!(saved.stdout.contains("\"nimber\": 1"), "{}", saved.stdout);
    let file = std::fs::read(kept).unwrap();
    let resumed = grundy(&["value", "cram", "1x70", "--json", "--resume", kept], "");
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert_eq!(resumed.stdout, saved.stdout);
    assert!(std::fs::read(kept).unwrap() == file, "the file changed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_board_search_whose_file_cannot_be_written_stops_at_once_with_the_reason() {
    // The file is written through one beside it, here a directory: the first
    // write, after a second, fails, and the search (minutes long) stops then.
    let dir = scratch("unwritable");
    let kept = dir.join("cram.search");
    std::fs::create_dir_all(dir.join("cram.search.partial")).unwrap();
    let started = std::time::Instant::now();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "cram", "5x9", "--save", kept.to_str().unwrap()])
        .env("GRUNDY_CHECKPOINT_SECONDS", "1")
        .output()
        .unwrap();
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("cannot write the board search to")
            && stderr.contains("it is a directory, not a regular file"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_runs_never_keep_their_board_search_in_one_file() {
    let dir = scratch("lock");
    let kept = dir.join("cram.search");
    let kept = kept.to_str().unwrap();
    // A run far from its end, once it has written the file, holds its lock…
    let mut run = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "cram", "6x7", "--save", kept])
        .env("GRUNDY_CHECKPOINT_SECONDS", "1")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !std::path::Path::new(kept).exists() {
        assert!(
            started.elapsed().as_secs() < 60,
            "no checkpoint was written"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // … so a second is refused in one sentence…
    let second = grundy(&["value", "cram", "5x5", "--save", kept], "");
    assert_eq!(second.code, 2);
    assert!(
        second
            .stderr
            .contains("another grundy run keeps its board search in"),
        "{}",
        second.stderr
    );
    // … until it ends, however it ends.
    run.kill().unwrap();
    let _ = run.wait();
    let third = grundy(&["value", "cram", "2x2", "--save", kept], "");
    assert_eq!(third.code, 0, "{}", third.stderr);
    // One file keeps one board game's search.
    let two = grundy(
        &[
            "value",
            "cram 3x3 + place:0.0,0.1:fixed 3x3",
            "--save",
            kept,
        ],
        "",
    );
    assert_eq!(two.code, 2);
    assert!(
        two.stderr.contains(
            "keeps the search of one board game, and 'cram 3x3 + place:0.0,0.1:fixed 3x3' has boards of 2: cram, place:0.0,0.1:fixed"
        ),
        "{}",
        two.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_board_search_stopped_by_ctrl_c_or_sigterm_writes_what_it_learnt() {
    for signal in ["-INT", "-TERM"] {
        let dir = scratch(&format!("signal{signal}"));
        let kept = dir.join("cram.search");
        let kept = kept.to_str().unwrap();
        // Cram 6x7 takes over a minute; at the default interval of five minutes the
        // only write is the one the signal brings. The run stopped by SIGTERM keeps
        // its search every second instead, and is stopped after its first
        // checkpoint, whose line on standard error (not a terminal here) says what
        // it kept and which question the search is at.
        let every = if signal == "-TERM" { "1" } else { "300" };
        let mut run = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["value", "cram", "6x7", "--time", "none", "--save", kept])
            .env("GRUNDY_CHECKPOINT_SECONDS", every)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let (said, lines) = std::sync::mpsc::channel();
        let stderr = std::io::BufReader::new(run.stderr.take().unwrap());
        let reader = std::thread::spawn(move || {
            use std::io::BufRead;
            let mut all = String::new();
            for line in stderr.lines().map_while(std::result::Result::ok) {
                all += &line;
                all.push('\n');
                let _ = said.send(line);
            }
            all
        });
        let started = std::time::Instant::now();
        let lock = format!("{kept}.lock");
        while !std::path::Path::new(&lock).exists() {
            assert!(started.elapsed().as_secs() < 60, "the search never began");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        std::thread::sleep(std::time::Duration::from_secs(1));
        if signal == "-TERM" {
            let line = lines
                .recv_timeout(std::time::Duration::from_secs(60))
                .expect("no checkpoint was written");
            let count = line.strip_prefix("checkpoint: ").unwrap_or("");
            let count = count.split(' ').next().unwrap_or("").replace(',', "");
            assert!(count.parse::<u64>().is_ok_and(|n| n > 0), "{line}");
            assert!(line.contains(&format!("positions kept in {kept} after")));
            // Its winning moves are asked for first: whether each option (the board
            // less a domino, 40 cells) is a P-position.
            assert!(line.contains(" cells beside a heap of 0: "), "{line}");
            assert!(line.ends_with(" options searched"), "{line}");
        }
        let sent = std::process::Command::new("kill")
            .args([signal, &run.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let out = run.wait_with_output().unwrap();
        let stderr = reader.join().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(130), "{stdout}{stderr}");
        assert!(stderr.contains("stopped before it finished"), "{stderr}");
        // The write the signal brought is shown too, the last line before the
        // sentence.
        let shown = format!("positions kept in {kept} after");
        let last = stderr.lines().rev().find(|l| l.starts_with("checkpoint: "));
        assert!(last.is_some_and(|l| l.contains(&shown)), "{stderr}");
        let written = std::fs::read(kept).unwrap();
        assert!(written.starts_with(b"grundy board search 3\ncram\n"));
        assert!(written.len() > 100_000, "{}", written.len());
        // Resumed: the file is read and the search goes on from it.
        let resumed = grundy(
            &["value", "cram", "6x7", "--time", "1s", "--resume", kept],
            "",
        );
        assert_eq!(resumed.code, 0, "{}", resumed.stderr);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_board_search_killed_mid_run_resumes_from_its_file_with_the_same_answer() {
    let dir = scratch("resume");
    let kept = dir.join("cram.search");
    let kept = kept.to_str().unwrap();
    let whole = grundy(&["value", "cram", "5x6", "--json"], "");
    assert_eq!(whole.code, 0, "{}", whole.stderr);

    // A run that keeps its search every second, killed (SIGKILL) once it has.
    let mut run = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "cram", "5x6", "--json", "--save", kept])
        .env("GRUNDY_CHECKPOINT_SECONDS", "1")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while std::fs::metadata(kept).map_or(true, |m| m.len() < 1000) {
        assert!(
            started.elapsed().as_secs() < 60,
            "no checkpoint was written"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    run.kill().unwrap();
    let _ = run.wait();
    let at_kill = std::fs::read(kept).unwrap();
    assert!(at_kill.starts_with(b"grundy board search 3\ncram\n"));

    // Resumed: the same answer, and the file holds at least what it held.
    let resumed = grundy(&["value", "cram", "5x6", "--json", "--resume", kept], "");
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert_eq!(resumed.stdout, whole.stdout);
    assert!(std::fs::metadata(kept).unwrap().len() >= at_kill.len() as u64);

    // A file whose table would not fit in the memory budget is not read into it
    // (the file is never held in memory itself).
    let small = grundy(
        &[
            "--max-memory",
            "100K",
            "value",
            "cram",
            "5x6",
            "--resume",
            kept,
        ],
        "",
    );
    assert!(
        small
            .stdout
            .contains("not searched for: the computation would hold")
            && small.stdout.contains("raise the budget with --max-memory"),
        "{}",
        small.stdout
    );

    // A file of another game, a damaged one, one of another format, and a
    // position with no board are refused, each in one sentence.
    let other = grundy(&["value", "place:0.0,0.1,1.0", "3x3", "--resume", kept], "");
    assert_eq!(other.code, 2);
    assert!(
        other
            .stderr
            .contains("it is a search of 'cram', not of 'place:0.0,0.1,1.0'"),
        "{}",
        other.stderr
    );
    let mut damaged = std::fs::read(kept).unwrap();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 1;
    let damaged_path = dir.join("damaged.search");
    std::fs::write(&damaged_path, damaged).unwrap();
    let damaged = grundy(
        &[
            "value",
            "cram",
            "5x6",
            "--resume",
            damaged_path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(damaged.code, 2);
    assert!(
        damaged
            .stderr
            .contains("it is damaged (its checksum does not match)"),
        "{}",
        damaged.stderr
    );
    let old_path = dir.join("old.search");
    std::fs::write(&old_path, b"grundy board search 0\ncram\n\0\0\0\0").unwrap();
    let old = grundy(
        &[
            "value",
            "cram",
            "5x6",
            "--resume",
            old_path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(old.code, 2);
    assert!(
        old.stderr
            .contains("written in another version of the format"),
        "{}",
        old.stderr
    );
    let nim = grundy(&["value", "nim", "3,4", "--save", kept], "");
    assert_eq!(nim.code, 2);
    assert!(
        nim.stderr.contains("'nim 3,4' has no board"),
        "{}",
        nim.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
