//! What the search knows of each canonical region, in an open-addressed table of
//! two 64-bit words per entry, so that a lookup reads one cache line: the region
//! (its cells row by row and its width, packed) and what is known (its nimber, or
//! values its nimber is not). Regions whose box has more than 53 cells go to a map.
//! Beside it, a filter of two bits a slot (up to 2 MiB), in the cache, says
//! which regions may have a nimber: most options the search looks up have none,
//! and the filter answers for them without a trip to memory.
//! The threads of one search share it: entries are claimed and added to with
//! atomic operations, and what is known of a region only grows.

use std::cell::Cell;
use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{Mutex, PoisonError, RwLock, RwLockReadGuard, TryLockError};

use rustc_hash::FxHashMap;

use super::zeroed::Zeroed;
use super::{Bits, Board};

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

/// One entry: the packed key (0: an empty slot), then what is known.
type Slot = [AtomicU64; 2];

/// Entries kept, at most, per ten slots: past this the table asks to grow…
const FULL_TENTHS: usize = 7;

/// … and past this, while it cannot grow (another thread reads it), what is learnt
/// of new regions is let go (the search works it out again if it needs it).
const CROWDED_TENTHS: usize = 9;

/// The table, shared by the threads of a search: lookups and updates through a
/// [`Reader`] (a read lock held across many of them), growth under the write lock,
/// when every thread has let its reader go.
pub struct KnownRegions {
    slots: RwLock<Table>,
    /// How many entries, counted by each reader in rounds of [`COUNTED_TOGETHER`]…
    len: Apart<AtomicUsize>,
    others: Mutex<FxHashMap<Board, Known>>,
    /// … and read by every thread at every region, so on a cache line of its own.
    grow_wanted: Apart<AtomicBool>,
    /// The memory the program may hold ([`KnownRegions::hold_within`]).
    most_bytes: AtomicUsize,
}

/// A value on a cache line of its own, so that threads writing one do not slow
/// down those reading another.
#[derive(Default)]
#[repr(align(128))]
struct Apart<T>(T);

impl<T> std::ops::Deref for Apart<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// A reader adds the entries it made to the table's count this many at a time, at
/// most, and at most one for every 64 slots, so that what the readers have not
/// counted yet stays a small share of the room left.
const COUNTED_TOGETHER: usize = 64;

/// The slots of a new table.
const FIRST_SLOTS: usize = 64;

impl Default for KnownRegions {
    fn default() -> Self {
        KnownRegions {
            slots: RwLock::new(Table::new(FIRST_SLOTS)),
            len: Apart::default(),
            others: Mutex::default(),
            grow_wanted: Apart::default(),
            most_bytes: AtomicUsize::new(usize::MAX),
        }
    }
}

impl Clone for KnownRegions {
    fn clone(&self) -> Self {
        let table = self.slots.read().unwrap_or_else(PoisonError::into_inner);
        let copy = Table::new(table.len());
        for (word, to) in table.words().zip(copy.words()) {
            to.store(word.load(Relaxed), Relaxed);
        }
        let others = self.others.lock().unwrap_or_else(PoisonError::into_inner);
        KnownRegions {
            slots: RwLock::new(copy),
            len: Apart(AtomicUsize::new(self.len.load(Relaxed))),
            others: Mutex::new(others.clone()),
            grow_wanted: Apart::default(),
            most_bytes: AtomicUsize::new(self.most_bytes.load(Relaxed)),
        }
    }
}

/// The slots, and the filter of the regions that may have a nimber: bit
/// [`filter_bit`] of each solved region's key is set.
struct Table {
    slots: Zeroed<Slot>,
    solved: Zeroed<AtomicU64>,
}

/// Bits of the filter per slot of the table.
const FILTER_BITS_PER_SLOT: usize = 2;

impl Table {
    /// `size` empty slots.
    fn new(size: usize) -> Table {
        Table {
            slots: Zeroed::new(size),
            solved: Zeroed::new(filter_bits(size) / 64),
        }
    }

    fn len(&self) -> usize {
        self.slots.len()
    }

    /// The words of the slots, then of the filter.
    fn words(&self) -> impl Iterator<Item = &AtomicU64> {
        self.slots.iter().flatten().chain(self.solved.iter())
    }

    /// Notes that the region of `key` has a nimber.
    fn mark_solved(&self, key: u64) {
        let bit = filter_bit(key, self.slots.len());
        self.solved[bit / 64].fetch_or(1 << (bit % 64), Relaxed);
    }

