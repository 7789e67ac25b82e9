//! Nim-sums and XOR equations (section 2.2 of the notes), checked column by column.

use super::Hints;

/// The mistakes of `given` as the nim-sum of `heaps`: each binary column where it
/// is wrong, with the count of 1s that decides it.
pub(super) fn check_nim_sum(heaps: &[u64], given: u64) -> Vec<String> {
    let sum = heaps.iter().fold(0, |s, h| s ^ h);
    columns_differing(given, sum)
        .into_iter()
        .map(|bit| {
            let ones = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count();
            format!(
                "the {}s column has {ones} 1s, an {} count, so the nim-sum has {} there, not {}",
                1u64 << bit,
                if ones % 2 == 1 { "odd" } else { "even" },
                sum >> bit & 1,
                given >> bit & 1
            )
        })
        .collect()
}

/// The mistake of `given` as the x with x ⊕ `a` = `b`, if it is one.
pub(super) fn check_xor(a: u64, b: u64, given: u64) -> Vec<String> {
    if given ^ a == b {
        return Vec::new();
    }
    let columns: Vec<String> = columns_differing(given ^ a, b)
        .iter()
        .map(|bit| format!("{}s", 1u64 << bit))
        .collect();
    let plural = if columns.len() > 1 { "s" } else { "" };
    vec![format!(
        "{given} ⊕ {a} = {}, not {b}: they differ in the {} column{plural}",
        given ^ a,
        columns.join(", ")
    )]
}

pub(super) fn nim_sum_hints(heaps: &[u64]) -> Hints {
    let sum = heaps.iter().fold(0, |s, h| s ^ h);
    let rows: Vec<(String, u64)> = heaps.iter().map(|&h| (h.to_string(), h)).collect();
    Hints::new(
        "Write the heaps in binary, one under the other.",
        "In each column, an odd number of 1s gives a 1 in the nim-sum, an even number a 0 (addition without carry).",
        format!(
            "The nim-sum is {sum}:\n{}",
            crate::notation::binary_columns(&rows, sum).join("\n")
        ),
    )
}

pub(super) fn xor_hints(a: u64, b: u64) -> Hints {
    Hints::new(
        "⊕ undoes itself: x ⊕ a ⊕ a = x.",
        format!("So x = {a} ⊕ {b}: XOR them column by column."),
        format!("x = {a} ⊕ {b} = {}.", a ^ b),
    )
}

/// The bits (0 the units) where `a` and `b` differ, the highest first.
fn columns_differing(a: u64, b: u64) -> Vec<u32> {
    (0..64)
        .rev()
        .filter(|bit| (a ^ b) >> bit & 1 == 1)
        .collect()
}
