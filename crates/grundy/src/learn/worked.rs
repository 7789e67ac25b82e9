//! Worked examples that a student steps through, as the notes work them: the
//! labelling of a subtraction game heap by heap, a nim-sum's binary columns built a
//! heap at a time, the mex on a graph vertex by vertex, a sum's parts valued and
//! combined, and a Green Hackenbush drawing fused to a stalk. Each is computed by
//! the engine for what the student asks, so a changed position is worked afresh.

use serde::Serialize;

use super::{graphs, labelling, positions};
use crate::{
    invalid, notation, Analysis, Analyst, Budget, Options, Outcome, Play, Position, Result,
};

/// The most heaps a labelling is worked through.
pub const MOST_STEPS: u64 = 60;

/// The kinds of worked example, with what each is about.
pub const KINDS: &[(&str, &str)] = &[
    (
        "labelling",
        "GAME to N: Ferguson's labelling, a heap at a time, e.g. sub:1,3,4 to 14",
    ),
    (
        "nim-sum",
        "HEAPS: their binary columns, a heap at a time, e.g. 13,12,8",
    ),
    (
        "mex",
        "GRAPH: each vertex's value, the mex of its followers', e.g. 'a -> b c; b -> c; c ->'",
    ),
    (
        "sum",
        "SPEC: each part's nimber, then their nim-sum, e.g. nim 3 + kayles 4",
    ),
    (
        "fusion",
        "a Green Hackenbush drawing fused to a stalk, e.g. hackenbush g-a,a-b,b-g",
    ),
];

/// A worked example: its steps, each saying one thing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Worked {
    /// Its kind ([`KINDS`]).
    pub kind: String,
    /// What it works on.
    pub what: String,
    /// The steps, in order.
    pub steps: Vec<WorkedStep>,
}

/// One step of a worked example.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WorkedStep {
    /// What the step does, in a sentence.
    pub say: String,
    /// Where the work stands after it, in lines of fixed width (the labels so far,
    /// binary columns).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
    /// A picture of where the work stands, an SVG document, where it has one (shown
    /// until a later step's replaces it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
}

impl WorkedStep {
    fn new(say: String, lines: Vec<String>) -> Self {
        WorkedStep {
            say,
            lines,
            picture: None,
        }
    }
}

/// The worked example of `kind` ([`KINDS`]) on `what`, computed within `budget`.
pub fn worked(kind: &str, what: &str, budget: &Budget) -> Result<Worked> {
    let what = what.trim();
    let mut analyst = Analyst::new(budget.clone());
    let steps = match kind {
        "labelling" => labelling_steps(&mut analyst, what)?,
        "nim-sum" => nim_sum_steps(&super::numbers(what)?)?,
        "mex" => mex_steps(&what.replace(';', "\n"))?,
        "sum" => sum_steps(&mut analyst, what)?,
        "fusion" => fusion_steps(&mut analyst, what)?,
        _ => {
            let kinds: Vec<&str> = KINDS.iter().map(|k| k.0).collect();
            return Err(invalid!(
                "'{kind}' is no kind of worked example: {}",
                kinds.join(", ")
            ));
        }
    };
    Ok(Worked {
        kind: kind.to_string(),
        what: what.to_string(),
        steps,
    })
}

/// Ferguson's labelling, a heap at a time, with the labels so far.
fn labelling_steps(analyst: &mut Analyst, what: &str) -> Result<Vec<WorkedStep>> {
    let (game, to) = what.split_once(" to ").ok_or_else(|| {
        invalid!("'{what}' names no last heap: write GAME to N, e.g. sub:1,3,4 to 14")
    })?;
    let (game, to) = (game.trim(), super::number(to)?);
    if to > MOST_STEPS {
        return Err(invalid!(
            "'{to}' is too many heaps to work through: at most {MOST_STEPS}"
        ));
    }
    let mut labels: Vec<&str> = Vec::new();
    let mut steps = Vec::new();
    for (n, (p, analysis)) in (0..).zip(labelling::labelled(analyst, game, to, Play::Normal)?) {
        let moves: Vec<usize> = analyst
            .moves(&p)?
            .iter()
            .map(|m| labelling::heap(m).parse().unwrap_or(0))
            .collect();
        let listed: Vec<String> = moves.iter().map(usize::to_string).collect();
        let say = match (analysis.outcome, moves.is_empty()) {
            (_, true) => format!("{n}: no move, so P: the player to move cannot move, and loses"),
            (Outcome::P, false) => {
                format!("{n}: moves to {}, all N, so {n} is P", listed.join(", "))
            }
            _ => {
                let to_p = moves.iter().find(|&&m| labels.get(m) == Some(&"P"));
                let to_p = to_p.map_or(String::new(), |m| m.to_string());
                format!(
                    "{n}: moves to {}; {to_p} is P, so {n} is N",
                    listed.join(", ")
                )
            }
        };
        labels.push(if analysis.outcome == Outcome::P {
            "P"
        } else {
            "N"
        });
        let width = to.to_string().len();
        let heaps: Vec<String> = (0..labels.len()).map(|h| format!("{h:>width$}")).collect();
        let marks: Vec<String> = labels.iter().map(|l| format!("{l:>width$}")).collect();
        let lines = vec![
            format!("heap  {}", heaps.join(" ")),
            format!("      {}", marks.join(" ")),
        ];
        steps.push(WorkedStep::new(say, lines));
    }
    Ok(steps)
}

