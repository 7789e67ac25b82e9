//! The words of a game played against the computer (`grundy play`): each move as
//! it is made, and who won when no move is left.

use std::fmt::{self, Display, Formatter};

use serde::{Deserialize, Serialize};

use crate::analysis::{Analysis, Position, Winner};
use crate::Outcome;

/// Who made a move, or is to make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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

/// Who speaks for the computer: the computer itself (the terminal: "I win."), or
/// a page that shows the game (the playground: "the computer wins.").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Voice {
    /// The computer, in the first person.
    Computer,
    /// A narrator, of the computer in the third person.
    Narrator,
}

/// The end of a game: who won, said to the person playing the computer.
pub struct GameOver {
    /// Who won, as the analysis of the last position says.
    pub winner: Winner,
    /// Who was to move when no move was left.
    pub to_move: Mover,
    /// Who says it.
    pub voice: Voice,
}

/// Who won a game against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Victor {
    /// The computer.
    Computer,
    /// The person playing it.
    Person,
    /// Nobody: a draw.
    Nobody,
}

impl GameOver {
    /// Who won.
    pub fn victor(&self) -> Victor {
        match (self.winner, self.to_move) {
            (Winner::Draw, _) => Victor::Nobody,
            (Winner::Mover, Mover::Computer) | (Winner::Previous, Mover::Person) => {
                Victor::Computer
            }
            _ => Victor::Person,
        }
    }
}

impl Display for GameOver {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (who, computer_wins) = match self.voice {
            Voice::Computer => ("I have", "I win."),
            Voice::Narrator => ("The computer has", "the computer wins."),
        };
        let who = match self.to_move {
            Mover::Computer => who,
            Mover::Person => "You have",
        };
        let verdict = match self.victor() {
            Victor::Nobody => return f.write_str("No move is left and nobody has won: a draw."),
            Victor::Computer => computer_wins,
            Victor::Person => "you win. Well played!",
        };
        write!(f, "{who} no move left: {verdict}")
    }
}
