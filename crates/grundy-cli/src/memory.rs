//! The memory budget of a run: `--max-memory`, or by default half of what the
//! machine gives this process (its physical memory, or a smaller address-space
//! limit such as `ulimit -v`), counted in real bytes by the library's
//! [`CountingAllocator`](grundy::stop::CountingAllocator); and the default position
//! budget, taken from it.

use grundy::solve::DEFAULT_MAX_POSITIONS;

/// Half of the physical memory, or of the address-space limit where that is less;
/// `None` where neither can be read.
pub fn default_limit() -> Option<u64> {
    let physical = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib * 1024)
        });
    let address_space = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("Max address space"))?;
            line.split_whitespace().nth(3)?.parse::<u64>().ok()
        });
    let least = match (physical, address_space) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b)?,
    };
    Some(least / 2)
}

/// What one position of a search holds, about (measured on the generic search:
/// 4·10^6 positions of `sos 64` hold 263 MB); Cram's table holds a region in less.
pub const POSITION_BYTES: usize = 64;

/// The default position budget: the memory budget over [`POSITION_BYTES`], or
/// [`DEFAULT_MAX_POSITIONS`] where no memory budget is set.
pub fn default_positions() -> usize {
    match grundy::stop::memory_limit() {
        usize::MAX => DEFAULT_MAX_POSITIONS,
        bytes => bytes / POSITION_BYTES,
    }
}

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
        assert!(default_limit().is_some_and(|b| b > 0));
    }
}
