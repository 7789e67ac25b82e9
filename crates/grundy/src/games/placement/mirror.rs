//! Tweedledum and Tweedledee: where a reflection or half turn maps the empty cells
//! to themselves, and no piece can be placed on cells that meet their own image,
//! the second player answers every placement with its image, which is still empty,
//! and so makes the last move (normal play). Such a board is a P-position, and a
//! board with a move to one is an N-position: Cram on an even × even board, and on
//! an even × odd one after the domino across its centre. The board search uses the
//! rule at every region; as a theorem it gives these outcomes at once, on boards of
//! any size.

use smallvec::SmallVec;

use super::{image, transposed, Bits, Board, Frame, Placement, Word};
use crate::{Outcome, Play, Theory};

/// The image of `cells` (in the box of `cut`) under symmetry `s` (numbered as in
/// [`super::transform`]).
pub(super) fn reflect<B: Bits>(s: u8, cells: B, cut: &Board<B>) -> B {
    let (h, w) = (cut.rows as u32, cut.cols as u32);
    match s {
        0..=3 => image(s, cells, h, w),
        _ => image(s - 4, transposed(cells, h, w), w, h),
    }
}

/// The symmetries of the game that are their own inverse (1, 2, 3: mirror, flip,
/// half turn; 4, 7: the two diagonal reflections of a square) and map the region
/// `cut` to itself.
pub(super) fn reflections_fixing<B: Bits>(game: &Placement, cut: &Board<B>) -> SmallVec<[u8; 8]> {
    game.symmetries
        .iter()
        .copied()
        .filter(|&s| matches!(s, 1..=3) || (cut.rows == cut.cols && matches!(s, 4 | 7)))
        .filter(|&s| reflect(s, cut.empty, cut) == cut.empty)
        .collect()
}

/// The first of `reflections` (each mapping `cut` to itself) that maps every
/// placement on the empty cells of `cut` to one it does not meet, if any:
/// `placements` are those of the box of `cut`.
pub(super) fn copying<B: Bits>(cut: &Board<B>, reflections: &[u8], placements: &[B]) -> Option<u8> {
    reflections.iter().copied().find(|&s| {
        placements
            .iter()
            .filter(|&&m| cut.empty & m == m)
            .all(|&m| reflect(s, m, cut) & m == B::ZERO)
    })
}

impl Placement {
    /// The symmetry by which the second player copies on `p` (its empty cells cut to
    /// their box), if there is one.
    fn copied_by(&self, p: &Board) -> Option<u8> {
        if p.empty == 0 {
            return None;
        }
        let cut = Frame::new(p).cut(p.empty);
        let reflections = reflections_fixing(self, &cut);
        if reflections.is_empty() {
            return None;
        }
        copying(
            &cut,
            &reflections,
            &self.placement_masks(cut.rows, cut.cols),
        )
    }

    /// The first placement (in the order of [`crate::Game::moves`]) that leaves a
    /// board on which the mover copies, with the symmetry.
    fn move_to_copied(&self, p: &Board) -> Option<(Board, u8)> {
        self.placement_masks::<Word>(p.rows, p.cols)
            .iter()
            .filter(|&&m| p.empty & m == m)
            .find_map(|&m| {
                let left = Board {
                    empty: p.empty & !m,
                    ..*p
                };
                Some((left, self.copied_by(&left)?))
            })
    }
}

/// The name of symmetry `s` of a box, as the explanation says it.
fn symmetry_name(s: u8) -> &'static str {
    match s {
        1 => "the left–right mirror",
        2 => "the top–bottom flip",
        3 => "the half turn",
        4 => "the reflection in the main diagonal",
        _ => "the reflection in the other diagonal",
    }
}

