//! Notation shared by games, explanations and front ends: numbers in binary
//! columns, as the notes write a nim-sum, and labels cut to a width. A leaf module:
//! it imports nothing of the crate.

/// The widest label a column of text gives room to.
pub const LABEL: usize = 60;

/// `text`, or its first `most` − 1 characters and "…" when it is longer: a label
/// from user data never widens a column past `most`.
pub fn shorten(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_string();
    }
    let mut short: String = text.chars().take(most.saturating_sub(1)).collect();
    short.push('…');
    short
}

/// A count for a message: whole up to a billion, its thousands set apart
/// ("2,704,155"), else in powers of ten
/// ("2.8·10^10").
pub fn count(n: u64) -> String {
    match n {
        0..=999_999_999 => {
            // Thousands set apart by commas: 2,704,155.
            let digits = n.to_string();
            let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
            for (i, digit) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    grouped.push(',');
                }
                grouped.push(digit);
            }
            grouped
        }
        _ => {
            let exponent = n.ilog10();
            let mantissa = n as f64 / 10f64.powi(exponent as i32);
            format!("{mantissa:.1}·10^{exponent}")
        }
    }
}

/// A duration for a message, in the largest unit that keeps it a few digits:
/// "500 ms", "5 s", "2 min", "3 h", "12 days", "40 years".
pub fn duration(d: std::time::Duration) -> String {
    let s = d.as_secs_f64();
    let (value, unit) = match s {
        _ if s < 1.0 => return format!("{} ms", d.as_millis()),
        _ if s < 120.0 => (s, "s"),
        _ if s < 2.0 * 3600.0 => (s / 60.0, "min"),
        _ if s < 2.0 * 86_400.0 => (s / 3600.0, "h"),
        _ if s < 2.0 * 365.0 * 86_400.0 => (s / 86_400.0, "days"),
        _ => (s / (365.25 * 86_400.0), "years"),
    };
    format!("{} {unit}", count(value.round() as u64))
}

/// A duration as the command line's `--time` takes it, rounded up to a whole
/// unit: "45s", "2m", "3h", "12d".
pub fn duration_setting(d: std::time::Duration) -> String {
    let s = d.as_secs().max(1);
    match s {
        0..=119 => format!("{s}s"),
        120..=7199 => format!("{}m", s.div_ceil(60)),
        7200..=172_799 => format!("{}h", s.div_ceil(3600)),
        _ => format!("{}d", s.div_ceil(86_400)),
    }
}

/// Whether `c` may change what a terminal shows beyond itself: a control character
/// (ESC starts a terminal's commands, BEL rings, NUL, C1 controls such as CSI), or a
/// bidirectional control that reorders the text around it (U+061C, U+200E, U+200F,
/// U+202A to U+202E, U+2066 to U+2069).
pub fn unsafe_to_print(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` safe inside an XML or HTML element or attribute (pictures, plots, the
/// explanation's HTML).
pub fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Rows of numbers in binary, one column per bit; below a rule, the number of 1s in
/// each column, and the nim-sum: 1 where that count is odd.
pub fn binary_columns(rows: &[(String, u64)], total: u64) -> Vec<String> {
    let max = rows.iter().map(|r| r.1).max().unwrap_or(0).max(1);
    let bits = 64 - max.leading_zeros() as usize;
    let ones: Vec<usize> = (0..bits)
        .rev()
        .map(|b| rows.iter().filter(|r| r.1 >> b & 1 == 1).count())
        .collect();
    let cell = ones.iter().max().map_or(1, |n| n.to_string().len());
    let label = rows
        .iter()
        .map(|r| r.0.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(8, LABEL);
    let line = |name: &str, cells: Vec<String>, value: Option<u64>| {
        let cells: Vec<String> = cells.iter().map(|c| format!("{c:>cell$}")).collect();
        let value = value.map_or(String::new(), |v| format!("   = {v}"));
        format!("  {name:<label$}  {}{value}", cells.join(" "))
    };
    let digits = |v: u64| (0..bits).rev().map(|b| (v >> b & 1).to_string()).collect();
    let mut out: Vec<String> = rows
        .iter()
        .map(|(l, v)| line(&shorten(l, LABEL), digits(*v), Some(*v)))
        .collect();
    out.push(format!(
        "  {}",
        "-".repeat(label + 2 + (cell + 1) * bits - 1)
    ));
    out.push(line(
        "1s",
        ones.iter().map(usize::to_string).collect(),
        None,
    ));
    out.push(line("nim-sum", digits(total), Some(total)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_at_a_glance() {
        assert_eq!(count(197_472_672), "197,472,672");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(1_000_002_000_001), "1.0·10^12");
        assert_eq!(count(27_777_388_889), "2.8·10^10");
        assert_eq!(count(u64::MAX), "1.8·10^19");
        let secs = std::time::Duration::from_secs;
        assert_eq!(duration(std::time::Duration::from_millis(500)), "500 ms");
        assert_eq!(duration(secs(5)), "5 s");
        assert_eq!(duration(secs(444)), "7 min");
        assert_eq!(duration(secs(86_400 * 3)), "3 days");
        assert_eq!(duration_setting(secs(45)), "45s");
        assert_eq!(duration_setting(secs(888)), "15m");
        assert_eq!(duration_setting(secs(86_400 * 3)), "3d");
    }

    #[test]
    fn binary_columns_count_the_ones_as_the_notes_do() {
        let rows = [("22".to_string(), 22), ("51".to_string(), 51)];
        assert_eq!(
            binary_columns(&rows, 22 ^ 51),
            [
                "  22        0 1 0 1 1 0   = 22",
                "  51        1 1 0 0 1 1   = 51",
                "  ---------------------",
                "  1s        1 2 0 1 2 1",
                "  nim-sum   1 0 0 1 0 1   = 37",
            ]
        );
    }
}
