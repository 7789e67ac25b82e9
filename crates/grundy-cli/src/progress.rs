//! Progress for long computations (bars for tables, a line for searches): shown on
//! a terminal, silent in pipes; and a saved run's checkpoints, a line each on
//! standard error, terminal or not (a long run's log).

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use grundy::stop::Question;
use grundy::tabulate::Progress;
use grundy::Budget;
use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressStyle};

/// A bar counting to `total` `unit`, drawn only when standard error is a terminal.
pub fn bar(total: u64, unit: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let template = format!(
        "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit} ({{per_sec}}, {{eta}} left)"
    );
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
    bar
}

/// A table's progress on its bar, and a line at each checkpoint of a saved run with
/// how far it is, its rate and the time to go.
pub struct Checkpoints {
    /// How many heaps the table has.
    total: u64,
    /// When the run began, and whether it has reported yet.
    started: Instant,
    reported: bool,
}

impl Checkpoints {
    /// For a table of `total` heaps, starting now.
    pub fn new(total: u64) -> Self {
        Checkpoints {
            total,
            started: Instant::now(),
            reported: false,
        }
    }

    /// Shows `progress` on `bar`, and its line where it is a checkpoint.
    pub fn report(&mut self, bar: &ProgressBar, progress: &Progress) {
        bar.set_position(progress.done as u64);
        if !self.reported {
            // The rate is that of this run: values resumed from a file took no time.
            bar.reset_eta();
            self.reported = true;
        }
        if !progress.checkpoint {
            return;
        }
        let (done, computed) = (progress.done as u64, progress.done - progress.resumed);
        let rate = computed as f64 / self.started.elapsed().as_secs_f64().max(1e-3);
        let left = Duration::from_secs_f64(self.total.saturating_sub(done) as f64 / rate.max(1.0));
        let mut line = format!(
            "checkpoint: heaps 0 to {} saved ({}%), {} heaps/s",
            HumanCount(done.saturating_sub(1)),
            100 * done / self.total.max(1),
            HumanCount(rate as u64),
        );
        if done < self.total {
            line += &format!(", about {} to go", HumanDuration(left));
        }
        match bar.is_hidden() {
            true => eprintln!("{line}"),
            false => bar.println(line),
        }
    }
}

/// Runs `work`, a search within `budget`; on a terminal, a search still going after
/// a second gets a line on standard error with its time and the time allowed, the
/// question a board search is at and how many of its options are settled, the
/// steps it has made and the positions it keeps (counted on the budget's stop flag:
/// their share of the budget, and how many more a second), cleared at the end. A
/// search kept in a file prints a line at each checkpoint, terminal or not: a long
/// run's log.
pub fn searching<T>(budget: &Budget, work: impl FnOnce() -> T) -> T {
    let terminal = std::io::stderr().is_terminal();
    let kept_in = budget.checkpoint().map(|c| c.path.clone());
    if !terminal && kept_in.is_none() {
        return work();
    }
    let flag = budget.stop_flag().clone();
    let allowed = match budget.time() {
        Some(t) => format!(" of {}", grundy::notation::duration(t)),
        None => String::new(),
    };
    let (finished, done) = mpsc::channel::<()>();
    let watcher = std::thread::spawn(move || {
        let started = Instant::now();
        let mut line = ProgressBar::hidden();
        let (mut kept_before, mut rate) = (flag.kept(), 0);
        let (mut saves, mut ticks) = (flag.saved().0, 0u32);
        // Until the search ends, and once more after it: its last write is shown.
        loop {
            let ended =
                done.recv_timeout(Duration::from_millis(250)) != Err(RecvTimeoutError::Timeout);
            ticks += 1;
            if terminal && ticks == 4 {
                line = ProgressBar::new_spinner().with_style(
                    ProgressStyle::with_template(&format!(
                        "{{spinner}} {{elapsed}}{allowed} searching: {{msg}}"
                    ))
                    .expect("a valid template"),
                );
                line.enable_steady_tick(Duration::from_millis(120));
            }
            let kept = flag.kept();
            if ticks % 4 == 0 {
                rate = kept.saturating_sub(kept_before);
                kept_before = kept;
            }
            let steps = match flag.steps() {
                0 => String::new(),
                steps => format!("{} steps, ", HumanCount(steps)),
            };
            let question = flag.question().map(|q| asked(&q));
            let leading = match &question {
                Some(q) => format!("{q}; "),
                None => String::new(),
            };
            line.set_message(format!(
                "{leading}{steps}{} positions kept ({:.1}% of the budget, {} more a second)",
                HumanCount(kept),
                100.0 * kept as f64 / flag.most_kept().max(1) as f64,
                HumanCount(rate)
            ));
            let (now, positions) = flag.saved();
            if let (true, Some(file)) = (now != saves, &kept_in) {
                saves = now;
                let mut said = format!(
                    "checkpoint: {} positions kept in {file} after {}",
                    HumanCount(positions),
                    HumanDuration(started.elapsed())
                );
                if let Some(q) = &question {
                    said += &format!("; {q}");
                }
                match line.is_hidden() {
                    true => eprintln!("{said}"),
                    false => line.println(said),
                }
            }
            if ended {
                break;
            }
        }
        line.finish_and_clear();
    });
    let result = work();
    drop(finished);
    let _ = watcher.join();
    result
}

/// The question a board search is at, in words: "question 2, 52 cells beside a
/// heap of 0: 5 of 38 options searched".
fn asked(q: &Question) -> String {
    let mut said = format!(
        "question {}, {} cells beside a heap of {}",
        q.number, q.cells, q.heap
    );
    if q.options > 0 {
        said += &format!(": {} of {} options searched", q.settled, q.options);
    }
    said
}
