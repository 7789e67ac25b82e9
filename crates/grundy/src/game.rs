//! The interface of a game: a small core trait, [`Game`], and capabilities beside
//! it that a game opts into and the solvers discover through
//! [`Game::capabilities`].
//!
//! The core is what every game has: its moves, an optional split into independent
//! parts, and its text. A capability is what some games have: a theorem that
//! values positions ([`Theory`]), sizes known without search ([`Size`]), a picture
//! ([`Picture`]), a search of their own that beats the generic one ([`OwnSearch`]),
//! positions with no move that end in a draw ([`DrawnEnds`]), notes on what reading a
//! position changed ([`ReadingNotes`]). A game lists the ones
//! it has in one place:
//!
//! ```
//! use grundy::{Capabilities, Game, Nimber, Play, Result, Theory};
//!
//! /// Take one or two chips from a single heap.
//! struct OneOrTwo;
//!
//! impl Game for OneOrTwo {
//!     type Position = u64;
//!     fn moves(&self, n: &u64, out: &mut Vec<u64>) -> Result<()> {
//!         out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
//!         Ok(())
//!     }
//!     fn parse_position(&self, text: &str) -> Result<u64> {
//!         text.parse().map_err(|_| grundy::invalid!("'{text}' is not a heap"))
//!     }
//!     fn format_position(&self, n: &u64) -> String {
//!         n.to_string()
//!     }
//!     fn describe_move(&self, from: &u64, to: &u64) -> Result<String> {
//!         Ok(format!("take {}", from - to))
//!     }
//!     fn capabilities(&self) -> Capabilities<'_, u64> {
//!         Capabilities { theory: Some(self), ..Capabilities::default() }
//!     }
//! }
//!
//! impl Theory<u64> for OneOrTwo {
//!     fn theorem(&self, _play: Play) -> &'static str {
//!         "g(n) = n mod 3"
//!     }
//!     fn nimber(&self, n: &u64) -> Option<Nimber> {
//!         Some(n % 3)
//!     }
//! }
//! # assert_eq!(OneOrTwo.capabilities().theory.unwrap().nimber(&7), Some(1));
//! ```

use std::fmt::Debug;
use std::hash::Hash;

use crate::drawing::{Marked, Marking};
use crate::{Budget, Drawing, Nimber, Outcome, Play, Result};

/// An impartial game: the same moves for both players.
///
/// A position may be a sum of independent parts (Nim heaps, tokens on a graph);
/// [`Game::components`] splits it, and the solvers value each part once.
pub trait Game: Send + 'static {
    /// A position of the game, as a user writes it (possibly several parts).
    type Position: Clone + Eq + Hash + Debug + Send + 'static;

    /// Every position one move away, appended to `out`. Parts keep their order, so
    /// that a move reads as a change of one part. The built-in games cannot fail; a
    /// game whose own code can (one defined in Python) says so with
    /// [`Error::Game`](crate::Error::Game), and the solvers pass it on.
    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>) -> Result<()>;

    /// The independent parts of `p`, each indivisible, appended to `out`; parts with
    /// no move may be left out. Default: `p` itself.
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Position>) -> Result<()> {
        out.push(p.clone());
        Ok(())
    }

    /// Reads a position written in this game's syntax (the part after the game's name).
    fn parse_position(&self, text: &str) -> Result<Self::Position>;

    /// Writes a position in the syntax [`Game::parse_position`] reads.
    fn format_position(&self, p: &Self::Position) -> String;

    /// The move from `from` to `to` in words, e.g. "take 9 from the heap of 13".
    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> Result<String>;

    /// Why no single move leads from `from` to `to`, in one sentence.
    fn why_illegal(&self, from: &Self::Position, to: &Self::Position) -> String {
        format!(
            "no single move leads from {} to {}",
            self.format_position(from),
            self.format_position(to)
        )
    }

    /// What the game can do beyond its moves. Default: nothing more.
    fn capabilities(&self) -> Capabilities<'_, Self::Position> {
        Capabilities::default()
    }
}

