//! The command line's contract: JSON fields, errors (exit code 2, one sentence that
//! names the bad token), and games played against the computer.

mod common;

use common::{grundy, json};
use serde_json::Value;

#[test]
fn value_json_has_the_documented_fields() {
    let v = json(&["value", "nim", "13,12,8", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nimber"], 9);
    assert_eq!(v["play"], "normal");
    let moves: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["position"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["nim 4,12,8", "nim 13,5,8", "nim 13,12,1"]);
    assert_eq!(
        v["winning_moves"][0]["description"],
        "take 9 from the heap of 13"
    );

    let misere = json(&["value", "nim 1,1", "--misere", "--json"]);
    assert_eq!(misere["outcome"], "N");
    assert_eq!(misere["nimber"], Value::Null);
    assert_eq!(misere["play"], "misere");
    assert_eq!(misere["winning_moves"][0]["position"], "nim 0,1");
}

#[test]
fn huge_nim_heaps_are_solved_by_bouton() {
    let big = (1u64 << 63).to_string();
    let spec = format!("nim {big},{big},5");
    let v = json(&["value", &spec, "--json"]);
    assert_eq!(v["nimber"], 5);
    assert_eq!(
        v["winning_moves"][0]["position"],
        format!("nim {big},{big},0")
    );
    let misere = json(&["value", &spec, "--misere", "--json"]);
    assert_eq!(misere["outcome"], "N");
    assert_eq!(misere["winning_moves"].as_array().unwrap().len(), 1);
}

#[test]
fn moves_and_tables_in_json() {
    let m = json(&["moves", "sub:1,3,4 5", "--json"]);
    let moves = m["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0]["position"], "sub:1,3,4 4");
    assert_eq!(moves[0]["nimber"], 2);
    assert_eq!(moves[0]["outcome"], "N");
    assert_eq!(moves[1]["position"], "sub:1,3,4 2");
    assert_eq!(moves[1]["outcome"], "P");

    let t = json(&["table", "sub:1,3,4", "--to", "13", "--json"]);
    assert_eq!(
        t["values"],
        serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2])
    );
    let p: String = t["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_str().unwrap())
        .collect();
    assert_eq!(p, "PNPNNNNPNPNNNN");

    let misere = json(&["table", "sub:1,2,3", "--to", "6", "--misere", "--json"]);
    assert_eq!(
        misere["values"],
        serde_json::json!([null, null, null, null, null, null, null])
    );
    assert_eq!(
        misere["outcomes"],
        serde_json::json!(["N", "P", "N", "N", "N", "P", "N"])
    );

    let g = json(&["table", "graph:examples/cycle.txt", "--json"]);
    assert_eq!(
        g["vertices"],
        serde_json::json!(["x", "y", "z", "u", "v", "w"])
    );
    assert_eq!(
        g["outcomes"],
        serde_json::json!(["P", "N", "P", "D", "D", "N"])
    );
    assert_eq!(g["kernel"], serde_json::json!(["x", "z"]));
    assert_eq!(g["values"], Value::Null);
    let dag = json(&["table", "graph:examples/dag.txt", "--json"]);
    assert_eq!(dag["values"], serde_json::json!([1, 0, 2, 1, 0]));
}

/// Bad input: exit code 2 and one line naming the bad token.
#[test]
fn bad_input_gets_one_sentence_naming_the_token() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dangling = dir.join("dangling.txt");
    std::fs::write(&dangling, "a -> b c\nb ->\n").unwrap();
    let unreadable = dir.join("unreadable.txt");
    std::fs::write(&unreadable, "a -> b\nb c d\n").unwrap();
    let dangling = format!("graph:{}", dangling.display());
    let unreadable = format!("graph:{}", unreadable.display());
    let cases: &[(&[&str], &str)] = &[
        (&["value", "nimm 3"], "'nimm'"),
        (&["value", "nim 3,-4"], "'-4'"),
        (&["value", "nim", "-4"], "'-4'"),
        (&["value", "nim 3,x"], "'x'"),
        (&["value", "nim 3,,4"], "missing"),
        (
            &["value", "nim 99999999999999999999"],
            "'99999999999999999999'",
        ),
        (&["value", "sub: 4"], "'sub:'"),
        (&["value", "sub:0,1 4"], "'0'"),
        (&["value", "nim 3 + "], "empty part"),
        (&["value", "nim"], "'nim' needs a position"),
        (&["value", &format!("{dangling} a")], "'c'"),
        (&["value", &format!("{unreadable} a")], "unexpected 'c'"),
        (&["value", "graph:examples/dag.txt q"], "'q'"),
        (&["value", "graph:no/such/file.txt a"], "no/such/file.txt"),
        (
            &["value", "octal:0.16 100000", "--max-positions", "1000"],
            "--max-positions",
        ),
        (
            &["moves", "nim 1000000000000", "--max-positions", "1000"],
            "--max-positions",
        ),
        (&["value", "nim 3", "--bogus"], "'--bogus'"),
        (&["table", "nim"], "largest heap size"),
        (
            &["table", "nim", "--to", "18446744073709551615"],
            "--max-positions",
        ),
        (&["table", "nim", "--to", "-1"], "'-1'"),
        (&["table", "nimm", "--to", "3"], "'nimm'"),
    ];
    for (args, token) in cases {
        let run = grundy(args, "");
        assert_eq!(run.code, 2, "{args:?} should fail with code 2");
        assert!(run.stdout.is_empty(), "{args:?} printed {}", run.stdout);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(token),
            "{args:?}: {} should name {token}",
            run.stderr
        );
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn an_illegal_move_in_a_scripted_game_is_refused_with_the_reason() {
    let run = grundy(&["play", "nim 13,12,8"], "13,13,8\n");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        "grundy: '13,13,8' is not a legal move: the heap of 12 cannot grow to 13: a move only takes chips away."
    );
    let run = grundy(&["play", "sub:1,3,4 10"], "8\n");
    assert_eq!(run.code, 2);
    assert!(run
        .stderr
        .contains("sub:1,3,4 does not allow taking 2 from a heap of 10 and leaving one heap"));
    let run = grundy(&["play", "nim 3 + nim 4"], "nim 2 + nim 2\n");
    assert!(run.stderr.contains("both changed"), "{}", run.stderr);
    let run = grundy(&["play", "nim 3"], "#7\n");
    assert!(
        run.stderr.contains("'#7' is not a move number"),
        "{}",
        run.stderr
    );
}

/// Plays `spec` with the person always taking the first listed move; the computer,
/// moving first from an N-position, must win.
fn computer_wins_from(spec: &str, misere: bool) {
    let mut args = vec!["play", spec, "--computer-first"];
    if misere {
        args.push("--misere");
    }
    let run = grundy(&args, &"#1\n".repeat(200));
    assert_eq!(run.code, 0, "{spec}: {}", run.stderr);
    assert!(
        run.stdout.trim_end().ends_with("I win."),
        "{spec}:\n{}",
        run.stdout
    );
}

#[test]
fn the_computer_wins_every_won_game() {
    computer_wins_from("nim 13,12,8", false);
    computer_wins_from("nim 13,12,8", true);
    computer_wins_from("nim 1,1", true);
    computer_wins_from("sub:1,3,4 7,9 + nim 6", false);
    computer_wins_from("sub:1,3,4 7,9 + nim 6", true);
    computer_wins_from("sub:1,2,3 21", false);
    computer_wins_from("graph:examples/cycle.txt w", false);
}

#[test]
fn a_person_who_plays_the_hints_beats_the_computer() {
    // From 21 chips with S = {1,2,3} the person takes 1; the computer, losing, makes
    // the game last (takes 1), and the person keeps leaving multiples of 4.
    let run = grundy(&["play", "sub:1,2,3 21"], "20\n16\n12\n8\n4\n0\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stdout
        .contains("I take 1 from the heap of 20: sub:1,2,3 19"));
    assert!(
        run.stdout.trim_end().ends_with("you win. Well played!"),
        "{}",
        run.stdout
    );
    let hint = grundy(&["play", "nim 13,20,27,7"], "hint\nquit\n");
    assert!(
        hint.stdout
            .contains("take 3 from the heap of 20: nim 13,17,27,7"),
        "{}",
        hint.stdout
    );
}

#[test]
fn a_drawn_game_stays_drawn() {
    let run = grundy(
        &["play", "graph:examples/cycle.txt u", "--computer-first"],
        "u\nu\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("I move from u to v"), "{}", run.stdout);
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["table", "kayles", "--to", "200000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The reader goes away (as `| head` does); grundy must not panic.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first, b"kayles, one heap");
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_theorem_answers_where_the_nimber_is_out_of_reach() {
    let run = grundy(&["value", "fibonacci", "1000000"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("N-position"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("nimber: not computed (the outcome comes from Zeckendorf's theorem"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("(take 55 from the pile of 1000000)"),
        "{}",
        run.stdout
    );
    let v = json(&["value", "fibonacci 1000000", "--json"]);
    assert_eq!(v["nimber"], serde_json::Value::Null);
    assert!(v["nimber_not_computed"]
        .as_str()
        .unwrap()
        .contains("Zeckendorf"));
    assert_eq!(v["winning_moves"][0]["position"], "fibonacci 999945/110");
    // Where the nimber is known the field is absent, as before.
    let v = json(&["value", "nim 13,12,8", "--json"]);
    assert!(v.get("nimber_not_computed").is_none());
    let v = json(&["value", "divisors 720720", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["winning_moves_not_computed"]
        .as_str()
        .unwrap()
        .contains("strategy stealing"));
}

#[test]
fn a_budget_error_in_a_sum_names_the_part() {
    let run = grundy(
        &[
            "value",
            "nim 3 + octal:0.16 100000",
            "--max-positions",
            "1000",
        ],
        "",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("more than the budget of 1,000 positions to value 'octal:0.16 100000'; raise the budget with --max-positions"),
        "{}",
        run.stderr
    );
}

/// Whether `position` (a `chomp` SPEC) is a P-position, by `grundy value`.
fn chomp_is_p(position: &str) -> bool {
    // The time lifted, as below: a debug build on a busy machine takes 4 to 7 s.
    json(&["value", position, "--json", "--time", "none"])["outcome"] == "P"
}

#[test]
fn value_gives_the_whole_answer_whenever_the_search_fits() {
    // The 10×8 board has C(18, 8) − 1 = 43,757 positions: strategy stealing says N
    // at once, and the search within the default budget finds the nimber and every
    // winning move; each leaves a P-position. (The time is lifted: a debug build
    // on a busy machine takes about the default 5 s.)
    let v = json(&["value", "chomp 10x8", "--json", "--time", "none"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["nimber"].as_u64().is_some_and(|g| g > 0), "{v}");
    assert_eq!(v.get("nimber_not_computed"), None);
    assert_eq!(v.get("winning_moves_not_computed"), None);
    let winning = v["winning_moves"].as_array().unwrap();
    assert!(!winning.is_empty());
    for m in winning {
        assert!(chomp_is_p(m["position"].as_str().unwrap()), "{m}");
    }

    // --outcome-only stops at the theorem's answer and says so.
    let v = json(&["value", "chomp 10x8", "--json", "--outcome-only"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nimber"], Value::Null);
    let why = v["winning_moves_not_computed"].as_str().unwrap();
    assert!(why.contains("only the outcome was asked for"), "{why}");
}

#[test]
fn a_search_larger_than_the_budget_is_refused_at_once_naming_the_flag() {
    // 30×30 Chomp has C(60, 30) − 1 ≈ 1.2·10^17 positions: no budget holds them.
    // The outcome is the theorem's; the missing parts say why, with the flag.
    let start = std::time::Instant::now();
    let run = grundy(&["value", "chomp 30x30", "--max-positions", "100000"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("N-position"), "{}", run.stdout);
    assert!(
        run.stdout.contains("would keep up to")
            && run.stdout.contains("more than the budget of 100,000")
            && run.stdout.contains("raise the budget with --max-positions"),
        "{}",
        run.stdout
    );
    // A search past the budget where no bound is known beforehand stops with an
    // error that names the flag too.
    let run = grundy(
        &[
            "value",
            "kayles 9,10,11,12",
            "--misere",
            "--max-positions",
            "50",
        ],
        "",
    );
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("--max-positions"), "{}", run.stderr);
    assert!(start.elapsed().as_secs() < 20);
}

#[test]
fn the_computer_plays_a_winning_move_where_the_search_finds_one() {
    // Chomp 6×5 within the default budget: the computer's first move leaves a
    // P-position.
    let run = grundy(&["play", "chomp 6x5", "--computer-first"], "");
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("I chomp"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    let after = line.split(": ").last().unwrap();
    assert!(chomp_is_p(after), "{line}");
    assert!(!run.stdout.contains("without a proof"), "{}", run.stdout);
    // With no room to search, it says that its move is not proved.
    let run = grundy(
        &[
            "play",
            "chomp 6x5",
            "--computer-first",
            "--max-positions",
            "100",
        ],
        "",
    );
    assert!(
        run.stdout.contains("without a proof that it wins"),
        "{}",
        run.stdout
    );
}

/// Misère sums of heaps far past those the quotient was built to, answered at once
/// from its proved period.
#[test]
fn misere_sums_of_huge_heaps_come_from_a_periodic_quotient() {
    let start = std::time::Instant::now();
    // {1, 3, 4}: the heaps' elements repeat with period 7 from heap 0, and
    // 2^32 − 1 = 3 (mod 7): the sum plays like heaps 3 and 1.
    let huge = json(&["value", "sub:1,3,4 4294967295,1", "--misere", "--json"]);
    let small = json(&["value", "sub:1,3,4 3,1", "--misere", "--json"]);
    assert_eq!(huge["outcome"], small["outcome"]);
    assert_eq!(huge["outcome"], "N");
    let explained = grundy(&["explain", "sub:1,3,4 4294967295,1", "--misere"], "");
    assert!(
        explained
            .stdout
            .contains("repeat with period 7 from heap 0"),
        "{}",
        explained.stdout
    );
    // {1}: whoever faces an odd heap loses.
    let v = json(&["value", "sub:1 100000000", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["position"], "sub:1 99999999");
    let v = json(&["value", "sub:1 100000001", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    assert!(start.elapsed().as_secs_f64() < 10.0);
}

#[test]
fn a_bare_grundy_prints_its_usage_and_a_typo_gets_a_suggestion() {
    let run = grundy(&[], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("Usage: grundy [OPTIONS] <COMMAND>"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("value        Who wins"),
        "{}",
        run.stderr
    );
    let run = grundy(&["tabel", "kayles"], "");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        "grundy: unrecognized subcommand 'tabel': did you mean 'table'?"
    );
    let run = grundy(&["value", "--outcome-onyl", "nim", "3"], "");
    assert_eq!(
        run.stderr.trim(),
        "grundy: unexpected argument '--outcome-onyl' found: did you mean '--outcome-only'?"
    );
    let run = grundy(&["value", "nimm", "3"], "");
    assert_eq!(
        run.stderr.trim(),
        "grundy: unknown game 'nimm': did you mean nim?"
    );
    // A game run into its position is read as an unknown game, with the split
    // suggested; a game with no position at all says so.
    let run = grundy(&["value", "kayles10"], "");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        "grundy: unknown game 'kayles10': did you mean 'kayles 10', the game and its position?"
    );
    let run = grundy(&["value", "kayles"], "");
    assert_eq!(
        run.stderr.trim(),
        "grundy: 'kayles' needs a position after the game, e.g. 'kayles 7'"
    );
}

#[test]
fn play_says_when_its_input_ends_before_the_game() {
    let run = grundy(&["play", "nim 3,4,5"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Position: nim 3,4,5"), "{}", run.stdout);
    assert_eq!(
        run.stderr.trim(),
        "grundy: standard input ended before the game did: the game is left unfinished"
    );
    // One word typed for a game of one part is its position: the game says what is
    // wrong with it.
    let run = grundy(&["play", "nim 3,4"], "hello\n");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        "grundy: 'hello' is not a position of this game: 'hello' is not a heap size: expected a whole number such as 7."
    );
    // A game played to its end says nothing of the kind.
    let run = grundy(&["play", "nim 1"], "0\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("I have no move left: you win."),
        "{}",
        run.stdout
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn completions_and_the_manual_page_come_from_the_command_line_definition() {
    let bash = grundy(&["completions", "bash"], "");
    assert_eq!(bash.code, 0, "{}", bash.stderr);
    assert!(bash.stdout.contains("_grundy()"), "{}", bash.stdout);
    for word in [
        "value",
        "moves",
        "quotient",
        "--outcome-only",
        "--max-memory",
    ] {
        assert!(bash.stdout.contains(word), "bash completions lack {word}");
    }
    let zsh = grundy(&["completions", "zsh"], "");
    assert!(zsh.stdout.starts_with("#compdef grundy"), "{}", zsh.stdout);
    let man = grundy(&["man"], "");
    assert_eq!(man.code, 0, "{}", man.stderr);
    assert!(man.stdout.contains(".TH grundy 1"), "{}", man.stdout);
    assert!(man.stdout.contains("grundy\\-value"), "{}", man.stdout);
    let run = grundy(&["completions", "tcsh"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("invalid value 'tcsh'"),
        "{}",
        run.stderr
    );
}
