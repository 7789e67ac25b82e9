//! The reasoning behind a verdict, in words and binary columns, as the notes do it:
//! each part's nimber (a Nim heap's size, or the mex of its options), the nim-sum
//! worked out column by column, and how the winning moves are found from it; under
//! misère play, Bouton's rule or the search; on games with cycles under normal play,
//! each part's generalised Sprague–Grundy value γ and Smith's rule for the sum; under
//! misère play (which has no theory of values) and on games with draws, the labelling. A game's own theorem ([`Theory::explain`](crate::Theory::explain)) comes first.

use crate::notation::binary_columns;
use crate::solve::{Part, Solver, Sum, Valuation};
use crate::{Gamma, Nimber, Outcome, Play, Result};

/// At most this many options are listed in a mex step.
const MEX_OPTIONS_SHOWN: usize = 12;

/// The explanation of `sum` under `play`, valued as `valuation` says
/// ([`Solver::valuation`]), one line of text per element.
pub fn explain(
    solver: &mut Solver,
    sum: &Sum,
    play: Play,
    valuation: Valuation,
) -> Result<Vec<String>> {
    let mut out = vec![format!("Position: {}", solver.format(sum))];
    out.push(match play {
        Play::Normal => "Normal play: the player who makes the last move wins.".into(),
        Play::Misere => "Misère play: the player who makes the last move loses.".into(),
    });
    let mut by_theory = false;
    for &part in &sum.0 {
        let lines = solver.theory(part, play);
        if !lines.is_empty() {
            out.push(String::new());
            out.push(format!("{}:", solver.format_part(part)));
            out.extend(lines.into_iter().map(|line| format!("  {line}")));
            by_theory = true;
        }
    }
    let alone = by_theory && sum.0.len() == 1;
    match valuation {
        Valuation::Gamma => by_gamma(solver, sum, &mut out)?,
        Valuation::Labelling => by_labelling(solver, sum, play, alone, &mut out)?,
        Valuation::Theorem(_) if !solver.has_nimbers(sum) => {
            by_labelling(solver, sum, play, alone, &mut out)?
        }
        Valuation::Theorem(_) if play == Play::Normal => {
            match solver.value_by(sum, play, valuation)?.nimber {
                // The theorem gives the outcome; the nimber is out of cheap reach.
                None if alone => by_search(solver, sum, play, true, &mut out)?,
                _ => by_nim_sum(solver, sum, &mut out)?,
            }
        }
        Valuation::NimSum => by_nim_sum(solver, sum, &mut out)?,
        Valuation::Theorem(_) | Valuation::MisereNim | Valuation::MisereSearch => {
            match solver.as_nim_heaps(sum)? {
                Some(heaps) => by_misere_rule(solver, sum, &heaps, &mut out)?,
                None => by_search(solver, sum, play, alone, &mut out)?,
            }
        }
    }
    Ok(out)
}

fn by_nim_sum(solver: &mut Solver, sum: &Sum, out: &mut Vec<String>) -> Result<()> {
    out.push(String::new());
    out.push(
        "By the Sprague–Grundy theorem, a sum of games has the nim-sum (XOR) of its parts' \
         nimbers, and a position is P exactly when that nim-sum is 0."
            .into(),
    );
    out.push(String::new());
    out.push("Each part's nimber:".into());
    let mut rows = Vec::new();
    for &written in &sum.0 {
        for part in solver.components(written)? {
            let g = solver.part_nimber(part)?;
            match solver.reasoning(part) {
                Some(steps) if steps.len() == 1 => {
                    out.push(format!("  {}: {}", solver.format_part(part), steps[0]));
                }
                Some(steps) => {
                    out.push(format!(
                        "  {}: nimber {g}, found thus:",
                        solver.format_part(part)
                    ));
                    out.extend(steps.into_iter().map(|step| format!("    {step}")));
                }
                None => out.push(format!("  {}", nimber_reason(solver, part, g)?)),
            }
            rows.push((solver.format_part(part), g));
        }
    }
    if rows.is_empty() {
        out.push("  none: no part has a move left.".into());
    }
    out.push(String::new());
    out.push("The nim-sum in binary columns:".into());
    let total = rows.iter().fold(0, |a, r| a ^ r.1);
    out.extend(binary_columns(&rows, total));
    out.push(String::new());
    if total == 0 {
        out.push(
            "The nim-sum is 0: a P-position. Every move changes one part's nimber and so \
             leaves a nonzero nim-sum; the player to move loses against perfect play."
                .into(),
        );
        return Ok(());
    }
    let column = 63 - total.leading_zeros();
    out.push(format!(
        "The nim-sum is {total}, not 0: an N-position, the player to move wins. The leftmost \
         column with an odd number of 1s is the {}s column.",
        1u64 << column
    ));
    out.push(format!(
        "Each part with a 1 in that column can be changed to its nimber XOR {total}, which is \
         smaller, and that leaves a nim-sum of 0:"
    ));
    for (label, g) in rows.iter().filter(|r| r.1 >> column & 1 == 1) {
        out.push(format!("  {label}: {g} XOR {total} = {}", g ^ total));
    }
    winning_moves(solver, sum, Play::Normal, out)
}

