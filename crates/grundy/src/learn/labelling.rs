//! Ferguson's labelling (section 1.3 of the notes): which heaps of a one-heap game
//! are P-positions, and the period with which the labels repeat (section 1.4).

use super::{join, Hints};
use crate::solve::sequence::Algorithm;
use crate::{invalid, spec, tabulate, Analysis, Analyst, Options, Outcome, Play, Position, Result};

/// How far the labels are searched for a period.
const PERIOD_LOOK: u64 = 4095;

/// The longest period asked for by hand.
const MOST_PERIOD: u64 = 200;

/// The positions of heaps 0 to `to` of the one-heap game `game`.
pub(super) fn heaps(analyst: &mut Analyst, game: &str, to: u64) -> Result<Vec<Position>> {
    if game.contains(char::is_whitespace) {
        return Err(invalid!(
            "'{game}' is a position, not a game: write the game alone, e.g. sub:1,3,4 to 20"
        ));
    }
    let first = analyst.parse(&format!("{game} 0"))?;
    if analyst.parts(&first)?.len() > 1 {
        return Err(invalid!("'{game}' is not a game of one heap"));
    }
    (0..=to)
        .map(|n| analyst.parse(&format!("{game} {n}")))
        .collect()
}

/// Each heap from 0 to `to` and its analysis in `play` (its outcome, and the
/// winning moves that show an N-position is N).
pub(super) fn labelled(
    analyst: &mut Analyst,
    game: &str,
    to: u64,
    play: Play,
) -> Result<Vec<(Position, Analysis)>> {
    let options = Options {
        play,
        ..Options::default()
    };
    let mut labelled = Vec::new();
    for p in heaps(analyst, game, to)? {
        let analysis = analyst.analyse(&p, &options)?;
        if analysis.outcome == Outcome::D {
            return Err(invalid!(
                "{p} is a draw with perfect play: label a game that always ends"
            ));
        }
        labelled.push((p, analysis));
    }
    Ok(labelled)
}

/// The heap named in a position of one heap (`sub:1,3,4 7` is 7).
pub(super) fn heap(p: &Position) -> &str {
    let text = p.as_str();
    &text[text.rfind(' ').map_or(0, |i| i + 1)..]
}

pub(super) fn check_labels(
    analyst: &mut Analyst,
    game: &str,
    to: u64,
    play: Play,
    answer: &str,
) -> Result<Vec<String>> {
    let given = super::numbers(answer)?;
    if let Some(past) = given.iter().find(|&&n| n > to) {
        return Err(invalid!("'{past}' is past the last heap, {to}"));
    }
    let mut mistakes = Vec::new();
    for (n, (p, analysis)) in (0..=to).zip(labelled(analyst, game, to, play)?) {
        match (given.contains(&n), analysis.outcome) {
            (true, Outcome::N) if analysis.terminal => mistakes.push(format!(
                "{n} is not a P-position in misère play: the player to move has no move there, and wins, since the player who moved last lost"
            )),
            (true, Outcome::N) => {
                let step = analysis.winning_moves.first().map_or("", |m| heap(&m.position));
                mistakes.push(format!(
                    "{n} is not a P-position: {n} → {step} is a move, and {step} is P"
                ));
            }
            (false, Outcome::P) => {
                let moves: Vec<String> = analyst
                    .moves(&p)?
                    .iter()
                    .map(|m| format!("{n} → {}", heap(m)))
                    .collect();
                mistakes.push(match moves.is_empty() {
                    true => format!("{n} is a P-position: there is no move from {n}, so the player to move loses"),
                    false => format!(
                        "{n} is a P-position: every move from it leads to an N-position ({})",
                        moves.join(", ")
                    ),
                });
            }
            _ => {}
        }
    }
    Ok(mistakes)
}

pub(super) fn label_hints(analyst: &mut Analyst, game: &str, to: u64, play: Play) -> Result<Hints> {
    let p: Vec<u64> = (0..)
        .zip(labelled(analyst, game, to, play)?)
        .filter(|(_, (_, a))| a.outcome == Outcome::P)
        .map(|(n, _)| n)
        .collect();
    let nudge = match play {
        Play::Normal => "A heap with no move is a P-position: the player to move there cannot move, and loses. Work upwards from it.",
        Play::Misere => "In misère play a heap with no move is an N-position: the player who moved there made the last move, and lost. Work upwards from it.",
    };
    Ok(Hints::new(
        nudge,
        "Ferguson's labelling: a heap is P when every move from it leads to an N-position, and N when some move leads to a P-position.",
        format!("The P-positions are {}.", join(&p)),
    ))
}

/// `game`, checked to be a take-and-break heap game, whose labels the
/// heap-sequence engine finds the period of.
pub(super) fn heap_game(game: &str) -> Result<()> {
    spec::heap_rules(game).map(|_| ())
}

