//! The bodies of grundy's fuzz targets: each takes any bytes and must end without a
//! panic, a hang or an allocation past the budget, with an answer or with an error
//! of one short printable sentence. `cargo fuzz run NAME` drives them with
//! libFuzzer (nightly); `crates/grundy/tests/fuzz.rs` runs the same bodies on
//! stable with inputs from proptest, in every test run.

use std::sync::OnceLock;

use grundy::games::{graph, Graph, FAMILIES};
use grundy::solve::sequence::Algorithm;
use grundy::table::{Save, TableRequest};
use grundy::tabulate::sequence;
use grundy::{Analyst, Budget, Error, Options, Play};

/// The position budget of every search a target starts: small, so that each input
/// ends in milliseconds.
pub const BUDGET: usize = 20_000;

/// The budget of [`BUDGET`] positions.
fn budget() -> Budget {
    Budget::default().with_positions(BUDGET)
}

/// An error must be one sentence: one line, short, with no control character.
fn check_sentence(e: &Error) {
    let text = e.to_string();
    assert!(!text.is_empty(), "an empty error");
    let shown = text.chars().count();
    assert!(shown <= 400, "an error of {shown} characters: {text}");
    assert!(
        !text.chars().any(char::is_control),
        "an error with a control character: {text:?}"
    );
}

/// Parses `text` as a SPEC and, where it is a position, analyses it under both
/// conventions with everything asked for; the position printed reads back.
fn analyse_all(text: &str) {
    let mut analyst = Analyst::new(budget());
    let position = match analyst.parse(text) {
        Ok(position) => position,
        Err(e) => return check_sentence(&e),
    };
    for play in [Play::Normal, Play::Misere] {
        let options = Options {
            play,
            all_moves: true,
            explain: true,
            computer_move: true,
        };
        match analyst.analyse(&position, &options) {
            Ok(analysis) => {
                let again = analyst.parse(analysis.position.as_str());
                assert!(again.is_ok(), "'{}' does not read back", analysis.position);
            }
            Err(e) => check_sentence(&e),
        }
    }
}

/// Any text as a SPEC: `nim 3,4 + kayles 7`, or nonsense.
pub fn spec(data: &[u8]) {
    analyse_all(&String::from_utf8_lossy(data));
}

/// A position of one family: the first byte picks the family (with its example
/// parameter), the rest is the position's text.
pub fn family(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let family = &FAMILIES[pick as usize % FAMILIES.len()];
    let name = match family.parameter {
        Some((_, example)) => example.to_string(),
        None => family.name.to_string(),
    };
    analyse_all(&format!("{name} {}", String::from_utf8_lossy(rest)));
}

/// Any text as a graph file, labelled under both conventions (with γ under normal
/// play).
pub fn graph_file(data: &[u8]) {
    let labelled = Graph::parse(&String::from_utf8_lossy(data), "fuzz.txt", BUDGET).and_then(|g| {
        [Play::Normal, Play::Misere]
            .into_iter()
            .try_for_each(|play| graph::label(&g, "graph:fuzz.txt", play, &budget()).map(drop))
    });
    if let Err(e) = labelled {
        check_sentence(&e);
    }
}

/// The game whose sequence files [`resume_file`] reads, and how far.
const RESUMED: (&str, u64) = ("octal:0.16", 300);

/// The request of a table of [`RESUMED`] saved in `save`.
fn resumed(save: Save) -> grundy::Result<Vec<u16>> {
    let request = TableRequest {
        to: Some(RESUMED.1),
        rows: None,
        play: Play::Normal,
        budget: budget(),
        save,
        algorithm: Algorithm::RareCommon,
    };
    sequence(RESUMED.0, RESUMED.1, &request, &mut |_| {})
        .map(|(_, values)| values.into_nimbers().expect("a sequence's nimbers"))
}

/// Any bytes as a saved sequence file to resume: the run either refuses the file
/// in a sentence or ends with the true values, never with wrong ones.
pub fn resume_file(data: &[u8]) {
    static TRUE_VALUES: OnceLock<Vec<u16>> = OnceLock::new();
    let truth = TRUE_VALUES.get_or_init(|| resumed(Save::No).expect("0.16 to 300"));
    let path = std::env::temp_dir().join(format!("grundy-fuzz-resume-{}", std::process::id()));
    std::fs::write(&path, data).expect("a temporary file");
    let path_text = path.to_string_lossy().into_owned();
    match resumed(Save::Resume(&path_text)) {
        Ok(values) => assert!(values == *truth, "a resumed file gave wrong values"),
        Err(e) => check_sentence(&e),
    }
    let _ = std::fs::remove_file(&path);
}
