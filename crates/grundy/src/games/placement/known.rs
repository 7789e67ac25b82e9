//! What the search knows of each canonical region, in an open-addressed table of
//! one 64-bit word per entry, so that a lookup reads one cache line. A region's key
//! (its cells row by row and its width, packed in 62 bits) is mixed by a one-to-one
//! function; the top bits of the mix choose the entry's home slot, and the entry
//! keeps only the rest (a quotient table), how far past its home it lies, and what
//! is known (its nimber, or the smallest values its nimber is not, as many as the
//! bits left allow: 9 in the first table, 23 in one of 2^29 slots). Regions whose
//! box has more than 56 cells go to a map: on boards of up to 56 cells (Cram 6x9
//! and 7x8) every region packs.
//! The table doubles as it fills, while the memory allows; where a doubling does
//! not fit, it grows once more to most of the memory left (a size that is no power
//! of two); then, each time it fills, what is known of the smallest regions, in the
//! table and the map, is let go (they cost the least to search again), so that a
//! search never stops for want of room.
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
const CELL_BITS: u32 = 56;

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

/// One entry (0: an empty slot): from the top, the rest of its key's mix past the
/// home slot's bits, its displacement from its home ([`DISPLACEMENT_BITS`]), and
/// what is known ([`Compact`]).
type Slot = AtomicU64;

/// Bits of a packed key: the cells, then the width.
const KEY_BITS: u32 = CELL_BITS + 6;

/// Bits of an entry's displacement from its home slot: an entry further than
/// [`MOST_DISPLACEMENT`] is let go (seldom, in a crowded table).
const DISPLACEMENT_BITS: u32 = 8;

const MOST_DISPLACEMENT: usize = (1 << DISPLACEMENT_BITS) - 1;

/// Entries kept, at most, per ten slots: past this the table asks to grow…
const FULL_TENTHS: usize = 7;

/// … or, where the memory allows no larger table, to be swept down to this many
/// per ten slots ([`sweep`]).
const SWEPT_TENTHS: usize = 5;

/// … and past this, while it cannot grow (another thread reads it), what is learnt
/// of new regions is let go (the search works it out again if it needs it).
const CROWDED_TENTHS: usize = 9;

/// The slots a region in the map takes the room of: a map entry holds about six
/// slots' bytes (a board, what is known, a control byte, the room the map keeps
/// free), twice that while the map grows, and the map is kept to about a quarter
/// of the table's memory, so that the two stay within the memory that let the
/// table grow.
const MAP_ENTRY_SLOTS: usize = 32;

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

/// The slots of a new table: enough that what is known has 9 bits, a flag and a
/// nimber of a byte.
const FIRST_SLOTS: usize = 1 << 15;

const _: () = assert!(
    FIRST_SLOTS.is_power_of_two()
        && 64 - (KEY_BITS - FIRST_SLOTS.trailing_zeros()) - DISPLACEMENT_BITS >= 9
);

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
        self.slots.iter().chain(self.solved.iter())
    }

    /// Notes that the region whose key mixes to `mixed` has a nimber.
    fn mark_solved(&self, mixed: u64) {
        let bit = filter_bit(mixed, self.slots.len());
        self.solved[bit / 64].fetch_or(1 << (bit % 64), Relaxed);
    }

    /// Whether the region whose key mixes to `mixed` may have a nimber.
    fn may_be_solved(&self, mixed: u64) -> bool {
        let bit = filter_bit(mixed, self.slots.len());
        self.solved[bit / 64].load(Relaxed) & 1 << (bit % 64) != 0
    }

    /// Where the entries of this table keep what: the layout for its size.
    fn layout(&self) -> Layout {
        Layout::of(self.slots.len())
    }

    /// What is known of the region whose key mixes to `mixed`.
    fn get(&self, mixed: u64) -> Known {
        let layout = self.layout();
        let home = layout.home(mixed);
        for displacement in 0..=MOST_DISPLACEMENT {
            let entry = self.slots[layout.past(home, displacement)].load(Acquire);
            if entry == 0 {
                break;
            }
            if layout.is(entry, layout.tag(mixed, displacement)) {
                return layout.decode(layout.compact(entry));
            }
        }
        Known::default()
    }

    /// Adds `compact` to what is known of the region whose key mixes to `mixed`, as
    /// other threads may add to the table at once. Returns whether it took a new
    /// entry. Nothing is added where its home and the slots after it are taken.
    fn add(&self, mixed: u64, compact: Compact) -> bool {
        if compact.0 == 0 {
            return false;
        }
        let layout = self.layout();
        let solved = compact.0 & layout.solved() != 0;
        let home = layout.home(mixed);
        for displacement in 0..=MOST_DISPLACEMENT {
            let tag = layout.tag(mixed, displacement);
            let slot = &self.slots[layout.past(home, displacement)];
            let mut entry = slot.load(Acquire);
            loop {
                let (new, wanted) = match entry {
                    0 => (true, tag | compact.0),
                    e if layout.is(e, tag) => {
                        (false, tag | layout.join(layout.compact(e), compact).0)
                    }
                    _ => break,
                };
                if wanted == entry {
                    return false;
                }
                match slot.compare_exchange(entry, wanted, AcqRel, Acquire) {
                    Ok(_) => {
                        if solved {
                            self.mark_solved(mixed);
                        }
                        return new;
                    }
                    Err(now) => entry = now,
                }
            }
        }
        false
    }
}

