//! `grundy play`: a game against the computer, which plays perfectly. The person
//! types the position they leave (or `#k`, the k-th move of `moves`); the library
//! checks it and chooses the computer's answer ([`Analyst::computer_turn`]); this
//! module only talks.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use anyhow::{bail, Result};
use grundy::analysis::ComputerTurn;
use grundy::report::{ExplainReport, GameOver, Mover, NumberedMoves, Played, Voice};
use grundy::{Analyst, Budget, Options, Play, Position};

const HELP: &str = "Type the position you leave after your move, written like the one shown \
(for one part just its position, e.g. 13,4,8), or a move's number from 'moves' (e.g. #2). \
Other commands: 'moves' lists every move, 'hint' shows the winning move and why, 'quit' ends the game.";

/// Plays `spec_text` against the person at the terminal (or a script on standard
/// input, where an illegal move ends the game with an error).
pub fn run(spec_text: &str, misere: bool, computer_first: bool, budget: Budget) -> Result<()> {
    let play = if misere { Play::Misere } else { Play::Normal };
    let options = |explain: bool, all_moves: bool| Options {
        play,
        all_moves,
        explain,
        computer_move: false,
    };
    let mut analyst = Analyst::new(budget.clone());
    let mut position = analyst.parse(spec_text)?;
    let interactive = io::stdin().is_terminal();
    let rule = match play {
        Play::Normal => "whoever makes the last move wins",
        Play::Misere => "whoever makes the last move loses (misère play)",
    };
    out!("We take turns; {rule}. {HELP}");
    let mut input = io::stdin().lock();
    let mut computer_to_move = computer_first;
    let mut show = true;
    loop {
        // Each turn has the whole time.
        analyst.set_budget(budget.restarted());
        if show {
            out!();
            out!("Position: {position}");
        }
        let game_over = |winner, to_move| GameOver {
            winner,
            to_move,
            voice: Voice::Computer,
        };
        if computer_to_move {
            // The computer always moves: past the time, a move a short look finds.
            let turn =
                crate::progress::searching(&budget, || analyst.computer_turn(&position, play))?;
            let (chosen, unproved) = match turn {
                ComputerTurn::Analysed(analysis) => {
                    if let Some(winner) = analysis.winner() {
                        out!("{}", game_over(winner, Mover::Computer));
                        return Ok(());
                    }
                    let chosen = analysis
                        .computer_move
                        .expect("a position with a move left has the computer's move");
                    (chosen, analysis.computer_move_unproved)
                }
                ComputerTurn::Unanalysed { chosen, why } => (chosen, Some(why)),
            };
            out!(
                "{}",
                Played {
                    by: Mover::Computer,
                    description: &chosen.description,
                    position: &chosen.position,
                    unproved: unproved.as_deref(),
                }
            );
            position = chosen.position;
            computer_to_move = false;
            show = true;
            continue;
        }
        // Past the time the game goes on: the person's moves are checked as ever.
        let analysis = crate::progress::searching(&budget, || {
            analyst.analyse(&position, &options(false, false))
        });
        let winner = match analysis {
            Ok(analysis) => analysis.winner(),
            Err(e) if e.is_budget() => None,
            Err(e) => return Err(e.into()),
        };
        if let Some(winner) = winner {
            out!("{}", game_over(winner, Mover::Person));
            return Ok(());
        }
        let mut stdout = io::stdout();
        if write!(stdout, "Your move: ")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            return Ok(());
        }
        let Some(line) = read_line(&mut input)? else {
            // Standard input ended (Ctrl-D, or a script's last line) before the game.
            out!();
            if interactive {
                out!("The game is left unfinished.");
                return Ok(());
            }
            // A script may stop early on purpose; it is told so on standard error.
            crate::fail("standard input ended before the game did: the game is left unfinished");
            return Ok(());
        };
        let text = line.trim();
        show = false;
        // The person's thinking took none of the time of what they ask.
        analyst.set_budget(budget.restarted());
        match text {
            "" => {}
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => out!("{HELP}"),
            "moves" => {
                let listed = match analyst.analyse(&position, &options(false, true)) {
                    Ok(listed) => listed,
                    Err(e) if e.is_budget() => {
                        out!("The moves are too many to list here ({e}); type the position you leave.");
                        continue;
                    }
                    Err(e) => return Err(e.into()),
                };
                out!("{}", NumberedMoves::new(&listed));
            }
            "hint" => match analyst.analyse(&position, &options(true, false)) {
                Ok(hinted) => {
                    out!("{}", ExplainReport::new(&hinted));
                }
                Err(e) if e.is_budget() => {
                    let chosen = analyst.move_without_analysis(&position, play)?;
                    out!(
                        "Try {} ({}): not proved to win, the analysis is out of reach ({}).",
                        chosen.position,
                        chosen.description,
                        budget.explain(&e)
                    );
                }
                Err(e) => return Err(e.into()),
            },
            _ => match chosen_move(&mut analyst, &position, text) {
                Ok(next) => {
                    let description = analyst.describe_move(&position, &next)?;
                    out!(
                        "{}",
                        Played {
                            by: Mover::Person,
                            description: &description,
                            position: &next,
                            unproved: None,
                        }
                    );
                    position = next;
                    computer_to_move = true;
                    show = true;
                }
                Err(why) if interactive => {
                    out!("{} Try again, or type 'moves'.", grundy::tidy(&why))
                }
                Err(why) => bail!(why),
            },
        }
    }
}

/// The longest line a person may type.
const LINE: u64 = 64 * 1024;

/// The next line of input, `None` at its end; a line longer than [`LINE`] bytes is
/// refused rather than read whole.
fn read_line(input: &mut impl BufRead) -> Result<Option<String>> {
    let mut line = String::new();
    input.by_ref().take(LINE + 1).read_line(&mut line)?;
    if line.len() as u64 > LINE {
        bail!("a line of input is longer than {LINE} bytes");
    }
    Ok((!line.is_empty()).then_some(line))
}

/// The move the person typed, or one sentence saying why it is refused.
fn chosen_move(analyst: &mut Analyst, position: &Position, text: &str) -> Result<Position, String> {
    // `#` and digits: a move's number; `#` and anything else is a position, such as
    // a board whose first cell is filled (`##../....`).
    let number = text
        .strip_prefix('#')
        .filter(|n| n.trim().bytes().all(|b| b.is_ascii_digit()));
    if let Some(number) = number {
        let moves = analyst.moves(position).map_err(|e| match e.is_budget() {
            true => format!("'{text}': the moves are too many to number here ({e}); type the position you leave."),
            false => e.to_string(),
        })?;
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
    analyst.legal_move(position, text)
}
