//! Exercises on a position: who wins it, its winning moves, its nimber (sections
//! 1.3, 2.3, 2.5, 3.2 and 4.2 of the notes).

use super::Hints;
use crate::analysis::Method;
use crate::explain::Step;
use crate::sorting::sort;
use crate::{invalid, Analysis, Analyst, Budget, Options, Outcome, Play, Position, Result};

/// The most options of a position whose nimbers are listed in a mistake or hint.
const MOST_OPTIONS_LISTED: usize = 64;

/// The position written `text`, and its analysis in `play` (with the theorems'
/// reasoning where `explain`).
fn analysed(
    analyst: &mut Analyst,
    text: &str,
    play: Play,
    explain: bool,
) -> Result<(Position, Analysis)> {
    let position = analyst.parse(text)?;
    let analysis = analyst.analyse(
        &position,
        &Options {
            play,
            explain,
            ..Options::default()
        },
    )?;
    if analysis.outcome == Outcome::D {
        return Err(invalid!(
            "{position} is a draw with perfect play: this exercise is for games that end"
        ));
    }
    Ok((position, analysis))
}

/// An option of a position, in words, and its nimber.
struct Valued {
    to: Position,
    words: String,
    nimber: u64,
}

/// The moves of the position written `text`, each as the position it leaves and
/// in words, where it has at most `most`: a position of many more is refused by
/// the budget (moves times their size) before its moves are listed, so that a heap
/// of 10^12 that a theorem values costs nothing.
pub(super) fn listed_moves(text: &str, most: usize) -> Option<Vec<(String, String)>> {
    let mut lister = Analyst::new(Budget::default().with_positions(64 * most));
    let from = lister.parse(text).ok()?;
    let moves = lister.moves(&from).ok()?;
    if moves.len() > most {
        return None;
    }
    moves
        .iter()
        .map(|to| {
            Some((
                to.as_str().to_string(),
                lister.describe_move(&from, to).ok()?,
            ))
        })
        .collect()
}

/// The options of `position` with their nimbers, where it has at most
/// [`MOST_OPTIONS_LISTED`] ([`listed_moves`]).
fn valued_options(analyst: &mut Analyst, position: &Position) -> Option<Vec<Valued>> {
    listed_moves(position.as_str(), MOST_OPTIONS_LISTED)?
        .into_iter()
        .map(|(to, words)| {
            let to = analyst.parse(&to).ok()?;
            let nimber = analyst.analyse(&to, &Options::default()).ok()?.nimber?;
            Some(Valued { to, words, nimber })
        })
        .collect()
}

pub(super) fn check_moves(
    analyst: &mut Analyst,
    text: &str,
    play: Play,
    answer: &str,
) -> Result<Vec<String>> {
    let (position, analysis) = analysed(analyst, text, play, false)?;
    if let Some(why) = &analysis.winning_moves_not_computed {
        return Err(invalid!(
            "the winning moves of {position} are not all known: {why}"
        ));
    }
    let winning: Vec<&str> = analysis
        .winning_moves
        .iter()
        .map(|m| m.position.as_str())
        .collect();
    let written: Vec<&str> = answer
        .split([';', '\n'])
        .map(str::trim)
        .filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("none"))
        .collect();
    let mut mistakes = Vec::new();
    let mut found: Vec<String> = Vec::new();
    for text in written {
        // A winning move written whole is known without listing every move
        // (a heap of 10^12 has 10^12 of them); any other is checked as a move.
        let whole = analyst.parse(text).ok();
        let named = whole.filter(|to| winning.contains(&to.as_str()));
        let to = match named.map_or_else(|| analyst.legal_move(&position, text), Ok) {
            Ok(to) => to,
            Err(why) => {
                mistakes.push(why);
                continue;
            }
        };
        if winning.contains(&to.as_str()) {
            if !found.iter().any(|f| f == to.as_str()) {
                found.push(to.as_str().to_string());
            }
            continue;
        }
        let words = analyst.describe_move(&position, &to)?;
        let after = analyst.analyse(
            &to,
            &Options {
                play,
                ..Options::default()
            },
        )?;
        mistakes.push(format!(
            "{words} is not a winning move: {}",
            why_n(&to, &after)
        ));
    }
    let missed = winning.len() - found.len();
    if missed > 0 {
        mistakes.push(match (winning.len(), found.len()) {
            (1, _) => {
                "there is a winning move: look for a move that leaves a P-position".to_string()
            }
            (w, 0) => format!("there are {w} winning moves, and you found none of them"),
            (w, f) => format!("there are {w} winning moves, and you found {f}"),
        });
    }
    Ok(mistakes)
}

