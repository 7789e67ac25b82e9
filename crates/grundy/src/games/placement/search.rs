//! Nimbers of boards by pruned search (Lemoine and Viennot, *Nimbers are
//! inevitable*). A region has nimber k exactly when the region plus a nim heap of k
//! is a P-position, and that question is an outcome search, which stops at the first
//! winning move instead of valuing every option. After a move the region may fall
//! apart: the nimbers of all its pieces but the largest are found first (small
//! regions are cheap) and folded into the heap, so that every question is about one
//! region and one heap. Beside a large heap, the region is first asked about each
//! smaller heap: large nimbers are rare, and the region's own nimber settles it.
//!
//! The search works on the cells of the board it was asked about, in that board's
//! frame; only the table sees regions apart from where they lie, under their
//! canonical form: what is known of each, its nimber or values its nimber is not
//! ([`super::known`]). Options are first valued from the table, without search (an
//! option is seen to stay one region by looking only near the piece just placed);
//! the placements that have won most often are tried first. A small region is
//! valued in full instead, its nimber the least value none of its options has: it
//! is met again and again with other heaps, each of which would search it again. A
//! region that a reflection or half turn maps to itself, no placement meeting its
//! own image, is a P-position at once: the second player copies. In Cram, the cells that change no
//! nimber ([`Frame::without_idle_cells`]) are dropped from every option, and the
//! joins between cells that change nothing when cut ([`Frame::cut_joins`]) are cut,
//! so that more options fall apart into sums.

use crate::sorting::sort;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use super::kept;
use super::known::{KnownRegions, Reader, RULED_OUT_BELOW};
use super::mirror::{copying, reflections_fixing};
use super::{Bits, Board, Frame, Placement};
use crate::{Budget, Nimber, Result};

/// The regions of a board (cells of its frame), the largest last.
type Regions<B> = SmallVec<[B; 4]>;

/// The words a search works on: `u64` for boards of at most 64 cells, `u128` for
/// larger ones; each has its own placements.
trait Cells: Bits {
    fn placements(shapes: &mut Shapes) -> &mut FxHashMap<(u8, u8), Arc<[Self]>>;
    fn kept_forms(shapes: &mut Shapes) -> &mut Option<Forms<Self>>;
}

impl Cells for u64 {
    fn placements(shapes: &mut Shapes) -> &mut FxHashMap<(u8, u8), Arc<[u64]>> {
        &mut shapes.placements
    }
    fn kept_forms(shapes: &mut Shapes) -> &mut Option<Forms<u64>> {
        &mut shapes.forms.0
    }
}

impl Cells for u128 {
    fn placements(shapes: &mut Shapes) -> &mut FxHashMap<(u8, u8), Arc<[u128]>> {
        &mut shapes.wide_placements
    }
    fn kept_forms(shapes: &mut Shapes) -> &mut Option<Forms<u128>> {
        &mut shapes.forms.1
    }
}

/// Regions of this many cells or fewer are valued in full, their nimber from every
/// option's, rather than searched heap by heap: a small region is met again with
/// other heaps (as a piece of a sum, or in the search for a nimber), and each
/// search would look at its options again.
const CELLS_VALUED_IN_FULL: u32 = 14;

/// Whether a region loses beside a heap of this size or more is asked first of each
/// smaller heap (where its nimber most often is), then of its options: a region
/// seldom has so large a nimber. On Cram 3x16 (nimber 4) this takes the search from
/// 301 s to 22 s, and it let 4x13 finish.
const SMALLER_HEAPS_FIRST: Nimber = 4;

/// Regions of fewer cells are searched on one thread: starting threads would cost
/// more than the search.
const CELLS_ON_EVERY_THREAD: u32 = 20;

/// What the search has learnt, and the placements of each board size.
#[derive(Clone, Default)]
pub struct Search {
    /// What is known of each canonical region.
    known: KnownRegions,
    shapes: Shapes,
    /// Whether the table was read from a checkpoint's file already.
    resumed: bool,
    /// When the first search with a checkpoint began: the start of its clock.
    checkpoints_since: Option<Instant>,
    /// When the checkpoint's file was last written, and how many regions the table
    /// then knew of.
    saved: Option<(Instant, usize)>,
    /// The checkpoint's file, and the lock on it held while this search may write
    /// it ([`kept::lock`]).
    locked: Locked,
}