/// Why one indivisible part has nimber `g`.
fn nimber_reason(solver: &mut Solver, part: Part, g: Nimber) -> Result<String> {
    let label = solver.format_part(part);
    if solver.nimber_by_theory(part).is_some() && !solver.theory(part, Play::Normal).is_empty() {
        return Ok(format!("{label}: nimber {g}, by the theorem above"));
    }
    let options = solver.part_moves(part)?;
    if options.is_empty() {
        return Ok(format!("{label}: no move, nimber 0"));
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
        "{label}: mex{{{}}} = {g}   (its moves lead to {})",
        values.join(", "),
        leads.join("; ")
    ))
}

fn by_misere_rule(
    solver: &mut Solver,
    sum: &Sum,
    heaps: &[u64],
    out: &mut Vec<String>,
) -> Result<()> {
    out.push(String::new());
    out.push(
        "Every part is a Nim heap, so Bouton's rule for misère Nim applies: while some heap \
         has 2 or more chips, play as in normal Nim (P exactly when the nim-sum is 0); once \
         every heap has at most 1 chip, the position is P exactly when an odd number of \
         heaps of 1 are left."
            .into(),
    );
    out.push(String::new());
    let nim_sum = heaps.iter().fold(0, |a, b| a ^ b);
    let outcome = crate::solve::sum::misere_nim_outcome(heaps);
    if heaps.iter().any(|&h| h > 1) {
        out.push("A heap has 2 or more chips; the nim-sum in binary columns:".into());
        let rows: Vec<(String, u64)> = heaps.iter().map(|&h| (format!("heap {h}"), h)).collect();
        out.extend(binary_columns(&rows, nim_sum));
        out.push(format!("The nim-sum is {nim_sum}: {}.", verdict(outcome)));
    } else {
        let ones = heaps.len();
        out.push(format!(
            "Every heap has at most 1 chip and {ones} heap{} of 1 {} left: {}.",
            if ones == 1 { "" } else { "s" },
            if ones == 1 { "is" } else { "are" },
            verdict(outcome)
        ));
    }
    if outcome == Outcome::N {
        out.push(
            "A winning move leaves nim-sum 0 with a heap of 2 or more, or an odd number of \
             heaps of 1 and nothing larger:"
                .into(),
        );
    }
    winning_moves(solver, sum, Play::Misere, out)
}

fn by_search(
    solver: &mut Solver,
    sum: &Sum,
    play: Play,
    by_theory: bool,
    out: &mut Vec<String>,
) -> Result<()> {
    let value = solver.value(sum, play)?;
    out.push(String::new());
    if by_theory {
        out.push(format!("By the theorem: {}.", verdict(value.outcome)));
        return winning_moves(solver, sum, play, out);
    }
    out.push(
        "Misère play has no Sprague–Grundy shortcut for sums: grundy searched the sum itself, \
         labelling each position reached P (every move leads to N) or N (some move leads to \
         P), with a terminal position N since the player who cannot move wins."
            .into(),
    );
    out.push(format!(
        "The search labelled {} positions; this one is {}.",
        solver.searched(),
        verdict(value.outcome)
    ));
    winning_moves(solver, sum, play, out)
}

fn by_labelling(
    solver: &mut Solver,
    sum: &Sum,
    play: Play,
    by_theory: bool,
    out: &mut Vec<String>,
) -> Result<()> {
    let value = solver.value(sum, play)?;
    out.push(String::new());
    if by_theory {
        out.push(format!("By the theorem: {}.", verdict(value.outcome)));
    } else if !solver.has_cycles(sum) {
        out.push(format!(
            "The game can end in a draw, so it has no nimbers: grundy searched it, labelling \
             a drawn end D, a terminal position {}, a position with a move to a P-position N, \
             one whose moves all lead to N-positions P, and the rest D.",
            play.terminal().letter()
        ));
        out.push(format!(
            "The search labelled {} positions; this one is {}.",
            solver.searched(),
            verdict(value.outcome)
        ));
    } else {
        if play == Play::Misere {
            out.push(
                "Misère play of a game with cycles has no theory of values (Smith's γ and its \
                 rule for sums hold under normal play only), so the position is labelled as a \
                 whole, not part by part."
                    .into(),
            );
        }
        out.push(format!(
            "Play can go round a cycle, so grundy labelled every position reachable from here by \
         Ferguson's algorithm: terminal positions {}; a position with a move to a P-position \
         N; a position whose every move leads to an N-position P; repeat until nothing \
         changes. What is never labelled is a draw (D): neither player can force a win.",
            play.terminal().letter()
        ));
        out.push(format!(
            "{} positions were labelled; this one is {}.",
            solver.searched(),
            verdict(value.outcome)
        ));
    }
    if value.outcome == Outcome::D {
        return drawing_moves(solver, sum, play, out);
    }
    winning_moves(solver, sum, play, out)
}

