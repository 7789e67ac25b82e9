//! The reasoning behind a verdict, as the notes give it, built from an
//! [`Analysis`] as typed [`Step`]s: prose, a game's theorem at work, a table of
//! each part's value and how it was found (a Nim heap's size, the mex of its
//! options, γ), the nim-sum in binary columns, the verdict, and the moves that win
//! or keep a draw. Under misère play: Bouton's rule or the search; on games with
//! cycles under normal play: each part's γ and Smith's rule for the sum; under
//! misère play of such games and on games with draws: the labelling.
//!
//! The verdict, the nimber, γ and the moves are the analysis's own: nothing here
//! values a position again. What the analysis does not hold, the way each part's
//! nimber is found (its options' nimbers, for the mex), is read from the solver's
//! memory of that same analysis. [`report`](crate::report) prints the steps as
//! text, JSON and HTML.

use serde::Serialize;

use crate::analysis::{Analysis, Move};
use crate::notation::binary_columns;
use crate::report::verdict;
use crate::solve::{Part, Solver, Sum, Valuation};
use crate::{Gamma, Nimber, Outcome, Play, Result};

/// At most this many options are listed in a mex step.
const MEX_OPTIONS_SHOWN: usize = 12;

/// The reasoning behind an analysis: sections of steps, read in order (printed
/// with a blank line between sections).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The sections, each a few steps.
    pub sections: Vec<Vec<Step>>,
}

/// One step of the reasoning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Step {
    /// A sentence, or a line that introduces the next step.
    Prose {
        /// The text.
        text: String,
    },
    /// A game's own theorem at work on one part, in its lines.
    Theorem {
        /// The part, in SPEC syntax.
        part: String,
        /// The theorem's reasoning, a line each.
        lines: Vec<String>,
    },
    /// Parts, each with what is said of it and the steps that found it.
    Table {
        /// What the table shows.
        heading: String,
        /// Its rows.
        rows: Vec<Row>,
    },
    /// Numbers in binary columns, with their nim-sum.
    Columns {
        /// What the columns add up.
        heading: String,
        /// Each number with its label.
        rows: Vec<Number>,
        /// Their nim-sum.
        total: Nimber,
        /// The columns as text, a line each (they line up in a fixed-width font):
        /// each number in binary, the count of 1s in each column, the nim-sum.
        lines: Vec<String>,
    },
    /// The verdict on the position, in a sentence that gives its grounds.
    Verdict {
        /// The outcome: the analysis's.
        outcome: Outcome,
        /// The sentence.
        text: String,
    },
    /// Moves, each in words with the position it leaves.
    Moves {
        /// Which moves these are.
        heading: String,
        /// The moves: the analysis's.
        moves: Vec<Move>,
    },
}

/// A row of a [`Step::Table`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The part, in SPEC syntax ("none" for a table with no part).
    pub part: String,
    /// What is said of it: its value and how it was found.
    pub text: String,
    /// The steps that found it, where there are several.
    pub steps: Vec<String>,
}

/// A labelled number of a [`Step::Columns`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Number {
    /// What the number is.
    pub label: String,
    /// The number.
    pub value: Nimber,
}

/// The steps of an explanation as they are written.
struct Writer {
    sections: Vec<Vec<Step>>,
}

impl Writer {
    /// Starts a new section.
    fn section(&mut self) {
        self.sections.push(Vec::new());
    }

    fn push(&mut self, step: Step) {
        self.sections
            .last_mut()
            .expect("a section is open")
            .push(step);
    }

    fn prose(&mut self, text: impl Into<String>) {
        self.push(Step::Prose { text: text.into() });
    }

    fn verdict(&mut self, outcome: Outcome, text: String) {
        self.push(Step::Verdict { outcome, text });
    }

    fn columns(&mut self, heading: &str, rows: Vec<Number>, total: Nimber) {
        let labelled: Vec<(String, u64)> =
            rows.iter().map(|n| (n.label.clone(), n.value)).collect();
        self.push(Step::Columns {
            heading: heading.into(),
            lines: binary_columns(&labelled, total),
            rows,
            total,
        });
    }

    fn moves(&mut self, heading: impl Into<String>, moves: &[Move]) {
        self.push(Step::Moves {
            heading: heading.into(),
            moves: moves.to_vec(),
        });
    }
}