/// A checkpoint's file and its lock; a copy of a search holds none (it takes its
/// own to write, and is refused while the first holds it).
#[derive(Default)]
struct Locked(Option<(String, crate::files::Lock)>);

impl Clone for Locked {
    fn clone(&self) -> Self {
        Locked(None)
    }
}

/// A [`Search`] kept between questions, behind a lock so that the game can be
/// shared by the threads of a search.
#[derive(Debug, Default)]
pub struct Shared(Mutex<Search>);

impl Shared {
    pub fn lock(&self) -> MutexGuard<'_, Search> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Clone for Shared {
    fn clone(&self) -> Self {
        Shared(Mutex::new(self.lock().clone()))
    }
}

/// The placements of each board size, and the order to try them in: each thread
/// of a search has its own.
#[derive(Clone, Default)]
struct Shapes {
    placements: FxHashMap<(u8, u8), Arc<[u64]>>,
    /// The placements of boards past 64 cells.
    wide_placements: FxHashMap<(u8, u8), Arc<[u128]>>,
    /// The forms the last question found, kept for the next one about a board of
    /// the same size (many questions are asked one after another about the options
    /// of one board).
    forms: KeptForms,
    /// For each board size, the placements in order of their wins.
    history: FxHashMap<(u8, u8), History>,
}

/// The forms kept between questions; a copy keeps none.
#[derive(Default)]
struct KeptForms(Option<Forms<u64>>, Option<Forms<u128>>);

impl Clone for KeptForms {
    fn clone(&self) -> Self {
        KeptForms::default()
    }
}

/// One thread of a search: the table it shares, its reader of it, and its shapes.
struct SearchThread<'t, B> {
    known: &'t KnownRegions,
    reader: Option<Reader<'t>>,
    forms: Forms<B>,
    shapes: Shapes,
    /// How many threads a question about a whole board is searched on.
    threads: usize,
}

/// The canonical forms of the regions met lately, by their cells in the frame of
/// the board asked about: a search meets the same cells again and again, by moves
/// made in another order, and a form costs a cut and several images.
struct Forms<B> {
    /// The rows and columns of the board whose cells they are.
    frame: (u8, u8),
    forms: Box<[(B, Board<B>)]>,
}

/// A thread keeps the forms of this many regions, at most.
const FORMS: usize = 1 << 12;

impl<B: Bits> Forms<B> {
    /// No forms yet, of regions of a board of `frame` (rows, columns).
    fn new(frame: (u8, u8)) -> Self {
        // A slot that holds no region (no region has no cells).
        let none = Board {
            rows: 0,
            cols: 0,
            empty: B::ZERO,
        };
        Forms {
            frame,
            forms: vec![(B::ZERO, none); FORMS].into(),
        }
    }

    /// The canonical form of `region`.
    fn of(&mut self, at: &Within<B>, region: B) -> Board<B> {
        let i = (region.hash64() >> (64 - FORMS.trailing_zeros())) as usize;
        let (cells, form) = self.forms[i];
        if cells == region && region != B::ZERO {
            return form;
        }
        let form = at.game.least_form(at.frame.cut(region));
        self.forms[i] = (region, form);
        form
    }
}

/// How often each placement of a board size won, and the placements ordered by it.
#[derive(Clone, Default)]
struct History {
    wins: Vec<u32>,
    /// The placements, most wins first.
    order: Vec<u32>,
    /// Where each placement is in `order`.
    place: Vec<u32>,
}

impl History {
    fn new(placements: usize) -> History {
        History {
            wins: vec![0; placements],
            order: (0..placements as u32).collect(),
            place: (0..placements as u32).collect(),
        }
    }

    /// Counts a win of placement `i`, moving it up past those with fewer wins.
    fn won(&mut self, i: u32) {
        self.wins[i as usize] += 1;
        let mut at = self.place[i as usize] as usize;
        while at > 0 && self.wins[self.order[at - 1] as usize] < self.wins[i as usize] {
            let before = self.order[at - 1];
            self.order[at] = before;
            self.place[before as usize] = at as u32;
            at -= 1;
        }
        self.order[at] = i;
        self.place[i as usize] = at as u32;
    }
}