/// The layout of the entries of a table of `slots` slots: of a key's mix, the top
/// `home_bits` choose the home slot and the low `rest_bits` are kept; what is
/// known has the `known_bits` left. In a table of 2^k slots the home is the top k
/// bits themselves and the rest is the other bits; in a table of any other size
/// (one grown to the memory allowed, [`KnownRegions::grow`]) the top k + 1 bits,
/// scaled to the slots, choose the home, which leaves two of their values at most
/// for each slot: the rest keeps one bit more, the lowest of them, to tell the two
/// apart.
#[derive(Clone, Copy)]
struct Layout {
    slots: usize,
    home_bits: u32,
    rest_bits: u32,
    known_bits: u32,
}

impl Layout {
    fn of(slots: usize) -> Layout {
        let home_bits = slots.next_power_of_two().trailing_zeros();
        let rest_bits = KEY_BITS - slots.ilog2();
        Layout {
            slots,
            home_bits,
            rest_bits,
            known_bits: 64 - rest_bits - DISPLACEMENT_BITS,
        }
    }

    /// The home slot of the key that mixes to `mixed`.
    fn home(self, mixed: u64) -> usize {
        let top = mixed >> (KEY_BITS - self.home_bits);
        ((top as u128 * self.slots as u128) >> self.home_bits) as usize
    }

    /// The slot `displacement` past `home`, the first one after the last.
    fn past(self, home: usize, displacement: usize) -> usize {
        match home + displacement {
            at if at >= self.slots => at - self.slots,
            at => at,
        }
    }

    /// The entry's bits, what is known left out, of the key that mixes to `mixed`
    /// at `displacement` from its home.
    fn tag(self, mixed: u64, displacement: usize) -> u64 {
        let rest = mixed & ((1 << self.rest_bits) - 1);
        (rest << DISPLACEMENT_BITS | displacement as u64) << self.known_bits
    }

    /// Whether `entry` has the tag `tag`.
    fn is(self, entry: u64, tag: u64) -> bool {
        entry >> self.known_bits == tag >> self.known_bits
    }

    /// The flag of a [`Compact`] that holds a nimber.
    fn solved(self) -> u64 {
        1 << (self.known_bits - 1)
    }

    fn compact(self, entry: u64) -> Compact {
        Compact(entry & ((1 << self.known_bits) - 1))
    }

    /// The mix of the key of `entry`, which lies in slot `at`.
    fn mixed(self, entry: u64, at: usize) -> u64 {
        let displacement = (entry >> self.known_bits) as usize & MOST_DISPLACEMENT;
        let home = match at.checked_sub(displacement) {
            Some(home) => home,
            None => at + self.slots - displacement,
        };
        let rest = entry >> (self.known_bits + DISPLACEMENT_BITS);
        let low_bits = KEY_BITS - self.home_bits;
        let top = match self.slots.is_power_of_two() {
            true => home as u64,
            // The smaller of the two values that scale to `home`, or the one after
            // it where their lowest bits differ.
            false => {
                let smallest =
                    ((home as u128) << self.home_bits).div_ceil(self.slots as u128) as u64;
                smallest + ((smallest ^ rest >> low_bits) & 1)
            }
        };
        top << low_bits | rest & ((1 << low_bits) - 1)
    }