/// The capabilities of a game, each present or not; see the module documentation.
pub struct Capabilities<'a, P> {
    /// Theorems that value positions without search.
    pub theory: Option<&'a dyn Theory<P>>,
    /// Sizes known without search, to refuse a search larger than its budget at once.
    pub size: Option<&'a dyn Size<P>>,
    /// Pictures of positions.
    pub picture: Option<&'a dyn Picture<P>>,
    /// A nimber search of the game's own.
    pub search: Option<&'a dyn OwnSearch<P>>,
    /// Positions with no move where the game ends in a draw. Such a game has
    /// outcomes (P, N or D) but no nimbers.
    pub drawn_ends: Option<&'a dyn DrawnEnds<P>>,
    /// Notes on reading a position: what the rules changed at once.
    pub notes: Option<&'a dyn ReadingNotes>,
    /// Play can return to an earlier position (the game may be drawn).
    pub cycles: bool,
    /// The game is played on its own and cannot be a part of a sum: a partizan game
    /// whose positions say who is to move, or a game won by the move that completes
    /// a pattern.
    pub alone: bool,
}

impl<P> Default for Capabilities<'_, P> {
    fn default() -> Self {
        Capabilities {
            theory: None,
            size: None,
            picture: None,
            search: None,
            drawn_ends: None,
            notes: None,
            cycles: false,
            alone: false,
        }
    }
}

/// The most units (heaps, edges) a theorem's list of moves may hold, all positions
/// together ([`Theory::moves_to_nimber`]); past it the theorem lets the solvers
/// list the moves, within their own budget.
pub const THEORY_LISTS: u64 = 10_000_000;

/// Theorems about a game's positions: who wins, nimbers, winning moves, each where
/// the theorem answers, with the reasoning in words for `explain`.
pub trait Theory<P> {
    /// The name of the theorem that answers under `play`, as the analysis cites it
    /// ("Bouton's theorem").
    fn theorem(&self, play: Play) -> &'static str;

    /// The nimber of the indivisible part `p`.
    fn nimber(&self, _p: &P) -> Option<Nimber> {
        None
    }

    /// The outcome of `p` played on its own under `play`. The solvers ask it before
    /// any search, and it may answer where [`Theory::nimber`] does not.
    fn outcome(&self, _p: &P, _play: Play) -> Option<Outcome> {
        None
    }

    /// The moves from `p` to a position of nimber `target` (under normal play,
    /// `target` 0 gives the winning moves of `p` played alone): every such move, or
    /// where there are more than can be listed, one of each kind (as the game
    /// documents); `None` means "list the moves and look", and so does a list that
    /// would hold more than [`THEORY_LISTS`] units.
    fn moves_to_nimber(&self, _p: &P, _target: Nimber) -> Option<Vec<P>> {
        None
    }

    /// A winning move from `p` (normal play) that the theorem names where it does
    /// not name them all: the analysis shows it when the search for the others is
    /// not made, and the computer plays it.
    fn winning_move(&self, _p: &P) -> Option<P> {
        None
    }

    /// `Some(n)` when the indivisible part `p` has exactly the game tree of a Nim heap
    /// of `n` chips, so that misère Nim's rule applies to sums of such parts.
    fn nim_heap(&self, _p: &P) -> Option<u64> {
        None
    }

    /// The theorem at work on `p` under `play`, in the notes' terms: lines of text
    /// that `explain` shows before its own reasoning; empty when it does not apply.
    fn explain(&self, _p: &P, _play: Play) -> Vec<String> {
        Vec::new()
    }

    /// How the theorem finds the nimber of the indivisible part `p`, one line a
    /// step; `None` when it does not.
    fn explain_nimber(&self, _p: &P) -> Option<Vec<String>> {
        None
    }
}

/// Sizes of a game known without search.
pub trait Size<P> {
    /// How many moves `p` has, where known, or a bound above it that is large only
    /// when `p` has a move; the solvers refuse a list of moves larger than the
    /// position budget, and take a large count for a move left.
    fn count_moves(&self, _p: &P) -> Option<u64> {
        None
    }

    /// Whether [`Size::count_moves`] is exact, so that a positive count means a move
    /// is left. Default: it is.
    fn counts_exactly(&self) -> bool {
        true
    }

    /// How many units `p` holds (heaps, edges, coins): each position in a list of
    /// its moves holds about as many, and the solvers count a list of moves as
    /// moves × weight against the position budget. Default: 1.
    fn weight(&self, _p: &P) -> u64 {
        1
    }

    /// How many positions can be reached from `p` (itself included), or a bound
    /// above it, saturating at `u64::MAX`; a position that is a sum counts once
    /// whatever the order of its parts. The solvers refuse at once a search of more
    /// positions than the budget.
    fn count_positions(&self, _p: &P) -> Option<u64> {
        None
    }

