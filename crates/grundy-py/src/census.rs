//! One step of a census of take-and-break games: a game's values computed from
//! where an earlier step left them, in runs that double in length (then grow by a
//! chunk at a time), until a period is proved, heap N is reached, or the step has
//! computed its chunk; with the row the census writes for the game.

use grundy::solve::sequence::period::{self, Period};
use grundy::solve::sequence::statistics::Statistics;
use grundy::solve::sequence::{Algorithm, Sequence};
use grundy::{spec, Budget, Result};

/// The first run's length.
const FIRST_RUN: usize = 1024;

/// What a census has learnt of one game so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The game's normalised name (`octal:0.07`).
    pub game: String,
    /// The shortest period seen, proved or not.
    pub period: Option<Period>,
    /// The largest value computed.
    pub max_value: u16,
    /// The last heap size computed.
    pub last_heap: u64,
    /// The rare/common mask, how many heaps have a rare value, and the last that
    /// does (the statistics the record tables publish).
    pub mask: u64,
    /// How many heaps have a rare value under `mask`.
    pub rare: u64,
    /// The last heap with a rare value, if any.
    pub last_rare: Option<u64>,
    /// Why the values stopped before heap N, when they did.
    pub note: Option<String>,
    /// Whether the game's row is final: proved, computed to heap N, or stopped
    /// (`note`); otherwise a later step goes on from these values.
    pub done: bool,
}

/// What a census row says of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A theorem proves the period: g(n + period) = g(n) for n ≥ preperiod.
    Proved,
    /// The values seen grow by the saltus every period (not proved).
    ArithmeticPeriodic,
    /// Neither.
    Open,
}

impl Status {
    /// The status as a census file writes it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Proved => "proved",
            Status::ArithmeticPeriodic => "arithmetic-periodic",
            Status::Open => "open",
        }
    }
}

impl Row {
    /// What the row says of the game.
    pub fn status(&self) -> Status {
        match self.period {
            Some(p) if p.proved => Status::Proved,
            Some(p) if p.saltus != 0 => Status::ArithmeticPeriodic,
            _ => Status::Open,
        }
    }
}

/// The length of the run after one of `len` values: twice as long while shorter
/// than `chunk`, then `chunk` longer; at most `end`. The lengths a census looks
/// for periods at are the same however its steps are cut.
fn next_run(len: usize, chunk: usize, end: usize) -> usize {
    let next = match len {
        0 => FIRST_RUN,
        _ if len < chunk => 2 * len,
        _ => len + chunk,
    };
    next.min(end)
}

/// One step of the census of `game` (a heap game: `octal:0.07`, `sub:1,3,4`, …)
/// to heap `to`: from `values` (g(0), … as an earlier step left them; empty at the
/// start), runs until a period is proved, heap `to` is reached, or `chunk` more
/// heaps are computed. The row, and the values for the next step.
pub fn step(
    game: &str,
    values: Vec<u16>,
    to: u64,
    chunk: u64,
    algorithm: Algorithm,
    budget: &Budget,
) -> Result<(Row, Vec<u16>)> {
    let heap = spec::heap_rules(game)?;
    let too_large = || grundy::too_large!("heap {to} is too large for a census");
    let end = usize::try_from(to)
        .ok()
        .and_then(|to| to.checked_add(1))
        .ok_or_else(too_large)?;
    let chunk = usize::try_from(chunk).unwrap_or(usize::MAX).max(1);
    let start = values.len();
    let mut sequence = Sequence::resume(heap.rules, algorithm, values);
    let mut note = None;
    let mut found = period::find(sequence.values(), sequence.rules());
    let mut done = found.is_some_and(|p| p.proved) || start >= end;
    while !done {
        let len = next_run(sequence.values().len(), chunk, end);
        if let Err(e) = sequence.extend(len, budget) {
            match e {
                grundy::Error::Invalid(m) => note = Some(m),
                other => return Err(other),
            }
        }
        found = period::find(sequence.values(), sequence.rules());
        done = note.is_some() || found.is_some_and(|p| p.proved) || len >= end;
        if len - start >= chunk {
            break;
        }
    }
    let values = sequence.into_values();
    let statistics = Statistics::of(values.len() as u64, |n| values[n as usize] as u64);
    let row = Row {
        game: heap.name,
        period: found,
        max_value: values.iter().copied().max().unwrap_or(0),
        last_heap: values.len().saturating_sub(1) as u64,
        mask: statistics.mask,
        rare: statistics.rare,
        last_rare: statistics.last_rare,
        note,
        done,
    };
    Ok((row, values))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The census of `game` to `to` in steps of `chunk` heaps: the last row, and
    /// how many steps it took.
    fn census(game: &str, to: u64, chunk: u64, algorithm: Algorithm) -> (Row, usize) {
        let (mut values, mut steps) = (Vec::new(), 0);
        loop {
            let (row, next) = step(game, values, to, chunk, algorithm, &Budget::default()).unwrap();
            steps += 1;
            if row.done {
                return (row, steps);
            }
            values = next;
        }
    }

    #[test]
    fn kayles_and_dawsons_kayles_are_proved() {
        let (kayles, steps) = census("octal:0.77", 100_000, u64::MAX, Algorithm::RareCommon);
        let p = kayles.period.unwrap();
        assert_eq!(kayles.status(), Status::Proved);
        assert_eq!((p.preperiod, p.period, steps), (71, 12, 1));
        assert_eq!((kayles.max_value, kayles.last_heap), (8, 1023));
        // Kayles' rare values (mask 15: 0, 3, 5, 6, 9, …) end at heap 70.
        assert_eq!(
            (kayles.mask, kayles.rare, kayles.last_rare),
            (15, 10, Some(70))
        );
        let (dawson, _) = census("octal:0.07", 100_000, u64::MAX, Algorithm::RareCommon);
        assert_eq!(dawson.status().name(), "proved");
        assert_eq!(dawson.period.unwrap().period, 34);
    }

    #[test]
    fn a_game_not_settled_by_n_is_open() {
        let (row, _) = census("octal:0.77", 50, u64::MAX, Algorithm::Naive);
        assert_eq!(row.last_heap, 50);
        assert_eq!(row.status(), Status::Open);
        assert_eq!(row.game, "octal:0.77");
    }

    #[test]
    fn steps_of_a_chunk_give_the_row_of_one_step() {
        // 0.14's values grow slowly; cut into steps of 3000 heaps (runs of 1024,
        // 2048, 4096, 7096, 10096, 12000), the census ends where one step ends.
        let (whole, one) = census("octal:0.14", 12_000, u64::MAX, Algorithm::RareCommon);
        let (cut, steps) = census("octal:0.14", 12_000, 3000, Algorithm::RareCommon);
        assert_eq!((one, steps), (1, 4));
        assert_eq!(whole, cut);
        assert_eq!((whole.status(), whole.last_heap), (Status::Open, 12_000));
        let runs: Vec<usize> = std::iter::successors(Some(0), |&len| {
            (len < 12_001).then(|| next_run(len, 3000, 12_001))
        })
        .collect();
        assert_eq!(runs, [0, 1024, 2048, 4096, 7096, 10096, 12001]);
    }

    #[test]
    fn bad_codes_are_refused() {
        let bad = |game| {
            step(
                game,
                Vec::new(),
                10,
                10,
                Algorithm::Naive,
                &Budget::default(),
            )
        };
        assert!(bad("octal:0.9x").is_err());
        assert!(bad("nim").is_err());
    }
}