impl std::fmt::Debug for Search {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Search({} regions known)", self.known.len())
    }
}

/// A board being searched: its frame and its placements.
struct Within<'a, B> {
    game: &'a Placement,
    board: Board<B>,
    frame: Frame<B>,
    placements: Arc<[B]>,
    budget: Budget,
    /// The cells of the board asked about, less those that change no nimber: when
    /// they form one region, its options are searched on every thread, and how
    /// many are settled is shown on the budget's stop flag.
    root: B,
}

impl<B: Bits> Within<'_, B> {
    /// `cells` less those that change no nimber, in Cram.
    fn without_idle_cells(&self, cells: B) -> B {
        match self.game.cram {
            true => self.frame.without_idle_cells(cells),
            false => cells,
        }
    }

    /// The cells of `cells` whose joins to the cell on their right change nothing
    /// if cut, in Cram ([`Frame::cut_joins`]).
    fn cut_joins(&self, cells: B) -> B {
        match self.game.cram {
            true => self.frame.cut_joins(cells),
            false => B::ZERO,
        }
    }
}

impl Search {
    /// Whether `board` plus a nim heap of `heap` is a P-position; the search stops
    /// with [`Error::Budget`](crate::Error::Budget) once it knows of more regions than
    /// the budget holds ([`KnownRegions::BYTES_PER_REGION`] each, or the positions
    /// cap); within the budget's memory its table lets go of small regions as it
    /// fills. A question about a whole board is searched on the budget's threads,
    /// else on every core. Where the budget names a
    /// [`Checkpoint`](crate::Checkpoint), the first search starts from what its file
    /// holds (when resuming), and the searches write the file as they go, once every
    /// interval on one clock however many questions are asked; [`Search::keep`]
    /// writes it at the end.
    pub fn is_p(
        &mut self,
        game: &Placement,
        board: &Board,
        heap: Nimber,
        budget: &Budget,
    ) -> Result<bool> {
        let Some(checkpoint) = budget.checkpoint() else {
            return search(&self.known, &mut self.shapes, game, board, heap, budget);
        };
        self.hold(&checkpoint.path)?;
        if checkpoint.resume && !self.resumed {
            let read = kept::read(
                &checkpoint.path,
                &game.name,
                budget.memory() as u64,
                &self.known,
            );
            // A file that changed between its two readings may have left part of
            // itself in the table: none of it is trusted. A refused file is not
            // written, and nothing is left beside it.
            let read = read.inspect_err(|_| {
                self.known = KnownRegions::default();
                self.locked = Locked::default();
            })?;
            self.resumed = true;
            self.saved = Some((Instant::now(), read));
        }
        let (finished, wait) = mpsc::channel::<()>();
        let known = &self.known;
        let mut shapes = std::mem::take(&mut self.shapes);
        let since = *self.checkpoints_since.get_or_insert_with(Instant::now);
        let mut due = self.saved.map_or(since, |(at, _)| at) + checkpoint.every;
        // A write that fails (a full disk) stops the search at once, with its error.
        let budget = &budget.child();
        let stop = budget.stop_flag();
        let (p, saved) = std::thread::scope(|scope| {
            let saver = scope.spawn(move || -> Result<Option<(Instant, usize)>> {
                let mut saved = None;
                let wait_until = |due: Instant| due.saturating_duration_since(Instant::now());
                while wait.recv_timeout(wait_until(due)) == Err(RecvTimeoutError::Timeout) {
                    let written = write(&checkpoint.path, game, known, stop);
                    saved = Some(written.inspect_err(|_| stop.stop())?);
                    due = Instant::now() + checkpoint.every;
                }
                Ok(saved)
            });
            let p = search(known, &mut shapes, game, board, heap, budget);
            drop(finished);
            (p, saver.join().unwrap_or(Ok(None)))
        });
        self.shapes = shapes;
        self.saved = saved?.or(self.saved);
        p
    }

