//! Inputs that once brought grundy down (a panic, an allocation past memory, a
//! stack overflow, a hang): each now ends with the right answer, or with exit code
//! 2 and one sentence, under a 4 GB address-space cap and a time limit.

mod common;

use std::process::Command;

use common::root;

/// What one capped run printed and its exit code.
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

/// The position budget these runs are written for, unless they name one: the
/// default comes from the memory budget, and so from the machine.
const BUDGET: [&str; 2] = ["--max-positions", "10000000"];

/// The address space these runs are given (`ulimit -v`, in KB): 4 GB.
const MEMORY_KB: u32 = 4_000_000;

/// Runs `grundy` with `args` under `ulimit -v` 4 GB and `timeout`; code 124 is a
/// run that did not end in time.
fn capped(args: &[&str], seconds: u32) -> Run {
    capped_within(args, seconds, MEMORY_KB)
}

/// [`capped`] under `ulimit -v` of `memory_kb`.
fn capped_within(args: &[&str], seconds: u32, memory_kb: u32) -> Run {
    let searches = matches!(
        args.first(),
        Some(&("value" | "moves" | "explain" | "table"))
    );
    let budget = match searches && !args.contains(&"--max-positions") {
        true => &BUDGET[..],
        false => &[][..],
    };
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -v {memory_kb}; exec timeout {seconds} \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(&args[..args.len().min(1)])
        .args(budget)
        .args(args.iter().skip(1))
        .current_dir(root())
        .output()
        .expect("bash runs");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// `text` cut at spaces or commas into arguments of under 100,000 bytes (the
/// kernel takes no single argument past 128 KiB); `grundy` joins them with spaces.
fn chunked(text: &str) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut rest = text;
    while rest.len() > 100_000 {
        let cut = rest[..100_000].rfind([' ', ',']).expect("a space or comma") + 1;
        chunks.push(rest[..cut].trim().to_string());
        rest = &rest[cut..];
    }
    chunks.push(rest.trim().to_string());
    chunks
}

/// The run ends with exit code 2 and one sentence containing `words`.
fn refused(args: &[&str], words: &str) {
    let run = capped(args, 120);
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
    refused(
        &["value", "cram 3x6148914691236517206"],
        "at most 128 cells",
    );
    refused(
        &["value", "place:0.0,0.1|0.0,1.0,1.1 3x6148914691236517206"],
        "at most 128 cells",
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
    // A subtraction set of one number k has g(n) = ⌊n/k⌋ mod 2; the search walks
    // down the heap k at a time, counting each heap's moves from the set alone.
    answers(&["value", "sub:1048576 4294967295"], "nimber: 1");
    answers(&["value", "sub:16384 4294967295,16384"], "nimber: 0");
    // Found by fuzzing: Empty and Divide names the winning moves the parity rule
    // constructs from a box too large to look through (it listed them all, OOM).
    answers(
        &[
            "value",
            "empty-divide 488888888888888888,6",
            "--max-positions",
            "20000",
        ],
        "empty-divide 1,488888888888888887   (empty the box of 6",
    );
    // Square-But-One counts its moves (⌊√h⌋ and one) and the heaps it reaches
    // (h + 2) before listing any: a heap of 2^63 once tried to list three billion
    // moves in 72 GB.
    for command in ["value", "moves", "explain"] {
        for heap in ["9223372036854775808", "1000000000000"] {
            let started = std::time::Instant::now();
            refused(
                &[command, &format!("square-but-one {heap}")],
                "more than the budget of 10,000,000 positions; raise the budget with --max-positions",
            );
            assert!(started.elapsed().as_secs() < 5, "{command} {heap}");
        }
    }
    // The moves of a heap are bounded by the code, not the heap.
    answers(
        &["moves", "sub:1,3,4 18446744073709551615"],
        "take 4 from the heap of 18446744073709551615",
    );
}

#[test]
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
    answers(&["value", "divisors 1000000000000"], "N-position");
}

