//! The heap-sequence engine's speed against its targets first: Officers (0.6) at
//! least 0.6 M values a second on one thread and 1 M on two, sustained from heap
//! 10^7 to 10^8; Grundy's game at least 1 M heaps a second on two threads, to
//! 8·10^6; two threads at least 1.7 times one, for both; each printed beside its
//! target, met or not. Then the engine on one thread, on two, and on the default
//! (up to every core, several only while measured faster than one), for a short and
//! a long run of 0.16, 0.6, 0.007, Kayles and Grundy's game, on the machine as it is
//! and with a busy loop holding a core; then the peak memory of a table beside
//! ogsolve's, in the same run. The values are checked equal on every number of
//! threads.
//!
//! `cargo bench -p grundy --bench parallel` prints the rates and the seconds of each
//! run; `PARALLEL_SCALE=F` multiplies every length by F. The peak memory is GNU time's
//! maximum resident set size (`/usr/bin/time -f %M`) of this benchmark run again
//! for one table (`grundy::tabulate::sequence`, as `grundy table` computes it) and of
//! ogsolve, installed as the `ogsolve` benchmark does (`OGSOLVE=/path/to/ogsolve`
//! uses another).

mod published;

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use grundy::solve::sequence::{Algorithm, Sequence, Threads};
use grundy::table::{Save, TableRequest};
use grundy::Budget;
use grundy::{spec, Play};

/// The games, and the last heap of their short and long runs.
const GAMES: &[(&str, usize, usize)] = &[
    ("octal:0.16", 200_000, 2_000_000),
    ("octal:0.6", 100_000, 1_000_000),
    ("octal:0.007", 30_000, 300_000),
    ("kayles", 100_000, 1_000_000),
    ("grundy-game", 100_000, 1_000_000),
];

/// Officers, timed from its first heap to its last, having computed those before.
const OFFICERS: (&str, usize, usize) = ("octal:0.6", 10_000_000, 100_000_000);

/// Grundy's game, timed from heap 0 to this.
const GRUNDYS_GAME: (&str, usize) = ("grundy-game", 8_000_000);

/// The targets: Officers' values a second on one thread and two, Grundy's game's
/// on two (millions), and two threads' speed over one's.
const OFFICERS_ONE: f64 = 0.6;
const OFFICERS_TWO: f64 = 1.0;
const GRUNDYS_GAME_TWO: f64 = 1.0;
const TWO_OVER_ONE: f64 = 1.7;

/// The tables whose peak memory is compared with ogsolve's: the code, its last
/// heap, and ogsolve's methods run.
const MEMORY: &[(&str, usize, &[&str])] = &[
    ("0.16", 2_000_000, &["rc", "rc2"]),
    ("0.6", 1_000_000, &["rc", "rc2"]),
    ("0.007", 100_000, &["rc", "rc2"]),
    ("0.77", 100_000, &["rc2s"]),
];

/// The variable that makes this benchmark compute one table and stop: `GAME,LAST`.
const ONE_TABLE: &str = "PARALLEL_ONE_TABLE";

/// GNU time, which reports a command's peak memory.
const TIME: &str = "/usr/bin/time";

/// The seconds `threads` take over g(0..=last) of `game`, and the values.
fn timed(game: &str, last: usize, threads: Threads) -> (f64, Vec<u16>) {
    let rules = spec::heap_rules(game).expect("a heap game").rules;
    let mut sequence = Sequence::new(rules, Algorithm::RareCommon);
    sequence.set_thread_choice(threads);
    let start = Instant::now();
    sequence
        .extend(last + 1, &Budget::unlimited())
        .expect("values fit");
    (start.elapsed().as_secs_f64(), sequence.into_values())
}

/// Millions of values a second of `game` on `threads` threads from the end of
/// `known`, its first values, to heap `last`, and all the values.
fn rate(game: &str, known: &[u16], last: usize, threads: usize) -> (f64, Vec<u16>) {
    let rules = spec::heap_rules(game).expect("a heap game").rules;
    let mut sequence = Sequence::resume(rules, Algorithm::RareCommon, known.to_vec());
    sequence.set_threads(threads);
    let start = Instant::now();
    sequence
        .extend(last + 1, &Budget::unlimited())
        .expect("values fit");
    let computed = (last + 1 - known.len()) as f64;
    (
        computed / start.elapsed().as_secs_f64() / 1e6,
        sequence.into_values(),
    )
}

/// One line: what was measured, the figure, and its target, met or not, where it
/// has one.
fn against(what: &str, measured: f64, target: Option<f64>, unit: &str) {
    let verdict = match target {
        Some(target) if measured >= target => format!("target ≥ {target} {unit}: met"),
        Some(target) => format!("target ≥ {target} {unit}: not met"),
        None => String::new(),
    };
    let line = format!("{what:<56} {measured:>6.2} {unit:<4} {verdict}");
    println!("{}", line.trim_end());
}