/// The binary columns of the heaps, a heap at a time, then the nim-sum's verdict
/// and where the winning moves are.
fn nim_sum_steps(heaps: &[u64]) -> Result<Vec<WorkedStep>> {
    if heaps.is_empty() || heaps.len() > 12 {
        return Err(invalid!(
            "a nim-sum is worked for 1 to 12 heaps, not {}",
            heaps.len()
        ));
    }
    let mut steps = Vec::new();
    let mut rows: Vec<(String, u64)> = Vec::new();
    let mut sum = 0;
    for &h in heaps {
        rows.push((h.to_string(), h));
        sum ^= h;
        let say = match rows.len() {
            1 => format!("Write {h} in binary, {h:b}."),
            _ => format!("Add {h}, {h:b}: each column's count of 1s, odd or even, gives the nim-sum's digit there, now {sum}."),
        };
        steps.push(WorkedStep::new(say, notation::binary_columns(&rows, sum)));
    }
    let columns = notation::binary_columns(&rows, sum);
    let say = match sum {
        0 => "The nim-sum is 0: a P-position of Nim (Bouton's theorem), so every move loses."
            .to_string(),
        _ => {
            let column = 1u64 << (63 - sum.leading_zeros());
            let moves: Vec<String> = heaps
                .iter()
                .filter(|&&h| h & column != 0)
                .map(|&h| format!("{h} → {}", h ^ sum))
                .collect();
            format!(
                "The nim-sum is {sum}, not 0: an N-position. The leftmost column with an odd count is the {column}s column; each heap with a 1 there goes to itself ⊕ {sum}, which is smaller, and leaves nim-sum 0: {}.",
                moves.join(", ")
            )
        }
    };
    steps.push(WorkedStep::new(say, columns));
    Ok(steps)
}

/// Each vertex valued after its followers, with the values known so far, written
/// and drawn (a graph of up to [`MAX_DRAWN`](crate::games::graph::MAX_DRAWN) vertices).
fn mex_steps(graph: &str) -> Result<Vec<WorkedStep>> {
    let (graph, values) = graphs::read(graph)?;
    let names = graph.names();
    let mut known: Vec<Option<u64>> = vec![None; names.len()];
    let mut steps = Vec::new();
    for step in graphs::steps(&graph, &values) {
        if let Some(v) = names.iter().position(|n| *n == step.vertex) {
            known[v] = Some(step.value);
        }
        let so_far: Vec<String> = names
            .iter()
            .zip(&known)
            .map(|(n, g)| match g {
                Some(g) => format!("g({n}) = {g}"),
                None => format!("g({n}) = ?"),
            })
            .collect();
        steps.push(WorkedStep {
            picture: graph.values_picture(&known).ok(),
            ..WorkedStep::new(step.said(), vec![so_far.join("   ")])
        });
    }
    let p: Vec<&str> = names
        .iter()
        .zip(&values)
        .filter(|(_, &g)| g == 0)
        .map(|(n, _)| n.as_str())
        .collect();
    steps.push(WorkedStep::new(
        format!(
            "Every vertex has its value. The P-positions are those of value 0: {}.",
            p.join(", ")
        ),
        Vec::new(),
    ));
    Ok(steps)
}

/// The analysis of `position` with its reasoning.
fn explained(analyst: &mut Analyst, position: &Position) -> Result<Analysis> {
    let options = Options {
        explain: true,
        ..Options::default()
    };
    analyst.analyse(position, &options)
}

/// Each part's nimber, then their nim-sum in binary columns.
fn sum_steps(analyst: &mut Analyst, spec: &str) -> Result<Vec<WorkedStep>> {
    let position = analyst.parse(spec)?;
    let analysis = explained(analyst, &position)?;
    let Some(g) = analysis.nimber else {
        return Err(invalid!(
            "{position} has no nimber: a sum is worked for games without cycles"
        ));
    };
    let mut steps: Vec<WorkedStep> = positions::part_reasons(&analysis)
        .into_iter()
        .map(|line| WorkedStep::new(line, Vec::new()))
        .collect();
    let rows: Vec<(String, u64)> = analysis
        .parts
        .iter()
        .map(|p| (p.position.to_string(), p.nimber.unwrap_or(0)))
        .collect();
    let verdict = match g {
        0 => "a P-position: the second player wins".to_string(),
        _ => format!(
            "an N-position: the player to move wins by moving a part to make it 0 ({})",
            analysis
                .winning_moves
                .first()
                .map_or(String::new(), |m| m.description.clone())
        ),
    };
    steps.push(WorkedStep::new(
        format!("By the Sprague–Grundy theorem the sum's nimber is the nim-sum of the parts' nimbers: {g}, {verdict}."),
        notation::binary_columns(&rows, g),
    ));
    Ok(steps)
}

/// A Green Hackenbush drawing fused to a stalk by the colon and fusion principles,
/// a step at a time, with its picture.
fn fusion_steps(analyst: &mut Analyst, spec: &str) -> Result<Vec<WorkedStep>> {
    let position = analyst.parse(spec)?;
    if analyst.game_name(&position)? != Some("hackenbush") {
        return Err(invalid!(
            "'{spec}' is not one Green Hackenbush drawing, e.g. hackenbush g-a,a-b,b-g"
        ));
    }
    let analysis = explained(analyst, &position)?;
    let mut steps: Vec<WorkedStep> = positions::part_reasons(&analysis)
        .into_iter()
        .map(|line| WorkedStep::new(line.trim().to_string(), Vec::new()))
        .collect();
    if analysis.parts.len() > 1 {
        let nimbers: Vec<String> = analysis
            .parts
            .iter()
            .map(|p| p.nimber.unwrap_or(0).to_string())
            .collect();
        steps.push(WorkedStep::new(
            format!(
                "The drawing is a sum of its parts at the ground: {} = {}.",
                nimbers.join(" ⊕ "),
                analysis.nimber.unwrap_or(0)
            ),
            Vec::new(),
        ));
    }
    if let Some(first) = steps.first_mut() {
        first.picture = Some(crate::draw(position.as_str())?);
    }
    Ok(steps)
}
