//! The nimbers of solved regions, in an open-addressed table of one 64-bit word per
//! entry: a region cut to its box (its cells row by row and its width) and its
//! nimber packed together, so that a lookup reads one cache line. The few regions
//! that do not pack (boxes of more than 53 cells, nimbers from 31) go to a map.

use rustc_hash::FxHashMap;

use super::Board;

/// Bits of the cells in a packed entry; then 6 bits of width less one, then 5 of
/// nimber plus one (0 marks an empty slot).
const CELL_BITS: u32 = 53;
const NIMBER_SHIFT: u32 = CELL_BITS + 6;
const KEY_MASK: u64 = (1 << NIMBER_SHIFT) - 1;

#[derive(Clone, Default)]
pub struct Nimbers {
    slots: Vec<u64>,
    len: usize,
    others: FxHashMap<Board, u8>,
}

/// The key of a region that packs: its cells and width.
fn key(b: &Board) -> Option<u64> {
    (b.rows as u32 * b.cols as u32 <= CELL_BITS)
        .then(|| b.empty | ((b.cols as u64 - 1) << CELL_BITS))
}

impl Nimbers {
    /// How many regions are stored.
    pub fn len(&self) -> usize {
        self.len + self.others.len()
    }

    fn slot(&self, key: u64) -> usize {
        let hash = (key ^ key >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The nimber of `b`, if stored.
    pub fn get(&self, b: &Board) -> Option<u8> {
        let Some(key) = key(b) else {
            return self.others.get(b).copied();
        };
        let others = || self.others.get(b).copied();
        if self.slots.is_empty() {
            return others();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let entry = self.slots[i];
            if entry == 0 {
                return if self.others.is_empty() {
                    None
                } else {
                    others()
                };
            }
            if entry & KEY_MASK == key {
                return Some((entry >> NIMBER_SHIFT) as u8 - 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores the nimber of `b`.
    pub fn insert(&mut self, b: Board, nimber: u8) {
        let key = match key(&b) {
            Some(key) if nimber < 31 => key,
            _ => {
                self.others.insert(b, nimber);
                return;
            }
        };
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        self.place(key | ((nimber as u64 + 1) << NIMBER_SHIFT));
        self.len += 1;
    }

    fn place(&mut self, entry: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(entry & KEY_MASK);
        while self.slots[i] != 0 {
            if self.slots[i] & KEY_MASK == entry & KEY_MASK {
                self.slots[i] = entry;
                self.len -= 1;
                return;
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = entry;
    }

    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        for entry in old.into_iter().filter(|&e| e != 0) {
            self.place(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_regions_that_pack_and_those_that_do_not() {
        let mut table = Nimbers::default();
        let board = |rows, cols, empty| Board { rows, cols, empty };
        for i in 1..5000u64 {
            table.insert(board(4, 9, i * 7919), (i % 7) as u8);
        }
        table.insert(board(8, 8, u64::MAX), 3);
        table.insert(board(2, 2, 0b1111), 40);
        assert_eq!(table.len(), 5001);
        for i in 1..5000u64 {
            assert_eq!(table.get(&board(4, 9, i * 7919)), Some((i % 7) as u8));
            assert_eq!(table.get(&board(3, 12, i * 7919)), None);
        }
        assert_eq!(table.get(&board(8, 8, u64::MAX)), Some(3));
        assert_eq!(table.get(&board(2, 2, 0b1111)), Some(40));
    }
}