    /// What is known, in the bits this layout has: a flag, and the nimber (a byte)
    /// where it is known; else the values below `known_bits − 1` that the nimber is
    /// not. 0: nothing this layout keeps.
    fn encode(self, known: Known) -> Compact {
        let solved = self.solved();
        Compact(match known.nimber() {
            Some(g) => solved | g as u64,
            None => known.ruled_out() & (solved - 1),
        })
    }

    fn decode(self, compact: Compact) -> Known {
        if compact.0 & self.solved() != 0 {
            Known(((compact.0 & 0xff) + 1) << NIMBER_SHIFT)
        } else {
            Known(compact.0)
        }
    }

    /// What is known from `old` and from `new` together (in the same layout).
    fn join(self, old: Compact, new: Compact) -> Compact {
        let solved = self.solved();
        match (old.0 & solved != 0, new.0 & solved != 0) {
            (true, _) => old,
            (false, true) => new,
            (false, false) => Compact(old.0 | new.0),
        }
    }
}

/// What is known of a region, in the low bits of its entry ([`Layout::encode`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Compact(u64);

/// The mix of a packed key: a one-to-one function of its 62 bits (two xor-shifts
/// and an odd multiplier, each undone by [`unmix`]), so that the home slot and the
/// rest kept in the entry give the key back.
fn mix(key: u64) -> u64 {
    let x = key ^ key >> 29;
    let x = x.wrapping_mul(MULTIPLIER) & KEY_MASK;
    x ^ x >> 32
}

/// The key whose mix is `mixed`.
fn unmix(mixed: u64) -> u64 {
    let x = mixed ^ mixed >> 32;
    let x = x.wrapping_mul(MULTIPLIER_INVERSE) & KEY_MASK;
    x ^ x >> 29 ^ x >> 58
}

const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

/// The inverse of [`MULTIPLIER`] modulo 2^64 (Newton's iteration doubles the bits
/// that are right each time), so modulo 2^62 too.
const MULTIPLIER_INVERSE: u64 = {
    let mut inverse = MULTIPLIER;
    let mut i = 0;
    while i < 6 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(MULTIPLIER.wrapping_mul(inverse)));
        i += 1;
    }
    inverse
};

/// The bits of the filter of a table of `slots` slots: two a slot, up to the 2 MiB
/// of a core's level-2 cache (a larger filter would be a trip to memory too).
fn filter_bits(slots: usize) -> usize {
    (slots * FILTER_BITS_PER_SLOT)
        .next_power_of_two()
        .min(FILTER_MOST_BITS)
}

/// The most bits of a filter.
const FILTER_MOST_BITS: usize = 1 << 24;

/// The bit of the filter of a table of `slots` slots for the region whose key
/// mixes to `mixed`.
fn filter_bit(mixed: u64, slots: usize) -> usize {
    let hash = mixed.wrapping_mul(0xff51_afd7_ed55_8ccd);
    let bits = filter_bits(slots).trailing_zeros();
    (hash >> (64 - bits)) as usize
}

