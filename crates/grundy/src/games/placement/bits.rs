//! The cells of a board as the bits of a word: `u64` for boards of at most 64
//! cells, where the search spends its time, and `u128` for the larger ones, so that
//! boards past 64 cells cost the smaller ones nothing.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// A word of cells, bit i for cell i (row by row).
pub trait Bits:
    Copy
    + Debug
    + Default
    + Eq
    + Ord
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The number of bits.
    const BITS: u32;
    /// No cell.
    const ZERO: Self;
    /// Cell 0.
    const ONE: Self;
    /// Every cell.
    const ALL: Self;

    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn reverse_bits(self) -> Self;
    fn wrapping_neg(self) -> Self;
    /// The cells less the first.
    fn without_first(self) -> Self;
    fn checked_shl(self, n: u32) -> Option<Self>;
    fn checked_shr(self, n: u32) -> Option<Self>;
    /// A well-mixed hash of the cells.
    fn hash64(self) -> u64;
    /// The first 64 cells.
    fn low(self) -> u64;
    /// The cells as the widest word.
    fn wide(self) -> u128;
    /// The first [`Bits::BITS`] cells of `cells`.
    fn narrow(cells: u128) -> Self;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const ALL: Self = <$t>::MAX;

            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }
            fn checked_shl(self, n: u32) -> Option<Self> {
                <$t>::checked_shl(self, n)
            }
            fn checked_shr(self, n: u32) -> Option<Self> {
                <$t>::checked_shr(self, n)
            }
            fn hash64(self) -> u64 {
                let folded = (self as u128 >> 64) as u64 ^ self as u64;
                folded.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            }
            fn low(self) -> u64 {
                self as u64
            }
            fn wide(self) -> u128 {
                self as u128
            }
            fn narrow(cells: u128) -> Self {
                cells as $t
            }
        }
    };
}

bits!(u64);
bits!(u128);
