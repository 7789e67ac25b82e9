//! The limits of a computation, set once and handed down: a front end builds one
//! [`Budget`] from its flags (the command line), its request limits (the web server)
//! or its keyword arguments (Python), and every engine converts it into its own
//! units — bytes a table entry for searches ([`Budget::positions`]), bytes a heap
//! for heap sequences ([`Budget::heaps`]) — and looks at it as it goes
//! ([`Budget::check`], [`Every`](crate::stop::Every)).
//!
//! A budget holds the memory a computation may use, an optional cap on the
//! positions a search may keep, the thread count (or none, to let each engine
//! choose by the size of its work), how hard [`analyse`](crate::analyse) tries
//! ([`Effort`]), the [`StopFlag`] that stops it from outside, and where a long board
//! search keeps what it learns ([`Checkpoint`]).

use crate::stop::{memory_held, StopFlag};
use crate::{Error, Result};

/// What one position of a search holds, about (measured on the generic search:
/// 4·10^6 positions of `sos 64` hold 263 MB).
pub const POSITION_BYTES: usize = 64;

/// How many options a computation may look at for each position of its budget
/// ([`Budget::options`]): a subtraction game looks at each option of each heap
/// once, and does about 5·10^8 a second here, so the default budget of a machine
/// of 24 GiB (2·10^8 positions) allows a few seconds of it.
pub const OPTIONS_PER_POSITION: u64 = 16;

/// The memory budget where the machine's memory cannot be read: 4 GiB.
const FALLBACK_MEMORY: usize = 4 << 30;

/// The most threads a budget allows for each core of the machine: more only
/// wait for each other.
const THREADS_PER_CORE: usize = 4;

/// How a front end names the settings of a budget (`--max-positions`,
/// `max_positions=`), for the messages that say how to raise one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knobs {
    /// The setting of the positions a search may keep.
    pub positions: &'static str,
    /// The setting of the memory a computation may hold.
    pub memory: &'static str,
}

/// How hard [`analyse`](crate::analyse) tries for what a theorem does not give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Effort {
    /// The whole answer: the outcome, the nimber and every winning move, searched
    /// for wherever the search fits the budget.
    #[default]
    Whole,
    /// The outcome, and what a theorem gives at once; nothing searched for beyond
    /// what the outcome needs.
    Outcome,
}

impl Effort {
    /// [`Effort::Outcome`] where only the outcome is asked for (`--outcome-only`),
    /// else [`Effort::Whole`].
    pub fn outcome_only(asked: bool) -> Effort {
        match asked {
            true => Effort::Outcome,
            false => Effort::Whole,
        }
    }
}

/// Where a board search (Cram and the placement games) keeps what it has learnt,
/// so that a run that is stopped or killed goes on from it: the file, written
/// whole every `every` and at the end of each search, and whether a run starts by
/// reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The file.
    pub path: String,
    /// How often it is written while a search runs.
    pub every: std::time::Duration,
    /// Whether the search starts from what the file holds.
    pub resume: bool,
}

impl Checkpoint {
    /// The variable that sets how often long runs write their checkpoints, in
    /// seconds (tests set it short); five minutes where it is not set.
    pub const EVERY_VARIABLE: &'static str = "GRUNDY_CHECKPOINT_SECONDS";

    /// A checkpoint in the file `path`, written as often as
    /// [`Checkpoint::interval`] says; the search starts from the file with `resume`.
    /// Refused, before anything is searched or written, where `path` is not a new
    /// path or a board search file of grundy's (a text file, a link, a FIFO, a
    /// directory, a device, a read-only file): such a file is left as it was.
    pub fn at(path: &str, resume: bool) -> Result<Checkpoint> {
        crate::games::placement::kept::accept(path, resume)?;
        Ok(Checkpoint {
            path: path.to_string(),
            every: Checkpoint::interval()?,
            resume,
        })
    }

    /// The time between two checkpoints of a long run: [`Checkpoint::EVERY_VARIABLE`]
    /// seconds where it is set, else five minutes; an error naming the variable where
    /// it is not a whole number of seconds.
    pub fn interval() -> Result<std::time::Duration> {
        let variable = Checkpoint::EVERY_VARIABLE;
        match std::env::var(variable) {
            Ok(text) => text
                .trim()
                .parse()
                .map(std::time::Duration::from_secs)
                .map_err(|_| {
                    crate::invalid!("{variable}='{text}': expected a whole number of seconds")
                }),
            Err(_) => Ok(std::time::Duration::from_secs(5 * 60)),
        }
    }
}

