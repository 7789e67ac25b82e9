//! # grundy — an engine for impartial combinatorial games
//!
//! An impartial game offers both players the same moves. Under *normal play* the
//! player who cannot move loses; under *misère play* that player wins. Every position
//! of a finite impartial game is either a P-position (the previous player wins) or an
//! N-position (the next player wins); a game whose play can go on forever may also
//! have D-positions (draws).
//!
//! The Sprague–Grundy theorem gives every position of a finite game under normal play
//! a *nimber* g: a position is P exactly when g = 0, a position's nimber is the mex
//! (minimum excluded value) of its options' nimbers, and the nimber of a sum of games
//! is the nim-sum (XOR) of the parts' nimbers. This crate is built on that theorem:
//!
//! - [`Game`] is the one interface every game family implements ([`games`]);
//! - [`solve`] holds the generic solvers: memoised nimber search over components,
//!   search of whole sums under misère play, retrograde analysis (Ferguson's labelling
//!   algorithm) of explicit graphs with draws;
//! - [`spec`] turns text such as `nim 13,12,8 + sub:1,3,4 100` into positions;
//! - [`explain`] writes the reasoning behind a verdict, as the lecture notes do.
#![warn(missing_docs)]

pub mod explain;
pub mod games;
pub mod solve;
pub mod spec;
pub mod table;

use std::fmt::Debug;
use std::hash::Hash;

/// A Sprague–Grundy value: the position plays like a Nim heap of this size.
pub type Nimber = u64;

/// Who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither can force a win: play goes on forever.
    D,
}

impl Outcome {
    /// The letter used in tables and JSON: "P", "N" or "D".
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }
}

/// The rule that decides the winner when no move is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Play {
    /// The last player to move wins.
    #[default]
    Normal,
    /// The last player to move loses.
    Misere,
}

impl Play {
    /// The outcome of a position with no move: the player to move has lost under
    /// normal play and won under misère play.
    pub fn terminal(self) -> Outcome {
        match self {
            Play::Normal => Outcome::P,
            Play::Misere => Outcome::N,
        }
    }

    /// "normal" or "misere", as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

/// The minimum excluded value: the least nimber not among `values`.
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    // Values below 64 go in a bit mask; larger ones, rare, in a list.
    let mut small = 0u64;
    let mut large = Vec::new();
    for v in values {
        if v < 64 {
            small |= 1 << v;
        } else {
            large.push(v);
        }
    }
    if small != u64::MAX {
        return small.trailing_ones() as Nimber;
    }
    large.sort_unstable();
    large.dedup();
    let missing = large
        .iter()
        .enumerate()
        .find(|&(i, &v)| v != 64 + i as Nimber);
    64 + missing.map_or(large.len(), |(i, _)| i) as Nimber
}

/// Errors of the engine: bad input, or a search larger than its budget.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Error {
    /// The input could not be understood; the message names the bad token.
    #[error("{0}")]
    Invalid(String),
    /// The search needed more positions than allowed.
    #[error("the search needs more than {limit} positions; raise the budget with --max-positions")]
    Budget {
        /// The budget that was exceeded.
        limit: usize,
    },
}

/// A shorthand for results of the engine.
pub type Result<T> = std::result::Result<T, Error>;

/// Builds an [`Error::Invalid`] from a format string.
#[macro_export]
macro_rules! invalid {
    ($($arg:tt)*) => { $crate::Error::Invalid(format!($($arg)*)) };
}

/// An impartial game: the same moves for both players.
///
/// A position may be a sum of independent parts (Nim heaps, tokens on a graph);
/// [`Game::components`] splits it, and the solvers value each part once.
pub trait Game {
    /// A position of the game, as a user writes it (possibly several parts).
    type Position: Clone + Eq + Hash + Debug;