#[test]
fn wythoff_positions_of_millions_of_moves_are_valued_by_the_theorem() {
    // (1000000, 1618034) is a Wythoff pair: P, and every option N.
    let run = capped(&["moves", "wythoff 1000000,1618034"], 120);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stdout
        .starts_with("wythoff 1000000,1618034 (normal play): 3618034 moves"));
    // An N-position beside it: each of its 3,618,000 options valued by the theorem
    // at once, none searched for a nimber.
    let start = std::time::Instant::now();
    let run = capped(&["moves", "wythoff 1000000,1618000"], 60);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stdout
        .starts_with("wythoff 1000000,1618000 (normal play): 3618000 moves"));
    assert!(start.elapsed().as_secs_f64() < 20.0);
}

#[test]
fn hackenbush_drawings_of_a_million_edges_are_valued_in_linear_time() {
    // A tree nested 300,000 deep is read and explained without recursion: by the
    // colon principle it is a stalk of 300,000 edges.
    let dir = std::env::temp_dir().join(format!("grundy-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deep = dir.join("deep.txt");
    let tree = format!("tree:{}{}", "(".repeat(300_000), ")".repeat(300_000));
    std::fs::write(&deep, tree).unwrap();
    answers(
        &["explain", &format!("hackenbush @{}", deep.display())],
        "Position: hackenbush g-1,1-2,",
    );
    answers(
        &["value", &format!("hackenbush @{}", deep.display())],
        "nimber: 300000",
    );
    // Drawings of a million edges, each valued in linear time: a stalk (the Nim
    // heap of 10^6), a cycle on the ground (10^6 loops by fusion, *0), a tree
    // nested 10^6 deep, explained.
    let start = std::time::Instant::now();
    answers(&["value", "hackenbush stalks:1000000"], "nimber: 1000000");
    let cycle = dir.join("cycle.txt");
    let mut edges = vec!["g-v1".to_string()];
    edges.extend((1..999_999).map(|i| format!("v{i}-v{}", i + 1)));
    edges.push("v999999-g".into());
    std::fs::write(&cycle, edges.join(",")).unwrap();
    answers(
        &["value", &format!("hackenbush @{}", cycle.display())],
        "nimber: 0",
    );
    let tree = format!("tree:{}{}", "(".repeat(1_000_000), ")".repeat(1_000_000));
    std::fs::write(&deep, tree).unwrap();
    answers(
        &["explain", &format!("hackenbush @{}", deep.display())],
        "Position: hackenbush g-1,1-2,",
    );
    assert!(start.elapsed().as_secs_f64() < 60.0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn moves_too_many_to_list_are_said_in_a_sentence() {
    // 50,000 heaps of two: too many moves to list or number, said in a sentence,
    // and the game goes on until the script ends.
    let heaps = vec!["2"; 50_000].join(",");
    let run = Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 4000000; printf 'moves\\n#1\\n' | exec timeout 60 \"$0\" play \"$1\"")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .arg(format!("nim {heaps}"))
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr),
    );
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stdout.contains("The moves are too many to list here"),
        "{stdout}"
    );
    assert!(
        stderr.contains("'#1': the moves are too many to number here"),
        "{stderr}"
    );
}

