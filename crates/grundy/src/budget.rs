//! The limits of a computation, set once and handed down: a front end builds one
//! [`Budget`] from its flags (the command line), its request limits (the web server)
//! or its keyword arguments (Python), and every engine converts it into its own
//! units — bytes a table entry for searches ([`Budget::positions`]), bytes a heap
//! for heap sequences ([`Budget::heaps`]) — and looks at it as it goes
//! ([`Budget::check`], [`Every`](crate::stop::Every)).
//!
//! A budget holds the memory a computation may use, an optional cap on the
//! positions a search may keep, the time it may take ([`Budget::with_time`]: a
//! deadline every search looks at as it goes, and against which work whose amount is
//! known before it starts is weighed at once, [`Budget::affords`]), the thread
//! count (or none, to let each engine choose by the size of its work), how hard
//! [`analyse`](crate::analyse) tries ([`Effort`]), the [`StopFlag`] that stops it
//! from outside, and where a long board search keeps what it learns
//! ([`Checkpoint`]). How long each front end lets each kind of question run by
//! default is set here, once ([`FrontEnd::time`]).

use crate::stop::{memory_held, StopFlag};
use crate::{Error, Result};

/// What one position of a search holds, about (measured on the generic search:
/// 4·10^6 positions of `sos 64` hold 263 MB).
pub const POSITION_BYTES: usize = 64;

/// About how many options a second a heap sequence looks at (a subtraction game
/// given by a rule, on one core of a 2-core machine): what turns an amount of work
/// known before it starts into the time it would take ([`Budget::affords`]).
pub const OPTIONS_PER_SECOND: u64 = 500_000_000;

/// The memory budget where the machine's memory cannot be read: 4 GiB.
const FALLBACK_MEMORY: usize = 4 << 30;

/// The most threads a budget allows for each core of the machine: more only
/// wait for each other.
const THREADS_PER_CORE: usize = 4;

/// How a front end names the settings of a budget (`--max-positions`,
/// `max_positions=`), for the messages that say how to raise one
/// ([`FrontEnd::knobs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knobs {
    /// The setting of the positions a search may keep.
    pub positions: &'static str,
    /// The setting of the memory a computation may hold.
    pub memory: &'static str,
    /// The setting of the time a computation may take.
    pub time: TimeKnob,
}

/// How a front end sets the time a computation may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeKnob {
    /// A command-line flag given a duration or `none`: `--time 2m`.
    Flag(&'static str),
    /// A Python keyword given seconds or `math.inf`: `time=120`.
    Keyword(&'static str),
}

impl TimeKnob {
    /// The setting's name: `--time`, `time=`.
    pub fn name(self) -> &'static str {
        match self {
            TimeKnob::Flag(name) | TimeKnob::Keyword(name) => name,
        }
    }

    /// The setting that allows `wanted` (or no limit): `--time 2m`, `time=120`,
    /// `--time none`, `time=math.inf`.
    fn allowing(self, wanted: Option<std::time::Duration>) -> String {
        match (self, wanted) {
            (TimeKnob::Flag(flag), Some(d)) => {
                format!("{flag} {}", crate::notation::duration_setting(d))
            }
            (TimeKnob::Flag(flag), None) => format!("{flag} none"),
            (TimeKnob::Keyword(keyword), Some(d)) => format!("{keyword}{}", d.as_secs().max(1)),
            (TimeKnob::Keyword(keyword), None) => format!("{keyword}math.inf"),
        }
    }
}

/// A front end of grundy: each lets each kind of question run for its own time by
/// default ([`FrontEnd::time`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontEnd {
    /// The `grundy` command.
    Terminal,
    /// The Python module.
    Python,
    /// The web playground and its API, served or in the browser.
    Web,
}

/// What a front end asks, for its default time ([`FrontEnd::time`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A position's analysis (`value`, `moves`, `explain`): what a theorem or a
    /// table gives comes at once, then the search for the rest within this time.
    Position,
    /// The computer's move (or a hint) in a game being played.
    Move,
    /// A heap sequence, its period, its picture or its misère quotient.
    Sequence,
}