/// Normal play with cycles: each part's γ value, and Smith's rule for the sum.
fn by_gamma(solver: &mut Solver, sum: &Sum, out: &mut Vec<String>) -> Result<()> {
    out.push(String::new());
    out.push(
        "Play can go round a cycle, so the parts are valued by the generalised Sprague–Grundy \
         function γ (Smith 1966; Fraenkel and Yesha 1986): grundy labels a part's positions in \
         rounds; round m gives the value m to a position with options of every value below m \
         and none of value m, whose every other option has an option of value m; what no \
         round labels is ∞(K), K the finite values among its options."
            .into(),
    );
    out.push(String::new());
    out.push("Each part's γ:".into());
    let mut finite = Vec::new();
    let mut infinite = Vec::new();
    for &written in &sum.0 {
        for part in solver.components(written)? {
            let g = solver.part_gamma(part)?;
            let label = solver.format_part(part);
            out.push(format!("  {label}: {g}"));
            match g {
                Gamma::Finite(m) => finite.push((label, m)),
                Gamma::Infinite { infinite: k } => infinite.push((label, k)),
            }
        }
    }
    if finite.is_empty() && infinite.is_empty() {
        out.push("  none: no part has a move left.".into());
    }
    let s = finite.iter().fold(0, |a, r| a ^ r.1);
    out.push(String::new());
    out.push(
        "Smith's rule: the finite values XOR to s; with no infinite part the sum is P exactly \
         when s = 0; with one part ∞(K) it is N when s is in K (move that part to an option \
         of value s) and a draw otherwise; with two or more infinite parts it is a draw."
            .into(),
    );
    if finite.len() > 1 {
        out.push("The finite values in binary columns:".into());
        out.extend(binary_columns(&finite, s));
    }
    let value = solver.gamma(sum)?;
    out.push(match &infinite[..] {
        [] => format!(
            "s = {s}, and no part is infinite: {}.",
            verdict(value.outcome())
        ),
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
                verdict(value.outcome())
            )
        }
        many => format!(
            "{} parts are infinite: {}.",
            many.len(),
            verdict(value.outcome())
        ),
    });
    out.push(format!("The sum's value by Smith's theorem: γ = {value}."));
    if value.outcome() == Outcome::D {
        return drawing_moves(solver, sum, Play::Normal, out);
    }
    winning_moves(solver, sum, Play::Normal, out)
}

/// The moves of a drawn position that keep the draw.
fn drawing_moves(solver: &mut Solver, sum: &Sum, play: Play, out: &mut Vec<String>) -> Result<()> {
    out.push("Moves that keep the draw (every other move loses):".into());
    for child in solver.moves(sum)? {
        if solver.value(&child, play)?.outcome == Outcome::D {
            out.push(format!(
                "  {}: {}",
                solver.describe_move(sum, &child)?,
                solver.format(&child)
            ));
        }
    }
    Ok(())
}

fn winning_moves(solver: &mut Solver, sum: &Sum, play: Play, out: &mut Vec<String>) -> Result<()> {
    let moves = match solver.winning_moves(sum, play) {
        Err(e) if e.is_budget() => {
            let why = solver.budget().explain(&e);
            match solver.winning_move_by_theory(sum, play) {
                Some(named) => {
                    out.push(format!(
                        "The theorem names a winning move (the search for the others stopped: \
                         {why}):"
                    ));
                    out.push(format!(
                        "  {}: {}",
                        solver.describe_move(sum, &named)?,
                        solver.format(&named)
                    ));
                }
                None if solver.outcome_by_theory(sum, play).is_some() => out.push(format!(
                    "The theorem shows that a winning move exists but does not name it, and the \
                     search for one stopped: {why}."
                )),
                // The reasoning above shows the outcome (and, by the nim-sum, which
                // parts to change); only the list of moves is out of reach.
                None => out.push(format!("The winning moves are not listed: {why}.")),
            }
            return Ok(());
        }
        moves => moves?,
    };
    if moves.is_empty() {
        if solver.value(sum, play)?.outcome == Outcome::P {
            out.push("Every move leads to an N-position: the player to move loses.".into());
        }
        return Ok(());
    }
    out.push(match moves.len() {
        1 => "The winning move (it leaves a P-position):".into(),
        n => format!("The {n} winning moves (each leaves a P-position):"),
    });
    for child in moves {
        out.push(format!(
            "  {}: {}",
            solver.describe_move(sum, &child)?,
            solver.format(&child)
        ));
    }
    Ok(())
}

/// "a P-position: …" in words.
pub fn verdict(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "a P-position, the previous player wins",
        Outcome::N => "an N-position, the player to move wins",
        Outcome::D => "a draw, neither player can force a win",
    }
}