/// The explanation of the analysis `a` of `sum`, whose solver is `solver`.
pub(crate) fn explain(solver: &mut Solver, sum: &Sum, a: &Analysis) -> Result<Explanation> {
    let mut out = Writer {
        sections: vec![Vec::new()],
    };
    out.prose(format!("Position: {}", a.position));
    out.prose(match a.play {
        Play::Normal => "Normal play: the player who makes the last move wins.",
        Play::Misere => "Misère play: the player who makes the last move loses.",
    });
    let mut by_theory = false;
    for &part in &sum.0 {
        let lines = solver.theory(part, a.play);
        if !lines.is_empty() {
            out.section();
            out.push(Step::Theorem {
                part: solver.format_part(part),
                lines,
            });
            by_theory = true;
        }
    }
    let alone = match sum.0[..] {
        [part] if by_theory => Some(part),
        _ => None,
    };
    match a.valuation {
        Valuation::Gamma => by_gamma(solver, sum, a, &mut out)?,
        Valuation::Labelling => by_labelling(solver, sum, a, alone.is_some(), &mut out),
        Valuation::Theorem(_) if !solver.has_nimbers(sum) => {
            by_labelling(solver, sum, a, alone.is_some(), &mut out)
        }
        Valuation::Theorem(_) if a.play == Play::Normal => match (a.nimber, alone) {
            // The theorem gives the outcome, and the nimber is not what it found.
            (None, _) => by_theorem(a, &mut out),
            (Some(_), Some(part)) if solver.nimber_by_theory(part).is_none() => {
                by_theorem(a, &mut out)
            }
            (Some(total), _) => by_nim_sum(solver, sum, a, total, &mut out)?,
        },
        Valuation::NimSum => {
            let total = a.nimber.expect("a nim-sum valuation has its nimber");
            by_nim_sum(solver, sum, a, total, &mut out)?
        }
        Valuation::Theorem(_) | Valuation::MisereNim | Valuation::MisereSearch => {
            match solver.as_nim_heaps(sum)? {
                Some(heaps) => by_misere_rule(a, &heaps, &mut out),
                None if alone.is_some() => by_theorem(a, &mut out),
                None => by_search(solver, a, &mut out),
            }
        }
    }
    Ok(Explanation {
        sections: out.sections,
    })
}

fn by_nim_sum(
    solver: &mut Solver,
    sum: &Sum,
    a: &Analysis,
    total: Nimber,
    out: &mut Writer,
) -> Result<()> {
    out.section();
    out.prose(
        "By the Sprague–Grundy theorem, a sum of games has the nim-sum (XOR) of its parts' \
         nimbers, and a position is P exactly when that nim-sum is 0.",
    );
    out.section();
    let mut rows = Vec::new();
    let mut numbers = Vec::new();
    for &written in &sum.0 {
        for part in solver.components(written)? {
            let g = solver.part_nimber(part)?;
            let label = solver.format_part(part);
            rows.push(match solver.reasoning(part) {
                Some(steps) if steps.len() == 1 => Row {
                    part: label.clone(),
                    text: steps[0].clone(),
                    steps: Vec::new(),
                },
                Some(steps) => Row {
                    part: label.clone(),
                    text: format!("nimber {g}, found thus:"),
                    steps,
                },
                None => Row {
                    part: label.clone(),
                    text: nimber_reason(solver, part, g)?,
                    steps: Vec::new(),
                },
            });
            numbers.push(Number { label, value: g });
        }
    }
    if rows.is_empty() {
        rows.push(no_part());
    }
    out.push(Step::Table {
        heading: "Each part's nimber:".into(),
        rows,
    });
    out.section();
    out.columns("The nim-sum in binary columns:", numbers.clone(), total);
    out.section();
    if total == 0 {
        out.verdict(
            a.outcome,
            format!(
                "The nim-sum is 0: {}. Every move changes one part's nimber and so leaves a \
                 nonzero nim-sum.",
                verdict(a.outcome)
            ),
        );
        return Ok(());
    }
    let column = 63 - total.leading_zeros();
    out.verdict(
        a.outcome,
        format!(
            "The nim-sum is {total}, not 0: {}. The leftmost column with an odd number of 1s \
             is the {}s column.",
            verdict(a.outcome),
            1u64 << column
        ),
    );
    out.push(Step::Table {
        heading: format!(
            "Each part with a 1 in that column can be changed to its nimber XOR {total}, which \
             is smaller, and that leaves a nim-sum of 0:"
        ),
        rows: numbers
            .iter()
            .filter(|n| n.value >> column & 1 == 1)
            .map(|n| Row {
                part: n.label.clone(),
                text: format!("{} XOR {total} = {}", n.value, n.value ^ total),
                steps: Vec::new(),
            })
            .collect(),
    });
    winning_moves(a, out);
    Ok(())
}

