//! Subtraction games with additions (`take-add:S/A/CAP`): a move takes s chips from
//! one heap, s in the set S, or adds a chips to a heap that is not empty, a in the
//! set A, so long as the heap holds at most CAP chips (an empty heap is out of play). Additions undo subtractions, so play may go round
//! forever: a loopy game, valued by the generalised Sprague–Grundy function γ.
//!
//! A take-away game in which a move may also put chips back is the simplest loopy
//! heap game; this parametrisation is grundy's own (no published table of its
//! values is known to us, so the tests check it against a labelling of the heap
//! graph built independently). The cap keeps the graph finite, so Smith's theory
//! applies. With A empty it is the subtraction game `sub:S`; a heap above the cap
//! is refused.

use super::heaps::{ChipPicture, Click};
use super::{heaps, Family};
use crate::solve::GameBox;
use crate::sorting::sort;
use crate::{invalid, Capabilities, HeapGame, Heaps, Result, Size};

/// The most chips a heap may hold (the largest cap).
pub const MAX_CAP: u64 = 1 << 32;

/// A subtraction game with additions under a cap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAdd {
    takes: Vec<u64>,
    adds: Vec<u64>,
    cap: u64,
}

impl TakeAdd {
    /// Reads `S/A/CAP`, e.g. `2,3/1/10` (A may be empty: `2,3//10`).
    pub fn parse(text: &str) -> Result<Self> {
        let fields: Vec<&str> = text.split('/').collect();
        let [takes, adds, cap] = fields[..] else {
            return Err(invalid!(
                "'{text}' is not S/A/CAP: write the takes, the additions and the cap, e.g. take-add:2,3/1/10"
            ));
        };
        let set = |field: &str, what: &str| -> Result<Vec<u64>> {
            let mut set = field
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(|t| match heaps::parse_number(t, what)? {
                    0 => Err(invalid!("'{t}' is not a {what}: it must be at least 1")),
                    n => Ok(n),
                })
                .collect::<Result<Vec<u64>>>()?;
            sort(&mut set);
            set.dedup();
            Ok(set)
        };
        let takes = set(takes, "number of chips to take")?;
        if takes.is_empty() {
            return Err(invalid!(
                "'{text}' takes nothing: S needs at least one number"
            ));
        }
        let adds = set(adds, "number of chips to add")?;
        let cap = heaps::parse_number(cap.trim(), "cap")?;
        if cap > MAX_CAP {
            return Err(invalid!("'{cap}' is too large a cap: at most {MAX_CAP}"));
        }
        Ok(TakeAdd { takes, adds, cap })
    }

    /// The name in a SPEC, normalised.
    pub fn name(&self) -> String {
        let list = |set: &[u64]| set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        format!(
            "take-add:{}/{}/{}",
            list(&self.takes),
            list(&self.adds),
            self.cap
        )
    }

    /// The heaps one move away from a heap of `h` chips.
    fn heap_moves(&self, h: u64) -> impl Iterator<Item = u64> + '_ {
        let takes = self
            .takes
            .iter()
            .filter(move |&&s| s <= h)
            .map(move |&s| h - s);
        let adds = self
            .adds
            .iter()
            .filter(move |&&a| h > 0 && h + a <= self.cap)
            .map(move |&a| h + a);
        takes.chain(adds)
    }
}

/// No heap holds more than the cap: (cap + 1) to the power of the heaps.
impl Size<Heaps> for TakeAdd {
    fn count_positions(&self, p: &Heaps) -> Option<u64> {
        let heaps = u32::try_from(p.len()).unwrap_or(u32::MAX);
        Some(self.cap.saturating_add(1).saturating_pow(heaps))
    }
}

impl HeapGame for TakeAdd {
    fn heap_options(&self, h: u64, out: &mut Vec<Heaps>) {
        out.extend(self.heap_moves(h).map(|n| smallvec::smallvec![n]));
    }

    fn check_heap(&self, h: u64) -> Result<()> {
        if h > self.cap {
            return Err(invalid!(
                "'{h}' is above the cap of {}: a heap holds at most {} chips",
                self.cap,
                self.cap
            ));
        }
        Ok(())
    }

    fn why_not(&self, _h: u64, _left: &[u64]) -> String {
        format!("a move changes one heap by a number of {}", self.name())
    }

    fn heap_capabilities(&self) -> Capabilities<'_, Heaps> {
        Capabilities {
            cycles: !self.adds.is_empty(),
            size: Some(self),
            picture: Some(self),
            ..Capabilities::default()
        }
    }
}

impl ChipPicture for TakeAdd {
    /// A click takes a chip and every chip right of it.
    fn click(&self) -> Click {
        Click::TakeTail
    }
}

/// The registry entry of `take-add:S/A/CAP`.
pub const FAMILY: Family = Family::game(
    "take-add",
    "take s chips (s in S) or add a chips (a in A) to one heap, at most CAP (loopy)",
    |parameter| {
        let game = TakeAdd::parse(parameter)?;
        Ok(GameBox::new(game.name(), game))
    },
)
.with_parameter("S/A/CAP", "take-add:2,3/1/10")
.with_start("Games with cycles", "take-add:2,3/1/10 4,1")
.as_heap_game();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn rules_are_read_normalised_and_bad_ones_refused() {
        let game = TakeAdd::parse("3,2/1/10").unwrap();
        assert_eq!(game.name(), "take-add:2,3/1/10");
        assert_eq!(game.heap_moves(10).collect::<Vec<_>>(), [8, 7]);
        assert_eq!(game.heap_moves(2).collect::<Vec<_>>(), [0, 3]);
        assert_eq!(game.heap_moves(0).count(), 0);
        assert_eq!(TakeAdd::parse("1//5").unwrap().name(), "take-add:1//5");
        for bad in ["1,2", "0/1/5", "1/x/5", "/1/5", "1/1/99999999999"] {
            assert!(TakeAdd::parse(bad).is_err(), "{bad}");
        }
        assert!(game
            .parse_position("11")
            .unwrap_err()
            .to_string()
            .contains("'11' is above the cap"));
    }
}