/// The key of a region that packs: its cells and width.
fn key<B: Bits>(b: &Board<B>) -> Option<u64> {
    (b.cells() <= CELL_BITS).then(|| b.empty.low() | ((b.cols as u64 - 1) << CELL_BITS))
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

    /// The bytes a region known holds in the table, at least: its entry (the memory
    /// the table may take, with the room it keeps free, is checked as it grows).
    pub const BYTES_PER_REGION: usize = size_of::<Slot>();

    /// The bytes of the smallest table that holds `entries`.
    pub fn bytes_for(entries: usize) -> usize {
        fewest_slots_for(entries).saturating_mul(size_of::<Slot>())
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

    /// Lets the table grow only while the program, with the new table in place of
    /// the old one, holds at most `bytes` ([`crate::stop::memory_held`], where it is
    /// counted): past that it is swept as it fills ([`KnownRegions::grow`]).
    pub fn hold_within(&self, bytes: usize) {
        self.most_bytes.store(bytes, Relaxed);
    }

    /// Whether a table of `slots` slots may double.
    fn may_double(&self, slots: usize) -> bool {
        self.may_grow(slots, 2 * slots)
    }

    /// Whether a table of `slots` slots may grow to `size` slots: the program with
    /// the new table in the old one's place, within the memory allowed (the old
    /// table's memory is handed back as the new one fills, [`rehash`]).
    fn may_grow(&self, slots: usize, size: usize) -> bool {
        let held = held_beside(slots);
        held.saturating_add(size.saturating_mul(size_of::<Slot>())) <= self.most_bytes.load(Relaxed)
    }

    /// Whether a table of `slots` slots, beside a map of `others` regions, is full:
    /// the regions known take more than [`FULL_TENTHS`] of its room, each region
    /// of the map [`MAP_ENTRY_SLOTS`] slots' room.
    fn is_full(&self, slots: usize, others: usize) -> bool {
        let taken = self.len.load(Relaxed) + (MAP_ENTRY_SLOTS - 1) * others;
        10 * (taken + 1) > FULL_TENTHS * slots
    }

    /// Whether a thread asked for more room: every reader should be let go, and
    /// [`KnownRegions::grow`] called.
    pub fn grow_wanted(&self) -> bool {
        self.grow_wanted.load(Relaxed)
    }

    /// Makes room if the table is full, once no reader is held (the caller holds
    /// none, and waits for the others to let theirs go, unless one of them made
    /// room meanwhile): doubles its slots where the memory allows, else lets go of
    /// what is known of its smallest regions ([`sweep`]).
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
        let mut others = self.others.lock().unwrap_or_else(PoisonError::into_inner);
        if !self.is_full(slots.len(), others.len()) {
            return;
        }
        let size = slots.len();
        if self.may_double(size) {
            rehash(&mut slots, 2 * size, 0);
        } else if let Some(larger) = self.largest_within(size, others.len()) {
            rehash(&mut slots, larger, 0);
        } else {
            self.len.store(sweep(&mut slots, &mut others), Relaxed);
        }
    }

    /// Where a table of `slots` slots, beside a map of `others` regions, may not
    /// double: the most slots, in steps of [`GROWN_IN`] and an eighth more than
    /// now at least, that the memory allowed holds in the old table's place. An
    /// eighth of that memory is kept for the rest of the program (what the
    /// allocator counts is not all it takes from the system), and while the map
    /// holds regions, a quarter of the table's memory more for the map to grow in
    /// (it is swept with the table, each of its regions counted as
    /// [`MAP_ENTRY_SLOTS`] slots). So the table takes most of the memory allowed,
    /// not the power of two below it: within half of 24 GiB, 10 GiB instead of 8.
    fn largest_within(&self, slots: usize, others: usize) -> Option<usize> {
        let most = self.most_bytes.load(Relaxed);
        let room = most
            .saturating_sub(most / 8)
            .saturating_sub(held_beside(slots));
        let room = match others {
            0 => room,
            _ => room / 5 * 4,
        };
        let size = room / size_of::<Slot>() / GROWN_IN * GROWN_IN;
        (size >= slots + slots / 8).then_some(size)
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
            rehash(&mut slots, wanted, 0);
        }
    }

    /// Makes room for `more` entries at once: a power of two of slots where the
    /// memory allowed holds it, else the fewest slots that do.
    fn reserve(&self, more: usize) {
        let mut slots = self.slots.write().unwrap_or_else(PoisonError::into_inner);
        let entries = self.len.load(Relaxed).saturating_add(more);
        let wanted = match slots_for(entries) {
            doubled if self.may_grow(slots.len(), doubled) => doubled,
            _ => fewest_slots_for(entries),
        };
        if wanted > slots.len() {
            rehash(&mut slots, wanted, 0);
        }
    }
}

/// The memory the program holds besides a table of `slots` slots.
fn held_beside(slots: usize) -> usize {
    let table = slots * size_of::<Slot>();
    crate::stop::memory_held().max(table) - table
}

/// The slots of a table that holds `entries` and does not ask to grow: a power
/// of two, as a table grows by doubling.
fn slots_for(entries: usize) -> usize {
    slots_needed(entries)
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX)
}

