//! What the search knows of each canonical region, in an open-addressed table of
//! two 64-bit words per entry, so that a lookup reads one cache line: the region
//! (its cells row by row and its width, packed) and what is known (its nimber, or
//! values its nimber is not). Regions whose box has more than 53 cells go to a map.

use rustc_hash::FxHashMap;

use super::Board;

/// Bits of the cells in a packed key; then 6 bits of width less one.
const CELL_BITS: u32 = 53;

/// What is known of a region: bits 0 to 55 the values its nimber is not, bits 56
/// to 63 its nimber plus one (0: not known).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Known(u64);

const NIMBER_SHIFT: u32 = 56;

/// The values below this are the ones [`Known`] can rule out.
pub const RULED_OUT_BELOW: u64 = NIMBER_SHIFT as u64;

impl Known {
    /// The nimber, if known.
    pub fn nimber(self) -> Option<u8> {
        (self.0 >> NIMBER_SHIFT).checked_sub(1).map(|g| g as u8)
    }

    /// Bit v set: the nimber is not v.
    pub fn ruled_out(self) -> u64 {
        self.0 & ((1 << NIMBER_SHIFT) - 1)
    }
}

#[derive(Clone, Default)]
pub struct Table {
    /// Pairs of words: the packed key (0: an empty slot), then what is known.
    slots: Vec<[u64; 2]>,
    len: usize,
    others: FxHashMap<Board, Known>,
}

/// The key of a region that packs: its cells and width.
fn key(b: &Board) -> Option<u64> {
    (b.rows as u32 * b.cols as u32 <= CELL_BITS)
        .then(|| b.empty | ((b.cols as u64 - 1) << CELL_BITS))
}

impl Table {
    /// How many regions something is known of.
    pub fn len(&self) -> usize {
        self.len + self.others.len()
    }

    fn slot(&self, key: u64) -> usize {
        let hash = (key ^ key >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// What is known of the canonical region `b`.
    pub fn get(&self, b: &Board) -> Known {
        let Some(key) = key(b) else {
            return self.others.get(b).copied().unwrap_or_default();
        };
        if self.slots.is_empty() {
            return Known::default();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let [k, known] = self.slots[i];
            if k == key {
                return Known(known);
            }
            if k == 0 {
                return Known::default();
            }
            i = (i + 1) & mask;
        }
    }

    /// Records the nimber of the canonical region `b`.
    pub fn solve(&mut self, b: &Board, nimber: u8) {
        self.update(b, |_| Known((nimber as u64 + 1) << NIMBER_SHIFT));
    }

    /// Records that the nimber of the canonical region `b` is none of the values in
    /// `values` (bit v for value v, below [`RULED_OUT_BELOW`]).
    pub fn rule_out(&mut self, b: &Board, values: u64) {
        self.update(b, |known| Known(known.0 | values));
    }

    fn update(&mut self, b: &Board, change: impl FnOnce(Known) -> Known) {
        let Some(key) = key(b) else {
            let known = self.others.entry(*b).or_default();
            *known = change(*known);
            return;
        };
        if 10 * (self.len + 1) > 7 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let [k, known] = self.slots[i];
            if k == key || k == 0 {
                if k == 0 {
                    self.len += 1;
                }
                self.slots[i] = [key, change(Known(known)).0];
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![[0; 2]; size]);
        let mask = size - 1;
        for [key, known] in old.into_iter().filter(|&[k, _]| k != 0) {
            let mut i = self.slot(key);
            while self.slots[i][0] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = [key, known];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_is_known_of_regions_that_pack_and_those_that_do_not() {
        let mut table = Table::default();
        let board = |rows, cols, empty| Board { rows, cols, empty };
        for i in 1..5000u64 {
            table.rule_out(&board(4, 9, i * 7919), 0b101);
            if i % 3 == 0 {
                table.solve(&board(4, 9, i * 7919), (i % 7) as u8);
            }
        }
        table.solve(&board(8, 8, u64::MAX), 3);
        table.rule_out(&board(8, 8, u64::MAX - 1), 1 << 40);
        assert_eq!(table.len(), 5001);
        for i in 1..5000u64 {
            let known = table.get(&board(4, 9, i * 7919));
            if i % 3 == 0 {
                assert_eq!(known.nimber(), Some((i % 7) as u8));
            } else {
                assert_eq!((known.nimber(), known.ruled_out()), (None, 0b101));
            }
            assert_eq!(table.get(&board(3, 12, i * 7919)), Known::default());
        }
        assert_eq!(table.get(&board(8, 8, u64::MAX)).nimber(), Some(3));
        assert_eq!(table.get(&board(8, 8, u64::MAX - 1)).ruled_out(), 1 << 40);
    }
}
