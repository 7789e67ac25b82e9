//! One row of a census of take-and-break games: a game's values computed in
//! doubling runs until a period is proved or heap N is reached.

use grundy::solve::sequence::period::{self, Period};
use grundy::solve::sequence::{Algorithm, Sequence};
use grundy::{spec, Budget, Result};

/// What a census learns of one game.
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
    /// Why the values stopped before heap N, when they did.
    pub note: Option<String>,
}

impl Row {
    /// Whether a theorem proves the period.
    pub fn proved(&self) -> bool {
        self.period.is_some_and(|p| p.proved)
    }
}

/// The census row of `game` (a heap game: `octal:0.07`, `sub:1,3,4`, …): values up
/// to heap `to` at most, in runs of doubling length that stop once a period is
/// proved.
pub fn classify(game: &str, to: u64, algorithm: Algorithm, budget: &Budget) -> Result<Row> {
    let heap = spec::heap_rules(game)?;
    let end = usize::try_from(to)
        .ok()
        .and_then(|to| to.checked_add(1))
        .ok_or_else(|| grundy::too_large!("heap {to} is too large for a census"))?;
    let mut sequence = Sequence::new(heap.rules, algorithm);
    let mut len = 1024.min(end);
    let mut note = None;
    let mut found;
    loop {
        if let Err(e) = sequence.extend(len, budget) {
            match e {
                grundy::Error::Invalid(m) => note = Some(m),
                other => return Err(other),
            }
        }
        found = period::find(sequence.values(), sequence.rules());
        if note.is_some() || found.is_some_and(|p| p.proved) || len >= end {
            break;
        }
        len = (2 * len).min(end);
    }
    let values = sequence.values();
    Ok(Row {
        game: heap.name,
        period: found,
        max_value: values.iter().copied().max().unwrap_or(0),
        last_heap: values.len().saturating_sub(1) as u64,
        note,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_and_dawsons_kayles_are_proved() {
        let kayles = classify(
            "octal:0.77",
            100_000,
            Algorithm::RareCommon,
            &Budget::default(),
        )
        .unwrap();
        let p = kayles.period.unwrap();
        assert!(p.proved);
        assert_eq!((p.preperiod, p.period), (71, 12));
        assert_eq!(kayles.max_value, 8);
        let dawson = classify(
            "octal:0.07",
            100_000,
            Algorithm::RareCommon,
            &Budget::default(),
        )
        .unwrap();
        let p = dawson.period.unwrap();
        assert!(p.proved);
        assert_eq!(p.period, 34);
    }

    #[test]
    fn a_game_not_settled_by_n_is_open() {
        let row = classify("octal:0.77", 50, Algorithm::Naive, &Budget::default()).unwrap();
        assert_eq!(row.last_heap, 50);
        assert!(!row.proved());
        assert_eq!(row.game, "octal:0.77");
    }

    #[test]
    fn bad_codes_are_refused() {
        assert!(classify("octal:0.9x", 10, Algorithm::Naive, &Budget::default()).is_err());
        assert!(classify("nim", 10, Algorithm::Naive, &Budget::default()).is_err());
    }
}