/// The fewest slots of a table that holds `entries` and does not ask to grow: a
/// power of two up to [`GROWN_IN`], past it a multiple of it (as a table grown to
/// the memory allowed is, [`KnownRegions::largest_within`]).
fn fewest_slots_for(entries: usize) -> usize {
    match slots_needed(entries) {
        needed if needed <= GROWN_IN => needed.next_power_of_two(),
        needed => needed.div_ceil(GROWN_IN).saturating_mul(GROWN_IN),
    }
}

/// The slots that hold `entries` with at most [`FULL_TENTHS`] of them taken.
fn slots_needed(entries: usize) -> usize {
    entries.saturating_add(1).saturating_mul(10) / FULL_TENTHS + 1
}

/// A table grown to the memory allowed has a multiple of this many slots (8 MiB).
const GROWN_IN: usize = 1 << 20;

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

/// The entries of a table, each its key and what is known, read as the table's
/// threads add to it.
fn packed_entries(table: &Table) -> impl Iterator<Item = [u64; 2]> + '_ {
    let layout = table.layout();
    table
        .slots
        .iter()
        .enumerate()
        .filter_map(move |(at, entry)| {
            let entry = entry.load(Acquire);
            (entry != 0).then(|| {
                let known = layout.decode(layout.compact(entry));
                [unmix(layout.mixed(entry, at)), known.0]
            })
        })
}

/// Moves the entries of `table` of regions of `fewest_cells` cells or more into
/// `size` new slots, handing back the old slots' memory as it goes: the new
/// table's pages are taken as its entries come, so that the two together hold
/// little more than the new table, and the memory budget counts the new one alone
/// meanwhile. Returns how many entries were moved.
fn rehash(table: &mut Table, size: usize, fewest_cells: u32) -> usize {
    crate::stop::not_counted(table.len() * size_of::<Slot>(), || {
        let mut old = std::mem::replace(table, Table::new(size));
        let (from, to) = (old.layout(), table.layout());
        let mut moved = 0;
        for start in (0..old.len()).step_by(MOVED_TOGETHER) {
            let end = (start + MOVED_TOGETHER).min(old.len());
            for at in start..end {
                let entry = old.slots[at].load(Relaxed);
                if entry == 0 {
                    continue;
                }
                let mixed = from.mixed(entry, at);
                if fewest_cells == 0 || cells(unmix(mixed)) >= fewest_cells {
                    let known = from.decode(from.compact(entry));
                    moved += usize::from(table.add(mixed, to.encode(known)));
                }
            }
            old.slots.release(start, end);
        }
        moved
    })
}

/// Lets go of what is known of the smallest regions of a full `table` and of the
/// regions that do not pack (`others`, each [`MAP_ENTRY_SLOTS`] slots' room), the
/// fewest sizes that leave at most [`SWEPT_TENTHS`] of its slots' room taken:
/// searching a small region again costs little, and a large one is met where the
/// search is costly. Returns how many regions are kept.
fn sweep(table: &mut Table, others: &mut FxHashMap<Board, Known>) -> usize {
    let mut regions_of = [0usize; super::MOST_CELLS as usize + 1];
    for [key, _] in packed_entries(table) {
        regions_of[cells(key) as usize] += 1;
    }
    for region in others.keys() {
        regions_of[region.empty.count_ones() as usize] += MAP_ENTRY_SLOTS;
    }
    let room = SWEPT_TENTHS * table.len() / 10;
    let (mut fewest_cells, mut kept) = (regions_of.len(), 0);
    while fewest_cells > 0 && kept + regions_of[fewest_cells - 1] <= room {
        fewest_cells -= 1;
        kept += regions_of[fewest_cells];
    }
    others.retain(|region, _| region.empty.count_ones() as usize >= fewest_cells);
    rehash(table, table.len(), fewest_cells as u32) + others.len()
}

/// The number of cells of the region of packed key `key`.
fn cells(key: u64) -> u32 {
    (key & ((1 << CELL_BITS) - 1)).count_ones()
}

