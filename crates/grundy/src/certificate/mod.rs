//! Certificates of board nimbers: what a board search proved, written so that a
//! skeptic can check it without trusting the search. A certificate names a
//! placement game, a board and its nimber, and lists regions, each with the nimber
//! the proof rests on; [`check`] verifies every listed nimber as the mex of its
//! region's options, with rules of its own that share no code with the search.
//!
//! The file is text, a line each:
//!
//! ```text
//! grundy certificate 1
//! game cram
//! position 5x7
//! nimber 1
//! region ../../.# 2
//! …
//! end
//! ```
//!
//! Regions of at most [`VALUED_BY_CHECKER`] cells are not listed: the checker values
//! them itself, by plain mex over their options.

pub mod check;

use std::fmt;

use crate::Nimber;

/// Regions of at most this many cells are valued by the checker itself, by plain
/// mex over their options, and are left out of a certificate.
pub const VALUED_BY_CHECKER: u32 = 12;

/// The first line of a certificate, naming its format's version.
pub const HEADER: &str = "grundy certificate 1";

/// What a board search proved of one position: its nimber, and the nimbers of the
/// regions the proof rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The game as in a SPEC: `cram`, `place:0.0,0.1,1.0`.
    pub game: String,
    /// The position in the game's syntax: `5x7`, `../.#`.
    pub position: String,
    /// The position's nimber.
    pub nimber: Nimber,
    /// Regions (pictures in the game's syntax) and their nimbers, each region once.
    pub regions: Vec<(String, Nimber)>,
}

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{HEADER}")?;
        writeln!(f, "game {}", self.game)?;
        writeln!(f, "position {}", self.position)?;
        writeln!(f, "nimber {}", self.nimber)?;
        for (region, nimber) in &self.regions {
            writeln!(f, "region {region} {nimber}")?;
        }
        write!(f, "end")
    }
}