impl FrontEnd {
    /// The time `asked` may take from this front end by default; `None` for no
    /// limit. The one table of these defaults (README and docs/budgets.md show it):
    ///
    /// | front end | position | computer's move | sequence |
    /// |---|---|---|---|
    /// | terminal | 5 s | 2 s | 1 min |
    /// | Python | 5 s | 2 s | 1 min |
    /// | web | 2 s | 500 ms | 5 s |
    ///
    /// (Where the computer's analysis runs out, it looks for a move 300 ms more.)
    pub const fn time(self, asked: Asked) -> Option<std::time::Duration> {
        use std::time::Duration;
        let millis = match (self, asked) {
            (FrontEnd::Terminal | FrontEnd::Python, Asked::Position) => 5_000,
            (FrontEnd::Terminal | FrontEnd::Python, Asked::Move) => 2_000,
            (FrontEnd::Terminal | FrontEnd::Python, Asked::Sequence) => 60_000,
            (FrontEnd::Web, Asked::Position) => 2_000,
            (FrontEnd::Web, Asked::Move) => 500,
            (FrontEnd::Web, Asked::Sequence) => 5_000,
        };
        Some(Duration::from_millis(millis))
    }

    /// The most positions one search of this front end may keep by default: the
    /// web's million (a request shares a server, or a page's memory); elsewhere
    /// the machine's memory decides (`None`).
    pub const fn positions(self) -> Option<usize> {
        match self {
            FrontEnd::Web => Some(1_000_000),
            FrontEnd::Terminal | FrontEnd::Python => None,
        }
    }

    /// The most seconds one request may ask for on the web (its field `time`, and a
    /// server's `--time-limit`): an hour.
    pub const WEB_MOST_SECONDS: f64 = 3600.0;

    /// How this front end names the settings of a budget, for the messages that
    /// say how to raise one; the web has none of its own (its messages name the
    /// terminal's, which go further).
    pub const fn knobs(self) -> Option<Knobs> {
        match self {
            FrontEnd::Terminal => Some(Knobs {
                positions: "--max-positions",
                memory: "--max-memory",
                time: TimeKnob::Flag("--time"),
            }),
            FrontEnd::Python => Some(Knobs {
                positions: "max_positions=",
                memory: "max_positions= (memory is half of the machine's)",
                time: TimeKnob::Keyword("time="),
            }),
            FrontEnd::Web => None,
        }
    }

    /// The budget this front end gives `asked` by default: its time
    /// ([`FrontEnd::time`]), its cap on positions ([`FrontEnd::positions`]), and
    /// its settings named in messages ([`FrontEnd::knobs`]). The front end then
    /// applies what its user set.
    pub fn budget(self, asked: Asked) -> Budget {
        let mut budget = Budget::default().with_time(self.time(asked));
        budget.knobs = self.knobs();
        match self.positions() {
            Some(positions) => budget.with_positions(positions),
            None => budget,
        }
    }
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
    /// The time allowed, and when it runs out on [`clock::seconds`].
    time: Option<(std::time::Duration, f64)>,
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
            time: None,
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
            time: None,
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

    /// The same budget, its computations allowed `time` from now (`None`: no
    /// limit). Past it every search ends with [`Error::Time`], and work whose amount
    /// is known before it starts and would take longer is refused at once
    /// ([`Budget::affords`]).
    pub fn with_time(mut self, time: Option<std::time::Duration>) -> Self {
        self.time = time.map(|t| (t, clock::seconds() + t.as_secs_f64()));
        self
    }

    /// The same budget, its time counted from now (a game's next turn).
    pub fn restarted(&self) -> Self {
        self.clone().with_time(self.time())
    }

    /// The time allowed, where there is a limit.
    pub fn time(&self) -> Option<std::time::Duration> {
        self.time.map(|(t, _)| t)
    }

