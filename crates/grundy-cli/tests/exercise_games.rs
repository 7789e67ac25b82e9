//! The exercise games from the command line: every family answers `value`, `moves`,
//! `explain` and `play`, with `--json` and `--misere`; bad positions get exit code 2
//! and one sentence; the computer plays Northcott's game for either colour.

mod common;

use common::{grundy, json};
use serde_json::Value;

const POSITIONS: &[&str] = &[
    "staircase 3,0,2",
    "moore:2 3,5,6",
    "nimble 2,5,7",
    "nimble-k:2 2,5,7",
    "turtles THTH",
    "mock-turtles THTH",
    "wythoff 3,4",
    "empty-divide 4,6",
    "sub-pow2 7",
    "dynamic 10",
    "fibonacci 10",
    "thirty-one 5,5",
    "northcott W..B,.B.W white",
    "sos S-O--",
];

#[test]
fn every_exercise_game_answers_every_command_in_json_under_both_plays() {
    for spec in POSITIONS {
        for misere in [false, true] {
            let mut args = vec!["--json"];
            if misere {
                args.push("--misere");
            }
            for command in ["value", "moves", "explain"] {
                let mut full = vec![command, spec];
                full.extend(&args);
                let v = json(&full);
                assert_eq!(v["position"], *spec, "{full:?}");
            }
        }
    }
}

#[test]
fn impartial_exercise_games_join_sums_and_the_others_say_why_not() {
    for spec in POSITIONS {
        let sum = format!("{spec} + nim 1");
        let run = grundy(&["value", &sum, "--json"], "");
        if spec.starts_with("northcott") || spec.starts_with("sos") {
            assert_eq!(run.code, 2, "{sum}");
            assert!(
                run.stderr.contains("is played on its own"),
                "{}",
                run.stderr
            );
        } else {
            assert_eq!(run.code, 0, "{sum}: {}", run.stderr);
        }
    }
}

#[test]
fn values_in_json() {
    let v = json(&["value", "fibonacci 43", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["position"], "fibonacci 42/2");
    assert_eq!(
        v["winning_moves"][0]["description"],
        "take 1 from the pile of 43"
    );
    let sos = json(&["value", "sos 6", "--json"]);
    assert_eq!(sos["outcome"], "D");
    assert_eq!(sos["nimber"], Value::Null);
    let northcott = json(&["value", "northcott W..B,B..W black", "--json"]);
    assert_eq!(northcott["outcome"], "P");
}

#[test]
fn bad_positions_get_one_sentence_and_exit_code_2() {
    for (spec, token) in [
        ("turtles THX", "'X'"),
        ("wythoff 1,2,3", "'1,2,3'"),
        ("empty-divide 0,3", "'0,3'"),
        ("moore:0 1,2", "'0'"),
        ("thirty-one 7", "'7'"),
        ("dynamic 5/x", "'x'"),
        ("sos SXO", "'X'"),
        ("northcott W..B green", "'green'"),
        ("staircase 1,-2", "'-2'"),
    ] {
        let run = grundy(&["value", spec], "");
        assert_eq!(run.code, 2, "{spec}");
        assert!(run.stderr.contains(token), "{spec}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{spec}: {}", run.stderr);
    }
}

#[test]
fn the_computer_plays_northcott_for_either_colour() {
    // White to move with gaps 2 and 2 (nim-sum 0): White, the person, loses. The
    // computer, Black, answers each advance by restoring equal gaps.
    let white = grundy(
        &["play", "northcott W..B,B..W white"],
        ".W.B,B..W black\nquit\n",
    );
    assert_eq!(white.code, 0, "{}", white.stderr);
    assert!(
        white.stdout.contains("I move the black checker in row 2"),
        "{}",
        white.stdout
    );
    // The same board with the computer to move first as White: it has no winning
    // move, and keeps the game going.
    let black = grundy(
        &["play", "northcott W..B,B..W white", "--computer-first"],
        "quit\n",
    );
    assert!(
        black.stdout.contains("I move the white checker"),
        "{}",
        black.stdout
    );
}

#[test]
fn a_full_sos_board_ends_in_a_draw() {
    let run = grundy(&["play", "sos SOO-"], "SOOO\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("a draw"), "{}", run.stdout);
}
