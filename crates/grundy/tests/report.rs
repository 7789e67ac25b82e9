//! The JSON objects of the reports have exactly the fields `docs/json.md` lists:
//! every field an object has is documented under its section, and every field
//! documented without *(optional)* is there (the optional ones too, in the samples
//! made to show them).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use grundy::games::graph;
use grundy::learn::Exercise;
use grundy::report::{
    CheckReport, ComputerReport, DrawingReport, ExerciseReport, ExplainReport, LessonsReport,
    MarkingReport, Mover, MovesReport, PartsReport, PeriodReport, PositionReport, QuotientReport,
    StatisticsReport, TableReport, ValueReport,
};
use grundy::solve::sequence::Algorithm;
use grundy::table::{Save, Table, TableRequest};
use grundy::{tabulate, Analysis, Analyst, Budget, Effort, Options, Play};
use serde::Serialize;

/// Each section of docs/json.md: its fields, and whether each is optional.
fn documented() -> BTreeMap<String, BTreeMap<String, bool>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json.md");
    let text = std::fs::read_to_string(path).expect("docs/json.md");
    let mut sections: BTreeMap<String, BTreeMap<String, bool>> = BTreeMap::new();
    let mut current = None;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("### ") {
            current = Some(name.to_string());
            sections.entry(name.to_string()).or_default();
        } else if let (Some(section), Some(item)) = (&current, line.strip_prefix("- `")) {
            let (field, rest) = item.split_once('`').expect("a field in backquotes");
            let optional = rest.starts_with(" *(optional)*");
            let fields = sections.get_mut(section).expect("the section");
            fields.insert(field.to_string(), optional);
        }
    }
    sections
}

/// The top-level fields of `report` in JSON.
fn fields(report: &impl Serialize) -> BTreeSet<String> {
    let json = serde_json::to_value(report).expect("a report serialises");
    let object = json.as_object().expect("a report is a JSON object");
    object.keys().cloned().collect()
}

fn analysis(spec: &str, options: Options, effort: Effort) -> Analysis {
    let budget = Budget::default().with_effort(effort);
    let mut analyst = Analyst::new(budget);
    let position = analyst.parse(spec).expect(spec);
    analyst.analyse(&position, &options).expect(spec)
}

fn with(all_moves: bool, explain: bool, computer_move: bool) -> Options {
    Options {
        play: Play::Normal,
        all_moves,
        explain,
        computer_move,
    }
}

fn heap_table(game: &str, to: u64) -> Table {
    let request = TableRequest {
        to: Some(to),
        rows: None,
        play: Play::Normal,
        budget: Budget::default(),
        save: Save::No,
        algorithm: Algorithm::RareCommon,
    };
    tabulate::table(game, &request, &mut |_| {}).expect(game)
}

