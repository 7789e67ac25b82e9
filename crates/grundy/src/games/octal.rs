//! Take-and-break games by code: octal codes such as Kayles (`0.77`), hexadecimal
//! digits too, and Grundy's game.
//!
//! In a code d0.d1d2…, digit dk says what may be left after taking k chips from a
//! heap: its bit 1 allows leaving no heap, bit 2 one heap, bit 4 two heaps, bit 8
//! (hexadecimal) three heaps. The digit before the point is for taking nothing:
//! 4 there allows breaking a heap in two without taking any chip.

use super::take_break::HeapRules;
use super::Family;
use crate::solve::sequence::{leaves, Beyond, Rules};
use crate::{invalid, Result};

/// The registry entry of `octal:CODE`.
pub const CODE: Family = Family::heap(
    "octal",
    "take-and-break game by its octal or hexadecimal code",
    |code| Ok(HeapRules::new(format!("octal:{code}"), rules(code)?)),
)
.with_parameter("CODE", "octal:0.137")
.with_start("Take-and-break games", "octal:0.137 12");

/// The registry entry of `grundy-game`.
pub const GRUNDY_GAME: Family = Family::heap(
    "grundy-game",
    "Grundy's game: break a heap into two heaps of different sizes",
    |_| Ok(HeapRules::new("grundy-game".into(), grundy_game())),
)
.with_start("Take-and-break games", "grundy-game 10");

/// A famous take-and-break game by its name and code.
macro_rules! named {
    ($(#[$doc:meta])* $entry:ident, $name:literal, $code:literal, $about:literal, $start:literal) => {
        $(#[$doc])*
        pub const $entry: Family = Family::heap($name, $about, |_| {
            Ok(HeapRules::new($name.into(), rules($code)?))
        })
        .with_start("Take-and-break games", $start);
    };
}

named!(
    /// Kayles: knock down one pin or two adjacent pins from a row.
    KAYLES, "kayles", "0.77", "knock down one pin or two adjacent pins from a row", "kayles 10"
);
named!(
    /// Dawson's Kayles.
    DAWSON_KAYLES, "dawson-kayles", "0.07", "knock down two adjacent pins from a row", "dawson-kayles 10"
);
named!(
    /// Dawson's chess.
    DAWSON_CHESS, "dawson-chess", "0.137", "Dawson's chess: pawns on a 3×n board, captures forced", "dawson-chess 9"
);
named!(
    /// Treblecross.
    TREBLECROSS, "treblecross", "0.007", "one-dimensional tic-tac-toe: take three, leaving any", "treblecross 9"
);
named!(
    /// Guiles.
    GUILES, "guiles", "0.15", "take one from a heap of one, or two leaving one or two heaps", "guiles 10"
);
named!(
    /// Officers.
    OFFICERS, "officers", "0.6", "take one, leaving one or two heaps", "officers 10"
);

/// The rules of the octal (or hexadecimal) code `code`, such as `0.137` or `4.07`.
pub fn rules(code: &str) -> Result<Rules> {
    let Some((whole, fraction)) = code.split_once('.') else {
        return Err(invalid!(
            "'{code}' is not a take-and-break code: expected digits around a point, such as 0.77"
        ));
    };
    let digit = |c: char| {
        c.to_digit(16)
            .map(|d| d as u8)
            .ok_or_else(|| invalid!("'{c}' in '{code}' is not an octal or hexadecimal digit"))
    };
    let d0 = match whole {
        "" => 0,
        w if w.chars().count() == 1 => digit(w.chars().next().expect("one char"))?,
        w => {
            return Err(invalid!(
                "'{w}' before the point in '{code}' must be a single digit"
            ))
        }
    };
    if d0 & (leaves::NONE | leaves::ONE) != 0 {
        return Err(invalid!(
            "'{d0:x}' before the point in '{code}' is not allowed: taking nothing can only break a heap (digit 4 or 8)"
        ));
    }
    let mut digits = vec![d0];
    for c in fraction.chars() {
        digits.push(digit(c)?);
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.iter().all(|&d| d == 0) {
        return Err(invalid!("'{code}' allows no move at all"));
    }
    Ok(Rules::new(digits, Beyond::Nothing, false))
}

/// Grundy's game: break one heap into two heaps of different sizes.
pub fn grundy_game() -> Rules {
    Rules::new(vec![leaves::TWO], Beyond::Nothing, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_into_digits() {
        assert_eq!(rules("0.77").unwrap().digits, [0, 7, 7]);
        assert_eq!(rules("4.07").unwrap().digits, [4, 0, 7]);
        assert_eq!(rules(".137").unwrap().digits, [0, 1, 3, 7]);
        assert_eq!(rules("0.f").unwrap().digits, [0, 15]);
        assert_eq!(rules("0.70").unwrap().digits, [0, 7]);
        for bad in ["077", "0.7x", "1.7", "0.0", "12.3"] {
            assert!(rules(bad).is_err(), "{bad} should be refused");
        }
    }
}
