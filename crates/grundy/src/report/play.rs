//! The words of a game played against the computer (`grundy play`): each move as
//! it is made, and who won when no move is left.

use std::fmt::{self, Display, Formatter};

use crate::analysis::{Analysis, Position, Winner};
use crate::Outcome;

/// Who made a move, or is to make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// The computer.
    Computer,
    /// The person playing it.
    Person,
}

/// A move made: "I take 9 from the heap of 13: nim 4,12,8", and of the
/// computer's, why it is not proved to win where it is not.
pub struct Played<'a> {
    /// Who made it.
    pub by: Mover,
    /// The move in words.
    pub description: &'a str,
    /// The position it leaves.
    pub position: &'a Position,
    /// Why the move is not proved to win though the player to move wins
    /// ([`Analysis::computer_move_unproved`]).
    pub unproved: Option<&'a str>,
}

impl Display for Played<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let who = match self.by {
            Mover::Computer => "I",
            Mover::Person => "You",
        };
        write!(f, "{who} {}: {}", self.description, self.position)?;
        if let Some(why) = self.unproved {
            write!(f, "\n(I play this without a proof that it wins: {why}.)")?;
        }
        Ok(())
    }
}

/// Every move, numbered for the person to choose by number, the winning ones
/// marked.
pub struct NumberedMoves<'a>(&'a Analysis);

impl<'a> NumberedMoves<'a> {
    /// The moves of `a` (analysed with every move).
    pub fn new(a: &'a Analysis) -> Self {
        NumberedMoves(a)
    }
}

impl Display for NumberedMoves<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (i, m) in self.0.moves.iter().flatten().enumerate() {
            let mark = match m.outcome {
                Outcome::P => "  (wins)",
                _ => "",
            };
            let newline = if i == 0 { "" } else { "\n" };
            let (position, description) = (&m.to.position, &m.to.description);
            write!(
                f,
                "{newline}  #{:<3} {position}   {description}{mark}",
                i + 1
            )?;
        }
        Ok(())
    }
}

/// The end of a game: who won, said to the person playing the computer.
pub struct GameOver {
    /// Who won, as the analysis of the last position says.
    pub winner: Winner,
    /// Who was to move when no move was left.
    pub to_move: Mover,
}

impl Display for GameOver {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let computer_won = match self.winner {
            Winner::Draw => return f.write_str("No move is left and nobody has won: a draw."),
            Winner::Mover => self.to_move == Mover::Computer,
            Winner::Previous => self.to_move == Mover::Person,
        };
        let who = match self.to_move {
            Mover::Computer => "I have",
            Mover::Person => "You have",
        };
        let verdict = match computer_won {
            true => "I win.",
            false => "you win. Well played!",
        };
        write!(f, "{who} no move left: {verdict}")
    }
}