    /// How many regions the table knows something of.
    pub fn learnt(&self) -> usize {
        self.known.len()
    }

    /// The table, as the bytes of a file ([`kept::to_bytes`]).
    #[cfg(not(target_family = "wasm"))]
    pub fn export(&self, game: &Placement) -> Vec<u8> {
        kept::to_bytes(&game.name, &self.known.snapshot())
    }

    /// Adds to the table what another search of `game` exported
    /// ([`Search::export`]), within the budget's memory: what is known of a region
    /// only grows, so the two tables' knowledge is joined.
    #[cfg(not(target_family = "wasm"))]
    pub fn absorb(&mut self, game: &Placement, bytes: &[u8], budget: &Budget) -> Result<()> {
        kept::read_bytes(bytes, &game.name, budget.memory() as u64, &self.known).map(drop)
    }

    /// Locks the checkpoint's file at `path` for this search, unless it holds it.
    fn hold(&mut self, path: &str) -> Result<()> {
        if self.locked.0.as_ref().is_none_or(|(held, _)| held != path) {
            self.locked = Locked(Some((path.to_string(), kept::lock(path)?)));
        }
        Ok(())
    }

    /// Writes the table to the budget's checkpoint, if it names one, unless the
    /// file already holds all of it, or it is a file to go on from that no search
    /// has read (refused, or not needed): the end of a command's searches.
    pub fn keep(&mut self, game: &Placement, budget: &Budget) -> Result<()> {
        let Some(checkpoint) = budget.checkpoint() else {
            return Ok(());
        };
        let unread = checkpoint.resume && !self.resumed;
        if unread || self.saved.is_some_and(|(_, len)| len == self.known.len()) {
            return Ok(());
        }
        self.hold(&checkpoint.path)?;
        self.saved = Some(write(
            &checkpoint.path,
            game,
            &self.known,
            budget.stop_flag(),
        )?);
        Ok(())
    }
}

/// Writes the table to the file at `path` and notes the write on the stop flag:
/// when it was written, and how many regions it holds.
fn write(
    path: &str,
    game: &Placement,
    known: &KnownRegions,
    stop: &crate::stop::StopFlag,
) -> Result<(Instant, usize)> {
    let snapshot = known.snapshot();
    kept::write(path, &game.name, &snapshot)?;
    stop.note_saved(snapshot.len());
    Ok((Instant::now(), snapshot.len()))
}

/// [`Search::is_p`] without its checkpoint, on the table `known`: on words of 64
/// bits for a board of at most 64 cells, else of 128.
fn search(
    known: &KnownRegions,
    shapes: &mut Shapes,
    game: &Placement,
    board: &Board,
    heap: Nimber,
    budget: &Budget,
) -> Result<bool> {
    match board.cells() <= u64::BITS {
        true => search_on::<u64>(known, shapes, game, &board.narrow(), heap, budget),
        #[cfg(not(target_family = "wasm"))]
        false => search_on::<u128>(known, shapes, game, board, heap, budget),
        #[cfg(target_family = "wasm")]
        false => Err(crate::too_large!(
            "a board has at most {} cells here",
            super::MOST_CELLS
        )),
    }
}

/// [`search`] on words of `B`.
fn search_on<B: Cells>(
    known: &KnownRegions,
    shapes: &mut Shapes,
    game: &Placement,
    board: &Board<B>,
    heap: Nimber,
    budget: &Budget,
) -> Result<bool> {
    let threads = budget.threads().unwrap_or_else(Budget::cores);
    known.hold_within(budget.memory());
    known.expect(expected_regions(game, board));
    let frame = (board.rows, board.cols);
    let forms = B::kept_forms(shapes)
        .take()
        .filter(|forms| forms.frame == frame)
        .unwrap_or_else(|| Forms::new(frame));
    let mut thread = SearchThread::<B>::new(known, std::mem::take(shapes), forms, threads);
    let placements = thread.placements_of(game, board.rows, board.cols).clone();
    let mut at = Within {
        game,
        board: *board,
        frame: Frame::new(board),
        placements,
        budget: budget.clone(),
        root: B::ZERO,
    };
    at.root = at.without_idle_cells(board.empty);
    budget
        .stop_flag()
        .note_question(board.empty.count_ones(), heap);
    let regions = regions(&at, at.root);
    let p = thread.sum_is_p(&at, &regions, heap);
    *shapes = thread.shapes;
    *B::kept_forms(shapes) = Some(thread.forms);
    p
}