impl Theory<Board> for Placement {
    fn theorem(&self, _play: Play) -> &'static str {
        "Tweedledum and Tweedledee (copying every move in a mirror)"
    }

    fn outcome(&self, p: &Board, play: Play) -> Option<Outcome> {
        if play != Play::Normal {
            return None;
        }
        if self.copied_by(p).is_some() {
            return Some(Outcome::P);
        }
        self.move_to_copied(p).map(|_| Outcome::N)
    }

    fn winning_move(&self, p: &Board) -> Option<Board> {
        if self.copied_by(p).is_some() {
            return None;
        }
        self.move_to_copied(p).map(|(left, _)| left)
    }

    fn explain(&self, p: &Board, play: Play) -> Vec<String> {
        if play != Play::Normal {
            return Vec::new();
        }
        let copy = |s: u8| {
            format!(
                "{} maps the empty cells to themselves, and no piece fits on cells that meet \
                 their own image: whatever is placed, its image is still empty, so the player \
                 who answers every placement with its image makes the last move",
                symmetry_name(s)
            )
        };
        if let Some(s) = self.copied_by(p) {
            return vec![format!(
                "Tweedledum and Tweedledee: {}. The second player wins: a P-position.",
                copy(s)
            )];
        }
        let Some((left, s)) = self.move_to_copied(p) else {
            return Vec::new();
        };
        let placed = crate::Game::describe_move(self, p, &left).unwrap_or_default();
        vec![format!(
            "Tweedledum and Tweedledee: after the first player's move ({placed}), {}. The \
             first player wins: an N-position.",
            copy(s)
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Nimber};
    use rustc_hash::FxHashMap;

    /// The nimber of `p` by exhaustive search of its game tree.
    fn nimber(game: &Placement, p: &Board, memo: &mut FxHashMap<u128, Nimber>) -> Nimber {
        if let Some(&g) = memo.get(&p.empty) {
            return g;
        }
        let mut options = Vec::new();
        game.moves(p, &mut options).unwrap();
        let seen = options
            .iter()
            .fold(0u64, |seen, q| seen | 1 << nimber(game, q, memo));
        let g = seen.trailing_ones() as Nimber;
        memo.insert(p.empty, g);
        g
    }

    #[test]
    fn the_copying_theorem_agrees_with_exhaustive_search_on_every_small_board() {
        let games = [
            (Placement::cram(), &[(4, 4), (3, 5), (2, 7), (1, 9)][..]),
            // The L-tromino, and horizontal dominoes only (no quarter turns).
            (Placement::parse("0.0,0.1,1.0").unwrap(), &[(3, 4), (2, 5)]),
            (
                Placement::parse("0.0,0.1:fixed").unwrap(),
                &[(3, 4), (4, 3)],
            ),
        ];
        for (game, sizes) in games {
            for &(rows, cols) in sizes {
                let mut memo = FxHashMap::default();
                let mut answered = [0, 0];
                for empty in 0..1u128 << (rows * cols) {
                    let p = Board { rows, cols, empty };
                    assert_eq!(game.outcome(&p, Play::Misere), None);
                    let Some(outcome) = game.outcome(&p, Play::Normal) else {
                        continue;
                    };
                    let g = nimber(&game, &p, &mut memo);
                    assert_eq!(outcome == Outcome::P, g == 0, "{} {p:?}", game.name);
                    answered[(g == 0) as usize] += 1;
                    if let Some(q) = game.winning_move(&p) {
                        let mut options = Vec::new();
                        game.moves(&p, &mut options).unwrap();
                        assert!(options.contains(&q));
                        assert_eq!(nimber(&game, &q, &mut memo), 0, "{} {q:?}", game.name);
                    }
                }
                // Both verdicts are met, many times over.
                assert!(
                    answered.iter().all(|&n| n > 20),
                    "{} {answered:?}",
                    game.name
                );
            }
        }
    }

    #[test]
    fn cram_on_an_even_board_is_lost_and_on_an_even_by_odd_board_won_by_a_move_to_a_copied_board() {
        let cram = Placement::cram();
        for rows in 1..=8u8 {
            for cols in 1..=8u8 {
                let p = cram.parse_position(&format!("{rows}x{cols}")).unwrap();
                let outcome = cram.outcome(&p, Play::Normal);
                match (rows % 2, cols % 2) {
                    // One domino: it leaves no cell to copy on.
                    _ if rows * cols == 2 => assert_eq!(outcome, None),
                    (0, 0) => assert_eq!(outcome, Some(Outcome::P), "{rows}x{cols}"),
                    (0, 1) | (1, 0) => {
                        assert_eq!(outcome, Some(Outcome::N), "{rows}x{cols}");
                        let q = cram.winning_move(&p).unwrap();
                        assert_eq!(cram.outcome(&q, Play::Normal), Some(Outcome::P));
                    }
                    _ => {}
                }
            }
        }
    }
}