    /// About how many options a search of `p` looks at in all, where that is known
    /// before it starts; counted no further than past `most`. The solvers refuse
    /// at once a search that would take longer than its budget's time
    /// ([`Budget::affords`](crate::Budget::affords)).
    fn count_options(&self, _p: &P, _most: u64) -> Option<u64> {
        None
    }
}

/// Pictures of a game's positions, with the moves a click makes.
pub trait Picture<P> {
    /// `p` drawn ([`Drawing`]: its shapes, and every move its clicks can make), or
    /// [`Error::TooLarge`](crate::Error::TooLarge) for a position too large to
    /// draw. `history` holds the positions of the game before `p`, oldest first
    /// (empty where there is none): a picture may show from them what the moves
    /// did (the pieces placed on a board, the last one marked).
    fn draw(&self, p: &P, history: &[P]) -> Result<Drawing<P>>;

    /// What `marks` (names of shapes of `p`'s picture, or strip cells) make: by
    /// default, of the moves its drawing lists. A picture whose moves are asked for
    /// by their marks (`Drawing::on_request`) answers here without listing them.
    fn marking(&self, p: &P, marks: &[String]) -> Result<Marking<P>>
    where
        P: Clone,
    {
        Ok(self.draw(p, &[])?.marking(marks))
    }

    /// The marks of the move from `p` to `to` on `p`'s picture (to show a hint on
    /// it), if a click makes it: by default, from the moves its drawing lists.
    fn leading(&self, p: &P, to: &P) -> Result<Option<Marked<P>>>
    where
        P: Clone + PartialEq,
    {
        Ok(self.draw(p, &[])?.move_to(to))
    }
}

/// A nimber search of the game's own, for games where asking "is the nimber k?"
/// costs less than valuing every option (Cram's outcome search stops at the first
/// winning move). What it keeps between questions is its [`SearchTable`].
pub trait OwnSearch<P>: SearchTable {
    /// Whether `p` has nimber `k` (whether `p` plus a nim heap of `k` is a
    /// P-position); past its budget it stops with [`Error::Budget`](crate::Error::Budget).
    fn has_nimber(&self, p: &P, k: Nimber, budget: &Budget) -> Result<bool>;

    /// `p`'s canonical form under the game's symmetries: the position that stands
    /// for all of `p`'s images (the same game, with the same nimber), so that a
    /// search split over machines asks its questions once for twins. Default: `p`.
    fn canonical_form(&self, p: &P) -> P
    where
        P: Clone,
    {
        p.clone()
    }

    /// The certificate of `p`'s nimber ([`crate::certificate`]), for a search that
    /// writes them; `None` for one that does not.
    fn certificate(
        &self,
        _p: &P,
        _budget: &Budget,
    ) -> Option<Result<crate::certificate::Certificate>> {
        None
    }
}

/// What a game's own search ([`OwnSearch`]) keeps between questions, whatever
/// its positions: kept on disk, measured, handed to another search of the game.
pub trait SearchTable {
    /// Writes what the searches learnt to the budget's
    /// [`Checkpoint`](crate::Checkpoint), where it names one and the search keeps
    /// one: called once the searches of a question are over, however they ended.
    fn keep(&self, _budget: &Budget) -> Result<()> {
        Ok(())
    }

    /// How many positions the search has learnt something of: the measure of its
    /// work.
    fn learnt(&self) -> usize {
        0
    }

    /// What the search has learnt, as bytes to hand to another search of the game
    /// ([`SearchTable::absorb`]); `None` for a search that does not hand it on.
    fn export(&self) -> Option<Vec<u8>> {
        None
    }

    /// Adds what another search of the game learnt ([`SearchTable::export`]) to
    /// this one's: refused with a sentence where the bytes are not that.
    fn absorb(&self, _bytes: &[u8], _budget: &Budget) -> Result<()> {
        Err(crate::invalid!(
            "this game's search takes nothing from another"
        ))
    }
}

/// What reading a position's text changed at once, as the rules say (Green
/// Hackenbush: edges not joined to the ground fall away).
pub trait ReadingNotes {
    /// One sentence for each change made in reading `text`; empty when none.
    fn notes(&self, text: &str) -> Vec<String>;
}

/// Positions with no move where the game ends in a draw (a full SOS board with no
/// SOS on it), under normal and misère play alike.
pub trait DrawnEnds<P> {
    /// True when `p` has no move and the game ends there drawn.
    fn is_drawn_end(&self, p: &P) -> bool;
}