    /// The time left before the deadline, where there is one.
    pub fn time_left(&self) -> Option<std::time::Duration> {
        self.time
            .map(|(_, end)| std::time::Duration::from_secs_f64((end - clock::seconds()).max(0.0)))
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

    /// `e` in one sentence, with how to raise the budget where the error is one of
    /// running out of it and the front end named its settings ([`FrontEnd::knobs`]).
    pub fn explain(&self, e: &Error) -> String {
        let knob = match (e, self.knobs) {
            (Error::Budget { .. }, Some(knobs)) => knobs.positions,
            (Error::Memory { .. }, Some(knobs)) => knobs.memory,
            (Error::Work { needs, .. }, Some(knobs)) => {
                let wanted = seconds_for(*needs) * 2;
                let wanted = std::time::Duration::from_secs(wanted.clamp(60, 100 * 86_400));
                return format!("{e}; {} to let it run", knobs.time.allowing(Some(wanted)));
            }
            (Error::Time { .. }, Some(knobs)) => {
                return format!("{e}; {} to let it run longer", knobs.time.allowing(None))
            }
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
        self.positions_of(POSITION_BYTES)
    }

    /// The most positions a search may keep whose positions hold `bytes` each: the
    /// cap where one is set, else the memory over `bytes`.
    pub fn positions_of(&self, bytes: usize) -> usize {
        self.positions.unwrap_or(self.memory / bytes.max(1))
    }

    /// The most options a computation may look at in the time left, at
    /// [`OPTIONS_PER_SECOND`]; `u64::MAX` where the time has no limit.
    pub fn options(&self) -> u64 {
        match self.time_left() {
            Some(left) => (left.as_secs_f64() * OPTIONS_PER_SECOND as f64) as u64,
            None => u64::MAX,
        }
    }

    /// [`Error::Work`] at once when a computation would look at `needs` options,
    /// more than the time left allows ([`Budget::options`]).
    pub fn affords(&self, needs: u64) -> Result<()> {
        match (needs > self.options(), self.time()) {
            (true, Some(allowed)) => Err(Error::Work { needs, allowed }),
            _ => Ok(()),
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

    /// [`Error::Stopped`] when the flag was raised, [`Error::Time`] past the
    /// deadline, and [`Error::Memory`] when the program holds more than the memory
    /// budget.
    pub fn check(&self) -> Result<()> {
        if self.stop.is_raised() {
            return Err(Error::Stopped);
        }
        if let Some((allowed, end)) = self.time {
            if clock::seconds() > end {
                return Err(Error::Time { allowed });
            }
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
        self.keep_held(kept, POSITION_BYTES)
    }

    /// [`Budget::keep`] for a search whose positions hold `bytes` each
    /// ([`Budget::positions_of`]).
    pub fn keep_held(&self, kept: usize, bytes: usize) -> Result<()> {
        let limit = self.positions_of(bytes);
        self.stop.note_kept(kept, limit);
        match kept > limit {
            true => Err(Error::budget(limit)),
            false => Ok(()),
        }
    }
}

/// About how many seconds looking at `options` options takes, rounded up.
pub fn seconds_for(options: u64) -> u64 {
    options.div_ceil(OPTIONS_PER_SECOND)
}

/// The clock that deadlines are read on: seconds since a start of its own, from
/// the machine's monotonic clock; in a browser, which has none that WebAssembly
/// can read alone, the page's `performance.now()`, which it hands to the module as
/// the import `env.grundy_clock_ms`.
pub mod clock {
    /// Seconds since the clock's start.
    #[cfg(not(target_family = "wasm"))]
    pub fn seconds() -> f64 {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
    }

    /// Seconds since the page opened.
    #[cfg(target_family = "wasm")]
    pub fn seconds() -> f64 {
        #[link(wasm_import_module = "env")]
        extern "C" {
            fn grundy_clock_ms() -> f64;
        }
        // SAFETY: the page's import takes nothing and returns a number.
        unsafe { grundy_clock_ms() / 1000.0 }
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
        assert_eq!(budget.positions_of(8), 8 << 20);
        let capped = budget.clone().with_positions(1000);
        assert_eq!(capped.positions(), 1000);
        assert_eq!(capped.heaps(2), 1000);
        assert_eq!(capped.positions_of(8), 1000);
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
    fn past_its_time_a_budget_stops_and_known_work_is_weighed_against_it() {
        let terminal = FrontEnd::Terminal.budget(Asked::Position);
        assert_eq!(terminal.time(), Some(std::time::Duration::from_secs(5)));
        let budget = terminal
            .clone()
            .with_time(Some(std::time::Duration::from_millis(1)));
        std::thread::sleep(std::time::Duration::from_millis(5));
        let e = budget.check().unwrap_err();
        assert!(matches!(e, Error::Time { .. }), "{e}");
        assert_eq!(budget.time_left(), Some(std::time::Duration::ZERO));
        assert_eq!(
            budget.explain(&e),
            "the time allowed, 1 ms, ran out; --time none to let it run longer"
        );
        // A minute allows 3·10^10 options; 10^12 would take about 33 min.
        let minute = terminal.with_time(Some(std::time::Duration::from_secs(60)));
        assert!(minute.affords(10_000_000_000).is_ok());
        let e = minute.affords(1_000_000_000_000).unwrap_err();
        assert!(matches!(e, Error::Work { .. }) && e.is_budget(), "{e}");
        assert!(
            minute.explain(&e).ends_with("; --time 67m to let it run"),
            "{}",
            minute.explain(&e)
        );
        // No time, no limit: nothing is refused for its work.
        let unlimited = Budget::default().with_time(None);
        assert!(unlimited.affords(u64::MAX).is_ok() && unlimited.check().is_ok());
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