/// The row of a table of parts where no part has a move left.
fn no_part() -> Row {
    Row {
        part: "none".into(),
        text: "no part has a move left.".into(),
        steps: Vec::new(),
    }
}

/// How one indivisible part has nimber `g`: its theorem, or the mex of its
/// options' nimbers (those the analysis valued).
fn nimber_reason(solver: &mut Solver, part: Part, g: Nimber) -> Result<String> {
    if solver.nimber_by_theory(part).is_some() && !solver.theory(part, Play::Normal).is_empty() {
        return Ok(format!("nimber {g}, by the theorem above"));
    }
    let options = solver.part_moves(part)?;
    if options.is_empty() {
        return Ok("no move, nimber 0".into());
    }
    let mut values = Vec::new();
    for &o in options.iter().take(MEX_OPTIONS_SHOWN) {
        values.push(solver.part_nimber(o)?.to_string());
    }
    let mut leads: Vec<String> = options
        .iter()
        .take(MEX_OPTIONS_SHOWN)
        .map(|&o| solver.format_position(o))
        .collect();
    if options.len() > MEX_OPTIONS_SHOWN {
        values.push("…".into());
        leads.push(format!("… {} moves in all", options.len()));
    }
    Ok(format!(
        "mex{{{}}} = {g}   (its moves lead to {})",
        values.join(", "),
        leads.join("; ")
    ))
}

fn by_misere_rule(a: &Analysis, heaps: &[u64], out: &mut Writer) {
    out.section();
    out.prose(
        "Every part is a Nim heap, so Bouton's rule for misère Nim applies: while some heap \
         has 2 or more chips, play as in normal Nim (P exactly when the nim-sum is 0); once \
         every heap has at most 1 chip, the position is P exactly when an odd number of \
         heaps of 1 are left.",
    );
    out.section();
    if heaps.iter().any(|&h| h > 1) {
        let nim_sum = heaps.iter().fold(0, |s, h| s ^ h);
        out.columns(
            "A heap has 2 or more chips; the nim-sum in binary columns:",
            heaps
                .iter()
                .map(|&h| Number {
                    label: format!("heap {h}"),
                    value: h,
                })
                .collect(),
            nim_sum,
        );
        out.verdict(
            a.outcome,
            format!("The nim-sum is {nim_sum}: {}.", verdict(a.outcome)),
        );
    } else {
        let ones = heaps.len();
        out.verdict(
            a.outcome,
            format!(
                "Every heap has at most 1 chip and {ones} heap{} of 1 {} left: {}.",
                if ones == 1 { "" } else { "s" },
                if ones == 1 { "is" } else { "are" },
                verdict(a.outcome)
            ),
        );
    }
    if a.outcome == Outcome::N {
        out.prose(
            "A winning move leaves nim-sum 0 with a heap of 2 or more, or an odd number of \
             heaps of 1 and nothing larger:",
        );
    }
    winning_moves(a, out);
}

/// A theorem gave the outcome, and nothing more is worked out.
fn by_theorem(a: &Analysis, out: &mut Writer) {
    out.section();
    out.verdict(
        a.outcome,
        format!("By the theorem: {}.", verdict(a.outcome)),
    );
    winning_moves(a, out);
}

fn by_search(solver: &Solver, a: &Analysis, out: &mut Writer) {
    out.section();
    out.prose(
        "Misère play has no Sprague–Grundy shortcut for sums: grundy searched the sum itself, \
         labelling each position reached P (every move leads to N) or N (some move leads to \
         P), with a terminal position N since the player who cannot move wins.",
    );
    out.verdict(a.outcome, searched(solver, a));
    winning_moves(a, out);
}

/// The verdict of a search: how many positions it labelled, and this one's.
fn searched(solver: &Solver, a: &Analysis) -> String {
    format!(
        "The search labelled {} positions; this one is {}.",
        solver.searched(),
        verdict(a.outcome)
    )
}