impl<'t, B: Cells> SearchThread<'t, B> {
    /// One thread of a search on `known`, with shapes of its own, that searches a whole
    /// board's options on `threads` threads.
    fn new(known: &'t KnownRegions, shapes: Shapes, forms: Forms<B>, threads: usize) -> Self {
        SearchThread {
            known,
            reader: None,
            forms,
            shapes,
            threads,
        }
    }

    /// The reader of the table, taken again after it grew.
    fn reader(&mut self) -> &Reader<'t> {
        self.reader.get_or_insert_with(|| self.known.reader())
    }

    fn placements_of(&mut self, game: &Placement, rows: u8, cols: u8) -> &Arc<[B]> {
        B::placements(&mut self.shapes)
            .entry((rows, cols))
            .or_insert_with(|| game.placement_masks(rows, cols).into())
    }

    /// Whether the sum of `regions` (the largest last) and a heap is a P-position.
    fn sum_is_p(&mut self, at: &Within<B>, regions: &[B], mut heap: Nimber) -> Result<bool> {
        let Some((&largest, rest)) = regions.split_last() else {
            return Ok(heap == 0);
        };
        for &region in rest {
            heap ^= self.nimber(at, region)?;
        }
        Ok(!self.wins(at, largest, heap)?)
    }

    /// The nimber of a region: the least heap it loses beside.
    fn nimber(&mut self, at: &Within<B>, region: B) -> Result<Nimber> {
        let mut k = 0;
        while self.wins(at, region, k)? {
            k += 1;
        }
        Ok(k)
    }

    /// Whether `region` (one region of cells) plus a heap is an N-position.
    fn wins(&mut self, at: &Within<B>, region: B, heap: Nimber) -> Result<bool> {
        self.let_table_grow();
        let canonical = self.forms.of(at, region);
        let known = self.reader().get(&canonical);
        if let Some(g) = known.nimber() {
            return Ok(g as Nimber != heap);
        }
        let not = known.ruled_out();
        if not & bit(heap) != 0 {
            return Ok(true);
        }
        if region.count_ones() <= CELLS_VALUED_IN_FULL {
            return Ok(self.valued_in_full(at, region, &canonical)? != heap);
        }
        // A symmetric region: its options fixed by the symmetry may be won by copying.
        let cut = at.frame.cut(region);
        let reflections = reflections_fixing(at.game, &cut);
        if not == 0 {
            self.may_learn(at)?;
            if self.mirrored(at.game, &cut, &reflections) {
                self.solved(&canonical, 0);
                return Ok(heap != 0);
            }
        }
        let history = self
            .shapes
            .history
            .entry((at.board.rows, at.board.cols))
            .or_insert_with(|| History::new(at.placements.len()));
        // The placements that fit, in order, written without a branch (which would
        // be mispredicted often): each is written, and kept only if it fits.
        let mut moves: SmallVec<[(B, u32); 128]> =
            SmallVec::from_elem((B::ZERO, 0), history.order.len());
        let mut fit = 0;
        for &i in &history.order {
            let m = at.placements[i as usize];
            moves[fit] = (m, i);
            fit += usize::from(region & m == m);
        }
        moves.truncate(fit);
        // A nimber is at most the number of options.
        if heap > moves.len() as Nimber {
            self.learn_not(canonical, bit(heap));
            return Ok(true);
        }
        // A heap this large is seldom the region's nimber: the smaller heaps are
        // tried first, and a loss beside one of them settles the question without
        // a search for an option of nimber `heap`, which would fail.
        let smaller_first = heap >= SMALLER_HEAPS_FIRST;
        if smaller_first && self.nimber_below(at, region, heap, not)? {
            return Ok(true);
        }
        let symmetric = !reflections.is_empty();
        let (found, met) = self.search_options(at, region, heap, &moves, symmetric)?;
        self.learn_not(canonical, met);
        if found {
            return Ok(true);
        }
        // No option has nimber `heap`, so the nimber is at most `heap`: the player to
        // move wins exactly when it is less, by a move in the heap.
        if !smaller_first && self.nimber_below(at, region, heap, not)? {
            return Ok(true);
        }
        self.solved(&canonical, heap);
        Ok(false)
    }

    /// Whether the nimber of `region` is less than `heap`: it loses beside a smaller
    /// heap, and is then solved. `not` holds values its nimber is known not to be.
    fn nimber_below(&mut self, at: &Within<B>, region: B, heap: Nimber, not: u64) -> Result<bool> {
        for j in 0..heap {
            if not & bit(j) == 0 && !self.wins(at, region, j)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The nimber of `region`, one region of [`CELLS_VALUED_IN_FULL`] cells at most
    /// whose form `canonical` is not solved: the least value no option has, each
    /// option the sum of the regions it leaves, each of them valued in full too.
    fn valued_in_full(
        &mut self,
        at: &Within<B>,
        region: B,
        canonical: &Board<B>,
    ) -> Result<Nimber> {
        self.may_learn(at)?;
        let mut values = 0u64;
        for &m in at.placements.iter() {
            if region & m != m {
                continue;
            }
            let left = at.without_idle_cells(region & !m);
            let mut value = 0;
            for part in at.frame.regions_apart(left, at.cut_joins(left)) {
                value ^= self.part_valued_in_full(at, part)?;
            }
            values |= bit(value);
        }
        // A region's nimber is at most the length of its longest play, so less
        // than its cells, and every value below it is in `values`.
        let nimber = Nimber::from((!values).trailing_zeros());
        self.solved(canonical, nimber);
        Ok(nimber)
    }

    /// The nimber of `part`, a region left by an option of a region valued in full.
    fn part_valued_in_full(&mut self, at: &Within<B>, part: B) -> Result<Nimber> {
        self.let_table_grow();
        match self.known_nimber(at, part) {
            Some(g) => Ok(g),
            None => {
                let canonical = self.forms.of(at, part);
                self.valued_in_full(at, part, &canonical)
            }
        }
    }

    /// Lets the table grow if a thread asked it to: every thread lets its reader go,
    /// and the table grows under the write lock.
    fn let_table_grow(&mut self) {
        if self.known.grow_wanted() {
            self.reader = None;
            self.known.grow();
        }
    }

    /// Checks that the search may learn of one more region: within the budget's
    /// positions, and not stopped.
    fn may_learn(&mut self, at: &Within<B>) -> Result<()> {
        at.budget
            .keep_held(self.known.len() + 1, KnownRegions::BYTES_PER_REGION)?;
        at.budget.check()
    }

    /// Looks among the options of `region` for one of nimber `heap`: first those
    /// valued from the table of solved regions, then the others, those leaving the
    /// smallest largest region first. Returns whether one was found, and the option
    /// nimbers met on the way: values the region's nimber is not.
    fn search_options(
        &mut self,
        at: &Within<B>,
        region: B,
        heap: Nimber,
        moves: &[(B, u32)],
        symmetric: bool,
    ) -> Result<(bool, u64)> {
        let mut unknown: SmallVec<[(B, u32, bool); 64]> = SmallVec::new();
        let mut met = 0u64;
        for &(m, i) in moves {
            let left = at.without_idle_cells(region & !m);
            let joined = left == region & !m
                && at.frame.stays_joined(left, m)
                && at.cut_joins(left) == B::ZERO;
            let value = match self.known_value(at, left, joined) {
                None if symmetric && joined && self.mirrored_option(at, left) => Some(0),
                value => value,
            };
            match value {
                Some(v) => {
                    met |= bit(v);
                    if v == heap {
                        self.remember(at, i);
                        return Ok((true, met));
                    }
                }
                None => unknown.push((left, i, joined)),
            }
        }
        let options: SmallVec<[(u32, Regions<B>); 64]> = unknown
            .into_iter()
            .map(|(left, i, joined)| {
                let parts = if joined {
                    Regions::<B>::from_elem(left, 1)
                } else {
                    regions(at, left)
                };
                (i, parts)
            })
            .collect();
        // Those that leave the smallest largest region first, then as listed: sorted
        // as keys, which are cheaper to move than the options.
        let mut order: SmallVec<[u64; 64]> = options
            .iter()
            .enumerate()
            .map(|(k, (_, parts))| {
                let largest = parts.last().map_or(0, |r| r.count_ones());
                u64::from(largest) << 32 | k as u64
            })
            .collect();
        sort(&mut order);
        let sorted = order.iter().map(|&k| &options[k as u32 as usize]);
        let root = region == at.root;
        let large = region.count_ones() >= CELLS_ON_EVERY_THREAD;
        if root && large && self.threads > 1 && options.len() > 1 {
            let sorted: Vec<(u32, Regions<B>)> = sorted.cloned().collect();
            return self.search_on_every_thread(at, &sorted, heap, met);
        }
        let flag = at.budget.stop_flag();
        for (settled, (i, parts)) in sorted.enumerate() {
            if root {
                flag.note_options(heap, settled, options.len());
            }
            if self.sum_is_p(at, parts, heap)? {
                self.remember(at, *i);
                return Ok((true, met | bit(heap)));
            }
        }
        if root {
            flag.note_options(heap, options.len(), options.len());
        }
        Ok((false, met))
    }

    /// [`SearchThread::search_options`]'s last step on every thread: each takes the next
    /// option in turn, and the first to find one of nimber `heap` stops the others
    /// (what they learnt stays in the table).
    fn search_on_every_thread(
        &mut self,
        at: &Within<B>,
        options: &[(u32, Regions<B>)],
        heap: Nimber,
        met: u64,
    ) -> Result<(bool, u64)> {
        // The threads of this section look at a budget stopped with the whole
        // search's, or alone once one of them has settled it.
        let section = at.budget.child();
        let at = &Within {
            game: at.game,
            board: at.board,
            frame: Frame::new(&at.board),
            placements: at.placements.clone(),
            budget: section.clone(),
            root: at.root,
        };
        let section = section.stop_flag();
        // Options of one shape (images under the board's symmetries) are searched
        // once: two threads would otherwise work on twins side by side.
        let mut forms = FxHashSet::default();
        let options: Vec<&(u32, Regions<B>)> = options
            .iter()
            .filter(|(_, parts)| match parts[..] {
                [region] => forms.insert(at.game.least_form(at.frame.cut(region))),
                _ => true,
            })
            .collect();
        // The options not yet taken: the first thread takes the smallest first (a
        // win is most often among them), the others the largest first, so that no
        // thread is left alone with a large one at the end.
        let left = Mutex::new(0..options.len());
        // How many are settled, shown on the stop flag.
        let settled = AtomicUsize::new(0);
        let flag = at.budget.stop_flag();
        let shown = |settled: usize| flag.note_options(heap, settled, options.len());
        shown(0);
        // The first decisive end: an option of nimber `heap`, or an error.
        let first: Mutex<Option<Result<u32>>> = Mutex::new(None);
        let settle = |end: Result<u32>| {
            let mut first = first.lock().unwrap_or_else(PoisonError::into_inner);
            first.get_or_insert(end);
            section.stop();
        };
        let run = |thread: &mut SearchThread<B>, smallest_first: bool| {
            {
                while !section.is_raised() {
                    let mut left = left.lock().unwrap_or_else(PoisonError::into_inner);
                    let taken = match smallest_first {
                        true => left.next(),
                        false => left.next_back(),
                    };
                    drop(left);
                    let Some((i, parts)) = taken.map(|k| options[k]) else {
                        break;
                    };
                    match thread.sum_is_p(at, parts, heap) {
                        Ok(false) => shown(settled.fetch_add(1, Ordering::Relaxed) + 1),
                        Ok(true) => settle(Ok(*i)),
                        Err(e) => settle(Err(e)),
                    }
                }
            }
            // Let the table grow while the others finish.
            thread.reader = None;
        };
        let (known, shapes, threads) = (self.known, self.shapes.clone(), self.threads);
        let frame = (at.board.rows, at.board.cols);
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|| {
                    let forms = Forms::new(frame);
                    run(
                        &mut SearchThread::new(known, shapes.clone(), forms, 1),
                        false,
                    )
                });
            }
            self.reader = None;
            run(self, true);
        });
        match first.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some(Ok(i)) => {
                self.remember(at, i);
                Ok((true, met | bit(heap)))
            }
            Some(Err(e)) => Err(e),
            None => Ok((false, met)),
        }
    }

    /// The nimber of the cells `left`, if every region they form is solved;
    /// `joined` says they are known to form at most one region.
    fn known_value(&mut self, at: &Within<B>, left: B, joined: bool) -> Option<Nimber> {
        if joined {
            return self.known_nimber(at, left);
        }
        at.frame
            .regions_apart(left, at.cut_joins(left))
            .try_fold(0, |total, region| {
                Some(total ^ self.known_nimber(at, region)?)
            })
    }

    /// The nimber of `region` (one region), if it is solved.
    fn known_nimber(&mut self, at: &Within<B>, region: B) -> Option<Nimber> {
        if region.count_ones() < at.game.smallest {
            return Some(0);
        }
        let form = self.forms.of(at, region);
        self.reader().nimber(&form).map(Nimber::from)
    }

    /// Whether the second player wins the region `cut` by copying: one of
    /// `reflections` (which map it to itself) works ([`super::mirror`]).
    fn mirrored(&mut self, game: &Placement, cut: &Board<B>, reflections: &[u8]) -> bool {
        if reflections.is_empty() {
            return false;
        }
        let placements = self.placements_of(game, cut.rows, cut.cols);
        copying(cut, reflections, placements).is_some()
    }

    /// Whether the option `left` (one region) of a symmetric region is won by the
    /// second player by copying; if so it is solved.
    fn mirrored_option(&mut self, at: &Within<B>, left: B) -> bool {
        let cut = at.frame.cut(left);
        let mirrored = self.mirrored(at.game, &cut, &reflections_fixing(at.game, &cut));
        if mirrored {
            self.solved(&at.game.least_form(cut), 0);
        }
        mirrored
    }

    /// Counts a win of placement `i`, so that it is tried earlier.
    fn remember(&mut self, at: &Within<B>, i: u32) {
        if let Some(history) = self.shapes.history.get_mut(&(at.board.rows, at.board.cols)) {
            history.won(i);
        }
    }

    /// Records the nimber of a canonical region.
    fn solved(&mut self, canonical: &Board<B>, nimber: Nimber) {
        self.reader().solve(canonical, nimber as u8);
    }

    /// Records that the nimber of a canonical region is none of the values in
    /// `nimbers` (bit v for value v).
    fn learn_not(&mut self, canonical: Board<B>, nimbers: u64) {
        if nimbers != 0 {
            self.reader().rule_out(&canonical, nimbers);
        }
    }
}

