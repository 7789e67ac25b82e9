//! Sizes on the command line: `--max-memory 512M`. The budget itself, and its
//! default of half the machine's memory, is the library's
//! ([`Budget`](grundy::Budget)).

/// Reads a size such as `512M`, `8G` or `1000000` (bytes); K, M, G and T are
/// powers of 1024.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => text.split_at(i),
        None => (text, ""),
    };
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("'{text}' is not a size: expected e.g. 512M or 8G")),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("'{text}' is not a size: expected e.g. 512M or 8G"))?;
    n.checked_mul(1 << shift)
        .filter(|&bytes| bytes > 0)
        .ok_or_else(|| format!("'{text}' is not a size this machine can have"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_their_units() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("8G"), Ok(8 << 30));
        assert_eq!(parse_size("8GiB"), Ok(8 << 30));
        assert_eq!(parse_size("1000"), Ok(1000));
        for bad in ["", "8X", "G", "-1", "0", "99999999999T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }
}