    /// Whether the region of `key` may have a nimber.
    fn may_be_solved(&self, key: u64) -> bool {
        let bit = filter_bit(key, self.slots.len());
        self.solved[bit / 64].load(Relaxed) & 1 << (bit % 64) != 0
    }
}

/// The bits of the filter of a table of `slots` slots: two a slot, up to the 2 MiB
/// of a core's level-2 cache (a larger filter would be a trip to memory too).
fn filter_bits(slots: usize) -> usize {
    (slots * FILTER_BITS_PER_SLOT).min(FILTER_MOST_BITS)
}

/// The most bits of a filter.
const FILTER_MOST_BITS: usize = 1 << 24;

/// The bit of the filter of a table of `slots` slots for the region of `key`.
fn filter_bit(key: u64, slots: usize) -> usize {
    let hash = (key ^ key >> 31).wrapping_mul(0xff51_afd7_ed55_8ccd);
    let bits = filter_bits(slots).trailing_zeros();
    (hash >> (64 - bits)) as usize
}

/// The key of a region that packs: its cells and width.
fn key<B: Bits>(b: &Board<B>) -> Option<u64> {
    (b.cells() <= CELL_BITS).then(|| b.empty.low() | ((b.cols as u64 - 1) << CELL_BITS))
}

fn slot(key: u64, slots: usize) -> usize {
    let hash = (key ^ key >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (hash >> (64 - slots.trailing_zeros())) as usize
}

impl Known {
    /// What is known, as its bits (for a file).
    pub fn bits(self) -> u64 {
        self.0
    }
}

impl KnownRegions {
    /// What the table knows, to write to a file, read in place while the threads
    /// of a search may go on adding to it.
    pub fn snapshot(&self) -> Snapshot<'_> {
        let table = self.slots.read().unwrap_or_else(PoisonError::into_inner);
        let packed = packed_entries(&table).count();
        let others = self.others.lock().unwrap_or_else(PoisonError::into_inner);
        let others = others.iter().map(|(b, k)| (*b, *k)).collect();
        Snapshot {
            table,
            packed,
            others,
        }
    }

    /// A loader of `packed` entries read from a file, for which room is made at once,
    /// so that adding them never grows the table (entries read in the order of a
    /// larger table's slots would crowd a small one).
    pub fn loader(&self, packed: usize) -> Reader<'_> {
        self.reserve(packed);
        self.reader()
    }

    /// The bytes of a table that holds `entries`.
    pub fn bytes_for(entries: usize) -> usize {
        slots_for(entries).saturating_mul(size_of::<Slot>())
    }

    /// How many regions something is known of (give or take the few that each
    /// reader has not counted yet).
    pub fn len(&self) -> usize {
        self.len.load(Relaxed)
    }

    /// A reader to look up and update the table through.
    pub fn reader(&self) -> Reader<'_> {
        Reader {
            table: self,
            slots: self.slots.read().unwrap_or_else(PoisonError::into_inner),
            uncounted: Cell::new(0),
        }
    }

    /// Lets the table grow only while the program, old table and new one together,
    /// holds at most `bytes` ([`crate::stop::memory_held`], where it is counted):
    /// past that it fills up to [`CROWDED_TENTHS`], and then it is full
    /// ([`Reader::is_full`]).
    pub fn hold_within(&self, bytes: usize) {
        self.most_bytes.store(bytes, Relaxed);
    }

    /// Whether a table of `slots` slots may double.
    fn may_double(&self, slots: usize) -> bool {
        self.may_grow(slots, 2 * slots)
    }

    /// Whether a table of `slots` slots may grow to `size` slots: the program, old
    /// table and new one together, within the memory allowed.
    fn may_grow(&self, slots: usize, size: usize) -> bool {
        let held = crate::stop::memory_held().max(slots * size_of::<Slot>());
        held.saturating_add(size.saturating_mul(size_of::<Slot>())) <= self.most_bytes.load(Relaxed)
    }

    /// Whether a thread asked for more room: every reader should be let go, and
    /// [`KnownRegions::grow`] called.
    pub fn grow_wanted(&self) -> bool {
        self.grow_wanted.load(Relaxed)
    }

    /// Doubles the slots if the table is full, once no reader is held: the caller
    /// holds none, and waits for the others to let theirs go, unless one of them
    /// grew the table meanwhile.
    pub fn grow(&self) {
        let mut slots = loop {
            match self.slots.try_write() {
                Ok(slots) => break slots,
                Err(TryLockError::Poisoned(e)) => break e.into_inner(),
                Err(TryLockError::WouldBlock) if !self.grow_wanted() => return,
                Err(TryLockError::WouldBlock) => std::thread::yield_now(),
            }
        };
        self.grow_wanted.store(false, Relaxed);
        let len = self.len.load(Relaxed);
        if 10 * (len + 1) <= FULL_TENTHS * slots.len() {
            return;
        }
        let size = 2 * slots.len();
        rehash(&mut slots, size);
    }

    /// Makes room at once for `entries` in all, where the memory allows, so that a
    /// search expected to learn of that many regions does not stop again and again
    /// to grow the table (the other threads wait while it grows).
    pub fn expect(&self, entries: usize) {
        let wanted = slots_for(entries);
        let held = self
            .slots
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .len();
        if wanted <= held {
            return;
        }
        let mut slots = self.slots.write().unwrap_or_else(PoisonError::into_inner);
        if wanted > slots.len() && self.may_grow(slots.len(), wanted) {
            rehash(&mut slots, wanted);
        }
    }

    /// Makes room for `more` entries at once.
    fn reserve(&self, more: usize) {
        let mut slots = self.slots.write().unwrap_or_else(PoisonError::into_inner);
        let wanted = slots_for(self.len.load(Relaxed).saturating_add(more));
        if wanted > slots.len() {
            rehash(&mut slots, wanted);
        }
    }
}