pub(super) fn moves_hints(analyst: &mut Analyst, text: &str, play: Play) -> Result<Hints> {
    let (_, analysis) = analysed(analyst, text, play, false)?;
    let moves: Vec<String> = analysis
        .winning_moves
        .iter()
        .map(|m| format!("{} ({})", m.position, m.description))
        .collect();
    Ok(Hints::new(
        "A winning move leaves a P-position: one from which every move leads to an N-position.",
        match play {
            Play::Normal => "Find the nim-sum s of the parts' nimbers; a part of nimber g with g ⊕ s less than g can be moved to one of nimber g ⊕ s, which makes the nim-sum 0.",
            Play::Misere => "Misère Nim: play as in normal Nim while some heap has 2 or more chips, except the move that leaves every heap at most 1: leave an odd number of heaps of 1.",
        },
        match moves.is_empty() {
            true => "There is no winning move: the position is a P-position.".to_string(),
            false => format!("The winning moves: {}.", moves.join("; ")),
        },
    ))
}

pub(super) fn check_winner(
    analyst: &mut Analyst,
    text: &str,
    play: Play,
    answer: &str,
) -> Result<Vec<String>> {
    let first = match answer.trim().to_ascii_lowercase().as_str() {
        "first" | "n" | "the first player" | "first player" => true,
        "second" | "p" | "the second player" | "second player" => false,
        other => return Err(invalid!("'{other}' is not first or second (or N or P)")),
    };
    let (position, analysis) = analysed(analyst, text, play, false)?;
    Ok(match (first, analysis.outcome) {
        (true, Outcome::N) | (false, Outcome::P) => Vec::new(),
        (true, _) => vec![why_p(&position, &analysis)],
        (false, _) => vec![why_n(&position, &analysis)],
    })
}

pub(super) fn winner_hints(analyst: &mut Analyst, text: &str, play: Play) -> Result<Hints> {
    let (position, analysis) = analysed(analyst, text, play, false)?;
    Ok(Hints::new(
        "Is it a P-position (the second player wins) or an N-position (the first player wins)?",
        match play {
            Play::Normal => "By the Sprague–Grundy theorem the nimber of a sum is the nim-sum of its parts' nimbers; the first player wins exactly when it is not 0.",
            Play::Misere => "In misère play, look for a move to a P-position of misère play (for Nim: Bouton's rule, changed at the end game).",
        },
        match analysis.outcome {
            Outcome::N => format!("The first player wins: {}.", why_n(&position, &analysis)),
            _ => format!("The second player wins: {}.", why_p(&position, &analysis)),
        },
    ))
}

/// The nimber of the position written `text` with its analysis, or why it has
/// none.
fn nimber_of(analyst: &mut Analyst, text: &str) -> Result<(Position, Analysis, u64)> {
    let (position, analysis) = analysed(analyst, text, Play::Normal, true)?;
    match analysis.nimber {
        Some(g) => Ok((position, analysis, g)),
        None => Err(invalid!(
            "the nimber of {position} is not known: {}",
            analysis
                .nimber_not_computed
                .as_deref()
                .unwrap_or("it has cycles")
        )),
    }
}

/// The distinct nimbers of `options`, in order.
fn option_nimbers(options: &[Valued]) -> Vec<u64> {
    let mut values: Vec<u64> = options.iter().map(|o| o.nimber).collect();
    sort(&mut values);
    values.dedup();
    values
}

/// The parts of a sum with their nimbers, `kayles 3 (3), nim 2 (2)`, and the
/// nim-sum written out, `3 ⊕ 2`.
fn parts_and_sum(analysis: &Analysis) -> (String, String) {
    let nimbers: Vec<u64> = analysis
        .parts
        .iter()
        .map(|p| p.nimber.unwrap_or(0))
        .collect();
    let parts: Vec<String> = analysis
        .parts
        .iter()
        .zip(&nimbers)
        .map(|(p, g)| format!("{} ({g})", p.position))
        .collect();
    let sum: Vec<String> = nimbers.iter().map(u64::to_string).collect();
    (parts.join(", "), sum.join(" ⊕ "))
}

