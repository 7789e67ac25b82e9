//! Positions made of heaps of chips, shared by the heap games: the text syntax
//! (`13,12,8`), the split into single heaps, and what changed in a move.

use crate::{invalid, Heaps, Result};

/// Reads heap sizes written as `13,12,8`.
pub fn parse(text: &str) -> Result<Heaps> {
    if text.trim().is_empty() {
        return Err(invalid!(
            "expected heap sizes such as 13,12,8, found nothing"
        ));
    }
    text.split(',')
        .map(|token| match token.trim() {
            "" => Err(invalid!(
                "a heap size is missing in '{text}' (two commas in a row, or one at an end)"
            )),
            token => parse_number(token, "heap size"),
        })
        .collect()
}

/// Reads one whole number, naming `what` it should be in the error.
pub fn parse_number(token: &str, what: &str) -> Result<u64> {
    if token.is_empty() {
        return Err(invalid!("a {what} is missing"));
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid!(
            "'{token}' is not a {what}: expected a whole number such as 7"
        ));
    }
    token
        .parse()
        .map_err(|_| invalid!("'{token}' is too large for a {what}: at most {}", u64::MAX))
}

/// Writes heap sizes as `13,12,8`.
pub fn format(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// How many heap positions lie at or below `heaps`, heap by heap: the product of
/// (h + 1), saturating at `u64::MAX`. A bound on the positions reachable in a game
/// whose moves only lower heaps.
pub fn at_or_below(heaps: &[u64]) -> u64 {
    heaps
        .iter()
        .fold(1u64, |a, &h| a.saturating_mul(h.saturating_add(1)))
}

/// Each non-empty heap on its own, appended to `out`: the independent parts of a
/// heap position.
pub fn split(heaps: &[u64], out: &mut Vec<Heaps>) {
    out.extend(
        heaps
            .iter()
            .filter(|&&h| h > 0)
            .map(|&h| smallvec::smallvec![h]),
    );
}

/// The size of the one heap of a position of at most one heap (0 for none);
/// `None` when there are several.
pub fn single(heaps: &[u64]) -> Option<u64> {
    match heaps {
        [] => Some(0),
        [h] => Some(*h),
        _ => None,
    }
}

/// `heaps` with heap `i` replaced by `new`.
pub fn with(heaps: &[u64], i: usize, new: u64) -> Heaps {
    let mut next = Heaps::from_slice(heaps);
    next[i] = new;
    next
}

/// The heap that changed between two positions, with its old and new size; or why
/// the change is not a move that takes chips from one heap.
pub fn single_take(from: &[u64], to: &[u64]) -> std::result::Result<(usize, u64, u64), String> {
    if from.len() != to.len() {
        return Err(format!(
            "the number of heaps must stay {}, but {} has {}",
            from.len(),
            format(to),
            to.len()
        ));
    }
    let changed: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
    match changed[..] {
        [] => Err("a move must take at least one chip".into()),
        [i] if to[i] > from[i] => Err(format!(
            "the heap of {} cannot grow to {}: a move only takes chips away",
            from[i], to[i]
        )),
        [i] => Ok((i, from[i], to[i])),
        [i, j, ..] => Err(format!(
            "a move takes from one heap only, but the heaps of {} and {} both changed",
            from[i], from[j]
        )),
    }
}

/// The one heap that a move replaced: its index, its size, and the heaps left in
/// its place (at least one: a heap taken whole leaves a heap of 0).
pub fn replaced<'a>(from: &[u64], to: &'a [u64]) -> Option<(usize, u64, &'a [u64])> {
    let i = (0..from.len()).find(|&i| to.get(i) != Some(&from[i]))?;
    let left = (to.len() + 1).checked_sub(from.len()).filter(|&r| r >= 1)?;
    (to[..i] == from[..i] && to[i + left..] == from[i + 1..])
        .then(|| (i, from[i], &to[i..i + left]))
}

/// "take 9 from the heap of 13", for a move that takes from one heap.
pub fn describe_take(from: &[u64], to: &[u64]) -> String {
    match single_take(from, to) {
        Ok((_, old, new)) => format!("take {} from the heap of {old}", old - new),
        Err(_) => format!("move from {} to {}", format(from), format(to)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_lists_read_and_write() {
        assert_eq!(parse("13,12,8").unwrap().as_slice(), [13, 12, 8]);
        assert_eq!(parse(" 1 , 2 ").unwrap().as_slice(), [1, 2]);
        assert_eq!(format(&[13, 4, 8]), "13,4,8");
        for bad in ["", "3,", "-3", "x", "1,,2", "99999999999999999999"] {
            assert!(parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn a_take_is_recognised_and_explained() {
        assert_eq!(single_take(&[13, 12, 8], &[13, 4, 8]), Ok((1, 12, 4)));
        assert_eq!(
            describe_take(&[13, 20], &[13, 17]),
            "take 3 from the heap of 20"
        );
        assert!(single_take(&[3, 4], &[3, 5])
            .unwrap_err()
            .contains("cannot grow"));
        assert!(single_take(&[3, 4], &[2, 3])
            .unwrap_err()
            .contains("one heap only"));
        assert!(single_take(&[3, 4], &[3])
            .unwrap_err()
            .contains("number of heaps"));
    }
}
