//! The heap-sequence engine beside ogsolve, the published Rust octal-game solver,
//! on the same machine in the same run, the same values checked by the Fletcher-32
//! checksum ogsolve prints. The engine computes every value, but where the values
//! prove a period (0.16 from its 509,622nd), which it reads the rest from; the row
//! says so.
//!
//! `cargo bench -p grundy --bench ogsolve` installs ogsolve from crates.io into a
//! temporary folder (once; `OGSOLVE=/path/to/ogsolve` uses another), runs its two
//! rare/common methods, rc and rc2 (the static variants, rcs and rc2s, are within a
//! few percent of them), and prints the engine's time, ogsolve's and the ratios.

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
    ("0.007", 2_000_000),
    ("0.6", 2_000_000),
    ("0.16", 2_000_000),
    ("0.77", 1_000_000),
];

/// ogsolve's methods: the first and the second rare/common algorithm.
const METHODS: [&str; 2] = ["rc", "rc2"];

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
        "{:<6} {:>9}  {:>9}  {:>9}  {:>9}  {:>10}  {:>10}",
        "game", "heaps", "grundy", "rc", "rc2", "rc2÷grundy", "rc÷grundy"
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
        let ours = start.elapsed().as_secs_f64();
        let ours_sum = checksum(sequence.values());
        let [rc, rc2] = METHODS.map(|method| {
            let (time, sum) = run_ogsolve(&binary, code, last, method);
            assert_eq!(
                sum, ours_sum,
                "{code}: ogsolve -m {method} gives other values"
            );
            time.as_secs_f64()
        });
        let period = match sequence.proved_period() {
            Some(_) => "  (period proved)",
            None => "",
        };
        println!(
            "{code:<6} {last:>9}  {ours:>8.3}s  {rc:>8.3}s  {rc2:>8.3}s  {:>9.2}×  {:>9.2}×{period}",
            rc2 / ours,
            rc / ours
        );
    }
}