pub(super) fn check_nimber(analyst: &mut Analyst, text: &str, given: u64) -> Result<Vec<String>> {
    let (position, analysis, g) = nimber_of(analyst, text)?;
    if given == g {
        return Ok(Vec::new());
    }
    if analysis.parts.len() > 1 {
        let (parts, sum) = parts_and_sum(&analysis);
        return Ok(vec![format!(
            "the nimber of a sum is the nim-sum of its parts' nimbers: {parts}, and {sum} = {g}, not {given}"
        )]);
    }
    if analysis.terminal {
        return Ok(vec![format!(
            "{position} has no move: its nimber is the mex of no numbers, 0, not {given}"
        )]);
    }
    let mistake = match valued_options(analyst, &position) {
        Some(options) if options.iter().any(|o| o.nimber == given) => {
            let option = options.iter().find(|o| o.nimber == given);
            let option = option.map_or(String::new(), |o| {
                format!(" ({} leaves {}, of nimber {given})", o.words, o.to)
            });
            format!("{given} is the nimber of an option{option}, so it is not the nimber of {position}: a position's nimber is the least number that no option has")
        }
        Some(options) => format!(
            "the options of {position} have nimbers {{{}}}: the least number not among them is {g}, not {given}",
            super::join(&option_nimbers(&options))
        ),
        None => match analysis.parts.first().map(|p| &p.method) {
            Some(Method::Theorem(name)) => {
                format!("{position} has nimber {g}, not {given}, by {name}")
            }
            _ => format!("{position} has nimber {g}, not {given}"),
        },
    };
    Ok(vec![mistake])
}

pub(super) fn nimber_hints(analyst: &mut Analyst, text: &str) -> Result<Hints> {
    let (position, analysis, g) = nimber_of(analyst, text)?;
    let theorems: Vec<String> = analysis
        .parts
        .iter()
        .filter_map(|p| match p.method {
            // A theorem with steps of its own to follow (not one that reads a
            // table or a period).
            Method::Theorem(name) if !p.reasoning.is_empty() => {
                Some(format!("{}: {name}", p.position))
            }
            _ => None,
        })
        .collect();
    let mut method = String::new();
    if analysis.parts.len() > 1 {
        method.push_str("Find each part's nimber, then their nim-sum: by the Sprague–Grundy theorem that is the sum's nimber. ");
    }
    method.push_str(match theorems.is_empty() {
        true => "A position's nimber is the mex of its options' nimbers, found from the positions with no move (nimber 0) upwards.",
        false => "A theorem values these parts at once:",
    });
    if !theorems.is_empty() {
        method = format!("{method} {}.", theorems.join("; "));
    }
    let mut why = part_reasons(&analysis);
    if analysis.parts.len() > 1 {
        let (_, sum) = parts_and_sum(&analysis);
        why.push(format!("the nim-sum: {sum} = {g}"));
    }
    let why = match why.is_empty() {
        true => String::new(),
        false => format!(":\n{}", why.join("\n")),
    };
    Ok(Hints::new(
        "The nimber of a position is the mex of its options' nimbers: the least number that is not among them. A position with no move has nimber 0.",
        method,
        format!("The nimber of {position} is {g}{why}"),
    ))
}

/// How each part's nimber was found, as the explanation says it (`kayles 4:
/// mex{3, 3, 2, 0} = 1 …`, a theorem's steps indented under its part).
pub(super) fn part_reasons(analysis: &Analysis) -> Vec<String> {
    let mut lines = Vec::new();
    let sections = analysis.explanation.iter().flat_map(|e| &e.sections);
    for step in sections.flatten() {
        if let Step::Table { rows, .. } = step {
            for row in rows {
                lines.push(format!("{}: {}", row.part, row.text));
                lines.extend(row.steps.iter().map(|s| format!("  {s}")));
            }
            break;
        }
    }
    lines
}

/// Why `position` is an N-position (with its analysis): its nimber, and the move
/// that wins from it.
fn why_n(position: &Position, analysis: &Analysis) -> String {
    let wins = analysis.winning_moves.first().map(|m| {
        format!(
            "the player to move wins: {}, leaving {}",
            m.description, m.position
        )
    });
    let wins = wins.unwrap_or_else(|| "the player to move has a winning move".to_string());
    match (analysis.play, analysis.nimber) {
        (Play::Normal, Some(g)) => {
            let column = 1u64 << (63 - g.leading_zeros());
            match analysis.parts.len() {
                1 => format!("{position} has nimber {g}, not 0, so {wins}"),
                _ => format!(
                    "the nim-sum of the parts' nimbers of {position} is {g}, not 0 (the {column}s column has an odd count of 1s), so {wins}"
                ),
            }
        }
        _ => format!("{position} is an N-position: {wins}"),
    }
}

/// Why `position` is a P-position: no move wins from it.
fn why_p(position: &Position, analysis: &Analysis) -> String {
    match (analysis.play, analysis.terminal) {
        (_, true) => format!("{position} has no move left: the player to move cannot move"),
        (Play::Normal, false) => format!(
            "{position} has nimber 0: every move from it leaves an N-position, from which the other player moves back to a P-position"
        ),
        (Play::Misere, false) => format!(
            "{position} is a P-position of misère play: every move from it leaves an N-position"
        ),
    }
}