/// The slots of a table that holds `entries` and does not ask to grow.
fn slots_for(entries: usize) -> usize {
    (entries.saturating_add(1).saturating_mul(10) / FULL_TENTHS + 1)
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX)
}

/// What a table knows, to write to a file without a copy of it: the packed
/// entries are read in place, under the table's read lock (so the table cannot
/// grow meanwhile; the threads of a search go on adding to it until it is
/// crowded), and the regions that do not pack are copied.
pub struct Snapshot<'t> {
    table: RwLockReadGuard<'t, Table>,
    /// How many packed entries there were when the snapshot was taken: as many at
    /// least are there as it is read, since entries are only ever added.
    packed: usize,
    pub others: Vec<(Board, Known)>,
}

impl Snapshot<'_> {
    /// The packed entries as they are read, each a key and what is known: each is
    /// something known, maybe not the latest.
    pub fn packed(&self) -> impl ExactSizeIterator<Item = [u64; 2]> + '_ {
        let mut entries = packed_entries(&self.table);
        (0..self.packed).map(move |_| entries.next().expect("entries are only added"))
    }

    /// How many regions something is known of.
    pub fn len(&self) -> usize {
        self.packed + self.others.len()
    }
}

/// The entries of a table that say something, read as the table's threads add to
/// it.
fn packed_entries(table: &Table) -> impl Iterator<Item = [u64; 2]> + '_ {
    table
        .slots
        .iter()
        .map(|[k, v]| [k.load(Acquire), v.load(Acquire)])
        .filter(|&[k, v]| k != 0 && v != 0)
}

/// Moves the entries of `table` into `size` new slots.
fn rehash(table: &mut Table, size: usize) {
    let old = std::mem::replace(table, Table::new(size));
    for [key, known] in old
        .slots
        .iter()
        .map(|[k, v]| [k.load(Relaxed), v.load(Relaxed)])
    {
        if key != 0 {
            let mut i = slot(key, size);
            while table.slots[i][0].load(Relaxed) != 0 {
                i = (i + 1) & (size - 1);
            }
            table.slots[i][0].store(key, Relaxed);
            table.slots[i][1].store(known, Relaxed);
            if Known(known).nimber().is_some() {
                table.mark_solved(key);
            }
        }
    }
}

/// Lookups and updates of a [`KnownRegions`], holding its read lock.
pub struct Reader<'t> {
    table: &'t KnownRegions,
    slots: RwLockReadGuard<'t, Table>,
    /// Entries this reader made and has not yet counted in the table.
    uncounted: Cell<usize>,
}

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        self.table.len.fetch_add(self.uncounted.get(), Relaxed);
    }
}

