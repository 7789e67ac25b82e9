//! Outcomes searched over the whole sum, for misère play (and games that may end
//! in a draw): Bouton's rule where every part is a Nim heap, otherwise a search of
//! the sum itself, keyed by the sorted multiset of its indivisible parts that still
//! have a move.

use super::{Part, Solver, Sum};
use crate::sorting::sort;
use crate::stop::Every;
use crate::{Outcome, Play, Result};

/// Misère Nim by Bouton's rule: with a heap of two or more, play as in normal Nim;
/// with none, the player to move wins when an even number of heaps of one is left.
pub fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let big = heaps.iter().any(|&h| h > 1);
    let nim_sum = heaps.iter().fold(0, |a, b| a ^ b);
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let p = if big { nim_sum == 0 } else { ones % 2 == 1 };
    if p {
        Outcome::P
    } else {
        Outcome::N
    }
}

impl Solver {
    /// The outcome by a search of the whole position from `state`, its live
    /// indivisible parts ([`Solver::state`]), or its labelling where play can go
    /// round a cycle.
    pub(super) fn outcome(&mut self, sum: &Sum, play: Play, state: Vec<Part>) -> Result<Outcome> {
        // A search that may meet more positions than the budget is refused at once
        // (the parts as written: a game bounds a position of several heaps better
        // than the product of its heaps' bounds).
        if let Some(bound) = self.count_positions(sum) {
            self.budget.fits(bound)?;
        }
        if self.acyclic(sum) {
            self.search(state, play)
        } else {
            self.search_with_cycles(state, play)
        }
    }

    /// The indivisible parts of every part that still have a move (or end drawn),
    /// sorted.
    pub(super) fn state(&mut self, parts: &[Part], play: Play) -> Result<Vec<Part>> {
        // The games and the budget borrowed apart: a hot path, no count is touched.
        let (games, budget) = (&mut self.games, &*self.budget);
        let mut state = Vec::new();
        for &part in parts {
            let game = games[part.game as usize].as_mut();
            for &pos in game.components(part.pos)?.iter() {
                // A part whose outcome a theorem knows is kept without listing its
                // moves: keeping a part with no move changes no outcome.
                let live = match game.nim_heap(pos) {
                    Some(n) => n > 0,
                    None => {
                        game.is_drawn_end(pos)
                            || game.outcome_by_theory(pos, play).is_some()
                            || game.has_move(pos, budget)?
                    }
                };
                if live {
                    state.push(Part {
                        game: part.game,
                        pos,
                    });
                }
            }
        }
        sort(&mut state);
        Ok(state)
    }

    /// The heap sizes, when every indivisible part is a Nim heap.
    pub(super) fn nim_heaps(&mut self, state: &[Part]) -> Option<Vec<u64>> {
        state
            .iter()
            .map(|&p| self.game(p).nim_heap(p.pos))
            .collect()
    }

    /// Every state one move away from `state`.
    /// The sums one move away from `state`, each sorted; refused when with the
    /// `held` parts already kept they would pass the budget.
    pub(super) fn children(
        &mut self,
        state: &[Part],
        play: Play,
        held: usize,
    ) -> Result<Vec<Vec<Part>>> {
        let budget = self.budget.clone();
        let mut children = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue;
            }
            let part = state[i];
            let moves = self.game(part).moves(part.pos, &budget)?;
            for &pos in moves.iter() {
                budget.keep(held + (children.len() + 1) * state.len())?;
                let mut child = Vec::with_capacity(state.len() + 1);
                child.extend_from_slice(&state[..i]);
                child.extend_from_slice(&state[i + 1..]);
                child.extend(self.state(
                    &[Part {
                        game: part.game,
                        pos,
                    }],
                    play,
                )?);
                sort(&mut child);
                children.push(child);
            }
        }
        Ok(children)
    }

    /// Depth-first search of a sum of games without cycles, stopping at the first
    /// winning move; every sum met is memoised. A position with no move to a
    /// P-position is a draw when some move keeps a draw (a drawn end), else P.
    pub(super) fn search(&mut self, root: Vec<Part>, play: Play) -> Result<Outcome> {
        let memo = play as usize;
        if let Some(&o) = self.outcomes[memo].get(&root) {
            return Ok(o);
        }
        let terminal = play.terminal();
        struct Frame {
            state: Vec<Part>,
            children: Vec<Vec<Part>>,
            cursor: usize,
            draw: bool,
        }
        let held_before = self.memoised_parts;
        let children = self.children(&root, play, held_before)?;
        // The parts the stack's frames hold: counted against the budget beside
        // those memoised.
        let mut held = parts_in(&children);
        let mut stack = vec![Frame {
            state: root.clone(),
            children,
            cursor: 0,
            draw: false,
        }];
        let mut every = Every::default();
        while !stack.is_empty() {
            every.step(&self.budget)?;
            let depth = stack.len();
            let top = stack.last_mut().expect("non-empty");
            let mut found = None;
            while top.cursor < top.children.len() {
                let child = &top.children[top.cursor];
                let known = self.outcomes[memo].get(child).copied();
                match known.or_else(|| self.outcome_known(child, play)) {
                    Some(Outcome::P) => {
                        found = Some(Outcome::N);
                        break;
                    }
                    Some(o) => {
                        top.draw |= o == Outcome::D;
                        top.cursor += 1;
                    }
                    None => break,
                }
            }
            if found.is_none() && top.cursor == top.children.len() {
                found = Some(if top.children.is_empty() {
                    terminal
                } else if top.draw {
                    Outcome::D
                } else {
                    Outcome::P
                });
            }
            match found {
                Some(outcome) => {
                    let done = stack.pop().expect("the stack has a top frame");
                    held -= parts_in(&done.children);
                    self.memoised_parts += done.state.len();
                    self.outcomes[memo].insert(done.state, outcome);
                }
                None => {
                    let state = top.children[top.cursor].clone();
                    let kept = self.memoised_parts + depth * state.len() + held;
                    self.budget.keep(kept + 1)?;
                    let children = self.children(&state, play, kept)?;
                    every.steps(children.len(), &self.budget)?;
                    held += parts_in(&children);
                    stack.push(Frame {
                        state,
                        children,
                        cursor: 0,
                        draw: false,
                    });
                }
            }
        }
        Ok(self.outcomes[memo][&root])
    }

    /// The Nim heap sizes of the position's indivisible parts (left out: empty heaps),
    /// when every part is a Nim heap (for Bouton's rule of misère play).
    pub fn as_nim_heaps(&mut self, sum: &Sum) -> Result<Option<Vec<u64>>> {
        let state = self.state(&sum.0, Play::Misere)?;
        Ok(self.nim_heaps(&state))
    }
}

/// The parts held by a list of sums.
fn parts_in(sums: &[Vec<Part>]) -> usize {
    sums.iter().map(Vec::len).sum()
}
