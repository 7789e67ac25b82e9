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
//!   algorithm) of explicit graphs with draws, and the generalised Sprague–Grundy
//!   values γ (finite, or ∞(K)) that solve sums of games with cycles part by part;
//! - [`spec`] turns text such as `nim 13,12,8 + sub:1,3,4 100` into positions;
//! - [`explain`] writes the reasoning behind a verdict, as the lecture notes do.
#![warn(missing_docs)]

/// The README's Rust examples, run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust examples of the guide's chapter on the library, run as doctests.
#[doc = include_str!("../../../docs/library.md")]
#[cfg(doctest)]
pub struct LibraryGuideDoctests;

pub mod analysis;
pub mod budget;
pub mod certificate;
pub mod drawing;
pub mod explain;
pub mod files;
mod game;
pub mod games;
pub mod learn;
pub mod notation;
pub mod plot;
pub mod report;
pub mod solve;
pub mod sorting;
pub mod spec;
pub mod stop;
pub mod table;
pub mod tabulate;
pub mod tikz;

pub use analysis::{analyse, draw, Analysis, Analyst, Component, Options, Position};
pub use budget::{Asked, Budget, Checkpoint, Effort, FrontEnd};
pub use drawing::Drawing;
pub use game::{
    Capabilities, DrawnEnds, Game, OwnSearch, Picture, ReadingNotes, SearchTable, Size, Theory,
    THEORY_LISTS,
};
pub use games::heaps::HeapGame;
pub use solve::loopy::Gamma;

/// A Sprague–Grundy value: the position plays like a Nim heap of this size.
pub type Nimber = u64;

/// Heap sizes, in the order the user wrote them: a position of the heap games
/// ([`games::heaps`]), and what a move leaves of a heap in the heap-sequence engine
/// ([`solve::sequence`]). Up to two are kept inline, since a position in a search
/// is most often one heap or the two a heap breaks into.
pub type Heaps = smallvec::SmallVec<[u64; 2]>;

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

/// An outcome in JSON is its letter: "P", "N" or "D".
impl serde::Serialize for Outcome {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        serializer.serialize_str(self.letter())
    }
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
    sorting::sort(&mut large);
    large.dedup();
    let missing = large
        .iter()
        .enumerate()
        .find(|&(i, &v)| v != 64 + i as Nimber);
    64 + missing.map_or(large.len(), |(i, _)| i) as Nimber
}

/// Errors of the engine. Each message is one sentence naming what was wrong; none
/// names a command-line flag (front ends add how to raise a budget).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input could not be understood; the message names the bad token.
    #[error("{}", tidy(.0))]
    Invalid(String),
    /// A file could not be read.
    #[error("{}", tidy(&format!("cannot read '{path}': {}", io_reason(source))))]
    Io {
        /// The path as given.
        path: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The input is well formed but larger than the family can hold; found at parse
    /// time, before any work.
    #[error("{}", tidy(.0))]
    TooLarge(String),
    /// The computation was stopped from outside ([`stop`]).
    #[error("the computation was stopped before it finished")]
    Stopped,
    /// The search needed more positions than its [`Budget`] allows: found at once
    /// where the search's size is known before it starts (`needs`), else when it
    /// ran out.
    #[error("the search {} positions{}", match .needs {
        Some(u64::MAX) => format!("would keep over 10^19 positions, more than the budget of {}", notation::count(*limit as u64)),
        Some(needs) => format!("would keep up to {} positions, more than the budget of {}", notation::count(*needs), notation::count(*limit as u64)),
        None => format!("needs more than {}", notation::count(*limit as u64)),
    }, .part.as_ref().map_or(String::new(), |p| tidy(&format!(" to value '{p}'"))))]
    Budget {
        /// The budget that was exceeded, in positions.
        limit: usize,
        /// The positions the search would keep, where known before it started.
        needs: Option<u64>,
        /// The part of a sum whose value needed it, where one part did.
        part: Option<String>,
    },
    /// The computation needed more memory than its [`Budget`] allows.
    #[error("{}", match .needs {
        Some(needs) => format!("the computation would hold {} MiB of memory, more than the budget of {} MiB", needs.div_ceil(1 << 20), .limit >> 20),
        None => format!("the computation needs more than {} MiB of memory", .limit >> 20),
    })]
    Memory {
        /// The memory budget in bytes.
        limit: usize,
        /// The bytes it would hold, where known before it started.
        needs: Option<usize>,
    },
    /// The computation would look at more options than the time its [`Budget`]
    /// allows lets it ([`Budget::affords`]), known before it starts.
    #[error("the computation would look at about {} options, about {} of work, more than the {} allowed", notation::count(*.needs), notation::duration(std::time::Duration::from_secs(budget::seconds_for(*.needs))), notation::duration(*.allowed))]
    Work {
        /// The options it would look at.
        needs: u64,
        /// The time allowed.
        allowed: std::time::Duration,
    },
    /// The computation ran past the time its [`Budget`] allows.
    #[error("the time allowed, {}, ran out", notation::duration(*.allowed))]
    Time {
        /// The time allowed.
        allowed: std::time::Duration,
    },
    /// The code of a game failed (a game defined in Python raised an exception):
    /// the game's own error, carried as it is, with its own message.
    #[error(transparent)]
    Game(Box<dyn std::error::Error + Send + Sync>),
}