/// The labels of a heap game, P or N, as they repeat: from heap `preperiod` on,
/// each `period` heaps.
struct Pattern {
    /// True for a P-position, for heaps 0 to `preperiod + period - 1`.
    p: Vec<bool>,
    preperiod: u64,
    period: u64,
    /// Whether a theorem proves the values' period (else it was seen up to
    /// `checked_to`).
    proved: bool,
    checked_to: u64,
}

impl Pattern {
    /// The labels of `game`: the period of its nimbers, found and proved by the
    /// heap-sequence engine, shortened to the least that its labels have.
    fn of(analyst: &mut Analyst, game: &str) -> Result<Pattern> {
        let budget = analyst.budget().clone();
        let (_, found) = tabulate::period(
            game,
            PERIOD_LOOK,
            Algorithm::default(),
            &budget,
            &mut |_| {},
        )?;
        let found = found.ok_or_else(|| {
            invalid!("the labels of {game} show no period up to heap {PERIOD_LOOK}: this exercise is for games whose pattern repeats soon")
        })?;
        if found.period > MOST_PERIOD || found.preperiod > super::MOST_LABELLED {
            return Err(invalid!(
                "the labels of {game} repeat only with period {} from heap {}: too long to find by hand",
                found.period,
                found.preperiod
            ));
        }
        let (start, values_period) = (found.preperiod, found.period);
        let last = start + 2 * values_period;
        let p: Vec<bool> = labelled(analyst, game, last, Play::Normal)?
            .iter()
            .map(|(_, a)| a.outcome == Outcome::P)
            .collect();
        let at = |n: u64| p[n as usize];
        // The least period of the labels divides the values'.
        let period = (1..=values_period)
            .filter(|d| values_period % d == 0)
            .find(|&d| (start..start + values_period).all(|n| at(n) == at(n + d)))
            .unwrap_or(values_period);
        let mut preperiod = start;
        while preperiod > 0 && at(preperiod - 1) == at(preperiod - 1 + period) {
            preperiod -= 1;
        }
        Ok(Pattern {
            p: p[..(preperiod + period) as usize].to_vec(),
            preperiod,
            period,
            proved: found.proved,
            checked_to: found.checked_to,
        })
    }

    /// Whether heap `n` is a P-position.
    fn is_p(&self, n: u64) -> bool {
        let n = match n < self.preperiod {
            true => n,
            false => self.preperiod + (n - self.preperiod) % self.period,
        };
        self.p[n as usize]
    }

    /// A heap's label, `P` or `N`.
    fn label(&self, n: u64) -> &'static str {
        if self.is_p(n) {
            "P"
        } else {
            "N"
        }
    }
}

pub(super) fn check_period(analyst: &mut Analyst, game: &str, answer: &str) -> Result<Vec<String>> {
    let given = super::single(answer)?;
    let pattern = Pattern::of(analyst, game)?;
    let q = pattern.period;
    Ok(match given {
        _ if given == q => Vec::new(),
        0 => vec!["0 is no period: a period is a number of heaps, at least 1".to_string()],
        _ if given % q == 0 => vec![format!(
            "the labels do repeat every {given} heaps, but {given} is not the least such number: look for a shorter block that repeats"
        )],
        _ => {
            // Heap n + given has the label of `later(n)`, within the pattern.
            let start = pattern.preperiod;
            let later = |n: u64| start + (n - start + given % q) % q;
            let n = (start..start + q)
                .find(|&n| pattern.is_p(n) != pattern.is_p(later(n)))
                .expect("a number that is no multiple of the least period breaks the pattern");
            vec![format!(
                "{given} is not the period: heap {n} is {} but heap {}, {given} heaps on, is {}",
                pattern.label(n),
                u128::from(n) + u128::from(given),
                pattern.label(later(n))
            )]
        }
    })
}

pub(super) fn period_hints(analyst: &mut Analyst, game: &str) -> Result<Hints> {
    let pattern = Pattern::of(analyst, game)?;
    let (start, q) = (pattern.preperiod, pattern.period);
    let block: Vec<&str> = (start..start + q).map(|n| pattern.label(n)).collect();
    let shown = start + 2 * q;
    let p: Vec<u64> = (0..shown).filter(|&n| pattern.is_p(n)).collect();
    let from = match start {
        0 => String::new(),
        _ => format!(" from heap {start} on"),
    };
    let seen = match pattern.proved {
        true => String::new(),
        false => format!(
            " (seen up to heap {}: no theorem proves it for every heap)",
            pattern.checked_to
        ),
    };
    Ok(Hints::new(
        "Label the heaps from 0 upwards, P or N, until a block of labels starts to repeat.",
        "Each heap's label is decided by the labels of the heaps its moves reach; once those labels repeat, so does the heap's own. Find the shortest block that repeats.",
        format!(
            "The pattern {} of length {q} repeats{from}: the period is {q}{seen}. The P-positions below {shown} are {}.",
            block.join(" "),
            join(&p)
        ),
    ))
}
