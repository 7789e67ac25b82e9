//! The file a board search keeps ([`crate::Checkpoint`]): what the table of known
//! regions holds, so that a run that was stopped or killed goes on from it. It is
//! written to a file beside it as the table is read (no copy of a table of
//! gigabytes is made) and renamed over it, so the file is never torn; a file of
//! another game, or of another version of grundy's format, or damaged, is refused
//! with a sentence, before anything of it is added to the table.
//!
//! Its bytes: the line `grundy board search 1`, the game's name and a newline; the
//! count of packed entries and each as two words (the region's key, what is known);
//! the count of other regions and each as its rows, columns, cells and what is
//! known; then the CRC-32 of all that. Numbers are little-endian.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};

use super::known::{Known, KnownRegions, Snapshot};
use super::Board;
use crate::{invalid, Result};

/// The first line of the file: its format and version.
const HEADING: &[u8] = b"grundy board search 1\n";

/// The bytes of a packed entry (key, what is known), and of another region's
/// (rows, columns, cells, what is known).
const PACKED_BYTES: usize = 16;
const OTHER_BYTES: usize = 18;

/// Writes what `snapshot` holds of the game `game` to `path`, through a file
/// beside it, as it reads it (a table of gigabytes is not copied).
pub fn write(path: &str, game: &str, snapshot: &Snapshot) -> Result<()> {
    let beside = format!("{path}.partial");
    let cannot = |e: std::io::Error| invalid!("cannot write the board search to '{path}': {e}");
    let file = crate::files::open(
        &beside,
        OpenOptions::new().write(true).create(true).truncate(true),
    )
    .map_err(cannot)?;
    write_to(file, game, snapshot).map_err(cannot)?;
    std::fs::rename(&beside, path).map_err(cannot)
}

/// [`write`]'s bytes, into `file`.
fn write_to(file: File, game: &str, snapshot: &Snapshot) -> std::io::Result<()> {
    let mut out = Summed {
        out: BufWriter::with_capacity(1 << 20, file),
        sum: crc32fast::Hasher::new(),
    };
    out.put(HEADING)?;
    out.put(game.as_bytes())?;
    out.put(b"\n")?;
    let packed = snapshot.packed();
    out.put(&(packed.len() as u64).to_le_bytes())?;
    for [key, known] in packed {
        out.put(&key.to_le_bytes())?;
        out.put(&known.to_le_bytes())?;
    }
    out.put(&(snapshot.others.len() as u64).to_le_bytes())?;
    for (board, known) in &snapshot.others {
        out.put(&[board.rows, board.cols])?;
        out.put(&board.empty.to_le_bytes())?;
        out.put(&known.bits().to_le_bytes())?;
    }
    let Summed { mut out, sum } = out;
    out.write_all(&sum.finalize().to_le_bytes())?;
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// A file being written, and the checksum of what was written to it.
struct Summed<W> {
    out: W,
    sum: crc32fast::Hasher,
}

impl<W: Write> Summed<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.sum.update(bytes);
        self.out.write_all(bytes)
    }
}

/// Adds what the file at `path` holds of the game `game`, read within
/// `max_bytes`, to `known`, once the whole file is checked; returns how many
/// regions it knew of.
pub fn read(path: &str, game: &str, max_bytes: u64, known: &KnownRegions) -> Result<usize> {
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
    // `count` entries of `bytes` each, refused past the end of the file.
    let mut entries = |bytes: usize| -> Result<&[u8]> {
        let count = usize::try_from(word(take(8)?)).unwrap_or(usize::MAX);
        take(count.saturating_mul(bytes))
    };
    let packed = entries(PACKED_BYTES)?;
    if packed
        .chunks_exact(PACKED_BYTES)
        .any(|entry| word(&entry[..8]) == 0)
    {
        return Err(refused("it holds a region of no board"));
    }
    let others = entries(OTHER_BYTES)?;
    let other = |entry: &[u8]| {
        let board = Board {
            rows: entry[0],
            cols: entry[1],
            empty: word(&entry[2..10]),
        };
        (board, Known::from_bits(word(&entry[10..])))
    };
    if others
        .chunks_exact(OTHER_BYTES)
        .map(other)
        .any(|(board, _)| {
            board.rows == 0 || board.cols == 0 || board.rows as u32 * board.cols as u32 > 64
        })
    {
        return Err(refused("it holds a region of no board"));
    }
    if !rest.is_empty() {
        return Err(refused("it has bytes past its end"));
    }
    known.add_entries(
        packed
            .chunks_exact(PACKED_BYTES)
            .map(|entry| [word(&entry[..8]), word(&entry[8..])]),
        others.chunks_exact(OTHER_BYTES).map(other),
    );
    Ok(packed.len() / PACKED_BYTES + others.len() / OTHER_BYTES)
}
