//! Computing tables for `grundy table`: g(0..N) and P/N for one heap of a heap game
//! (by the heap-sequence engine for take-and-break games, saved as it goes and
//! resumable), the period of such a sequence, and the tables a family makes of its
//! own ([`Family::table`](crate::games::Family::table)), and the misère quotient of a
//! take-and-break game. This module knows no game: it asks the registry.

use std::time::{Duration, Instant};

use crate::games::Family;
use crate::solve::quotient::{self, Quotient};
use crate::solve::sequence::period::{self, Period};
use crate::solve::sequence::store::Writer;
use crate::solve::sequence::{self as heap_sequence, Algorithm, Sequence, Threads, BYTES_PER_HEAP};
use crate::solve::{Solver, Sum, Value};
use crate::table::{Column, Save, Table, TableRequest};
use crate::{invalid, spec, Budget, Checkpoint, Error, Play, Result};

/// The most values computed between saves and progress reports: a run reports
/// after 1,024 values, then after as many again as it has, up to this.
const CHUNK: usize = 1 << 16;

/// How far a heap sequence has gone, handed to the caller after each block of
/// values (to show them as they come, and the run's progress).
pub struct Progress<'a> {
    /// The values computed so far, g(0), g(1), … (those resumed from a file
    /// included; once a period is proved, the values after it are read from it,
    /// not held, so there may be fewer than `done`).
    pub values: &'a [u16],
    /// How many heaps are done: computed, resumed or read from a proved period.
    pub done: usize,
    /// How many of them were resumed from a file, done by an earlier run.
    pub resumed: usize,
    /// True at a checkpoint of a saved run: every value done is in the file and
    /// synced to the disk ([`Checkpoint::interval`]).
    pub checkpoint: bool,
}

/// The value of a single heap of 0, 1, …, `to` chips of the heap game `game`
/// ([`Family::heap_game`]), ending at the game's largest heap where it bounds its
/// heaps (take-add's cap); a table longer than the position budget is refused.
fn heaps(
    solver: &mut Solver,
    family: &Family,
    game: &str,
    to: u64,
    play: Play,
) -> Result<Vec<Value>> {
    if !family.heap_game {
        return Err(invalid!(
            "'{game}' is not a heap game: its positions are not heap sizes ({})",
            family.about
        ));
    }
    let g = spec::game(game, solver)?;
    solver.budget().fits(to.saturating_add(1))?;
    let mut values = Vec::new();
    for n in 0..=to {
        let part = match solver.parse_part(g, &n.to_string()) {
            Ok(part) => part,
            Err(_) if n > 0 => break,
            Err(e) => return Err(e),
        };
        values.push(solver.value(&Sum(vec![part]), play)?);
    }
    Ok(values)
}

