//! Progress bars for long computations: shown on a terminal, silent in pipes.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

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
