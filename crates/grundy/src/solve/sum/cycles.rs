//! Normal play of games with cycles: each part's generalised Sprague–Grundy value
//! γ (finite, or ∞(K)) by labelling its reachable positions in rounds
//! ([`loopy`](crate::solve::loopy)), the sum's by Smith's rule, and the moves to a
//! sum of value 0; and where no theory of values applies (misère play with
//! cycles), the labelling of the whole sum by Ferguson's algorithm.

use rustc_hash::FxHashMap;

use super::super::loopy::{self, Builder};
use super::super::retrograde;
use super::replace;
use super::{Part, Solver, Sum};
use crate::stop::Every;
use crate::{Gamma, Outcome, Play, Result};

impl Solver {
    /// The γ value of an indivisible part: its nimber when its game has no cycles.
    pub fn part_gamma(&mut self, part: Part) -> Result<Gamma> {
        let budget = self.budget.clone();
        self.game(part).gamma(part.pos, &budget)
    }

    /// The γ value of a part as written, from its indivisible parts by Smith's rule.
    pub fn written_gamma(&mut self, written: Part) -> Result<Gamma> {
        let mut gammas = Vec::new();
        for part in self.components(written)? {
            gammas.push(self.part_gamma(part)?);
        }
        Ok(loopy::sum(&gammas))
    }

    /// The γ value of a position, by Smith's rule from its parts' values; a budget
    /// error names the part whose labelling needed it.
    pub fn gamma(&mut self, sum: &Sum) -> Result<Gamma> {
        let mut gammas = Vec::new();
        for &written in &sum.0 {
            let g = self.written_gamma(written).map_err(|e| match sum.0.len() {
                1 => e,
                _ => e.in_part(|| self.format_part(written)),
            })?;
            gammas.push(g);
        }
        Ok(loopy::sum(&gammas))
    }

    /// Explores every sum reachable from `root` and labels them P, N or D.
    pub(super) fn search_with_cycles(&mut self, root: Vec<Part>, play: Play) -> Result<Outcome> {
        let memo = play as usize;
        if let Some(&o) = self.outcomes[memo].get(&root) {
            return Ok(o);
        }
        let mut index: FxHashMap<Vec<Part>, u32> = FxHashMap::default();
        let mut states = vec![root.clone()];
        index.insert(root, 0);
        let mut successors = Builder::with_capacity(0, 0)?;
        let mut explored = 0;
        // The parts the states hold, each kept twice (in the list and the index).
        let mut held = self.memoised_parts + 2 * states[0].len();
        let mut every = Every::default();
        while explored < states.len() {
            every.step(&self.budget)?;
            let state = states[explored].clone();
            let mut edges = Vec::new();
            if self.drawn_end(&state) {
                // A drawn end loops on itself, so that the labelling leaves it a draw.
                edges.push(explored as u32);
            }
            let children = self.children(&state, play, held)?;
            every.steps(children.len(), &self.budget)?;
            for child in children {
                let next = states.len() as u32;
                let id = *index.entry(child.clone()).or_insert(next);
                if id == next {
                    held += 2 * child.len();
                    self.budget.keep(states.len().max(held) + 1)?;
                    states.push(child);
                }
                edges.push(id);
            }
            successors.push_vertex(&edges);
            explored += 1;
        }
        let labels = retrograde::label(&successors.finish(), play);
        let root = labels[0];
        for (state, outcome) in states.into_iter().zip(labels) {
            self.memoised_parts += state.len();
            self.outcomes[memo].insert(state, outcome);
        }
        Ok(root)
    }

    pub(super) fn moves_to_zero_gamma(&mut self, sum: &Sum) -> Result<Vec<Sum>> {
        let mut gammas = Vec::new();
        for &written in &sum.0 {
            gammas.push(self.written_gamma(written)?);
        }
        let mut winning = Vec::new();
        for (i, &part) in sum.0.iter().enumerate() {
            let others = gammas
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, g)| g);
            let Some(r) = loopy::sum(others).finite() else {
                continue;
            };
            if self.games[part.game as usize].kind().cycles {
                for moved in self.part_moves(part)? {
                    if self.written_gamma(moved)? == Gamma::Finite(r) {
                        self.check_list(winning.len() + 1, sum)?;
                        winning.push(replace(sum, i, moved));
                    }
                }
            } else {
                winning.extend(self.moves_to_nimbers(sum, i, &[r])?);
                self.check_list(winning.len(), sum)?;
            }
        }
        Ok(winning)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{GameBox, Solver, Sum};
    use crate::{Budget, Game, Play, Result};

    /// A game on the vertices 0 to 5, with a cycle (0 -> 1 -> 0) and a drawn end (2).
    struct Drawn;

    const MOVES: [&[u8]; 6] = [&[1, 2, 3], &[0], &[], &[], &[2, 1], &[2, 0]];

    impl Game for Drawn {
        type Position = u8;
        fn moves(&self, p: &u8, out: &mut Vec<u8>) -> Result<()> {
            out.extend(MOVES[*p as usize]);
            Ok(())
        }
        fn capabilities(&self) -> crate::Capabilities<'_, u8> {
            crate::Capabilities {
                drawn_ends: Some(self),
                cycles: true,
                ..Default::default()
            }
        }
        fn parse_position(&self, text: &str) -> Result<u8> {
            text.parse().map_err(|_| crate::invalid!("'{text}'"))
        }
        fn format_position(&self, p: &u8) -> String {
            p.to_string()
        }
        fn describe_move(&self, _: &u8, to: &u8) -> Result<String> {
            Ok(format!("to {to}"))
        }
    }

    impl crate::DrawnEnds<u8> for Drawn {
        fn is_drawn_end(&self, p: &u8) -> bool {
            *p == 2
        }
    }

    #[test]
    fn a_drawn_end_stays_drawn_in_the_labelling_of_a_game_with_cycles() {
        let mut solver = Solver::new(Budget::default().with_positions(1000));
        let g = solver.add(GameBox::new("drawn", Drawn));
        let outcomes: String = (0..6)
            .map(|v| {
                let part = solver.parse_part(g, &v.to_string()).unwrap();
                let sum = Sum(vec![part]);
                assert!(!solver.has_nimbers(&sum));
                solver.value(&sum, Play::Normal).unwrap().outcome.letter()
            })
            .collect();
        // 3 is lost by the player to move, so 0 (a move to 3) is won, 1 (only to 0)
        // lost, 4 (to 1) won; 2 is a drawn end, and 5 can only draw (to 2) or lose.
        assert_eq!(outcomes, "NPDPND");
    }
}
