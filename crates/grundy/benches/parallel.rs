//! The heap-sequence engine on one thread and on two, in the same run: values per
//! second for Officers (0.6) and Grundy's game over a stretch of large heaps, the
//! values checked equal.
//!
//! `cargo bench -p grundy --bench parallel` computes each game's values up to the
//! stretch on every core, then the stretch again from there with one thread and with
//! two. `PARALLEL_OFFICERS=FROM,LEN` and `PARALLEL_GRUNDY=FROM,LEN` set the stretches
//! (heaps from FROM, LEN of them).

use std::time::Instant;

use grundy::solve::sequence::{Method, Sequence};
use grundy::spec;
use grundy::Budget;

/// The stretch of heaps measured for a game: from the environment, else the default.
fn stretch(variable: &str, default: (usize, usize)) -> (usize, usize) {
    std::env::var(variable)
        .ok()
        .and_then(|text| {
            let (from, len) = text.split_once(',')?;
            Some((from.parse().ok()?, len.parse().ok()?))
        })
        .unwrap_or(default)
}

fn measure(game: &str, (from, len): (usize, usize)) {
    let rules = spec::heap_rules(game).expect("a heap game").rules;
    let mut first = Sequence::new(rules.clone(), Method::RareCommon);
    let threads = Budget::cores();
    first.set_threads(threads);
    let start = Instant::now();
    first.extend(from, &Budget::default()).expect("values fit");
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{game}: heaps 0..{from} on {threads} threads: {seconds:.1} s, {:.3} M values/s",
        from as f64 / seconds / 1e6
    );
    let mut results = Vec::new();
    let mut one_thread_rate = 0.0;
    for threads in [1, 2] {
        let mut sequence =
            Sequence::resume(rules.clone(), Method::RareCommon, first.values().to_vec());
        sequence.set_threads(threads);

        let start = Instant::now();
        sequence
            .extend(from + len, &Budget::default())
            .expect("values fit");
        let seconds = start.elapsed().as_secs_f64();
        let rate = len as f64 / seconds / 1e6;
        if threads == 1 {
            one_thread_rate = rate;
        }
        println!(
            "{game}: heaps {from}..{}: {threads} thread{}: {seconds:.1} s, {rate:.3} M values/s ({:.2}×)",
            from + len,
            if threads == 1 { "" } else { "s" },
            rate / one_thread_rate
        );
        results.push(sequence.into_values());
    }
    assert!(
        results.windows(2).all(|pair| pair[0] == pair[1]),
        "{game}: the same values on one thread and two"
    );
}

fn main() {
    measure(
        "octal:0.6",
        stretch("PARALLEL_OFFICERS", (10_000_000, 2_000_000)),
    );
    measure(
        "grundy-game",
        stretch("PARALLEL_GRUNDY", (1 << 24, 1 << 22)),
    );
}
