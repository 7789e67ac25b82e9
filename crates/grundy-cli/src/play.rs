//! `grundy play`: a game against the computer, which plays perfectly. The person
//! types the position they leave (or `#k`, the k-th move of `moves`); the computer
//! checks it, answers with a winning move whenever there is one, keeps a drawn game
//! drawn, and otherwise makes the move that leaves the longest game.

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::{bail, Result};
use grundy::solve::{Solver, Sum};
use grundy::{explain, spec, Outcome, Play};

const HELP: &str = "Type the position you leave after your move, written like the one shown \
(for one part just its position, e.g. 13,4,8), or a move's number from 'moves' (e.g. #2). \
Other commands: 'moves' lists every move, 'hint' shows the winning move and why, 'quit' ends the game.";

/// Plays `spec_text` against the person at the terminal (or a script on standard
/// input, where an illegal move ends the game with an error).
pub fn run(
    spec_text: &str,
    misere: bool,
    computer_first: bool,
    max_positions: usize,
) -> Result<()> {
    let play = if misere { Play::Misere } else { Play::Normal };
    let mut solver = Solver::new(max_positions);
    let mut position = spec::parse(spec_text, &mut solver)?;
    let interactive = io::stdin().is_terminal();
    let rule = match play {
        Play::Normal => "whoever makes the last move wins",
        Play::Misere => "whoever makes the last move loses (misère play)",
    };
    out!("We take turns; {rule}. {HELP}");
    let mut lines = io::stdin().lock().lines();
    let mut computer_to_move = computer_first;
    let mut show = true;
    loop {
        let moves = solver.moves(&position)?;
        if show {
            out!();
            out!("Position: {}", solver.format(&position));
        }
        if solver.is_drawn_end(&position) {
            out!("No move is left and nobody has won: a draw.");
            return Ok(());
        }
        if moves.is_empty() {
            let mover_wins = play == Play::Misere;
            let computer_wins = computer_to_move == mover_wins;
            let who = if computer_to_move {
                "I have"
            } else {
                "You have"
            };
            out!(
                "{who} no move left: {}",
                if computer_wins {
                    "I win."
                } else {
                    "you win. Well played!"
                }
            );
            return Ok(());
        }
        if computer_to_move {
            let chosen = computer_move(&mut solver, &position, play, &moves)?;
            out!(
                "I {}: {}",
                solver.describe_move(&position, &chosen),
                solver.format(&chosen)
            );
            position = chosen;
            computer_to_move = false;
            show = true;
            continue;
        }
        let mut stdout = io::stdout();
        if write!(stdout, "Your move: ")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            return Ok(());
        }
        let Some(line) = lines.next() else {
            out!();
            return Ok(());
        };
        let line = line?;
        let text = line.trim();
        show = false;
        match text {
            "" => {}
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => out!("{HELP}"),
            "moves" => {
                for (i, m) in moves.iter().enumerate() {
                    let outcome = solver.value(m, play)?.outcome;
                    let mark = if outcome == Outcome::P {
                        "  (wins)"
                    } else {
                        ""
                    };
                    out!(
                        "  #{:<3} {}   {}{mark}",
                        i + 1,
                        solver.format(m),
                        solver.describe_move(&position, m)
                    );
                }
            }
            "hint" => {
                for line in explain::explain(&mut solver, &position, play)? {
                    out!("{line}");
                }
            }
            _ => match chosen_move(&mut solver, &position, &moves, text) {
                Ok(next) => {
                    out!(
                        "You {}: {}",
                        solver.describe_move(&position, &next),
                        solver.format(&next)
                    );
                    position = next;
                    computer_to_move = true;
                    show = true;
                }
                Err(why) if interactive => out!("{why} Try again, or type 'moves'."),
                Err(why) => bail!(why),
            },
        }
    }
}

/// The move the person typed, or one sentence saying why it is refused.
fn chosen_move(
    solver: &mut Solver,
    position: &Sum,
    moves: &[Sum],
    text: &str,
) -> Result<Sum, String> {
    if let Some(number) = text.strip_prefix('#') {
        let index = number
            .trim()
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1));
        return match index.and_then(|i| moves.get(i)) {
            Some(m) => Ok(m.clone()),
            None => Err(format!(
                "'{text}' is not a move number: 'moves' numbers them #1 to #{}.",
                moves.len()
            )),
        };
    }
    let next = spec::parse_like(text, position, solver)
        .map_err(|e| format!("'{text}' is not a position of this game: {e}."))?;
    if moves.contains(&next) {
        Ok(next)
    } else {
        Err(format!(
            "'{text}' is not a legal move: {}.",
            solver.why_illegal(position, &next)
        ))
    }
}

/// A winning move if there is one; else a move that keeps a draw; else the move
/// that leaves the most moves still to make.
fn computer_move(solver: &mut Solver, position: &Sum, play: Play, moves: &[Sum]) -> Result<Sum> {
    if let Some(m) = solver.winning_moves(position, play)?.into_iter().next() {
        return Ok(m);
    }
    if !solver.has_nimbers(position) {
        for m in moves {
            if solver.value(m, play)?.outcome == Outcome::D {
                return Ok(m.clone());
            }
        }
        return Ok(moves[0].clone());
    }
    let mut best = (0, &moves[0]);
    for m in moves {
        let height = solver.height(m)?;
        if height > best.0 {
            best = (height, m);
        }
    }
    Ok(best.1.clone())
}
