//! `grundy exercise`: an answer checked (exit code 0 right, 1 not right), a class's
//! answers from a file that is only read, the hints, JSON, and bad input refused
//! with one sentence naming the bad token (exit code 2).

mod common;

use common::{grundy, json};
use serde_json::Value;

#[test]
fn an_answer_is_checked_and_the_exit_code_says_whether_it_is_right() {
    // S = {1, 3, 4}: the P-positions are 0 and 2 modulo 7 (Ferguson, section 1.3).
    let right = grundy(
        &[
            "exercise",
            "p-positions",
            "sub:1,3,4",
            "to",
            "20",
            "--answer",
            "0,2,7,9,14,16",
        ],
        "",
    );
    assert_eq!(right.code, 0, "{}", right.stderr);
    assert!(right.stdout.ends_with("Right.\n"), "{}", right.stdout);
    let wrong = grundy(&["exercise", "nim-sum", "13,12,8", "--answer", "13"], "");
    assert_eq!(wrong.code, 1);
    assert!(
        wrong
            .stdout
            .contains("the 4s column has 2 1s, an even count, so the nim-sum has 0 there, not 1"),
        "{}",
        wrong.stdout
    );
    let misere = grundy(
        &[
            "exercise", "winner", "nim", "1,1", "--misere", "--answer", "second",
        ],
        "",
    );
    assert_eq!(misere.code, 1);
    assert!(
        misere
            .stdout
            .contains("the player to move wins: take 1 from the heap of 1"),
        "{}",
        misere.stdout
    );
}

#[test]
fn a_class_s_answers_are_checked_from_a_file_that_is_only_read() {
    let dir = std::env::temp_dir().join(format!("grundy-class-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("answers.txt");
    let text = "# the class\nAda\tnim 2,5,7; nim 3,4,7; nim 3,5,6\nBen: nim 2,5,7\n\nCy: 3x\n";
    std::fs::write(&file, text).unwrap();
    let report: Value = json(&[
        "exercise",
        "winning-moves",
        "nim 3,5,7",
        "--answers",
        file.to_str().unwrap(),
        "--json",
    ]);
    let answers = report["answers"].as_array().unwrap();
    let names: Vec<&str> = answers
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ada", "Ben", "Cy"]);
    let correct: Vec<bool> = answers
        .iter()
        .map(|a| a["correct"].as_bool().unwrap())
        .collect();
    assert_eq!(correct, [true, false, false]);
    assert_eq!(
        answers[1]["mistakes"][0],
        "there are 3 winning moves, and you found 1"
    );
    assert!(answers[2]["mistakes"][0].as_str().unwrap().contains("'3x'"));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        text,
        "the answers are only read"
    );
    // A line that is no answer is named.
    std::fs::write(&file, "Ada nim 2,5,7\n").unwrap();
    let bad = grundy(
        &[
            "exercise",
            "winning-moves",
            "nim 3,5,7",
            "--answers",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr
            .contains("line 1 of the answers, 'Ada nim 2,5,7'"),
        "{}",
        bad.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_hints_end_with_the_engine_s_answer() {
    let report: Value = json(&[
        "exercise",
        "winning-moves",
        "nim",
        "3,5,7",
        "--hints",
        "--json",
    ]);
    assert_eq!(
        report["question"],
        "What are the winning moves from nim 3,5,7?"
    );
    assert!(report["hints"]["answer"]
        .as_str()
        .unwrap()
        .contains("nim 3,5,6 (take 1 from the heap of 7)"));
    assert!(report.get("correct").is_none());
}

#[test]
fn bad_exercises_are_refused_with_the_bad_token_named() {
    for (args, named) in [
        (
            &["exercise", "labels", "nim 3"][..],
            "'labels' is no kind of exercise",
        ),
        (
            &["exercise", "xor", "38", "--answer", "6y"],
            "not two numbers",
        ),
        (
            &["exercise", "xor", "38,25", "--answer", "6y"],
            "'6y' is not a number",
        ),
        (&["exercise", "winner", "foo 3", "--answer", "first"], "foo"),
        (
            &["exercise", "p-positions", "sub:1,3,4", "to", "100000"],
            "at most 1000",
        ),
        (
            &[
                "exercise",
                "winning-moves",
                "nim 3",
                "--answers",
                "/no/such/file",
            ],
            "cannot read the answers in /no/such/file",
        ),
        (
            &["exercise", "nimber", "--practice", "4"],
            "'4' is no level",
        ),
        (&["exercise", "nimber", "nim 3", "--misere"], "normal play"),
        (&["exercise", "graph-values", "a -> b; b -> a"], "cycle"),
        (
            &[
                "exercise",
                "graph-values",
                "a -> b; b ->",
                "--answer",
                "z=1",
            ],
            "'z' is no vertex",
        ),
        (
            &["exercise", "period", "chomp"],
            "not a take-and-break heap game",
        ),
    ] {
        let run = grundy(args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(named), "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
}

#[test]
fn practice_generates_the_same_exercise_for_the_same_seed_and_says_how_to_answer_it() {
    let args = [
        "exercise",
        "winner",
        "--practice",
        "3",
        "--seed",
        "11",
        "--json",
    ];
    let first: Value = json(&args);
    assert_eq!(first, json(&args));
    // Level 3 of who wins is misère Nim.
    assert_eq!(first["misere"], true);
    assert!(first["what"].as_str().unwrap().starts_with("nim "));
    let choices: Vec<&str> = first["choices"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["answer"].as_str().unwrap())
        .collect();
    assert_eq!(choices, ["first", "second"]);
    assert_eq!(first["choices"]["several"], false);
    // The exercise as generated is checked as any other.
    let what = first["what"].as_str().unwrap();
    let hints: Value = json(&["exercise", "winner", what, "--misere", "--hints", "--json"]);
    let first_wins = hints["hints"]["answer"]
        .as_str()
        .unwrap()
        .starts_with("The first player wins");
    let answer = if first_wins { "first" } else { "second" };
    let run = grundy(
        &["exercise", "winner", what, "--misere", "--answer", answer],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    let text = grundy(
        &["exercise", "nimber", "--practice", "2", "--seed", "7"],
        "",
    );
    assert_eq!(text.code, 0);
    assert!(
        text.stdout
            .contains("(check an answer: grundy exercise nimber 'hackenbush g-a,"),
        "{}",
        text.stdout
    );
}

#[test]
fn the_period_a_nimber_and_a_graph_s_values_are_checked() {
    // Ferguson, exercise 1.4(b): S = {1, 3, 6} has P-positions 0, 2, 4 modulo 9.
    let period = grundy(&["exercise", "period", "sub:1,3,6", "--answer", "9"], "");
    assert_eq!(period.code, 0, "{}", period.stdout);
    // Green Hackenbush: the tree g-a, a-b, a-c is a stalk of 1 + (1 ⊕ 1) = 1.
    let nimber = grundy(
        &[
            "exercise",
            "nimber",
            "hackenbush g-a,a-b,a-c",
            "--answer",
            "1",
        ],
        "",
    );
    assert_eq!(nimber.code, 0, "{}", nimber.stdout);
    let run = grundy(
        &[
            "exercise",
            "graph-values",
            "a -> b c; b -> c; c ->",
            "--answer",
            "2 1 1",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let graph: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(graph["correct"], false);
    assert_eq!(
        graph["mistakes"],
        serde_json::json!(["c has no followers, so g(c) = 0, not 1"])
    );
    assert_eq!(graph["what"], "a -> b c; b -> c; c ->");
}