#[test]
fn searches_end_at_the_budget() {
    // Found by fuzzing: the moves a search lists again and again count too, so the
    // search for this nimber stops early (the outcome comes from Moore's theorem).
    answers(
        &["value", "nimble-k:2 1,93,48", "--max-positions", "20000"],
        "nimber: not computed",
    );
    // One heap left in Nim_k is a Nim heap: its nimber needs no search.
    answers(&["value", "moore:3 0,10000,0"], "nimber: 10000");
    for args in [
        &[
            "value",
            "turtles HTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHT",
            "--misere",
        ][..],
        &["value", "sos 64", "--max-positions", "1000000"],
        // Found by fuzzing: the misère quotient's work is bounded by the budget too.
        &[
            "value",
            "treblecross 55",
            "--misere",
            "--max-positions",
            "20000",
        ],
    ] {
        refused(args, "--max-positions");
    }
    // Memory is counted in real bytes: past --max-memory, or by default half of
    // what the machine gives (here `ulimit -v` 1 GB, which a search fills in
    // seconds), a search stops in a sentence (sos 18, of 3^18 rows, within the
    // position budget and with no time limit).
    let many = ["--max-positions", "1000000000", "--time", "none"];
    refused(
        &[&["value", "sos 18", "--max-memory", "200M"], &many[..]].concat(),
        "the computation needs more than 200 MiB of memory; raise the budget with --max-memory",
    );
    let run = capped_within(&[&["value", "sos 18"], &many[..]].concat(), 120, 1_000_000);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--max-memory"), "{}", run.stderr);
    refused(
        &["value", "nim 3", "--max-memory", "8X"],
        "'8X' is not a size",
    );
    let ones = vec!["1"; 40_000].join(",");
    refused(&["moves", &format!("nim {ones}")], "--max-positions");
    // Bouton's misère rule answers; the 40,000 equal winning moves are not listed.
    answers(
        &["value", &format!("nim {ones}"), "--misere"],
        "winning moves: not computed",
    );
}

#[test]
fn sums_of_many_parts_hold_no_copies() {
    // 100,000 parts: the nimbers XOR at once; the winning moves, each a copy of the
    // whole sum, would hold more parts than the budget, so they are not listed.
    let kayles: Vec<String> = (0..100_000).map(|i| format!("kayles {i}")).collect();
    let kayles = chunked(&kayles.join(" + "));
    let args = |command: &'static str, misere: bool| {
        let mut args = vec![command];
        args.extend(kayles.iter().map(String::as_str));
        args.extend(misere.then_some("--misere"));
        args
    };
    answers(&args("value", false), "winning moves: not computed");
    refused(&args("value", true), "--max-positions");
    refused(&args("moves", false), "--max-positions");
    let mut ones = vec!["value", "nim"];
    let heaps = chunked(&vec!["1"; 100_000].join(","));
    ones.extend(heaps.iter().map(String::as_str));
    // An even number of heaps of one, none larger: misère Nim's rule says N.
    answers(&[&ones[..], &["--misere"]].concat(), "N-position");
    answers(&ones, "P-position");
    ones[0] = "moves";
    refused(&ones, "--max-positions");
}