    /// Every position one move away, appended to `out`. Parts keep their order, so
    /// that a move reads as a change of one part.
    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>);

    /// The independent parts of `p`, each indivisible, appended to `out`; parts with
    /// no move may be left out. Default: `p` itself.
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(p.clone());
    }

    /// The nimber of an indivisible part, where a theorem gives it without search.
    fn nimber_by_theory(&self, _p: &Self::Position) -> Option<Nimber> {
        None
    }

    /// Whether `p` has nimber `k` (whether `p` plus a nim heap of `k` is a
    /// P-position), by the game's own search where it has one that asks less than
    /// valuing every option (Cram's outcome search stops at the first winning move);
    /// past `limit` positions it stops with [`Error::Budget`]. `None`: no own search.
    fn has_nimber(&self, _p: &Self::Position, _k: Nimber, _limit: usize) -> Option<Result<bool>> {
        None
    }

    /// `Some(n)` when the indivisible part `p` has exactly the game tree of a Nim heap
    /// of `n` chips, so that misère Nim's rule applies to sums of such parts.
    fn nim_heap(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// The moves from `p` to a position of nimber `target`, where a theorem finds
    /// them without listing all moves: every such move, or where there are more
    /// than can be listed, one of each kind (as the game documents); `None` means
    /// "list the moves and look".
    fn moves_to_nimber(&self, _p: &Self::Position, _target: Nimber) -> Option<Vec<Self::Position>> {
        None
    }

    /// How many moves `p` has, where that is known without listing them; the solvers
    /// use it to refuse a list of moves larger than the position budget.
    fn count_moves(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// How many positions can be reached from `p` (itself included), or a bound, where
    /// that is known without search; the solvers refuse at once a search of more
    /// positions than the budget, rather than work towards it move by move.
    fn count_positions(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// How a theorem finds the nimber of the indivisible part `p`, step by step, one
    /// line each, for `explain`; `None` when the nimber comes from search.
    fn reasoning(&self, _p: &Self::Position) -> Option<Vec<String>> {
        None
    }

    /// A picture of `p` as an SVG document, where the family draws one.
    fn picture(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// False when play can return to an earlier position (the game may be drawn).
    fn is_acyclic(&self) -> bool {
        true
    }

    /// True when some position with no move ends the game drawn rather than lost by
    /// the player to move ([`Game::is_drawn_end`]). Such a game has outcomes (P, N or
    /// D) but no nimbers.
    fn has_drawn_ends(&self) -> bool {
        false
    }

    /// True when `p` has no move and the game ends there in a draw (a full SOS board
    /// with no SOS on it), under normal and misère play alike.
    fn is_drawn_end(&self, _p: &Self::Position) -> bool {
        false
    }

    /// False for a game that is played on its own and cannot be a part of a sum: a
    /// partizan game whose positions say who is to move, or a game won by the move
    /// that completes a pattern.
    fn joins_sums(&self) -> bool {
        true
    }

    /// The outcome of `p` played on its own under `play`, where a theorem gives it
    /// without search. The solvers use it where they search outcomes rather than
    /// nimbers: misère play, games with cycles or drawn ends.
    fn outcome_by_theory(&self, _p: &Self::Position, _play: Play) -> Option<Outcome> {
        None
    }

    /// The theorem that solves `p`, at work, in the notes' terms: lines of text that
    /// `explain` shows before its own reasoning; empty when no theorem applies.
    fn theory(&self, _p: &Self::Position, _play: Play) -> Vec<String> {
        Vec::new()
    }

    /// Reads a position written in this game's syntax (the part after the game's name).
    fn parse_position(&self, text: &str) -> Result<Self::Position>;

    /// Writes a position in the syntax [`Game::parse_position`] reads.
    fn format_position(&self, p: &Self::Position) -> String;

    /// The move from `from` to `to` in words, e.g. "take 9 from the heap of 13".
    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String;

    /// Why no single move leads from `from` to `to`, in one sentence.
    fn why_illegal(&self, from: &Self::Position, to: &Self::Position) -> String {
        format!(
            "no single move leads from {} to {}",
            self.format_position(from),
            self.format_position(to)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([2, 0, 1, 1, 0]), 3);
        assert_eq!(mex(0..64), 64);
        assert_eq!(mex((0..70).filter(|&v| v != 66)), 66);
        assert_eq!(mex([1 << 40, 0]), 1);
    }
}
