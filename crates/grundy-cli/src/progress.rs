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
/// a second gets a line on standard error with the steps it has made (counted on
/// the budget's stop flag), cleared at the end.
pub fn searching<T>(budget: &Budget, work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let flag = budget.stop_flag().clone();
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
            while done.recv_timeout(Duration::from_millis(250)) == Err(RecvTimeoutError::Timeout) {
                line.set_message(format!("{} steps", HumanCount(flag.steps())));
            }
            line.finish_and_clear();
        })
    };
    let result = work();
    drop(finished);
    let _ = watcher.join();
    result
}