/// The rates of Officers and Grundy's game on one thread and two beside their
/// targets, the lengths multiplied by `scale`.
fn targets(scale: f64) {
    let scaled = |last: usize| (last as f64 * scale) as usize;
    let (game, first, last) = OFFICERS;
    let (first, last) = (scaled(first), scaled(last));
    let (_, known) = timed(game, first - 1, Threads::Exactly(2));
    let (one, values_one) = rate(game, &known, last, 1);
    let (two, values_two) = rate(game, &known, last, 2);
    assert!(
        values_one == values_two,
        "{game}: the same values on 1 and 2 threads"
    );
    let heaps = format!("{game}, heaps {first} to {last}");
    println!("speed targets (values a second, measured here):");
    against(
        &format!("{heaps}, 1 thread"),
        one,
        Some(OFFICERS_ONE),
        "M/s",
    );
    against(
        &format!("{heaps}, 2 threads"),
        two,
        Some(OFFICERS_TWO),
        "M/s",
    );
    against(
        &format!("{heaps}, 2 threads ÷ 1"),
        two / one,
        Some(TWO_OVER_ONE),
        "×",
    );
    let (game, last) = GRUNDYS_GAME;
    let last = scaled(last);
    let (one, values_one) = rate(game, &[], last, 1);
    let (two, values_two) = rate(game, &[], last, 2);
    assert!(
        values_one == values_two,
        "{game}: the same values on 1 and 2 threads"
    );
    let heaps = format!("{game}, heaps 0 to {last}");
    against(&format!("{heaps}, 1 thread"), one, None, "M/s");
    against(
        &format!("{heaps}, 2 threads"),
        two,
        Some(GRUNDYS_GAME_TWO),
        "M/s",
    );
    against(
        &format!("{heaps}, 2 threads ÷ 1"),
        two / one,
        Some(TWO_OVER_ONE),
        "×",
    );
    println!();
}

/// One row: the game's run on one thread, two and the default.
fn row(game: &str, last: usize, load: &str) {
    let most = std::thread::available_parallelism().map_or(2, usize::from);
    let mut seconds = Vec::new();
    let mut values = Vec::new();
    for threads in [
        Threads::Exactly(1),
        Threads::Exactly(2),
        Threads::UpTo(most),
    ] {
        let (time, these) = timed(game, last, threads);
        seconds.push(time);
        values.push(these);
    }
    assert!(
        values.windows(2).all(|pair| pair[0] == pair[1]),
        "{game}: the same values on every number of threads"
    );
    println!(
        "{game:<12} {last:>10} {load:<6} {:>9.3} s {:>9.3} s {:>9.3} s",
        seconds[0], seconds[1], seconds[2]
    );
}

/// The peak memory of a command in KB, by GNU time.
fn peak_kb(command: &mut Command) -> u64 {
    let out = command.output().expect("the command runs");
    assert!(out.status.success(), "{command:?} failed");
    let text = String::from_utf8_lossy(&out.stderr);
    let last = text.lines().last().expect("GNU time's line");
    last.trim().parse().expect("a number of KB")
}

fn main() {
    if let Ok(table) = std::env::var(ONE_TABLE) {
        let (game, last) = table.split_once(',').expect("GAME,LAST");
        let last: u64 = last.parse().expect("a heap size");
        let request = TableRequest {
            to: Some(last),
            rows: None,
            play: Play::Normal,
            budget: Budget::unlimited(),
            save: Save::No,
            algorithm: Algorithm::RareCommon,
        };
        grundy::tabulate::sequence(game, last, &request, &mut |_| {}).expect("a table");
        return;
    }
    let scale: f64 = std::env::var("PARALLEL_SCALE")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1.0);
    let scaled = |last: usize| (last as f64 * scale) as usize;
    targets(scale);
    println!(
        "{:<12} {:>10} {:<6} {:>11} {:>11} {:>11}",
        "game", "heaps", "load", "1 thread", "2 threads", "default"
    );
    for &(game, short, long) in GAMES {
        for last in [scaled(short), scaled(long)] {
            row(game, last, "as is");
            let stop = AtomicBool::new(false);
            std::thread::scope(|scope| {
                // Another program holding a core.
                scope.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                });
                row(game, last, "busy");
                stop.store(true, Ordering::Relaxed);
            });
        }
    }
    if !Path::new(TIME).exists() {
        println!("no {TIME}: peak memory not measured");
        return;
    }
    let ogsolve = published::installed("ogsolve", "OGSOLVE");
    let me = std::env::current_exe().expect("this benchmark");
    println!(
        "\n{:<8} {:>10} {:>12}  ogsolve (peak memory, by method)",
        "code", "heaps", "grundy"
    );
    for &(code, last, methods) in MEMORY {
        let last = scaled(last);
        let ours = peak_kb(
            Command::new(TIME)
                .args(["-f", "%M"])
                .arg(&me)
                .env(ONE_TABLE, format!("octal:{code},{last}")),
        );
        let theirs: Vec<String> = methods
            .iter()
            .map(|method| {
                let kb = peak_kb(Command::new(TIME).args(["-f", "%M"]).arg(&ogsolve).args([
                    code,
                    "-n",
                    &last.to_string(),
                    "-m",
                    method,
                ]));
                format!("{:.1} MB ({method})", kb as f64 / 1000.0)
            })
            .collect();
        println!(
            "{code:<8} {last:>10} {:>9.1} MB  {}",
            ours as f64 / 1000.0,
            theirs.join(", ")
        );
    }
}
