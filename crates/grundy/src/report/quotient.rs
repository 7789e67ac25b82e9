//! The misère quotient of a take-and-break heap game (`grundy quotient`): its
//! presentation, P-portion, generators, each heap's element, and how far it is
//! exact and proved.

use std::fmt::{self, Display, Formatter};

use serde::Serialize;

use crate::solve::quotient::Quotient;

/// A generator of the quotient: its name and the heap it stands for.
#[derive(Serialize)]
struct Generator<'a> {
    name: &'a str,
    heap: u64,
}

/// The misère quotient of a heap game, heap by heap.
#[derive(Serialize)]
pub struct QuotientReport<'a> {
    game: &'a str,
    order: usize,
    generators: Vec<Generator<'a>>,
    relations: &'a [String],
    presentation: String,
    p_portion: Vec<String>,
    heaps: Vec<String>,
    changes: &'a [u64],
    tame: bool,
    proved: bool,
    checked_to: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    preperiod: Option<u64>,
}

impl<'a> QuotientReport<'a> {
    /// The report of the quotient `q` of `game`.
    pub fn new(game: &'a str, q: &'a Quotient) -> Self {
        let heaps = (1..=q.checked_to())
            .map(|n| q.word(q.element_of_heap(n).expect("every heap up to checked_to")))
            .collect();
        QuotientReport {
            game,
            order: q.order(),
            generators: q
                .generators()
                .iter()
                .map(|g| Generator {
                    name: &g.name,
                    heap: g.heap,
                })
                .collect(),
            relations: q.relations(),
            presentation: q.presentation(),
            p_portion: q.p_words(),
            heaps,
            changes: q.changes(),
            tame: q.is_tame(),
            proved: q.period().is_some(),
            checked_to: q.checked_to(),
            period: q.period().map(|p| p.period),
            preperiod: q.period().map(|p| p.preperiod),
        }
    }
}

impl Display for QuotientReport<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (game, to) = (self.game, self.checked_to);
        writeln!(
            f,
            "{game}: misère quotient of the heaps 1 to {to}, order {}",
            self.order
        )?;
        writeln!(f, "presentation: {}", self.presentation)?;
        writeln!(f, "P-portion: {{{}}}", self.p_portion.join(", "))?;
        let generators: Vec<String> = self
            .generators
            .iter()
            .map(|g| format!("{} = heap {}", g.name, g.heap))
            .collect();
        writeln!(f, "generators: {}", generators.join(", "))?;
        let changes: Vec<String> = self.changes.iter().map(u64::to_string).collect();
        writeln!(
            f,
            "the presentation changed at heaps {}",
            changes.join(", ")
        )?;
        writeln!(f, "heaps:")?;
        for (n, word) in self.heaps.iter().enumerate() {
            writeln!(f, "  {:>6}  {word}", n + 1)?;
        }
        match self.tame {
            true => writeln!(
                f,
                "tame: the quotient is misère Nim's on the heaps' nimbers (Conway's genus theory)"
            )?,
            false => writeln!(
                f,
                "not tame: the quotient is not misère Nim's on the heaps' nimbers"
            )?,
        }
        match (self.period, self.preperiod) {
            (Some(period), Some(preperiod)) => write!(
                f,
                "checked to heap {to}: exact for every sum of heaps up to {to}, and proved for heaps of any size: the heaps' elements repeat with period {period} from heap {preperiod}"
            ),
            _ => write!(
                f,
                "checked to heap {to}: exact for every sum of heaps up to {to}; not proved beyond"
            ),
        }
    }
}