#[test]
fn searches_show_progress_on_a_terminal() {
    // `script` gives the search a terminal: a line counts the positions it keeps
    // until the budget stops it (Cram's own search of 7x7 needs more than 4·10^6
    // positions, some seconds).
    let out = Command::new("script")
        .args([
            "-qec",
            &format!(
                "{} value 'cram 7x7' --max-positions 4000000 --time none",
                env!("CARGO_BIN_EXE_grundy")
            ),
            "/dev/null",
        ])
        .output()
        .expect("the test needs `script` (Debian's bsdutils)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("searching: "), "{text}");
    assert!(text.contains(" positions kept ("), "{text}");
    assert!(text.contains("% of the budget, "), "{text}");
    assert!(
        text.contains("raise the budget with --max-positions"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn messages_are_safe_to_print() {
    refused(&["value", "nim 3\u{b}4"], "'3\\u{b}4'");
    refused(&["value", "nim \u{1b}[31m3"], "'\\u{1b}[31m3'");
    let long = "7".repeat(5000);
    let run = capped(&["value", &format!("octal:0.{long}x 3")], 60);
    assert_eq!(run.code, 2);
    assert!(run.stderr.len() < 300, "{}", run.stderr);
    // A piece list of 263 characters: named in the message, cut short.
    let cells: Vec<String> = (0..64).map(|i| format!("{}.{}", i % 8, i / 8)).collect();
    let piece = format!("place:{},0.0,1.1 3x3", cells.join(","));
    let run = capped(&["value", &piece], 60);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("…' names cell '0.0' twice"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.len() < 200, "{}", run.stderr);
    // Bidirectional controls (which reorder what follows them), a bell, a NUL.
    refused(&["value", "nim 3\u{202e}4"], "'3\\u{202e}4'");
    refused(&["value", "nim 3\u{2066}4\u{7}"], "'3\\u{2066}4\\u{7}'");
    // What clap echoes is escaped and shortened too.
    let long = "x".repeat(1000);
    for args in [
        vec!["table", "nim", "--to", &long],
        vec!["value", "--threads", &long, "nim 3"],
        vec!["value", "nim 3", &format!("--{long}")],
    ] {
        let run = capped(&args, 60);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(
            run.stderr.contains(&format!("{}…'", "x".repeat(40))),
            "{}",
            run.stderr
        );
        assert!(run.stderr.chars().count() < 150, "{}", run.stderr);
    }
    for args in [
        ["value", "nim 3", "--\u{202e}abc"],
        ["value", "--threads", "\u{1b}[31m\u{7}\u{202e}1"],
        ["value", "nim 3", "--max-memory=8G\u{1b}]0;title\u{7}"],
    ] {
        let run = capped(&args, 60);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(
            !run.stderr.contains(['\u{1b}', '\u{7}', '\u{202e}']),
            "{args:?}: {}",
            run.stderr
        );
    }
    refused(&["value", "nim 3", "--\u{202e}abc"], "'--\\u{202e}abc'");
    // An unknown game is one short sentence, not the list of every family.
    let run = capped(&["value", &format!("{long} 3")], 60);
    assert_eq!(run.code, 2);
    assert!(run.stderr.chars().count() < 250, "{}", run.stderr);
    refused(
        &["value", "nimm 3"],
        "unknown game 'nimm': did you mean nim?",
    );
    refused(&["value", "--"], "<SPEC>");
    refused(&["table"], "<GAME>");
    refused(&["value", "chomp 8x"], "a number of rows is missing");
    refused(&["value", "divisors 12 without"], "a divisor is missing");
    refused(&["table", "hackenbush", "--to", "5"], "not a heap game");
    // 130 coins is past what a row of turtles holds.
    let coins = format!("mock-turtles {}", "H".repeat(130));
    refused(&["value", &coins, "--misere"], "a row of 1 to 128 coins");
    // A picture's size is checked before it is drawn.
    refused(
        &["draw", "hackenbush stalks:900000"],
        "too large to draw: at most 5,000 edges",
    );
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
    // Names that a terminal would act on are refused: a vertex's, a file's.
    let bidi = dir.join("bidi.txt");
    std::fs::write(&bidi, "a -> b\u{202e}\nb\u{202e} ->\n").unwrap();
    refused(
        &["value", &format!("graph:{} a", bidi.display())],
        "line 1: vertex name 'b\\u{202e}' may not contain a control or bidirectional character",
    );
    let escape = dir.join("g\u{1b}[2J");
    std::fs::write(&escape, "a ->\n").unwrap();
    refused(
        &["value", &format!("graph:{} a", escape.display())],
        "g\\u{1b}[2J': its name holds a control or bidirectional character",
    );
    // A vertex name of 2,000,000 characters is shortened in the table's column.
    let graph = dir.join("long.txt");
    let long = "v".repeat(2_000_000);
    std::fs::write(&graph, format!("a -> {long}\n{long} -> b\nb ->\n")).unwrap();
    let run = capped(&["table", &format!("graph:{}", graph.display())], 60);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.len() < 1000, "{}", run.stdout.len());
    assert!(run.stdout.contains("vvv…  N        1"), "{}", run.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
    // Tables that are not heap sequences are not saved: said, not skipped.
    for game in ["graph:examples/dag.txt", "chomp --rows 3"] {
        let mut args = vec!["table"];
        args.extend(game.split(' '));
        args.extend(["--to", "5", "--save", "/tmp/grundy-never-written.bin"]);
        if game.starts_with("graph") {
            args.retain(|a| *a != "--to" && *a != "5");
        }
        refused(
            &args,
            "only take-and-break heap games under normal play are saved",
        );
    }
    // Rows are printed as they are computed: the first line comes at once.
    let run = Command::new("bash")
        .arg("-c")
        .arg("timeout 20 \"$0\" table octal:0.07 --to 1000000 | head -1; echo ${PIPESTATUS[0]}")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "octal:0.07, one heap, normal play\n0\n"
    );
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

/// Only regular files are read: a device that never ends, a FIFO that no one
/// writes (or reads), a directory are refused at once, and a file is read only up
/// to 64 MiB.
#[cfg(unix)]
#[test]
fn special_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("grundy-special-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    let folder = dir.to_str().unwrap();
    for (args, words) in [
        (
            vec!["value".to_string(), "graph:/dev/urandom a".to_string()],
            "cannot read '/dev/urandom': it is a character device, not a regular file".to_string(),
        ),
        (
            vec!["value".into(), format!("graph:{fifo} a")],
            format!("cannot read '{fifo}': it is a FIFO, not a regular file"),
        ),
        (
            vec!["table".into(), format!("graph:{folder}")],
            format!("cannot read '{folder}': it is a directory, not a regular file"),
        ),
        (
            vec!["value".into(), format!("hackenbush @{fifo}")],
            format!("cannot read '{fifo}': it is a FIFO, not a regular file"),
        ),
        (
            vec!["value".into(), "hackenbush @/dev/zero".into()],
            "cannot read '/dev/zero': it is a character device".into(),
        ),
        (
            ["table", "kayles", "--to", "10", "--save", fifo]
                .map(String::from)
                .to_vec(),
            format!("cannot keep the sequence in '{fifo}': it is a FIFO, not a regular file"),
        ),
        (
            ["table", "kayles", "--to", "10", "--save", "/dev/null"]
                .map(String::from)
                .to_vec(),
            "cannot keep the sequence in '/dev/null': it is a character device".into(),
        ),
        (
            ["table", "kayles", "--to", "10", "--resume", fifo]
                .map(String::from)
                .to_vec(),
            format!("cannot keep the sequence in '{fifo}': it is a FIFO, not a regular file"),
        ),
        (
            ["table", "kayles", "--to", "10", "--resume", "/dev/zero"]
                .map(String::from)
                .to_vec(),
            "cannot keep the sequence in '/dev/zero': it is a character device".into(),
        ),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let started = std::time::Instant::now();
        refused(&args, &words);
        assert!(started.elapsed().as_secs() < 10, "{args:?}");
    }
    // A regular file past the bound is refused before it is read.
    let large = dir.join("large.txt");
    let file = std::fs::File::create(&large).unwrap();
    file.set_len(65 << 20).unwrap();
    let large = large.to_str().unwrap();
    refused(
        &["value", &format!("graph:{large} a")],
        "it holds more than 64 MiB, the most grundy reads of a graph file",
    );
    // A sequence file longer than the position budget allows is refused too: 40 KB
    // of values, past 16 KiB of header and 10 bytes a position of a budget of 100.
    let saved = dir.join("kayles.bin");
    let saved = saved.to_str().unwrap();
    let run = capped(&["table", "kayles", "--to", "20000", "--save", saved], 60);
    assert_eq!(run.code, 0, "{}", run.stderr);
    refused(
        &[
            "table",
            "kayles",
            "--to",
            "10",
            "--resume",
            saved,
            "--max-positions",
            "100",
        ],
        "the most grundy reads of a sequence file within the position budget",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A thread count past what the machine runs (four a core, or 16) is refused with
/// the flag, or the variable, and the value named; 65,535 threads once aborted.
#[test]
fn thread_counts_are_bounded_by_the_machine() {
    refused(
        &["value", "--threads", "65535", "nim 3"],
        "invalid value '65535' for '--threads <N>': this machine runs at most",
    );
    refused(
        &["value", "--threads", "0", "nim 3"],
        "'0' for '--threads <N>': at least one thread is needed",
    );
    for (value, words) in [
        ("65535", "GRUNDY_THREADS='65535': this machine runs at most"),
        (
            "many",
            "GRUNDY_THREADS='many': expected a number of threads from 1 to",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["table", "kayles", "--to", "100"])
            .env("GRUNDY_THREADS", value)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(words), "{stderr}");
    }
    // Sixteen threads are always allowed.
    answers(
        &["table", "kayles", "--to", "20000", "--threads", "16"],
        "kayles, one heap, normal play",
    );
    // The flag wins over the variable.
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["value", "nim 3", "--threads", "2"])
        .env("GRUNDY_THREADS", "65535")
        .output()
        .unwrap();
    assert!(out.status.success());
}

/// Runs `args` capped, asserting it ended within `seconds` (a debug build).
fn within(args: &[&str], seconds: f64) -> Run {
    let start = std::time::Instant::now();
    let run = capped(args, 120);
    let took = start.elapsed().as_secs_f64();
    assert!(took < seconds, "{args:?} took {took:.1} s");
    run
}

#[test]
fn misere_questions_a_search_cannot_answer_end_at_once() {
    // A misère table of small heaps: each heap searched (milliseconds), not waiting
    // for a quotient of Dawson's Kayles, which grows past any small bound.
    let run = within(&["table", "dawson-kayles", "--to", "30", "--misere"], 10.0);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("P-positions: 2, 3, 7, 8, 12, 16, 17, 21, 22, 26, 30"),
        "{}",
        run.stdout
    );
    // Kayles past heap 256: its quotient's elements repeat with period 12 from heap
    // 71, so 257 plays like 77.
    let far = within(&["value", "kayles 257,3", "--misere"], 30.0);
    let near = within(&["value", "kayles 77,3", "--misere"], 30.0);
    assert_eq!(far.code, 0, "{}", far.stderr);
    let verdict = |run: &Run| run.stdout.lines().nth(1).unwrap_or_default().to_string();
    assert_eq!(verdict(&far), verdict(&near));
    // Misère dynamic subtraction: the pile of n plays as the normal game on n − 1
    // chips, 999,999 = 2^19 + … + 1 whose smallest power, 1, may be taken. The
    // theorem decides it: no search, so a budget of 10 positions is enough.
    let run = capped(
        &[
            "value",
            "dynamic 1000000",
            "--misere",
            "--max-positions",
            "10",
        ],
        120,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("N-position"), "{}", run.stdout);
    // No theory: refused at once, the positions reachable (2^31 rows of coins left
    // of the last head) being past the budget.
    let spec = "turtles HTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHT";
    let run = within(&["value", spec, "--misere"], 5.0);
    assert_eq!(run.code, 2, "{spec}: {}", run.stdout);
    assert!(run.stderr.contains("--max-positions"), "{}", run.stderr);
}

#[test]
fn a_long_cycle_is_cut_in_linear_time() {
    // A cycle of 20,000 edges on the ground and a stalk of one: the cycle fuses
    // into 20,000 loops (*0), so the game is *1, won only by cutting the stalk;
    // each cut of the cycle is valued along it, not by reducing the rest again.
    let dir = std::env::temp_dir().join(format!("grundy-cycle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cycle.txt");
    let n = 20_000;
    let mut edges = vec!["g-v1".to_string()];
    edges.extend((1..n - 1).map(|i| format!("v{i}-v{}", i + 1)));
    edges.push(format!("v{}-g", n - 1));
    edges.push("g-x".into());
    std::fs::write(&file, edges.join(",")).unwrap();
    let run = within(&["value", &format!("hackenbush @{}", file.display())], 20.0);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("nimber: 1"), "{}", &run.stdout[..200]);
    assert!(run.stdout.contains("winning moves (1):"));
    assert!(run.stdout.contains("(cut the edge g-x)"));
}