/// The limits of one computation: memory, positions, threads, effort and a stop
/// flag; and where a board search keeps what it learns.
///
/// ```
/// use grundy::{Budget, Effort};
/// let budget = Budget::default().with_positions(1_000_000).with_effort(Effort::Outcome);
/// assert_eq!(budget.positions(), 1_000_000);
/// assert_eq!(budget.effort(), Effort::Outcome);
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    memory: usize,
    positions: Option<usize>,
    threads: Option<usize>,
    effort: Effort,
    stop: StopFlag,
    knobs: Option<Knobs>,
    checkpoint: Option<std::sync::Arc<Checkpoint>>,
}

impl Default for Budget {
    /// Half of the memory the machine gives this process, no cap on positions
    /// beyond what that memory holds, threads chosen by each engine, the whole
    /// answer, and a flag not yet raised.
    fn default() -> Self {
        Budget {
            memory: machine_memory().map_or(FALLBACK_MEMORY, |bytes| bytes / 2),
            positions: None,
            threads: None,
            effort: Effort::Whole,
            stop: StopFlag::new(),
            knobs: None,
            checkpoint: None,
        }
    }
}

impl Budget {
    /// No limit but the stop flag: for work bounded by its input (labelling a graph
    /// already read), and for tests.
    pub fn unlimited() -> Self {
        Budget {
            memory: usize::MAX,
            positions: None,
            threads: None,
            effort: Effort::Whole,
            stop: StopFlag::new(),
            knobs: None,
            checkpoint: None,
        }
    }

    /// The same budget with at most `bytes` of memory held.
    pub fn with_memory(mut self, bytes: usize) -> Self {
        self.memory = bytes;
        self
    }

    /// The same budget with searches keeping at most `positions` positions.
    pub fn with_positions(mut self, positions: usize) -> Self {
        self.positions = Some(positions);
        self
    }

    /// The same budget on `threads` threads, or an error naming the count where
    /// it is 0 or more than the machine can use ([`Budget::most_threads`]).
    pub fn with_threads(mut self, threads: usize) -> Result<Self> {
        let most = Budget::most_threads();
        if threads == 0 || threads > most {
            return Err(crate::invalid!(
                "'{threads}' threads: this machine runs 1 to {most}"
            ));
        }
        self.threads = Some(threads);
        Ok(self)
    }

    /// The same budget trying as hard as `effort` says.
    pub fn with_effort(mut self, effort: Effort) -> Self {
        self.effort = effort;
        self
    }

    /// The same budget, stopped by `stop`.
    pub fn with_stop(mut self, stop: StopFlag) -> Self {
        self.stop = stop;
        self
    }

    /// The same budget, its settings named as `knobs` in messages.
    pub fn with_knobs(mut self, knobs: Knobs) -> Self {
        self.knobs = Some(knobs);
        self
    }

    /// `e` in one sentence, with how to raise the budget where the error is one of
    /// running out of it and the front end named its settings ([`Budget::with_knobs`]).
    pub fn explain(&self, e: &Error) -> String {
        let knob = match (e, self.knobs) {
            (Error::Budget { .. } | Error::Work { .. }, Some(knobs)) => knobs.positions,
            (Error::Memory { .. }, Some(knobs)) => knobs.memory,
            _ => return e.to_string(),
        };
        format!("{e}; raise the budget with {knob}")
    }

    /// The most bytes a computation may hold.
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// The most positions a search may keep: the cap where one is set, else the
    /// memory over [`POSITION_BYTES`].
    pub fn positions(&self) -> usize {
        self.positions.unwrap_or(self.memory / POSITION_BYTES)
    }

    /// The most options a computation may look at, where that is known before it
    /// starts: [`OPTIONS_PER_POSITION`] for each position of the budget.
    pub fn options(&self) -> u64 {
        (self.positions() as u64).saturating_mul(OPTIONS_PER_POSITION)
    }

    /// [`Error::Work`] at once when a computation would look at `needs` options,
    /// more than [`Budget::options`].
    pub fn affords(&self, needs: u64) -> Result<()> {
        let limit = self.options();
        match needs > limit {
            true => Err(Error::Work { limit }),
            false => Ok(()),
        }
    }

    /// Whether the positions were capped themselves (not only by memory).
    pub fn positions_capped(&self) -> bool {
        self.positions.is_some()
    }

    /// The most heaps a heap sequence may hold at `bytes` a heap (with its working
    /// sets): the memory over `bytes`, further capped by the positions cap.
    pub fn heaps(&self, bytes: usize) -> u64 {
        let by_memory = (self.memory / bytes.max(1)) as u64;
        match self.positions {
            Some(cap) => by_memory.min(cap as u64),
            None => by_memory,
        }
    }

    /// The thread count asked for, if any: `None` lets each engine choose by the
    /// size of its work.
    pub fn threads(&self) -> Option<usize> {
        self.threads
    }

    /// How hard to try.
    pub fn effort(&self) -> Effort {
        self.effort
    }

