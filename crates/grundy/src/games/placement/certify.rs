//! The certificate of a board's nimber ([`crate::certificate`]): the regions whose
//! nimbers its proof rests on, found by walking the proof again and asking the
//! search, whose table answers at once for what it proved. For a region of nimber
//! n the certificate needs an option of each nimber below n, and, for every other
//! option whose regions are not all listed, one move from it to nimber n (or, where
//! there is none, the option's own regions, of nimber below n): the regions of
//! those options and moves are listed in turn, each with its nimber.

use rustc_hash::FxHashMap;

use super::{Bits, Board, Placement};
use crate::certificate::{Certificate, VALUED_BY_CHECKER};
use crate::{Budget, Error, Game, Nimber, Result};

/// The certificate of `board`'s nimber, within `budget`: walked on words of 64
/// bits for a board of at most 64 cells, else of 128.
pub(super) fn certificate(game: &Placement, board: &Board, budget: &Budget) -> Result<Certificate> {
    match board.cells() <= u64::BITS {
        true => certificate_on::<u64>(game, &board.narrow(), budget),
        false => certificate_on::<u128>(game, board, budget),
    }
}

/// [`certificate`] on words of `B`.
fn certificate_on<B: Bits>(
    game: &Placement,
    board: &Board<B>,
    budget: &Budget,
) -> Result<Certificate> {
    let mut writer = Writer {
        game,
        budget,
        listed: FxHashMap::default(),
        small: FxHashMap::default(),
        order: Vec::new(),
        to_prove: Vec::new(),
        placements: FxHashMap::default(),
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
        position: game.format_position(&board.wide()),
        nimber,
        regions: writer
            .order
            .iter()
            .map(|r| (game.format_position(&r.wide()), writer.listed[r]))
            .collect(),
    })
}

struct Writer<'a, B> {
    game: &'a Placement,
    budget: &'a Budget,
    /// The regions listed (canonical), with their nimbers.
    listed: FxHashMap<Board<B>, Nimber>,
    /// The nimbers of regions the checker values itself.
    small: FxHashMap<Board<B>, Nimber>,
    /// The regions listed, in the order found.
    order: Vec<Board<B>>,
    /// Listed regions whose options are still to be shown.
    to_prove: Vec<(Board<B>, Nimber)>,
    /// The placements of each board size.
    placements: FxHashMap<(u8, u8), Box<[B]>>,
}

impl<B: Bits> Writer<'_, B> {
    fn has_nimber(&self, b: &Board<B>, k: Nimber) -> Result<bool> {
        self.game
            .search
            .lock()
            .is_p(self.game, &b.wide(), k, self.budget)
    }

    fn nimber_of_sum(&self, b: &Board<B>) -> Result<Nimber> {
        let mut k = 0;
        while !self.has_nimber(b, k)? {
            k += 1;
        }
        Ok(k)
    }

    fn regions(&self, b: &Board<B>) -> Vec<Board<B>> {
        let mut out = Vec::new();
        self.game.regions(b, |r| out.push(r));
        out
    }

    /// The nimber of `b` if each of its regions is listed or small.
    fn known(&mut self, b: &Board<B>) -> Result<Option<Nimber>> {
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
    fn list(&mut self, b: &Board<B>) -> Result<()> {
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

    fn moves(&mut self, b: &Board<B>) -> Vec<Board<B>> {
        let game = self.game;
        let placements = self
            .placements
            .entry((b.rows, b.cols))
            .or_insert_with(|| game.placement_masks(b.rows, b.cols));
        placements
            .iter()
            .filter(|&&m| b.empty & m == m)
            .map(|&m| Board {
                empty: b.empty & !m,
                ..*b
            })
            .collect()
    }

    /// Lists what shows that `region` has nimber `n`: an option of each nimber
    /// below, and for each other option not valued from the list, a move to `n`.
    fn prove(&mut self, region: &Board<B>, n: Nimber) -> Result<()> {
        let mut shown = vec![false; n as usize];
        let mut open = Vec::new();
        for option in self.moves(region) {
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
                return Err(unproved(self.game, &region.wide(), m));
            };
            let option = open.swap_remove(i);
            self.list(&option)?;
        }
        for option in open {
            if self.known(&option)?.is_some() {
                continue;
            }
            let replies = self.moves(&option);
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
    fn find(&self, positions: &[Board<B>], k: Nimber) -> Result<Option<usize>> {
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
