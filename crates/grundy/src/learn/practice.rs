//! Practice: endless exercises of each kind, generated at a chosen level from a
//! seed (the same seed, the same exercise), each as good as the notes' own since
//! the engine checks every answer.

use super::Exercise;
use crate::{invalid, Play, Result};

/// The levels of practice, with what each brings.
pub const LEVELS: &[(u8, &str)] = &[
    (1, "small: one game, small numbers"),
    (2, "larger: sums of games, bigger numbers"),
    (3, "hardest: misère play where the kind has it, larger sums"),
];

/// A generated exercise of `kind` ([`super::KINDS`]) at `level` ([`LEVELS`]),
/// chosen by `seed`.
pub fn practice(kind: &str, level: u8, seed: u64) -> Result<Exercise> {
    if !(1..=3).contains(&level) {
        return Err(invalid!("'{level}' is no level of practice: 1, 2 or 3"));
    }
    let mut random = Random::new(seed);
    let r = &mut random;
    let l = u64::from(level);
    // How many heaps, parts or edges, where the kind chooses.
    let (one_more, edges) = (r.below(2), 3 + r.below(4));
    let (what, play) = match kind {
        "p-positions" => {
            let misere = if level == 3 {
                Play::Misere
            } else {
                Play::Normal
            };
            (
                format!("{} to {}", subtraction(r, 2 + l), 10 * l + 5),
                misere,
            )
        }
        "period" => (subtraction(r, 3 + l), Play::Normal),
        "nim-sum" => (heaps(r, 1 + l, 1 << (3 + l)), Play::Normal),
        "xor" => {
            let top = 1 << (4 + l);
            (format!("{},{}", r.below(top), r.below(top)), Play::Normal)
        }
        "winning-moves" | "winner" => match level {
            1 => (format!("nim {}", heaps(r, 2 + one_more, 8)), Play::Normal),
            2 => (sum(r, 2 + one_more), Play::Normal),
            _ => (format!("nim {}", heaps(r, 3 + one_more, 8)), Play::Misere),
        },
        "nimber" => match level {
            1 => (heap_game(r, 13), Play::Normal),
            2 => (hackenbush(r, edges), Play::Normal),
            _ => (sum(r, 2 + one_more), Play::Normal),
        },
        "graph-values" => (graph(r, 2 + 2 * l), Play::Normal),
        // No kind: refused as `read` refuses it, naming the kinds.
        _ => return Exercise::read(kind, "", Play::Normal),
    };
    Exercise::read(kind, &what, play)
}

/// A subtraction game whose moves take numbers from 1 to `most` (1 always among
/// them, so that every heap has a move).
fn subtraction(r: &mut Random, most: u64) -> String {
    let mut takes = vec![1];
    takes.extend((2..=most).filter(|_| r.below(2) == 1));
    let takes: Vec<String> = takes.iter().map(u64::to_string).collect();
    format!("sub:{}", takes.join(","))
}

/// `count` heaps of 1 to `below` - 1.
fn heaps(r: &mut Random, count: u64, below: u64) -> String {
    let heaps: Vec<String> = (0..count)
        .map(|_| (1 + r.below(below - 1)).to_string())
        .collect();
    heaps.join(",")
}

/// A heap of one of the notes' heap games, below `below`.
fn heap_game(r: &mut Random, below: u64) -> String {
    let game = [
        "sub:1,2,3",
        "sub:1,3,4",
        "sub:2,5",
        "kayles",
        "dawson-chess",
        "nim",
    ][r.below(6) as usize];
    format!("{game} {}", 1 + r.below(below - 1))
}

/// A Green Hackenbush tree of `edges` edges: each new vertex joined to the
/// ground or to a vertex before it.
fn hackenbush(r: &mut Random, edges: u64) -> String {
    let names = b"abcdefghij";
    let edges: Vec<String> = (0..edges as usize)
        .map(|i| {
            let below = match r.below(i as u64 + 1) as usize {
                0 => 'g',
                j => names[j - 1] as char,
            };
            format!("{below}-{}", names[i] as char)
        })
        .collect();
    format!("hackenbush {}", edges.join(","))
}

/// A sum of `parts` small parts of the notes' games.
fn sum(r: &mut Random, parts: u64) -> String {
    let parts: Vec<String> = (0..parts)
        .map(|_| match r.below(3) {
            0 => heap_game(r, 10),
            1 => {
                let edges = 1 + r.below(4);
                hackenbush(r, edges)
            }
            _ => format!("nim {}", 1 + r.below(7)),
        })
        .collect();
    parts.join(" + ")
}

/// A graph without cycles of `vertices` vertices `a`, `b`, …: each vertex's
/// followers are among the vertices after it.
fn graph(r: &mut Random, vertices: u64) -> String {
    let names = b"abcdefghij";
    let n = vertices as usize;
    let lines: Vec<String> = (0..n)
        .map(|i| {
            let followers: Vec<String> = (i + 1..n)
                .filter(|_| r.below(5) < 2)
                .map(|j| (names[j] as char).to_string())
                .collect();
            format!("{} -> {}", names[i] as char, followers.join(" "))
                .trim_end()
                .to_string()
        })
        .collect();
    lines.join("; ")
}

/// A small random number generator (SplitMix64): the same seed, the same numbers.
struct Random(u64);

impl Random {
    fn new(seed: u64) -> Self {
        Random(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number from 0 to `n` - 1.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_exercise_and_levels_differ() {
        for (kind, _) in super::super::KINDS {
            for level in 1..=3 {
                assert_eq!(
                    practice(kind, level, 7).unwrap(),
                    practice(kind, level, 7).unwrap()
                );
            }
        }
        let misere = practice("winner", 3, 1).unwrap();
        assert_eq!(misere.play(), Play::Misere);
        assert!(practice("nimber", 2, 1)
            .unwrap()
            .what()
            .starts_with("hackenbush g-a"));
        assert!(practice("winner", 4, 1)
            .unwrap_err()
            .to_string()
            .contains("'4' is no level"));
        assert!(practice("labels", 1, 1)
            .unwrap_err()
            .to_string()
            .contains("'labels' is no kind"));
    }
}