    /// The same budget with board searches kept in `checkpoint`.
    pub fn with_checkpoint(mut self, checkpoint: Checkpoint) -> Self {
        self.checkpoint = Some(std::sync::Arc::new(checkpoint));
        self
    }

    /// Where a board search keeps what it learns, if anywhere.
    pub fn checkpoint(&self) -> Option<&Checkpoint> {
        self.checkpoint.as_deref()
    }

    /// The flag that stops the computation.
    pub fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }

    /// The cores of this machine (1 where they cannot be read).
    pub fn cores() -> usize {
        std::thread::available_parallelism().map_or(1, usize::from)
    }

    /// The most threads a budget allows: a few for each core, and at least 16.
    /// More gain nothing, and tens of thousands cannot all be started.
    pub fn most_threads() -> usize {
        (Budget::cores() * THREADS_PER_CORE).max(16)
    }

    /// The same budget with the positions cap lowered to `positions` (where that is
    /// less): for work that is worth doing only if cheap, such as one nimber among
    /// many options.
    pub fn at_most(&self, positions: usize) -> Budget {
        let mut lower = self.clone();
        lower.positions = Some(self.positions().min(positions));
        lower
    }

    /// The same budget stopped by a flag of its own, raised also with this one's.
    pub fn child(&self) -> Budget {
        let mut child = self.clone();
        child.stop = self.stop.child();
        child
    }

    /// [`Error::Stopped`] when the flag was raised, and [`Error::Memory`] when the
    /// program holds more than the memory budget.
    pub fn check(&self) -> Result<()> {
        if self.stop.is_raised() {
            return Err(Error::Stopped);
        }
        match memory_held() > self.memory {
            true => Err(Error::Memory {
                limit: self.memory,
                needs: None,
            }),
            false => Ok(()),
        }
    }

    /// [`Error::Budget`] at once when a search bounded by `needs` positions would
    /// keep more than the budget allows.
    pub fn fits(&self, needs: u64) -> Result<()> {
        let limit = self.positions();
        match needs > limit as u64 {
            true => Err(Error::Budget {
                limit,
                needs: Some(needs),
                part: None,
            }),
            false => Ok(()),
        }
    }

    /// [`Error::Budget`] when a search already keeps `kept` positions, at the
    /// budget's limit.
    pub fn keep(&self, kept: usize) -> Result<()> {
        self.stop.note_kept(kept);
        let limit = self.positions();
        match kept > limit {
            true => Err(Error::budget(limit)),
            false => Ok(()),
        }
    }
}

/// The memory this process may have: the machine's physical memory, or a smaller
/// address-space limit such as `ulimit -v`; `None` where neither can be read.
pub fn machine_memory() -> Option<usize> {
    static MEMORY: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    *MEMORY.get_or_init(read_machine_memory)
}

/// [`machine_memory`], read from `/proc`.
fn read_machine_memory() -> Option<usize> {
    let physical = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib.saturating_mul(1024))
        });
    let address_space = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("Max address space"))?;
            line.split_whitespace().nth(3)?.parse::<usize>().ok()
        });
    match (physical, address_space) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_engine_reads_the_budget_in_its_own_units() {
        let budget = Budget::default().with_memory(64 << 20);
        assert_eq!(budget.positions(), (64 << 20) / POSITION_BYTES);
        assert!(!budget.positions_capped());
        assert_eq!(budget.heaps(2), 32 << 20);
        let capped = budget.clone().with_positions(1000);
        assert_eq!(capped.positions(), 1000);
        assert_eq!(capped.heaps(2), 1000);
        assert_eq!(capped.at_most(10).positions(), 10);
        assert_eq!(capped.at_most(10_000).positions(), 1000);
        assert!(budget.fits(1000).is_ok());
        let refused = budget.fits(u64::MAX).unwrap_err();
        assert!(refused.to_string().contains("over 10^19"), "{refused}");
    }

    #[test]
    fn thread_counts_are_bounded_by_the_machine() {
        assert!(Budget::default().with_threads(0).is_err());
        let most = Budget::most_threads();
        assert_eq!(
            Budget::default().with_threads(most).unwrap().threads(),
            Some(most)
        );
        let e = Budget::default().with_threads(most + 1).unwrap_err();
        assert!(e.to_string().contains(&format!("'{}'", most + 1)), "{e}");
        assert_eq!(Budget::default().threads(), None);
    }

    #[test]
    fn a_raised_flag_stops_the_budget_and_its_children() {
        let budget = Budget::default();
        let child = budget.child();
        assert_eq!(child.check(), Ok(()));
        child.stop_flag().stop();
        assert_eq!(child.check(), Err(Error::Stopped));
        assert_eq!(budget.check(), Ok(()));
        let other = budget.child();
        budget.stop_flag().stop();
        assert_eq!(other.check(), Err(Error::Stopped));
    }
}