/// A growing table moves this many entries, then hands back their slots' memory.
const MOVED_TOGETHER: usize = 1 << 20;

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

    /// What is known of the canonical region `b`.
    pub fn get<B: Bits>(&self, b: &Board<B>) -> Known {
        match key(b) {
            Some(key) => self.slots.get(mix(key)),
            None => {
                let others = self
                    .table
                    .others
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                others.get(&b.wide()).copied().unwrap_or_default()
            }
        }
    }

    /// The nimber of the canonical region `b`, if known: [`Reader::get`]'s, but
    /// answered from the filter, in the cache, for most regions that have none.
    pub fn nimber<B: Bits>(&self, b: &Board<B>) -> Option<u8> {
        match key(b) {
            Some(key) => {
                let mixed = mix(key);
                if !self.slots.may_be_solved(mixed) {
                    return None;
                }
                self.slots.get(mixed).nimber()
            }
            None => self.get(b).nimber(),
        }
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
            if self.table.is_full(self.slots.len(), others.len()) {
                self.table.grow_wanted.store(true, Relaxed);
            }
            return;
        };
        self.add_packed(key, bits);
    }

    /// [`Reader::add`] of a region that packs, by its key.
    pub(super) fn add_packed(&self, key: u64, bits: u64) {
        let slots = self.slots.slots.len();
        let len = self.table.len.load(Relaxed);
        if 10 * (len + 1) > FULL_TENTHS * slots {
            self.table.grow_wanted.store(true, Relaxed);
            if 10 * (len + 1) > CROWDED_TENTHS * slots {
                return;
            }
        }
        let compact = self.slots.layout().encode(Known(bits));
        if self.slots.add(mix(key), compact) {
            self.count();
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
        drop(reader);
        // Boxes of 54 to 56 cells (Cram 6x9 and 7x8, and their regions) pack: the
        // map holds only the 8x8 board's two regions.
        let reader = table.reader();
        let whole = |rows: u8, cols: u8| board(rows, cols, (1 << (rows * cols)) - 1);
        for (rows, cols, g) in [(6, 9, 1), (9, 6, 2), (7, 8, 3), (8, 7, 4), (1, 56, 5)] {
            reader.solve(&whole(rows, cols), g);
            reader.rule_out(&board(rows, cols, (1 << (rows * cols - 1)) | 1), 0b110);
        }
        for (rows, cols, g) in [(6, 9, 1), (9, 6, 2), (7, 8, 3), (8, 7, 4), (1, 56, 5)] {
            assert_eq!(reader.nimber(&whole(rows, cols)), Some(g));
            let corners = board(rows, cols, (1 << (rows * cols - 1)) | 1);
            assert_eq!(reader.get(&corners).ruled_out(), 0b110);
        }
        assert_eq!(table.others.lock().unwrap().len(), 2);
    }

    #[test]
    fn a_key_comes_back_from_its_home_slot_and_the_rest_kept() {
        let mut key = 1u64;
        for _ in 0..10_000 {
            key = key.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1) & KEY_MASK;
            assert_eq!(unmix(mix(key)), key);
            assert!(mix(key) <= KEY_MASK);
            // Tables of a power of two of slots, and tables grown to the memory
            // allowed (their last slots' entries past the end wrap to the first).
            for slots in [
                FIRST_SLOTS,
                1 << 20,
                1 << 29,
                3 << 20,
                (11 << 27) + (5 << 20),
            ] {
                let layout = Layout::of(slots);
                let home = layout.home(mix(key));
                assert!(home < slots);
                for displacement in [0, 3, MOST_DISPLACEMENT] {
                    let entry = layout.tag(mix(key), displacement) | 1;
                    let at = layout.past(home, displacement);
                    assert_eq!(layout.mixed(entry, at), mix(key));
                }
            }
        }
    }

    #[test]
    fn what_is_known_keeps_its_nimber_and_as_many_values_ruled_out_as_fit() {
        let small = Layout::of(FIRST_SLOTS);
        let large = Layout::of(1 << 29);
        assert_eq!((small.known_bits, large.known_bits), (9, 23));
        for g in [0u8, 1, 7, 254] {
            let known = Known((g as u64 + 1) << NIMBER_SHIFT | 0b1010);
            assert_eq!(small.decode(small.encode(known)).nimber(), Some(g));
        }
        let not = Known(0b1_0000_0000_0101);
        assert_eq!(small.decode(small.encode(not)), Known(0b101));
        assert_eq!(large.decode(large.encode(not)), not);
        assert_eq!(small.encode(Known(1 << 40)), Compact(0));
        // A nimber learnt is kept over values ruled out, and values ruled out join.
        let solved = small.encode(Known(3 << NIMBER_SHIFT));
        assert_eq!(small.join(small.encode(not), solved), solved);
        assert_eq!(small.join(solved, small.encode(not)), solved);
        let joined = small.join(small.encode(Known(1)), small.encode(Known(4)));
        assert_eq!(small.decode(joined), Known(5));
    }

    #[test]
    fn a_table_grows_within_its_memory_then_lets_go_of_its_smallest_regions() {
        // Room for twice the first slots (8 bytes a slot), which take the first
        // ones' place, not for four times.
        let table = KnownRegions::default();
        table.hold_within(3 * FIRST_SLOTS * size_of::<Slot>());
        let board = |i: u64| Board {
            rows: 5,
            cols: 8,
            empty: i,
        };
        let largest = board((1 << 30) - 1);
        table.reader().solve(&largest, 2);
        // Regions that do not pack, in the map: one large, one small.
        let wide = |empty: u64| Board {
            rows: 8,
            cols: 8,
            empty,
        };
        table.reader().solve(&wide(u64::MAX), 1);
        table.reader().solve(&wide(1), 0);
        for i in 1..=100_000 {
            if table.grow_wanted() {
                table.grow();
            }
            table.reader().rule_out(&board(i), 1);
        }
        let reader = table.reader();
        assert_eq!(reader.slots.len(), 2 * FIRST_SLOTS);
        assert!(10 * table.len() <= FULL_TENTHS * 2 * FIRST_SLOTS);
        // The largest region is kept through every sweep, the smallest let go.
        assert_eq!(reader.nimber(&largest), Some(2));
        assert_eq!(reader.get(&board(1)).ruled_out(), 0);
        assert_eq!(reader.get(&board(0xffff)).ruled_out(), 1);
        assert_eq!(reader.nimber(&wide(u64::MAX)), Some(1));
        assert_eq!(reader.nimber(&wide(1)), None);
        // What is let go is no longer counted.
        let others = table.others.lock().unwrap().len();
        assert_eq!(table.len(), packed_entries(&reader.slots).count() + others);
    }

    #[test]
    fn a_table_that_cannot_double_grows_to_most_of_the_memory_allowed() {
        // 48 MiB allowed: 2^22 slots (32 MiB) cannot double; they grow to 5·2^20
        // slots (40 MiB), as many as fit in 42 MiB (an eighth of the 48 kept
        // aside) in steps of 2^20, and lose nothing.
        let table = KnownRegions::default();
        table.hold_within(48 << 20);
        let board = |i: u64| Board {
            rows: 5,
            cols: 8,
            empty: i.wrapping_mul(0x9e37_79b9) % (1 << 40) + 1,
        };
        let regions = 3_200_000;
        for i in 0..regions {
            if table.grow_wanted() {
                table.grow();
            }
            table.reader().rule_out(&board(i), 1 << (i % 3));
        }
        let reader = table.reader();
        assert_eq!(reader.slots.len(), 5 << 20);
        assert_eq!(table.len(), regions as usize);
        for i in 0..regions {
            assert_eq!(
                reader.get(&board(i)).ruled_out(),
                1 << (i % 3),
                "region {i}"
            );
        }
        // Its file is taken up again within the same memory, though the power of
        // two of slots that would hold it (2^23, 64 MiB) is past it.
        let bytes = super::super::kept::to_bytes("cram", &table.snapshot());
        drop(reader);
        let again = KnownRegions::default();
        super::super::kept::read_bytes(&bytes, "cram", 48 << 20, &again).unwrap();
        let reader = again.reader();
        assert_eq!(reader.slots.len(), 5 << 20);
        assert_eq!(again.len(), regions as usize);
        assert_eq!(reader.get(&board(12_345)).ruled_out(), 1 << (12_345 % 3));
        drop(reader);
        // Full again, it is swept, not grown.
        for i in regions..4_000_000 {
            if again.grow_wanted() {
                again.grow();
            }
            again.reader().rule_out(&board(i), 1);
        }
        assert_eq!(again.reader().slots.len(), 5 << 20);
        assert!(10 * again.len() <= FULL_TENTHS * (5 << 20));
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
