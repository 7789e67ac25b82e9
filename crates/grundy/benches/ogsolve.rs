//! The heap-sequence engine beside ogsolve, the published Rust octal-game solver,
//! on the same machine in the same run: full sequences (no periodicity shortcut),
//! the same values checked by the Fletcher-32 checksum ogsolve prints.
//!
//! `cargo bench -p grundy --bench ogsolve` installs ogsolve from crates.io into a
//! temporary folder (once; `OGSOLVE=/path/to/ogsolve` uses another), runs each of its
//! rare/common methods, and prints the engine's time, ogsolve's best time and their
//! ratio.

mod published;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use grundy::solve::sequence::{Algorithm, Sequence};
use grundy::Budget;

/// The games and lengths of the comparison: (code, last heap).
const GAMES: &[(&str, usize)] = &[
    ("0.007", 200_000),
    ("0.6", 200_000),
    ("0.16", 200_000),
    ("0.77", 1_000_000),
];

/// ogsolve's methods that can be the fastest.
const METHODS: &[&str] = &["rc", "rcs", "rc2", "rc2s"];

/// Fletcher-32 over the values, as ogsolve reports it.
fn checksum(values: &[u16]) -> u32 {
    let (mut low, mut high) = (0u16, 0u16);
    for &v in values {
        low = low.wrapping_add(v);
        high = high.wrapping_add(low);
    }
    (high as u32) << 16 | low as u32
}

/// A duration as ogsolve prints it: "3.85s", "166.26ms", "950.00µs".
fn parse_duration(text: &str) -> Duration {
    let split = text
        .find(|c: char| c.is_alphabetic() || c == 'µ')
        .expect("a unit");
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().expect("a number");
    let seconds = match unit {
        "s" => number,
        "ms" => number / 1e3,
        "µs" => number / 1e6,
        "ns" => number / 1e9,
        _ => panic!("unknown unit {unit}"),
    };
    Duration::from_secs_f64(seconds)
}

/// ogsolve's time and checksum for one method.
fn run_ogsolve(binary: &PathBuf, code: &str, last: usize, method: &str) -> (Duration, u32) {
    let out = Command::new(binary)
        .args([code, "-n", &last.to_string(), "-m", method])
        .output()
        .expect("ogsolve runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |name: &str| {
        let start = text
            .find(name)
            .unwrap_or_else(|| panic!("no {name} in ogsolve's output:\n{text}"));
        text[start + name.len()..]
            .split_whitespace()
            .next()
            .expect("a value")
            .to_string()
    };
    let sum = u32::from_str_radix(&field("checksum: "), 16).expect("a hexadecimal checksum");
    (parse_duration(&field("calculation time: ")), sum)
}

fn main() {
    let binary = published::installed("ogsolve", "OGSOLVE");
    println!(
        "{:<8} {:>9}  {:>10}  {:>16}  {:>7}",
        "game", "heaps", "grundy", "ogsolve (best)", "ratio"
    );
    for &(code, last) in GAMES {
        let rules = grundy::spec::heap_rules(&format!("octal:{code}"))
            .expect("a code")
            .rules;
        let mut sequence = Sequence::new(rules, Algorithm::RareCommon);
        let start = Instant::now();
        sequence
            .extend(last + 1, &Budget::default())
            .expect("values fit in two bytes");
        let ours = start.elapsed();
        let ours_sum = checksum(sequence.values());
        let mut best: Option<(Duration, &str)> = None;
        for method in METHODS {
            let (time, sum) = run_ogsolve(&binary, code, last, method);
            assert_eq!(
                sum, ours_sum,
                "{code}: ogsolve -m {method} gives other values"
            );
            if best.is_none_or(|(b, _)| time < b) {
                best = Some((time, method));
            }
        }
        let (theirs, method) = best.expect("a method ran");
        println!(
            "{code:<8} {last:>9}  {:>9.3}s  {:>9.3}s ({method:<4})  {:>6.2}×",
            ours.as_secs_f64(),
            theirs.as_secs_f64(),
            theirs.as_secs_f64() / ours.as_secs_f64()
        );
    }
}
