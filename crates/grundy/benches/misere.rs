//! Benchmarks of misère Kayles: sums answered from the misère quotient beside the
//! generic misère search of the whole sum.
//!
//! - `quotient/build/40`: the misère quotient of Kayles (0.77) for heaps ≤ 40, from
//!   scratch;
//! - `quotient/outcome/{10,20,40}`: the misère outcome of a sum of 10, 20 and 40
//!   Kayles heaps (sizes 1–40 from a seeded LCG), by multiplying the heaps' elements;
//! - `quotient/winning_moves/10`: every winning move of the 10-heap sum;
//! - `search/outcome/{3,4,5}`: the misère outcome of 3, 4 and 5 heaps by
//!   `Solver::value` on a fresh solver (the search of the whole sum), the sizes it
//!   can still do; the quotient answers the same sums, checked before timing.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion};
use grundy::games::octal;
use grundy::solve::quotient::{quotient, Quotient};
use grundy::solve::{Solver, DEFAULT_MAX_POSITIONS};
use grundy::Play;

/// Heaps of the Kayles quotient.
const TO: u64 = 40;

fn kayles() -> Quotient {
    quotient(&octal::rules("0.77").unwrap(), TO, 1000).unwrap()
}

/// `count` heap sizes in 1..=TO from a seeded LCG.
fn heaps(count: usize, seed: u64) -> Vec<u64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            1 + (state >> 33) % TO
        })
        .collect()
}

/// The misère outcome of `heaps` by the generic search, from a fresh solver.
fn search(heaps: &[u64]) -> grundy::Outcome {
    let mut solver = Solver::new(DEFAULT_MAX_POSITIONS);
    let list: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    let sum = grundy::spec::parse(&format!("kayles {}", list.join(",")), &mut solver).unwrap();
    solver.value(&sum, Play::Misere).unwrap().outcome
}

fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group
}

fn from_quotient(c: &mut Criterion) {
    let q = kayles();
    let rules = octal::rules("0.77").unwrap();
    let mut group = configure(c, "quotient");
    group.bench_function(BenchmarkId::new("build", TO), |b| b.iter(kayles));
    for count in [10, 20, 40] {
        let sum = heaps(count, count as u64);
        group.bench_function(BenchmarkId::new("outcome", count), |b| {
            b.iter(|| q.outcome(black_box(&sum)).unwrap())
        });
    }
    let sum = heaps(10, 10);
    group.bench_function(BenchmarkId::new("winning_moves", 10), |b| {
        b.iter(|| q.winning_moves(&rules, black_box(&sum)).unwrap())
    });
    group.finish();
}

fn from_search(c: &mut Criterion) {
    let q = kayles();
    let mut group = configure(c, "search");
    for (count, sum) in [
        (3, vec![5u64, 9, 14]),
        (4, vec![5, 9, 14, 7]),
        (5, vec![5, 9, 14, 7, 3]),
    ] {
        assert_eq!(Some(search(&sum)), q.outcome(&sum), "{sum:?}");
        group.bench_function(BenchmarkId::new("outcome", count), |b| {
            b.iter(|| search(black_box(&sum)))
        });
    }
    group.finish();
}

criterion_group!(benches, from_quotient, from_search);
criterion_main!(benches);