fn by_labelling(solver: &Solver, sum: &Sum, a: &Analysis, by_theory: bool, out: &mut Writer) {
    out.section();
    let terminal = a.play.terminal().letter();
    if by_theory {
        out.verdict(
            a.outcome,
            format!("By the theorem: {}.", verdict(a.outcome)),
        );
    } else if !solver.has_cycles(sum) {
        out.prose(format!(
            "The game can end in a draw, so it has no nimbers: grundy searched it, labelling \
             a drawn end D, a terminal position {terminal}, a position with a move to a \
             P-position N, one whose moves all lead to N-positions P, and the rest D."
        ));
        out.verdict(a.outcome, searched(solver, a));
    } else {
        if a.play == Play::Misere {
            out.prose(
                "Misère play of a game with cycles has no theory of values (Smith's γ and its \
                 rule for sums hold under normal play only), so the position is labelled as a \
                 whole, not part by part.",
            );
        }
        out.prose(format!(
            "Play can go round a cycle, so grundy labelled every position reachable from here \
             by Ferguson's algorithm: terminal positions {terminal}; a position with a move to \
             a P-position N; a position whose every move leads to an N-position P; repeat \
             until nothing changes. What is never labelled is a draw (D): neither player can \
             force a win."
        ));
        out.verdict(
            a.outcome,
            format!(
                "{} positions were labelled; this one is {}.",
                solver.searched(),
                verdict(a.outcome)
            ),
        );
    }
    winning_moves(a, out);
}

/// Normal play with cycles: each part's γ value, and Smith's rule for the sum.
fn by_gamma(solver: &mut Solver, sum: &Sum, a: &Analysis, out: &mut Writer) -> Result<()> {
    out.section();
    out.prose(
        "Play can go round a cycle, so the parts are valued by the generalised Sprague–Grundy \
         function γ (Smith 1966; Fraenkel and Yesha 1986): grundy labels a part's positions in \
         rounds; round m gives the value m to a position with options of every value below m \
         and none of value m, whose every other option has an option of value m; what no \
         round labels is ∞(K), K the finite values among its options.",
    );
    out.section();
    let mut rows = Vec::new();
    let mut finite = Vec::new();
    let mut infinite = Vec::new();
    for &written in &sum.0 {
        for part in solver.components(written)? {
            let g = solver.part_gamma(part)?;
            let label = solver.format_part(part);
            rows.push(Row {
                part: label.clone(),
                text: g.to_string(),
                steps: Vec::new(),
            });
            match g {
                Gamma::Finite(m) => finite.push(Number { label, value: m }),
                Gamma::Infinite { infinite: k } => infinite.push((label, k)),
            }
        }
    }
    if rows.is_empty() {
        rows.push(no_part());
    }
    out.push(Step::Table {
        heading: "Each part's γ:".into(),
        rows,
    });
    let s = finite.iter().fold(0, |x, n| x ^ n.value);
    out.section();
    out.prose(
        "Smith's rule: the finite values XOR to s; with no infinite part the sum is P exactly \
         when s = 0; with one part ∞(K) it is N when s is in K (move that part to an option \
         of value s) and a draw otherwise; with two or more infinite parts it is a draw.",
    );
    if finite.len() > 1 {
        out.columns("The finite values in binary columns:", finite, s);
    }
    let value = a.gamma.as_ref().expect("a γ valuation has its γ");
    let outcome = a.outcome;
    out.verdict(
        outcome,
        match &infinite[..] {
            [] => format!("s = {s}, and no part is infinite: {}.", verdict(outcome)),
            [(label, k)] => {
                let shown = Gamma::Infinite {
                    infinite: k.clone(),
                };
                let is_in = match k.contains(&s) {
                    true => "is in",
                    false => "is not in",
                };
                format!(
                    "s = {s}, and one part is infinite, {label} = {shown}: s {is_in} K, so {}.",
                    verdict(outcome)
                )
            }
            many => format!("{} parts are infinite: {}.", many.len(), verdict(outcome)),
        },
    );
    out.prose(format!("The sum's value by Smith's theorem: γ = {value}."));
    winning_moves(a, out);
    Ok(())
}

/// The moves of the analysis: those that keep a draw, or the winning moves, or why
/// they are not listed.
fn winning_moves(a: &Analysis, out: &mut Writer) {
    if a.outcome == Outcome::D {
        out.moves(
            "Moves that keep the draw (every other move loses):",
            &a.drawing_moves,
        );
        return;
    }
    match (&a.winning_moves[..], &a.winning_moves_not_computed) {
        ([], Some(why)) => out.prose(format!("The winning moves are not listed: {why}.")),
        (named, Some(why)) => out.moves(format!("A winning move ({why}):"), named),
        ([], None) if a.outcome == Outcome::P => {
            out.prose("Every move leads to an N-position: the player to move loses.")
        }
        ([], None) => {}
        ([_], None) => out.moves(
            "The winning move (it leaves a P-position):",
            &a.winning_moves,
        ),
        (all, None) => out.moves(
            format!(
                "The {} winning moves (each leaves a P-position):",
                all.len()
            ),
            all,
        ),
    }
}