/// The table of `game`: the family's own, or g(0..=to) of one heap; `progress` is
/// told how far a long sequence has gone as it goes.
pub fn table(
    game: &str,
    request: &TableRequest,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Table> {
    let (family, parameter) = spec::family(game)?;
    let saved = !matches!(request.save, Save::No);
    let take_break = matches!(family.make, crate::games::Make::Heap(_));
    if saved && !(take_break && request.play == Play::Normal) {
        return Err(invalid!(
            "only take-and-break heap games under normal play are saved and resumed, not '{game}'"
        ));
    }
    if let Some(own) = family.table {
        return own(parameter, request);
    }
    if request.rows.is_some() {
        return Err(invalid!(
            "'{game}' has no rows: a table by rows is for chomp"
        ));
    }
    let Some(to) = request.to else {
        return Err(invalid!(
            "'table {game}' needs the largest heap size to tabulate"
        ));
    };
    if take_break && request.play == Play::Normal {
        let (_, values) = sequence(game, to, request, progress)?;
        let saved = match request.save {
            Save::To(path) | Save::Resume(path) => Some(path.to_string()),
            Save::No => None,
        };
        return Ok(Table::Heaps {
            game: game.to_string(),
            values,
            saved,
        });
    }
    let mut solver = Solver::new(request.budget.clone());
    let values = heaps(&mut solver, family, game, to, request.play)?;
    Ok(Table::Heaps {
        game: game.to_string(),
        values: Column::Values(values),
        saved: None,
    })
}

/// How a heap sequence of a table or period search uses threads: exactly
/// `threads` where given, else up to the default as measured fastest.
fn thread_choice(budget: &Budget) -> Threads {
    match budget.threads() {
        Some(n) => Threads::Exactly(n),
        None => Threads::UpTo(Budget::cores()),
    }
}

/// Refuses a heap sequence of `len` values on `threads` threads that would hold
/// more than the memory budget: two bytes a heap and the working sets
/// ([`heap_sequence::bytes_needed`]).
fn sequence_within_memory(len: usize, threads: Threads, budget: &Budget) -> Result<()> {
    let (Threads::Exactly(threads) | Threads::UpTo(threads)) = threads;
    let (limit, needs) = (budget.memory(), heap_sequence::bytes_needed(len, threads));
    match needs > limit {
        true => Err(Error::Memory {
            limit,
            needs: Some(needs),
        }),
        false => Ok(()),
    }
}

/// Refuses a sequence of heaps 0..=`to` longer than a cap on positions, where one
/// was set (a sequence is otherwise bounded by memory alone).
fn within_positions(to: u64, budget: &Budget) -> Result<()> {
    match budget.positions_capped() {
        true => budget.fits(to.saturating_add(1)),
        false => Ok(()),
    }
}

/// g(0..=to) of the take-and-break game `game` by the heap-sequence engine, with
/// `progress` told how far the run has gone after each block of values; the
/// game's normalised name and values. Once the values prove a period, the rest are
/// read from it (and saved, where they are, as they would have been computed), not
/// held. A saved run syncs its file to the disk at every checkpoint
/// ([`Checkpoint::interval`]) and at its end. The run is refused where its
/// values would not fit in the memory budget: beforehand for a game whose periods
/// no theorem proves, else as they grow.
pub fn sequence(
    game: &str,
    to: u64,
    request: &TableRequest,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(String, Column)> {
    let heap = spec::heap_rules(game)?;
    let (name, rules, algorithm) = (heap.name, heap.rules, request.algorithm);
    let len = usize::try_from(to).map_or(usize::MAX, |to| to.saturating_add(1));
    let budget = &request.budget;
    within_positions(to, budget)?;
    let threads = thread_choice(budget);
    let provable = period::proof_length(&rules, 0, 1).is_some();
    let checkpoint_interval = match request.save {
        Save::No => Duration::MAX,
        Save::To(_) | Save::Resume(_) => Checkpoint::interval()?,
    };
    // The options a run looks at, where known beforehand: refused now, before a
    // file is started, not later.
    let fresh = |rules: heap_sequence::Rules| -> Result<Sequence> {
        let mut sequence = Sequence::new(rules, algorithm);
        sequence.afford(len, budget)?;
        Ok(sequence)
    };
    let (mut sequence, mut writer) = match request.save {
        Save::No => (fresh(rules)?, None),
        Save::To(path) => (fresh(rules)?, Some(Writer::create(path, &name, algorithm)?)),
        Save::Resume(path) => {
            let (values, writer) = Writer::resume(
                path,
                &name,
                &rules,
                algorithm,
                budget.heaps(BYTES_PER_HEAP) as usize,
            )?;
            let mut sequence = Sequence::resume(rules, algorithm, values);
            sequence.afford(len, budget)?;
            (sequence, Some(writer))
        }
    };
    sequence.set_thread_choice(threads);
    // When a saved run last made a checkpoint (the clock is read only for a saved
    // run: WebAssembly in a browser has none).
    let mut checkpointed = writer.is_some().then(Instant::now);
    // Blocks of values as a run makes them, whatever was resumed or read from a
    // period: the same file every way.
    let resumed = sequence.values().len().min(len);
    let mut done = resumed;
    let mut read = Vec::new();
    while done < len {
        let end = len.min(done + done.clamp(1024, CHUNK));
        if let Some(p) = sequence.proved_period() {
            // Read from the period: only a file needs them spelt out.
            let Some(writer) = &mut writer else { break };
            read.clear();
            p.read_into(sequence.values(), done..end, &mut read);
            writer.append(&read)?;
        } else {
            // Room for the values by doubling, up to the table's length and no
            // further, where a period may end the run early; else all at once.
            let room = match provable {
                true => end.max(2 * done).min(len),
                false => len,
            };
            sequence_within_memory(room, threads, budget)?;
            sequence.reserve(room)?;
            sequence.extend(end, budget)?;
            if let Some(writer) = &mut writer {
                writer.append(&sequence.values()[done..end])?;
            }
        }
        done = end;
        let checkpoint = match (&mut writer, &mut checkpointed) {
            (Some(writer), Some(at)) if at.elapsed() >= checkpoint_interval => {
                writer.sync()?;
                *at = Instant::now();
                true
            }
            _ => false,
        };
        let values = sequence.values();
        progress(&Progress {
            values: &values[..values.len().min(end)],
            done,
            resumed,
            checkpoint,
        });
    }
    if let Some(writer) = &mut writer {
        writer.sync()?;
    }
    let proved = sequence.proved_period();
    let mut values = sequence.into_values();
    let column = match proved {
        Some(period) if values.len() < len => Column::Periodic {
            values,
            period,
            len,
        },
        _ => {
            values.truncate(len);
            Column::Nimbers(values)
        }
    };
    Ok((name, column))
}

/// The misère quotient of the take-and-break game `game` for heaps up to `to`, with
/// at most `max_order` elements, within `budget`; the game's normalised name and the quotient.
pub fn quotient(
    game: &str,
    to: u64,
    max_order: usize,
    budget: &Budget,
) -> Result<(String, Quotient)> {
    let heap = spec::heap_rules(game)?;
    Ok((
        heap.name,
        quotient::quotient(&heap.rules, to, max_order, u64::MAX, budget)?,
    ))
}

/// How far `period` looks by default, at most: a million heaps.
pub const PERIOD_TO: u64 = 1_000_000;

/// How far a search for a period looks where the front end names no heap: the
/// largest heap the budget's positions allow, at most [`PERIOD_TO`].
pub fn period_to(budget: &Budget) -> u64 {
    (budget.positions() as u64).saturating_sub(1).min(PERIOD_TO)
}

/// The period of the take-and-break game `game`: values are computed in doubling
/// runs, up to heap `to` (or until they no longer fit in two bytes), until a period
/// is proved, on the budget's threads exactly where it names them. A run longer
/// than the budget's cap on positions (where one is set), or whose next doubling
/// would not fit in its memory (two bytes a heap), is refused: at once where no
/// theorem proves the game's periods, so that the run goes to `to`. The game's normalised name and the
/// shortest period seen (proved or not), if any.
pub fn period(
    game: &str,
    to: u64,
    algorithm: Algorithm,
    budget: &Budget,
    progress: &mut dyn FnMut(u64),
) -> Result<(String, Option<Period>)> {
    let heap = spec::heap_rules(game)?;
    within_positions(to, budget)?;
    let name = heap.name;
    let threads = thread_choice(budget);
    let mut sequence = Sequence::new(heap.rules, algorithm);
    sequence.set_thread_choice(threads);
    let last = usize::try_from(to).unwrap_or(usize::MAX);
    // Where no theorem proves a period, the run goes to the end: its memory and
    // its work are known now.
    if period::proof_length(sequence.rules(), 0, 1).is_none() {
        sequence_within_memory(last.saturating_add(1), threads, budget)?;
        sequence.afford(last.saturating_add(1), budget)?;
    }
    let mut len = 1024.min(last.saturating_add(1));
    loop {
        sequence_within_memory(len, threads, budget)?;
        if let Err(too_large) = sequence.extend(len, budget) {
            if too_large.is_budget() {
                return Err(too_large);
            }
            // Values beyond two bytes end the search; report what was seen.
            if sequence.values().len() < 1024 {
                return Err(too_large);
            }
            return Ok((name, period::find(sequence.values(), sequence.rules())));
        }
        progress(len as u64);
        let found = period::find(sequence.values(), sequence.rules());
        if found.is_some_and(|p| p.proved) || len > last {
            return Ok((name, found));
        }
        len = len.saturating_mul(2).min(last.saturating_add(1));
    }
}