impl Reader<'_> {
    /// Counts a new entry.
    fn count(&self) {
        let uncounted = self.uncounted.get() + 1;
        if uncounted >= (self.slots.len() / 64).clamp(1, COUNTED_TOGETHER) {
            self.table.len.fetch_add(uncounted, Relaxed);
            self.uncounted.set(0);
        } else {
            self.uncounted.set(uncounted);
        }
    }

    /// Whether the table is crowded and may not grow: what is learnt of new
    /// regions would be let go.
    pub fn is_full(&self) -> bool {
        let slots = self.slots.len();
        10 * (self.table.len() + 1) > CROWDED_TENTHS * slots && !self.table.may_double(slots)
    }

    /// What is known of the canonical region `b`.
    pub fn get<B: Bits>(&self, b: &Board<B>) -> Known {
        let Some(key) = key(b) else {
            let others = self
                .table
                .others
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            return others.get(&b.wide()).copied().unwrap_or_default();
        };
        let slots = &self.slots.slots;
        let mask = slots.len() - 1;
        let mut i = slot(key, slots.len());
        // Every slot at most: a table is never full, but a bound costs nothing.
        for _ in 0..slots.len() {
            let k = slots[i][0].load(Acquire);
            if k == key {
                return Known(slots[i][1].load(Acquire));
            }
            if k == 0 {
                break;
            }
            i = (i + 1) & mask;
        }
        Known::default()
    }

    /// The nimber of the canonical region `b`, if known: [`Reader::get`]'s, but
    /// answered from the filter, in the cache, for most regions that have none.
    pub fn nimber<B: Bits>(&self, b: &Board<B>) -> Option<u8> {
        if key(b).is_some_and(|key| !self.slots.may_be_solved(key)) {
            return None;
        }
        self.get(b).nimber()
    }

    /// Records the nimber of the canonical region `b`.
    pub fn solve<B: Bits>(&self, b: &Board<B>, nimber: u8) {
        self.add(b, (nimber as u64 + 1) << NIMBER_SHIFT);
    }

    /// Records that the nimber of the canonical region `b` is none of the values in
    /// `values` (bit v for value v, below [`RULED_OUT_BELOW`]).
    pub fn rule_out<B: Bits>(&self, b: &Board<B>, values: u64) {
        self.add(b, values);
    }

    /// Adds `bits` to what is known of `b` (what is known only grows, so that two
    /// threads learning of one region at once both leave their mark).
    pub(super) fn add<B: Bits>(&self, b: &Board<B>, bits: u64) {
        let Some(key) = key(b) else {
            let mut others = self
                .table
                .others
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let known = others.entry(b.wide()).or_insert_with(|| {
                self.count();
                Known::default()
            });
            known.0 |= bits;
            return;
        };
        self.add_packed(key, bits);
    }

    /// [`Reader::add`] of a region that packs, by its key.
    pub(super) fn add_packed(&self, key: u64, bits: u64) {
        let slots = &self.slots.slots;
        let len = self.table.len.load(Relaxed);
        if 10 * (len + 1) > FULL_TENTHS * slots.len() {
            if self.table.may_double(slots.len()) {
                self.table.grow_wanted.store(true, Relaxed);
            }
            if 10 * (len + 1) > CROWDED_TENTHS * slots.len() {
                return;
            }
        }
        let mask = slots.len() - 1;
        let mut i = slot(key, slots.len());
        for _ in 0..slots.len() {
            let k = slots[i][0].load(Acquire);
            let mine = k == key
                || k == 0 && {
                    match slots[i][0].compare_exchange(0, key, AcqRel, Acquire) {
                        Ok(_) => {
                            self.count();
                            true
                        }
                        Err(now) => now == key,
                    }
                };
            if mine {
                slots[i][1].fetch_or(bits, AcqRel);
                if Known(bits).nimber().is_some() {
                    self.slots.mark_solved(key);
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_is_made_for_the_regions_expected_within_the_memory_allowed() {
        let table = KnownRegions::default();
        let slots = |table: &KnownRegions| table.slots.read().unwrap().len();
        // Within the memory allowed: room for them all at once, and what was known
        // is kept.
        table.reader().solve(
            &Board {
                rows: 2,
                cols: 3,
                empty: 0b110_011u64,
            },
            1,
        );
        table.expect(100_000);
        assert_eq!(slots(&table), slots_for(100_000));
        assert!(100_000 * 10 <= FULL_TENTHS * slots(&table));
        let reader = table.reader();
        assert_eq!(
            reader.nimber(&Board {
                rows: 2,
                cols: 3,
                empty: 0b110_011u64
            }),
            Some(1)
        );
        drop(reader);
        // Fewer than there is room for: nothing changes.
        table.expect(10);
        assert_eq!(slots(&table), slots_for(100_000));
        // Past the memory allowed: no room is made.
        let small = KnownRegions::default();
        small.hold_within(1 << 20);
        small.expect(1 << 20);
        assert_eq!(slots(&small), FIRST_SLOTS);
    }

    #[test]
    fn keeps_what_is_known_of_regions_that_pack_and_those_that_do_not() {
        let table = KnownRegions::default();
        let board = |rows, cols, empty| Board { rows, cols, empty };
        for i in 1..5000u64 {
            if table.grow_wanted() {
                table.grow();
            }
            let reader = table.reader();
            reader.rule_out(&board(4, 9, i * 7919), 0b101);
            if i % 3 == 0 {
                reader.solve(&board(4, 9, i * 7919), (i % 7) as u8);
            }
        }
        let table = table.clone();
        let reader = table.reader();
        reader.solve(&board(8, 8, u64::MAX), 3);
        reader.rule_out(&board(8, 8, u64::MAX - 1), 1 << 40);
        drop(reader);
        assert_eq!(table.len(), 5001);
        let reader = table.reader();
        for i in 1..5000u64 {
            let known = reader.get(&board(4, 9, i * 7919));
            // The filter keeps every solved region through the table's growth.
            let solved = (i % 3 == 0).then_some((i % 7) as u8);
            assert_eq!(reader.nimber(&board(4, 9, i * 7919)), solved);
            if i % 3 == 0 {
                assert_eq!(known.nimber(), Some((i % 7) as u8));
            } else {
                assert_eq!((known.nimber(), known.ruled_out()), (None, 0b101));
            }
            assert_eq!(reader.get(&board(3, 12, i * 7919)), Known::default());
        }
        assert_eq!(reader.get(&board(8, 8, u64::MAX)).nimber(), Some(3));
        assert_eq!(reader.get(&board(8, 8, u64::MAX - 1)).ruled_out(), 1 << 40);
    }

    #[test]
    fn a_table_grows_only_within_its_memory_and_is_then_full() {
        // Room for 64 slots and their double (16 bytes a slot), not for the next.
        let table = KnownRegions::default();
        table.hold_within(3 * FIRST_SLOTS * size_of::<Slot>());
        let board = |i: u64| Board {
            rows: 5,
            cols: 8,
            empty: i,
        };
        for i in 1..=1000 {
            if table.grow_wanted() {
                table.grow();
            }
            table.reader().rule_out(&board(i), 1);
        }
        let reader = table.reader();
        assert_eq!(reader.slots.len(), 2 * FIRST_SLOTS);
        assert!(reader.is_full());
        assert_eq!(table.len(), CROWDED_TENTHS * 2 * FIRST_SLOTS / 10);
        assert_eq!(reader.get(&board(1)).ruled_out(), 1);
        assert_eq!(reader.get(&board(1000)).ruled_out(), 0);
    }

    #[test]
    fn threads_adding_at_once_lose_nothing_while_the_table_grows() {
        // Three threads add what they learn of the same 20,000 regions, in different
        // orders, each looking for growth before every region as the search does:
        // every bit added is kept and every region counted once.
        let table = KnownRegions::default();
        let board = |i: u64| Board {
            rows: 5,
            cols: 8,
            empty: i * 0x9e37_79b9 % (1 << 40) + 1,
        };
        std::thread::scope(|scope| {
            for t in 0..3u64 {
                let table = &table;
                scope.spawn(move || {
                    let mut reader = Some(table.reader());
                    for j in 0..20_000u64 {
                        if table.grow_wanted() {
                            reader = None;
                            table.grow();
                        }
                        let reader = reader.get_or_insert_with(|| table.reader());
                        let i = (j * [1, 3, 7][t as usize] + t * 7) % 20_000;
                        reader.rule_out(&board(i), 1 << t);
                    }
                });
            }
        });
        assert_eq!(table.len(), 20_000);
        let reader = table.reader();
        for i in 0..20_000 {
            assert_eq!(reader.get(&board(i)).ruled_out(), 0b111, "region {i}");
        }
    }
}
