//! Memoised search of one game's positions, without recursion on game depth.
//!
//! A position is split into its indivisible parts ([`Game::components`]); each part
//! is valued once, from the values of the parts its moves lead to. The search keeps
//! an explicit stack of parts waiting for their options, so a heap of a million chips
//! (a game a million moves deep) needs no deep call stack.

use std::marker::PhantomData;

use rustc_hash::FxHashMap;

use crate::{mex, Error, Game, Nimber, Result};

/// What is computed for each position: how parts combine into a sum, and how a
/// position's value follows from its options' values.
pub trait Valuation {
    /// The value of an indivisible part known without search, if any.
    fn by_theory<G: Game>(game: &G, p: &G::Position) -> Option<u64>;
    /// The value of a sum of parts with the given values.
    fn of_sum(parts: impl Iterator<Item = u64>) -> u64;
    /// The value of an indivisible part whose options have the given values.
    fn of_options(options: &[u64]) -> u64;
}

/// The Sprague–Grundy value: parts add by XOR, a position is the mex of its options.
pub struct SpragueGrundy;

impl Valuation for SpragueGrundy {
    fn by_theory<G: Game>(game: &G, p: &G::Position) -> Option<Nimber> {
        game.nimber_by_theory(p)
    }
    fn of_sum(parts: impl Iterator<Item = u64>) -> u64 {
        parts.fold(0, |a, b| a ^ b)
    }
    fn of_options(options: &[u64]) -> u64 {
        mex(options.iter().copied())
    }
}

/// The height: the greatest number of moves that can still be made (parts add up).
pub struct Height;

impl Valuation for Height {
    fn by_theory<G: Game>(game: &G, p: &G::Position) -> Option<u64> {
        game.nim_heap(p)
    }
    fn of_sum(parts: impl Iterator<Item = u64>) -> u64 {
        parts.fold(0, u64::saturating_add)
    }
    fn of_options(options: &[u64]) -> u64 {
        options.iter().max().map_or(0, |&h| h.saturating_add(1))
    }
}

/// The memo of one valuation of one game.
pub struct Memo<G: Game, V> {
    values: FxHashMap<G::Position, u64>,
    valuation: PhantomData<V>,
}

/// A part waiting for the values of its options' parts.
struct Frame<P> {
    position: P,
    /// The parts of every option, one option after another.
    parts: Vec<P>,
    /// Where each option's parts end in `parts`.
    ends: Vec<usize>,
    /// Parts before this index are valued.
    cursor: usize,
}

impl<G: Game, V: Valuation> Default for Memo<G, V> {
    fn default() -> Self {
        Memo {
            values: FxHashMap::default(),
            valuation: PhantomData,
        }
    }
}

impl<G: Game, V: Valuation> Memo<G, V> {
    /// How many parts are memoised.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when nothing is memoised yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of any position (a sum of parts), searching at most `limit` parts.
    pub fn value(&mut self, game: &G, p: &G::Position, limit: usize) -> Result<u64> {
        let parts = game.components(p);
        let mut values = Vec::with_capacity(parts.len());
        for part in &parts {
            values.push(self.value_of_part(game, part, limit)?);
        }
        Ok(V::of_sum(values.into_iter()))
    }

    fn known(&self, game: &G, p: &G::Position) -> Option<u64> {
        V::by_theory(game, p).or_else(|| self.values.get(p).copied())
    }

    fn frame(game: &G, position: G::Position, moves: &mut Vec<G::Position>) -> Frame<G::Position> {
        moves.clear();
        game.moves(&position, moves);
        let mut parts = Vec::with_capacity(moves.len());
        let mut ends = Vec::with_capacity(moves.len());
        for option in moves.drain(..) {
            parts.extend(game.components(&option));
            ends.push(parts.len());
        }
        Frame {
            position,
            parts,
            ends,
            cursor: 0,
        }
    }

    fn value_of_part(&mut self, game: &G, p: &G::Position, limit: usize) -> Result<u64> {
        if let Some(v) = self.known(game, p) {
            return Ok(v);
        }
        let mut moves = Vec::new();
        let mut stack = vec![Self::frame(game, p.clone(), &mut moves)];
        let mut option_values = Vec::new();
        while !stack.is_empty() {
            let depth = stack.len();
            let top = stack.last_mut().expect("non-empty");
            while top.cursor < top.parts.len() && self.known(game, &top.parts[top.cursor]).is_some() {
                top.cursor += 1;
            }
            if top.cursor < top.parts.len() {
                if self.values.len() + depth >= limit {
                    return Err(Error::Budget { limit });
                }
                let next = top.parts[top.cursor].clone();
                stack.push(Self::frame(game, next, &mut moves));
                continue;
            }
            let done = stack.pop().expect("the stack has a top frame");
            option_values.clear();
            let mut start = 0;
            for &end in &done.ends {
                let parts = done.parts[start..end].iter();
                option_values.push(V::of_sum(parts.map(|q| self.known(game, q).expect("valued"))));
                start = end;
            }
            self.values.insert(done.position, V::of_options(&option_values));
        }
        Ok(self.values[p])
    }
}
