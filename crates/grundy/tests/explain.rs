//! The explanation is a product of the analysis: for the start of every family and
//! for sums of several kinds, under normal and misère play, every claim the
//! explanation makes (its verdicts, its nim-sum, its moves) is the analysis's own,
//! and its text is its steps printed.

use std::time::Duration;

use grundy::explain::Step;
use grundy::games::{Graph, FAMILIES};
use grundy::report::ExplainReport;
use grundy::solve::GameBox;
use grundy::{Analysis, Analyst, Budget, Options, Outcome, Play};

/// The analysis of `spec` under `play` with its explanation, on the graph
/// `graph` where given; `None` where it does not fit a small budget.
fn explained(spec: &str, play: Play, graph: Option<&str>) -> Option<Analysis> {
    let budget = Budget::default()
        .with_positions(1 << 20)
        .with_time(Some(Duration::from_secs(20)));
    let mut analyst = Analyst::new(budget);
    if let Some(lines) = graph {
        let graph = Graph::parse(lines, "the starting graph", 100).unwrap();
        analyst.add_game(GameBox::new("graph:inline", graph));
    }
    let position = analyst.parse(spec).unwrap();
    let options = Options {
        play,
        explain: true,
        ..Options::default()
    };
    match analyst.analyse(&position, &options) {
        Ok(a) => Some(a),
        Err(e) if e.is_budget() => None,
        Err(e) => panic!("{spec}: {e}"),
    }
}

/// Checks that what the explanation of `a` claims is what `a` found.
fn claims_match(a: &Analysis) {
    let what = format!("{} ({:?})", a.position, a.play);
    let e = a.explanation.as_ref().expect("explained");
    let steps: Vec<&Step> = e.sections.iter().flatten().collect();
    let verdicts: Vec<Outcome> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Verdict { outcome, .. } => Some(*outcome),
            _ => None,
        })
        .collect();
    assert_eq!(verdicts, [a.outcome], "{what}: one verdict, the analysis's");
    let mut listed_moves = false;
    for step in &steps {
        match step {
            Step::Columns {
                heading,
                rows,
                total,
                ..
            } => {
                let xor = rows.iter().fold(0, |x, n| x ^ n.value);
                assert_eq!(xor, *total, "{what}: {heading}");
                if heading == "The nim-sum in binary columns:" {
                    assert_eq!(Some(*total), a.nimber, "{what}: the nim-sum is the nimber");
                }
            }
            Step::Moves { moves, .. } => {
                let theirs = match a.outcome {
                    Outcome::D => &a.drawing_moves,
                    _ => &a.winning_moves,
                };
                assert_eq!(moves, theirs, "{what}: the moves are the analysis's");
                listed_moves = true;
            }
            _ => {}
        }
    }
    let expected = match a.outcome {
        Outcome::D => !a.drawing_moves.is_empty(),
        _ => !a.winning_moves.is_empty(),
    };
    assert_eq!(listed_moves, expected, "{what}: the moves are shown");
    if let Some(why) = &a.winning_moves_not_computed {
        let text = ExplainReport::new(a).to_string();
        assert!(text.contains(why.as_str()), "{what}: {text}");
    }
    let text = ExplainReport::new(a).to_string();
    assert!(
        text.starts_with(&format!("Position: {}\n", a.position)),
        "{what}: {text}"
    );
}

#[test]
fn the_explanation_of_every_family_claims_what_its_analysis_found() {
    let mut checked = 0;
    for family in FAMILIES {
        for play in [Play::Normal, Play::Misere] {
            if let Some(a) = explained(family.start, play, family.start_graph) {
                claims_match(&a);
                checked += 1;
            }
        }
    }
    assert!(checked >= FAMILIES.len(), "{checked} analyses explained");
}

#[test]
fn the_explanation_of_sums_of_every_kind_claims_what_their_analysis_found() {
    for (spec, play) in [
        // The nim-sum of parts valued by a theorem and by the mex.
        ("nim 3,4,5 + kayles 4 + sub:1,3,4 10", Play::Normal),
        ("nim 1,2,3", Play::Normal),
        ("nim 0", Play::Normal),
        // Misère Nim's rule, both halves; a misère search.
        ("nim 3,4,5", Play::Misere),
        ("nim 1,1,1", Play::Misere),
        ("kayles 5 + kayles 3", Play::Misere),
        // Smith's γ for sums with cycles; a draw, with the moves that keep it.
        ("square-but-one 4 + nim 3", Play::Normal),
        ("square-but-one 2,2", Play::Normal),
        ("take-add:2,3/1/10 4,1 + nim 2", Play::Normal),
        // A game that ends in draws is labelled.
        ("sos 5", Play::Normal),
    ] {
        let a = explained(spec, play, None).unwrap_or_else(|| panic!("{spec} fits"));
        claims_match(&a);
    }
}

#[test]
fn a_draw_and_a_verdict_have_the_wording_of_the_value() {
    // square-but-one 2,2 is drawn: each heap of 2 is ∞ (γ = ∞(K)).
    let a = explained("square-but-one 2,2", Play::Normal, None).unwrap();
    assert_eq!(a.outcome, Outcome::D);
    let text = ExplainReport::new(&a).to_string();
    assert!(
        text.contains("this one is a draw with perfect play")
            || text.contains("2 parts are infinite: a draw with perfect play."),
        "{text}"
    );
    let a = explained("nim 3,5", Play::Normal, None).unwrap();
    let text = ExplainReport::new(&a).to_string();
    assert!(
        text.contains("The nim-sum is 6, not 0: an N-position, the player to move wins."),
        "{text}"
    );
}

#[test]
fn the_explanation_prints_as_html_for_notebooks() {
    let a = explained("nim 3,5", Play::Normal, None).unwrap();
    let html = grundy::report::explain::html(a.explanation.as_ref().unwrap());
    assert!(
        html.starts_with("<div class=\"grundy-explanation\">"),
        "{html}"
    );
    assert_eq!(html.matches("<section>").count(), 5, "{html}");
    assert!(html.contains("<pre>  nim 3     0 1 1   = 3\n"), "{html}");
    assert!(
        html.contains("<p><strong>The nim-sum is 6, not 0: an N-position"),
        "{html}"
    );
    assert!(
        html.contains("<li>take 2 from the heap of 5: <code>nim 3,3</code></li>"),
        "{html}"
    );
}