/// Bit v of a set of nimbers (values from [`RULED_OUT_BELOW`] are not kept).
fn bit(v: Nimber) -> u64 {
    if v < RULED_OUT_BELOW {
        1 << v
    } else {
        0
    }
}

/// How many regions a search of `board` may be expected to learn of: on the
/// boards of Cram solved so far about 2 to the power of half the cells, the most
/// pieces a play can place; at most [`EXPECTED_REGIONS_MOST`].
fn expected_regions<B: Bits>(game: &Placement, board: &Board<B>) -> usize {
    let plays = board.empty.count_ones() / game.smallest.max(1);
    1 << plays.min(EXPECTED_REGIONS_MOST.trailing_zeros())
}

/// The most regions a search is expected to learn of, before it has: room for more
/// is made as they come.
const EXPECTED_REGIONS_MOST: usize = 1 << 20;

/// The regions that `cells` form, leaving out those too small for a piece, the
/// largest last.
fn regions<B: Bits>(at: &Within<B>, cells: B) -> Regions<B> {
    let mut parts: Regions<B> = at
        .frame
        .regions_apart(cells, at.cut_joins(cells))
        .filter(|region| region.count_ones() >= at.game.smallest)
        .collect();
    if let Some(i) = (0..parts.len()).max_by_key(|&i| parts[i].count_ones()) {
        let last = parts.len() - 1;
        parts.swap(i, last);
    }
    parts
}
