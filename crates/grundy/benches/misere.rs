//! Benchmarks of misère Kayles: sums answered from the misère quotient beside the
//! generic misère search of the whole sum.
//!
//! - `quotient/build/40`: the misère quotient of Kayles (0.77) for heaps ≤ 40, from
//!   scratch;
//! - `quotient/outcome/{10,20,40}`: the misère outcome of a sum of 10, 20 and 40
//!   Kayles heaps (sizes 1–40 from a seeded LCG), by multiplying the heaps' elements;
//! - `quotient/winning_moves/10`: every winning move of the 10-heap sum;
//! - `search/outcome/{3,4,5}`: the misère outcome of 3, 4 and 5 heaps by the
//!   generic misère search of the whole sum (`Solver::value` on a fresh solver, with
//!   Kayles given by its moves alone, so that no quotient answers), the sizes it can
//!   still do; the quotient answers the same sums, checked before timing;
//! - `analysis/outcome/{10,20,40}`: `grundy value kayles … --misere` as the library
//!   answers it, the quotient computed on the way (from a fresh analyst).

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion};
use grundy::games::octal;
use grundy::solve::quotient::{quotient, Quotient};
use grundy::solve::sequence::Rules;
use grundy::solve::{GameBox, Solver};
use grundy::{Budget, Heaps};
use grundy::{Game, Options, Play};

/// Heaps of the Kayles quotient.
const TO: u64 = 40;

fn kayles() -> Quotient {
    quotient(
        &octal::rules("0.77").unwrap(),
        TO,
        1000,
        u64::MAX,
        &Budget::unlimited(),
    )
    .unwrap()
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

/// Kayles by its moves alone: no theorem, no quotient, so that the solver searches.
struct PlainKayles(Rules);

impl Game for PlainKayles {
    type Position = Heaps;
    fn moves(&self, p: &Heaps, out: &mut Vec<Heaps>) -> grundy::Result<()> {
        let mut options = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            options.clear();
            self.0.options(h, &mut options);
            for option in &options {
                let mut next = Heaps::from_slice(&p[..i]);
                next.extend_from_slice(option);
                next.extend_from_slice(&p[i + 1..]);
                out.push(next);
            }
        }
        Ok(())
    }
    fn components(&self, p: &Heaps, out: &mut Vec<Heaps>) -> grundy::Result<()> {
        out.extend(
            p.iter()
                .filter(|&&h| h > 0)
                .map(|&h| Heaps::from_slice(&[h])),
        );
        Ok(())
    }
    fn parse_position(&self, text: &str) -> grundy::Result<Heaps> {
        grundy::games::heaps::parse(text)
    }
    fn format_position(&self, p: &Heaps) -> String {
        grundy::games::heaps::format(p)
    }
    fn describe_move(&self, _: &Heaps, to: &Heaps) -> grundy::Result<String> {
        Ok(grundy::games::heaps::format(to))
    }
}

fn spec(name: &str, heaps: &[u64]) -> String {
    let list: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    format!("{name} {}", list.join(","))
}

/// The misère outcome of `heaps` by the generic search, from a fresh solver.
fn search(heaps: &[u64]) -> grundy::Outcome {
    let mut solver = Solver::new(Budget::default().with_positions(10_000_000));
    let rules = octal::rules("0.77").unwrap();
    solver.add(GameBox::new("plain-kayles", PlainKayles(rules)));
    let sum = grundy::spec::parse(&spec("plain-kayles", heaps), &mut solver).unwrap();
    solver.value(&sum, Play::Misere).unwrap().outcome
}

/// The misère outcome of `heaps` as `grundy value kayles … --misere` answers it.
fn analysis(heaps: &[u64]) -> grundy::Outcome {
    let options = Options {
        play: Play::Misere,
        ..Options::default()
    };
    grundy::analyse(&spec("kayles", heaps), &options)
        .unwrap()
        .outcome
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

fn from_analysis(c: &mut Criterion) {
    let q = kayles();
    let mut group = configure(c, "analysis");
    for count in [10, 20, 40] {
        let sum = heaps(count, count as u64);
        assert_eq!(Some(analysis(&sum)), q.outcome(&sum), "{sum:?}");
        group.bench_function(BenchmarkId::new("outcome", count), |b| {
            b.iter(|| analysis(black_box(&sum)))
        });
    }
    group.finish();
}

criterion_group!(benches, from_quotient, from_search, from_analysis);
criterion_main!(benches);
