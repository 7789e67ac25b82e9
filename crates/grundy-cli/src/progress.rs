//! Progress for long computations (bars for tables, a line for searches): shown on
//! a terminal, silent in pipes.

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use grundy::Budget;
use indicatif::{HumanCount, ProgressBar, ProgressStyle};

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

/// Runs `work`, a search within `budget`; on a terminal, a search still going after
/// a second gets a line on standard error with the steps it has made and the
/// positions it keeps (counted on the budget's stop flag: their share of the
/// budget, and how many more a second), cleared at the end.
pub fn searching<T>(budget: &Budget, work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let flag = budget.stop_flag().clone();
    let limit = budget.positions().max(1) as f64;
    let (finished, done) = mpsc::channel::<()>();
    let watcher = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            if done.recv_timeout(Duration::from_secs(1)) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let line = ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template("{spinner} {elapsed} searching: {msg}")
                    .expect("a valid template"),
            );
            line.enable_steady_tick(Duration::from_millis(120));
            let (mut kept_before, mut rate) = (flag.kept(), 0);
            let mut ticks = 0u32;
            while done.recv_timeout(Duration::from_millis(250)) == Err(RecvTimeoutError::Timeout) {
                let kept = flag.kept();
                ticks += 1;
                if ticks % 4 == 0 {
                    rate = kept.saturating_sub(kept_before);
                    kept_before = kept;
                }
                let steps = match flag.steps() {
                    0 => String::new(),
                    steps => format!("{} steps, ", HumanCount(steps)),
                };
                line.set_message(format!(
                    "{steps}{} positions kept ({:.1}% of the budget, {} more a second)",
                    HumanCount(kept),
                    100.0 * kept as f64 / limit,
                    HumanCount(rate)
                ));
            }
            line.finish_and_clear();
        })
    };
    let result = work();
    drop(finished);
    let _ = watcher.join();
    result
}
