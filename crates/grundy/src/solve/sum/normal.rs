//! Normal play of games without cycles: each indivisible part's nimber (from a
//! theorem, or the game's memoised search), their nim-sum, and the moves that
//! change one part to the nimber that makes the nim-sum 0.

use super::{replace, Part, PosId, Solver, Sum};
use crate::sorting::sort;
use crate::{Nimber, Result};

impl Solver {
    /// The nim-sum of the parts' nimbers (normal play, games without cycles). In a
    /// sum of several parts, a budget error names the part whose nimber needed it.
    pub fn nimber(&mut self, sum: &Sum) -> Result<Nimber> {
        let mut total = 0;
        for &part in &sum.0 {
            total ^= self.part_nimber(part).map_err(|e| match sum.0.len() {
                1 => e,
                _ => e.in_part(|| self.format_part(part)),
            })?;
        }
        Ok(total)
    }

    /// Whether the sum has nimber `k`: for one part of a game with a search of its
    /// own, that search's question (which stops at the first winning move); else
    /// its nimber, compared.
    #[cfg(not(target_family = "wasm"))]
    pub fn has_nimber(&mut self, sum: &Sum, k: Nimber) -> Result<bool> {
        if let [part] = sum.0[..] {
            let budget = self.budget.clone();
            return self.game(part).has_nimber(part.pos, k, &budget);
        }
        Ok(self.nimber(sum)? == k)
    }

    /// The nimber of one part.
    pub fn part_nimber(&mut self, part: Part) -> Result<Nimber> {
        let budget = self.budget.clone();
        self.game(part).nimber(part.pos, &budget)
    }

    /// The moves of part `i` of `sum` to a part of one of the nimbers `targets`.
    pub(super) fn moves_to_nimbers(
        &mut self,
        sum: &Sum,
        i: usize,
        targets: &[Nimber],
    ) -> Result<Vec<Sum>> {
        let budget = self.budget.clone();
        let part = sum.0[i];
        let mut targets = targets.to_vec();
        sort(&mut targets);
        targets.dedup();
        let mut found: Vec<PosId> = Vec::new();
        for t in targets {
            found.extend(self.game(part).moves_to_nimber(part.pos, t, &budget)?);
        }
        self.check_list(found.len(), sum)?;
        Ok(found
            .into_iter()
            .map(|pos| {
                replace(
                    sum,
                    i,
                    Part {
                        game: part.game,
                        pos,
                    },
                )
            })
            .collect())
    }

    /// The height of a position: the most moves that can still be made.
    pub fn height(&mut self, sum: &Sum) -> Result<u64> {
        let budget = self.budget.clone();
        let mut total = 0u64;
        for &part in &sum.0 {
            total = total.saturating_add(self.game(part).height(part.pos, &budget)?);
        }
        Ok(total)
    }

    /// The nim-sum of the parts' nimbers, where a theorem gives each.
    pub fn sum_nimber_by_theory(&self, sum: &Sum) -> Option<Nimber> {
        sum.0
            .iter()
            .try_fold(0, |total, &part| Some(total ^ self.nimber_by_theory(part)?))
    }

    /// Refuses at once ([`Error::Budget`](crate::Error::Budget)) to search for the
    /// nimbers of `sum` where the search of one of its indivisible parts would not
    /// fit the budget: the refusal that search makes, before any part is searched.
    /// Parts a theorem values, and games with a search of their own, are left to it.
    pub fn fits_nimber_search(&mut self, sum: &Sum) -> Result<()> {
        for &written in &sum.0 {
            for part in self.components(written)? {
                let game = &self.games[part.game as usize];
                if game.kind().own_search || game.nimber_by_theory(part.pos).is_some() {
                    continue;
                }
                if let Some(bound) = game.count_positions(part.pos) {
                    self.budget.fits(bound)?;
                }
            }
        }
        Ok(())
    }

    /// The nimber of an indivisible part known from a theorem, if any.
    pub fn nimber_by_theory(&self, part: Part) -> Option<Nimber> {
        self.games[part.game as usize].nimber_by_theory(part.pos)
    }

    /// `Some(n)` when an indivisible part plays exactly like a Nim heap of n.
    pub fn nim_heap(&mut self, part: Part) -> Option<u64> {
        self.game(part).nim_heap(part.pos)
    }

    /// How a theorem finds an indivisible part's nimber, line by line, if one does.
    pub fn reasoning(&self, part: Part) -> Option<Vec<String>> {
        self.games[part.game as usize].explain_nimber(part.pos)
    }
}