/// The longest quoted token a message shows whole.
const TOKEN_SHOWN: usize = 60;

/// The longest message shown whole (a token that holds a quote mark is not cut
/// as a token).
const MESSAGE_SHOWN: usize = 400;

/// A message safe to print: control and bidirectional characters escaped
/// (`\u{b}`, [`notation::unsafe_to_print`]), every token quoted in it ('…') longer
/// than 60 characters cut short with "…", and the whole cut at 400. Every error of
/// the engine is tidied; front ends tidy their own messages that echo input.
pub fn tidy(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut quoted: Option<usize> = None;
    for c in message.chars() {
        if c == '\'' {
            quoted = match quoted {
                Some(_) => None,
                None => Some(0),
            };
            out.push(c);
            continue;
        }
        let piece: String = match notation::unsafe_to_print(c) {
            true if c.is_control() => c.escape_debug().collect(),
            true => c.escape_unicode().collect(),
            false => c.to_string(),
        };
        if let Some(shown) = &mut quoted {
            // A token is cut by what it shows: an escape counts all its characters.
            let before = *shown;
            *shown += piece.chars().count();
            if *shown >= TOKEN_SHOWN {
                if before < TOKEN_SHOWN {
                    out.push('…');
                }
                continue;
            }
        }
        out.push_str(&piece);
    }
    notation::shorten(&out, MESSAGE_SHOWN)
}

/// What went wrong with a file, in a few words.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

impl Error {
    /// The error of reading `path`.
    pub fn io(path: &str, source: std::io::Error) -> Self {
        Error::Io {
            path: path.to_string(),
            source,
        }
    }

    /// The position budget of `limit` was exceeded.
    pub fn budget(limit: usize) -> Self {
        Error::Budget {
            limit,
            needs: None,
            part: None,
        }
    }

    /// The same error, naming `part` as the one whose value needed the search.
    pub fn in_part(self, part: impl FnOnce() -> String) -> Self {
        match self {
            Error::Budget {
                limit,
                needs,
                part: None,
            } => Error::Budget {
                limit,
                needs,
                part: Some(part()),
            },
            other => other,
        }
    }

    /// True for a search that ran out of budget, in positions or in memory.
    pub fn is_budget(&self) -> bool {
        matches!(
            self,
            Error::Budget { .. } | Error::Memory { .. } | Error::Work { .. } | Error::Time { .. }
        )
    }
}

impl PartialEq for Error {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

/// A shorthand for results of the engine.
pub type Result<T> = std::result::Result<T, Error>;

/// Builds an [`Error::Invalid`] from a format string.
#[macro_export]
macro_rules! invalid {
    ($($arg:tt)*) => { $crate::Error::Invalid(format!($($arg)*)) };
}

/// Builds an [`Error::TooLarge`] from a format string.
#[macro_export]
macro_rules! too_large {
    ($($arg:tt)*) => { $crate::Error::TooLarge(format!($($arg)*)) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_escape_control_characters_and_cut_long_tokens() {
        let e = invalid!("'3\x0b4' is not a heap size");
        assert_eq!(e.to_string(), "'3\\u{b}4' is not a heap size");
        let e = invalid!("'\u{1b}[31m3' is bad");
        assert_eq!(e.to_string(), "'\\u{1b}[31m3' is bad");
        // A bell, a NUL, a C1 control (CSI), and bidirectional controls that would
        // reorder what follows them.
        let e = invalid!("'a\u{7}b\0c\u{9b}d' is bad");
        assert_eq!(e.to_string(), "'a\\u{7}b\\0c\\u{9b}d' is bad");
        let e = invalid!("'\u{202e}abc\u{2066}\u{2069}\u{200f}\u{61c}' is bad");
        assert_eq!(
            e.to_string(),
            "'\\u{202e}abc\\u{2066}\\u{2069}\\u{200f}\\u{61c}' is bad"
        );
        // Escapes count what they show: 100 control characters show 60 at most.
        let controls = "\u{1}".repeat(100);
        let e = invalid!("vertex 'b{controls}' has no line");
        assert_eq!(
            e.to_string(),
            format!("vertex 'b{}…' has no line", "\\u{1}".repeat(11))
        );
        // A quote mark inside a name ends its token early: the whole is still cut.
        let name = format!("a'{}", "/".repeat(600));
        let e = invalid!("vertex '{name}' has no line (write '{name} ->')");
        assert_eq!(e.to_string().chars().count(), MESSAGE_SHOWN);
        let long = "7".repeat(5000);
        let e = invalid!("'{long}' in '0.{long}' is bad");
        let shown = e.to_string();
        assert!(shown.chars().count() < 150, "{shown}");
        assert!(
            shown.starts_with(&format!("'{}…'", "7".repeat(59))),
            "{shown}"
        );
        assert!(shown.ends_with("…' is bad"), "{shown}");
    }

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
