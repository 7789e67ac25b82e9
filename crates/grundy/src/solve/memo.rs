//! Memoised search of one game's positions, without recursion on game depth.
//!
//! A position is split into its indivisible parts ([`Game::components`]); each part
//! is valued once, from the values of the parts its moves lead to. The search keeps
//! an explicit stack of parts waiting for their options, so a heap of a million chips
//! (a game a million moves deep) needs no deep call stack.

use foldhash::HashMap;
use smallvec::SmallVec;

use crate::stop::Every;
use crate::{mex, Budget, Error, Game, Result};

/// What is computed for each position: how parts combine into a sum, and how a
/// position's value follows from its options' values. A value, not a type
/// parameter, so that each game's search is compiled once for both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The Sprague–Grundy value: parts add by XOR, a position is the mex of its
    /// options.
    Nimber,
    /// The height: the greatest number of moves that can still be made (parts add
    /// up).
    Height,
}

impl Measure {
    /// The value of an indivisible part known without search, if any.
    fn by_theory<G: Game>(self, game: &G, p: &G::Position) -> Option<u64> {
        let theory = game.capabilities().theory?;
        match self {
            Measure::Nimber => theory.nimber(p),
            Measure::Height => theory.nim_heap(p),
        }
    }

    /// The value of a sum of two parts with the given values (0 is the empty sum).
    fn add(self, a: u64, b: u64) -> u64 {
        match self {
            Measure::Nimber => a ^ b,
            Measure::Height => a.saturating_add(b),
        }
    }

    /// The value of an indivisible part whose options have the given values.
    fn of_options(self, options: &[u64]) -> u64 {
        match self {
            Measure::Nimber => mex(options.iter().copied()),
            Measure::Height => options.iter().max().map_or(0, |&h| h.saturating_add(1)),
        }
    }
}

/// How many moves a search may list for each position of its budget: moves are
/// listed again each time the search comes back to a part, so a part with many
/// moves costs more than its one place in the memo.
pub const LISTED_PER_POSITION: u64 = 256;

/// The memo of one measure of one game.
pub struct Memo<G: Game> {
    values: HashMap<G::Position, u64>,
    measure: Measure,
}

/// A part waiting for the values of its options: the values found so far, in the
/// order of [`Game::moves`]. Moves are listed again when the search comes back to a
/// part, so that a deep stack holds little more than the positions themselves.
struct Frame<P> {
    position: P,
    option_values: SmallVec<[u64; 8]>,
}

impl<G: Game> Memo<G> {
    /// An empty memo of `measure`.
    pub fn new(measure: Measure) -> Self {
        Memo {
            values: HashMap::default(),
            measure,
        }
    }

    /// How many parts are memoised.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when nothing is memoised yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of any position (a sum of parts), searching within `budget`.
    pub fn value(&mut self, game: &G, p: &G::Position, budget: &Budget) -> Result<u64> {
        let mut parts = Vec::new();
        game.components(p, &mut parts)?;
        let mut value = 0;
        for part in &parts {
            value = self
                .measure
                .add(value, self.value_of_part(game, part, budget)?);
        }
        Ok(value)
    }

    fn known(&self, game: &G, p: &G::Position) -> Option<u64> {
        self.measure
            .by_theory(game, p)
            .or_else(|| self.values.get(p).copied())
    }

    /// The value of an option (`Ok`), or the first of its parts still to be valued
    /// (`Err`); `parts` is room to split the option in.
    fn option_value(
        &self,
        game: &G,
        option: &G::Position,
        parts: &mut Vec<G::Position>,
    ) -> Result<std::result::Result<u64, G::Position>> {
        parts.clear();
        game.components(option, parts)?;
        let mut value = 0;
        for part in parts.drain(..) {
            match self.known(game, &part) {
                Some(v) => value = self.measure.add(value, v),
                None => return Ok(Err(part)),
            }
        }
        Ok(Ok(value))
    }

    fn value_of_part(&mut self, game: &G, p: &G::Position, budget: &Budget) -> Result<u64> {
        if let Some(v) = self.known(game, p) {
            return Ok(v);
        }
        // A theory stopped from outside says nothing: the stop, not the size, is
        // the answer.
        budget.check()?;
        let size = game.capabilities().size;
        if let Some(bound) = size.and_then(|s| s.count_positions(p)) {
            budget.fits(bound)?;
        }
        if let Some(work) = size.and_then(|s| s.count_options(p, budget.options())) {
            budget.affords(work)?;
        }
        let limit = budget.positions();
        let mut moves = Vec::new();
        let mut parts = Vec::new();
        let mut stack = vec![Frame {
            position: p.clone(),
            option_values: SmallVec::new(),
        }];
        let mut every = Every::default();
        let most_listed = (limit as u64).saturating_mul(LISTED_PER_POSITION);
        let mut listed = 0u64;
        'search: while let Some(top) = stack.last_mut() {
            every.step(budget)?;
            if size
                .and_then(|s| s.count_moves(&top.position))
                .is_some_and(|n| n > limit as u64)
            {
                return Err(Error::budget(limit));
            }
            moves.clear();
            game.moves(&top.position, &mut moves)?;
            every.steps(moves.len(), budget)?;
            listed += moves.len() as u64;
            if listed > most_listed {
                return Err(Error::budget(limit));
            }
            for option in &moves[top.option_values.len()..] {
                match self.option_value(game, option, &mut parts)? {
                    Ok(v) => top.option_values.push(v),
                    Err(part) => {
                        if self.values.len() + stack.len() >= limit {
                            return Err(Error::budget(limit));
                        }
                        stack.push(Frame {
                            position: part,
                            option_values: SmallVec::new(),
                        });
                        continue 'search;
                    }
                }
            }
            let done = stack.pop().expect("the stack has a top frame");
            self.values
                .insert(done.position, self.measure.of_options(&done.option_values));
        }
        Ok(self.values[p])
    }
}
