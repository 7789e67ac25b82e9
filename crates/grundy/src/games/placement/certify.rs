//! The certificate of a board's nimber ([`crate::certificate`]): the regions whose
//! nimbers its proof rests on, found by walking the proof again and asking the
//! search, whose table answers at once for what it proved. For a region of nimber
//! n the certificate needs an option of each nimber below n, and, for every other
//! option whose regions are not all listed, one move from it to nimber n (or, where
//! there is none, the option's own regions, of nimber below n): the regions of
//! those options and moves are listed in turn, each with its nimber.

use rustc_hash::FxHashMap;

use super::{Board, Placement};
use crate::certificate::{Certificate, VALUED_BY_CHECKER};
use crate::{Budget, Error, Game, Nimber, Result};

/// The certificate of `board`'s nimber, within `budget`.
pub(super) fn certificate(game: &Placement, board: &Board, budget: &Budget) -> Result<Certificate> {
    let mut writer = Writer {
        game,
        budget,
        listed: FxHashMap::default(),
        small: FxHashMap::default(),
        order: Vec::new(),
        to_prove: Vec::new(),
    };
    let nimber = writer.nimber_of_sum(board)?;
    // The walk asks about one region at a time: one thread each.
    let one_thread = budget.clone().with_threads(1)?;
    writer.budget = &one_thread;
    writer.list(board)?;
    while let Some((region, n)) = writer.to_prove.pop() {
        writer.prove(&region, n)?;
    }
    Ok(Certificate {
        game: game.name(),
        position: game.format_position(board),
        nimber,
        regions: writer
            .order
            .iter()
            .map(|r| (game.format_position(r), writer.listed[r]))
            .collect(),
    })
}

struct Writer<'a> {
    game: &'a Placement,
    budget: &'a Budget,
    /// The regions listed (canonical), with their nimbers.
    listed: FxHashMap<Board, Nimber>,
    /// The nimbers of regions the checker values itself.
    small: FxHashMap<Board, Nimber>,
    /// The regions listed, in the order found.
    order: Vec<Board>,
    /// Listed regions whose options are still to be shown.
    to_prove: Vec<(Board, Nimber)>,
}

impl Writer<'_> {
    fn has_nimber(&self, b: &Board, k: Nimber) -> Result<bool> {
        self.game.search.lock().is_p(self.game, b, k, self.budget)
    }

    fn nimber_of_sum(&self, b: &Board) -> Result<Nimber> {
        let mut k = 0;
        while !self.has_nimber(b, k)? {
            k += 1;
        }
        Ok(k)
    }

    fn regions(&self, b: &Board) -> Vec<Board> {
        let mut out = Vec::new();
        self.game.regions(b, |r| out.push(r));
        out
    }

    /// The nimber of `b` if each of its regions is listed or small.
    fn known(&mut self, b: &Board) -> Result<Option<Nimber>> {
        let mut v = 0;
        for region in self.regions(b) {
            if let Some(&n) = self.listed.get(&region) {
                v ^= n;
            } else if region.empty.count_ones() <= VALUED_BY_CHECKER {
                let n = match self.small.get(&region) {
                    Some(&n) => n,
                    None => {
                        let n = self.nimber_of_sum(&region)?;
                        self.small.insert(region, n);
                        n
                    }
                };
                v ^= n;
            } else {
                return Ok(None);
            }
        }
        Ok(Some(v))
    }

    /// Lists every region of `b` that the checker does not value itself.
    fn list(&mut self, b: &Board) -> Result<()> {
        for region in self.regions(b) {
            if region.empty.count_ones() > VALUED_BY_CHECKER && !self.listed.contains_key(&region) {
                let n = self.nimber_of_sum(&region)?;
                self.budget.keep(self.listed.len() + 1)?;
                self.listed.insert(region, n);
                self.order.push(region);
                self.to_prove.push((region, n));
            }
        }
        Ok(())
    }

    fn moves(&self, b: &Board) -> Result<Vec<Board>> {
        let mut out = Vec::new();
        self.game.moves(b, &mut out)?;
        Ok(out)
    }

    /// Lists what shows that `region` has nimber `n`: an option of each nimber
    /// below, and for each other option not valued from the list, a move to `n`.
    fn prove(&mut self, region: &Board, n: Nimber) -> Result<()> {
        let mut shown = vec![false; n as usize];
        let mut open = Vec::new();
        for option in self.moves(region)? {
            match self.known(&option)? {
                Some(v) if v < n => shown[v as usize] = true,
                Some(_) => {}
                None => open.push(option),
            }
        }
        for m in 0..n {
            if shown[m as usize] {
                continue;
            }
            let Some(i) = self.find(&open, m)? else {
                return Err(unproved(self.game, region, m));
            };
            let option = open.swap_remove(i);
            self.list(&option)?;
        }
        for option in open {
            if self.known(&option)?.is_some() {
                continue;
            }
            let replies = self.moves(&option)?;
            let mut answered = false;
            for reply in &replies {
                if self.known(reply)? == Some(n) {
                    answered = true;
                    break;
                }
            }
            if !answered {
                // A move to nimber n, else the option's own nimber (below n).
                match self.find(&replies, n)? {
                    Some(i) => self.list(&replies[i])?,
                    None => self.list(&option)?,
                }
            }
        }
        Ok(())
    }

    /// The first of `positions` of nimber `k`.
    fn find(&self, positions: &[Board], k: Nimber) -> Result<Option<usize>> {
        for (i, p) in positions.iter().enumerate() {
            if self.has_nimber(p, k)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }
}

/// The search contradicted itself: it cannot happen unless the search is wrong,
/// which is what a certificate is for.
fn unproved(game: &Placement, b: &Board, k: Nimber) -> Error {
    Error::Invalid(format!(
        "no certificate: the search found no move from {} {} to nimber {k} where its own answers need one",
        game.name(),
        game.format_position(b)
    ))
}