#[test]
fn every_report_has_the_fields_the_guide_lists() {
    let docs = documented();
    let whole = Effort::Whole;
    let mut seen: BTreeMap<&str, Vec<BTreeSet<String>>> = BTreeMap::new();
    let mut add = |section: &'static str, fields: BTreeSet<String>| {
        seen.entry(section).or_default().push(fields);
    };
    // value: plain; with notes; with γ; with the nimber and a winning move not
    // computed (Chomp's strategy stealing on a large board, outcome only).
    for spec in [
        "nim 13,12,8",
        "hackenbush g-a,a-b,c-d",
        "graph:../../examples/loopy.txt w + nim 2",
    ] {
        add(
            "value",
            fields(&ValueReport::new(&analysis(
                spec,
                with(false, false, false),
                whole,
            ))),
        );
    }
    let outcome_only = analysis("chomp 12x11", with(false, false, false), Effort::Outcome);
    assert!(outcome_only.winning_moves_not_computed.is_some());
    add("value", fields(&ValueReport::new(&outcome_only)));
    add(
        "moves",
        fields(&MovesReport::new(&analysis(
            "nim 2,3",
            with(true, false, false),
            whole,
        ))),
    );
    add(
        "explain",
        fields(&ExplainReport::new(&analysis(
            "nim 3,5",
            with(false, true, false),
            whole,
        ))),
    );
    for spec in ["nim 2,3", "nim 0"] {
        let a = analysis(spec, with(false, false, true), whole);
        add("computer", fields(&ComputerReport::new(&a, None)));
    }
    // A game over, the request saying whose turn it was: who won, in words.
    let over = analysis("nim 0", with(false, false, true), whole);
    let report = ComputerReport::new(&over, Some(Mover::Person));
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["game_over"]["victor"], "computer");
    assert_eq!(
        json["game_over"]["text"],
        "You have no move left: the computer wins."
    );
    add("computer", fields(&report));
    // A move that cannot be proved to win within the budget: the computer says so.
    let budget = Budget::default().with_effort(Effort::Outcome);
    let mut analyst = Analyst::new(budget);
    let position = analyst.parse("chomp 12x11").unwrap();
    let a = analyst
        .analyse(&position, &with(false, false, true))
        .unwrap();
    assert!(a.computer_move_unproved.is_some());
    add("computer", fields(&ComputerReport::new(&a, None)));
    // A position whole: the four reports of one analysis, each as its own endpoint's.
    let whole_position = analysis("nim 3,5", with(true, true, true), whole);
    let report = PositionReport::new(&whole_position, Ok(&whole_position), Some(Mover::Person));
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["value"]["winning_moves"][0]["position"], "nim 3,3");
    assert_eq!(json["moves"]["moves"].as_array().unwrap().len(), 8);
    assert_eq!(json["computer"]["move"]["position"], "nim 3,3");
    assert!(json["explain"]["lines"].as_array().unwrap().len() > 1);
    add("position", fields(&report));
    // Every move past the budget: the verdict still comes, and why the moves do not.
    let report = PositionReport::new(&whole_position, Err("past the budget".into()), None);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["moves_not_computed"], "past the budget");
    assert!(json.get("moves").is_none());
    add("position", fields(&report));
    let mut analyst = Analyst::new(Budget::default());
    let read = analyst.parse("nim 5,3 + chomp 3x2").unwrap();
    let components = analyst.components(&read).unwrap();
    let report = PartsReport::new(read, components);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["components"][1]["family"], "chomp");
    add("parts", fields(&report));
    // A position drawn: each part's picture with its moves, or why it is not.
    let mut analyst = Analyst::new(Budget::default());
    let read = analyst.parse("nim 2 + nim 50001").unwrap();
    let components = analyst.components(&read).unwrap();
    let parts = analyst
        .drawings(&read, &[])
        .unwrap()
        .into_iter()
        .map(|d| {
            d.map(|d| {
                let svg = d.svg();
                (d, svg)
            })
            .map_err(|e| e.to_string())
        })
        .collect();
    let report = DrawingReport::new(read, components, parts);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["parts"][0]["moves"][0]["to"], "nim 0 + nim 50001");
    assert_eq!(
        json["parts"][0]["moves"][0]["marks"],
        serde_json::json!(["h0c0"])
    );
    assert!(json["parts"][1]["refused"]
        .as_str()
        .unwrap()
        .contains("too large to draw"));
    add("drawing", fields(&report));
    // What marks make on a picture whose moves are asked for.
    let board = analyst.parse("chomp 40x40").unwrap();
    let marking = analyst.marking(&board, 0, &["r38:1".to_string()]).unwrap();
    let report = MarkingReport::new(0, marking);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(
        json["exact"][0]["words"],
        "chomp (2,2), taking 1,521 squares"
    );
    add("marking", fields(&report));
    let mut analyst = Analyst::new(Budget::default());
    let from = analyst.parse("nim 3,5").unwrap();
    let to = analyst.legal_move(&from, "3,3").unwrap();
    let description = analyst.describe_move(&from, &to).unwrap();
    add("check", fields(&CheckReport::new(from, to, description)));
    add(
        "heap table",
        fields(&TableReport::new(&heap_table("kayles", 20), Play::Normal)),
    );
    let graph = graph::Graph::from_file("../../examples/loopy.txt", usize::MAX).unwrap();
    let labelled = graph::label(&graph, "graph", Play::Normal, &Budget::default()).unwrap();
    let labelled = Table::Vertices(labelled);
    add(
        "graph table",
        fields(&TableReport::new(&labelled, Play::Normal)),
    );
    let request = TableRequest {
        to: Some(5),
        rows: Some(3),
        play: Play::Normal,
        budget: Budget::default(),
        save: Save::No,
        algorithm: Algorithm::RareCommon,
    };
    let chomp = tabulate::table("chomp", &request, &mut |_| {}).unwrap();
    add(
        "chomp table",
        fields(&TableReport::new(&chomp, Play::Normal)),
    );
    let kayles = heap_table("kayles", 1500);
    let (game, statistics) = kayles.statistics().expect("the nimbers of Kayles");
    add(
        "statistics",
        fields(&StatisticsReport::new(game, &statistics)),
    );
    for (game, to) in [("kayles", 200), ("nim", 3)] {
        let budget = Budget::default();
        let (name, period) =
            tabulate::period(game, to, Algorithm::RareCommon, &budget, &mut |_| {})
                .unwrap_or_else(|_| (game.to_string(), None));
        add("period", fields(&PeriodReport::new(name, to, period)));
    }
    for (game, to) in [("sub:1,3,4", 14), ("octal:0.75", 8)] {
        let (name, q) = tabulate::quotient(game, to, 16, &Budget::default()).unwrap();
        add("quotient", fields(&QuotientReport::new(&name, &q)));
    }
    let exercise = Exercise::read("winning-moves", "nim 3,5,7", Play::Normal).unwrap();
    add(
        "exercise",
        fields(&ExerciseReport::new(&exercise, None, false, &Budget::default()).unwrap()),
    );
    let checked =
        ExerciseReport::new(&exercise, Some("nim 1,5,7"), true, &Budget::default()).unwrap();
    add(
        "exercise",
        fields(
            &checked
                .with_class(&exercise, "Ada: none", &Budget::default())
                .unwrap(),
        ),
    );
    let winner = Exercise::read("winner", "nim 1,2", Play::Normal).unwrap();
    add(
        "exercise",
        fields(&ExerciseReport::new(&winner, Some("first"), false, &Budget::default()).unwrap()),
    );
    let graph = Exercise::read("graph-values", "a -> b; b ->", Play::Normal).unwrap();
    add(
        "exercise",
        fields(&ExerciseReport::new(&graph, None, false, &Budget::default()).unwrap()),
    );
    add("lessons", fields(&LessonsReport::new()));
    for (kind, what) in [
        ("labelling", "sub:1,2 to 4"),
        ("fusion", "hackenbush g-a,a-b,b-g"),
    ] {
        let worked = grundy::learn::worked::worked(kind, what, &Budget::default()).unwrap();
        add("worked", fields(&worked));
    }
    let sections: BTreeSet<&str> = docs.keys().map(String::as_str).collect();
    let made: BTreeSet<&str> = seen.keys().copied().collect();
    assert_eq!(
        sections, made,
        "the sections of docs/json.md and the reports made"
    );
    for (section, samples) in &seen {
        let documented = &docs[*section];
        let mut all = BTreeSet::new();
        for sample in samples {
            for field in sample {
                assert!(
                    documented.contains_key(field),
                    "'{field}' of {section} is not in docs/json.md"
                );
            }
            for (field, optional) in documented {
                assert!(
                    *optional || sample.contains(field),
                    "{section} has no '{field}', which docs/json.md does not call optional"
                );
            }
            all.extend(sample.iter().cloned());
        }
        for field in documented.keys() {
            assert!(
                all.contains(field),
                "no sample of {section} shows '{field}': add one"
            );
        }
    }
}

/// The hint is the library's advice, one sentence for each case: the winning
/// move, the loss against perfect play, the draw kept, the game over.
#[test]
fn the_hint_says_what_to_play_and_why() {
    let hint = |spec: &str| {
        let a = analysis(spec, with(false, false, true), Effort::Whole);
        let json = serde_json::to_value(ComputerReport::new(&a, None)).unwrap();
        json["hint"].as_str().unwrap().to_string()
    };
    assert_eq!(
        hint("nim 1,2"),
        "take 1 from the heap of 2, leaving nim 1,1, a P-position: whatever the opponent does next, there is an answer that wins."
    );
    assert!(hint("nim 2,2").starts_with("every move from here leaves an N-position"));
    assert!(hint("square-but-one 2").starts_with("no move wins by force here; add 1 chip to the heap of 2, leaving square-but-one 3 keeps the draw"), "{}", hint("square-but-one 2"));
    assert_eq!(hint("nim 0"), "the game is over: no move is left.");
}
