//! The file a board search keeps ([`crate::Checkpoint`]): what the table of known
//! regions holds, so that a run that was stopped or killed goes on from it. It is
//! written whole to a file beside it and renamed over it, so the file is never
//! torn; a file of another game, or of another version of grundy's format, or
//! damaged, is refused with a sentence.
//!
//! Its bytes: the line `grundy board search 1`, the game's name and a newline; the
//! count of packed entries and each as two words (the region's key, what is known);
//! the count of other regions and each as its rows, columns, cells and what is
//! known; then the CRC-32 of all that. Numbers are little-endian.

use std::fs::OpenOptions;
use std::io::Write as _;

use super::known::{Entries, Known};
use super::Board;
use crate::{invalid, Result};

/// The first line of the file: its format and version.
const HEADING: &[u8] = b"grundy board search 1\n";

/// Writes `entries` of the game `game` to `path`, through a file beside it.
pub fn write(path: &str, game: &str, entries: &Entries) -> Result<()> {
    let mut bytes = Vec::with_capacity(64 + 16 * entries.packed.len());
    bytes.extend_from_slice(HEADING);
    bytes.extend_from_slice(game.as_bytes());
    bytes.push(b'\n');
    bytes.extend_from_slice(&(entries.packed.len() as u64).to_le_bytes());
    for [key, known] in &entries.packed {
        bytes.extend_from_slice(&key.to_le_bytes());
        bytes.extend_from_slice(&known.to_le_bytes());
    }
    bytes.extend_from_slice(&(entries.others.len() as u64).to_le_bytes());
    for (board, known) in &entries.others {
        bytes.extend_from_slice(&[board.rows, board.cols]);
        bytes.extend_from_slice(&board.empty.to_le_bytes());
        bytes.extend_from_slice(&known.bits().to_le_bytes());
    }
    bytes.extend_from_slice(&crc32fast::hash(&bytes).to_le_bytes());
    let beside = format!("{path}.partial");
    let cannot = |e: std::io::Error| invalid!("cannot write the board search to '{path}': {e}");
    let mut file = crate::files::open(
        &beside,
        OpenOptions::new().write(true).create(true).truncate(true),
    )
    .map_err(cannot)?;
    file.write_all(&bytes).map_err(cannot)?;
    file.sync_all().map_err(cannot)?;
    std::fs::rename(&beside, path).map_err(cannot)
}

/// What the file at `path` holds of the game `game`, read within `max_bytes`.
pub fn read(path: &str, game: &str, max_bytes: u64) -> Result<Entries> {
    let bytes = crate::files::read(path, max_bytes, "a board search file")
        .map_err(|e| invalid!("cannot read the board search in '{path}': {e}"))?;
    let refused =
        |why: &str| invalid!("'{path}' is not a board search that grundy can go on from: {why}");
    let Some(body) = bytes.len().checked_sub(4).map(|n| &bytes[..n]) else {
        return Err(refused("it is too short"));
    };
    let Some(rest) = body.strip_prefix(HEADING) else {
        return Err(match body.starts_with(b"grundy board search ") {
            true => refused("it was written in another version of the format"),
            false => refused("it does not start as one"),
        });
    };
    let checksum = u32::from_le_bytes(bytes[body.len()..].try_into().expect("four bytes"));
    if crc32fast::hash(body) != checksum {
        return Err(refused("it is damaged (its checksum does not match)"));
    }
    let Some(end) = rest.iter().position(|&b| b == b'\n') else {
        return Err(refused("it names no game"));
    };
    let (written, mut rest) = (&rest[..end], &rest[end + 1..]);
    if written != game.as_bytes() {
        return Err(refused(&format!(
            "it is a search of '{}', not of '{game}'",
            String::from_utf8_lossy(written)
        )));
    }
    let truncated = || refused("it ends early");
    let mut take = |n: usize| -> Result<&[u8]> {
        let (taken, left) = rest.split_at_checked(n).ok_or_else(truncated)?;
        rest = left;
        Ok(taken)
    };
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("eight bytes"));
    let mut entries = Entries::default();
    let packed = word(take(8)?);
    for _ in 0..packed {
        let entry = take(16)?;
        entries.packed.push([word(&entry[..8]), word(&entry[8..])]);
    }
    let others = word(take(8)?);
    for _ in 0..others {
        let entry = take(18)?;
        let board = Board {
            rows: entry[0],
            cols: entry[1],
            empty: word(&entry[2..10]),
        };
        if board.rows == 0 || board.cols == 0 || board.rows as u32 * board.cols as u32 > 64 {
            return Err(refused("it holds a region of no board"));
        }
        entries
            .others
            .push((board, Known::from_bits(word(&entry[10..]))));
    }
    if !rest.is_empty() {
        return Err(refused("it has bytes past its end"));
    }
    Ok(entries)
}
