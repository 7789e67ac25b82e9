//! Sequences saved as they are computed, so that a long run can be interrupted and
//! resumed without losing finished work, and a file that was cut short or altered
//! is never read back as values.
//!
//! A file opens with four header lines:
//!
//! ```text
//! grundy sequence 2
//! game octal:0.16
//! method rare-common
//! values
//! ```
//!
//! (the format's version, the game, how the values were computed), then blocks, one
//! per save: the block's number of values n (four bytes), n values g(k), g(k+1), …
//! (two bytes each), and a CRC-32 of the block's first heap k, n and its values
//! (four bytes), all little-endian. Each block is appended in one write, so the
//! file is at every moment the header and whole blocks, but for a last block that a
//! write cut short: resuming drops that block and computes its values again. A
//! complete block whose checksum fails was altered, and the file is refused. Every
//! [`Checkpoint::interval`](crate::Checkpoint::interval) the file is also synced to the disk ([`Writer::sync`]),
//! so that the blocks written survive a crash of the machine, not only of the
//! process.
//!
//! A checksum can be forged with the values: resuming also checks the values by the
//! game's rules ([`check`]), every value against the number of options of its heap,
//! and the first [`CHECKED_WHOLE`] values, [`SAMPLED`] more spread over the rest and
//! the last [`TAIL`] computed again from those before them.

use crate::sorting::sort;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};

use super::{Algorithm, Rules, Sequence, Threads};
use crate::files::{self, Keep};
use crate::{invalid, Result};

/// Files of up to this many values are computed again in full on resuming…
pub const CHECKED_WHOLE: usize = 1 << 14;

/// … beyond, this many values spread over the rest…
pub const SAMPLED: usize = 64;

/// … and the last this many.
pub const TAIL: usize = 64;

/// The start of the first line of every sequence file: its format…
const FORMAT: &str = "grundy sequence ";

/// … and the whole first line of the files of this version.
const MAGIC: &str = "grundy sequence 2";

/// The most bytes a file's four header lines take (each is read up to 4096 bytes).
const MOST_HEADER_BYTES: u64 = 4 * 4097;

/// The most bytes one saved value takes: its two bytes, and the count and checksum
/// of a block that holds it alone.
const MOST_BYTES_A_VALUE: u64 = 2 + 4 + 4;

/// Appends values to a sequence file.
pub struct Writer {
    file: File,
    path: String,
    written: usize,
}

fn io_error(path: &str, e: std::io::Error) -> crate::Error {
    invalid!("cannot write sequence file '{path}': {e}")
}

/// The header of a file for `game` computed by `algorithm`.
fn header(game: &str, algorithm: Algorithm) -> String {
    let algorithm = match algorithm {
        Algorithm::Naive => "naive",
        Algorithm::RareCommon => "rare-common",
    };
    format!("{MAGIC}\ngame {game}\nmethod {algorithm}\nvalues\n")
}

/// The checksum of the block of `values` starting at heap `first`.
fn checksum(first: usize, values: &[u8]) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&(first as u64).to_le_bytes());
    crc.update(&((values.len() / 2) as u32).to_le_bytes());
    crc.update(values);
    crc.finalize()
}

impl Writer {
    /// Starts a new file for `game` computed by `algorithm`, where [`accept`]
    /// accepts it (an old sequence file there is replaced).
    pub fn create(path: &str, game: &str, algorithm: Algorithm) -> Result<Self> {
        accept(path, Keep::Start)?;
        let mut file = files::open(
            path,
            File::options().write(true).create(true).truncate(true),
        )
        .map_err(|e| io_error(path, e))?;
        file.write_all(header(game, algorithm).as_bytes())
            .map_err(|e| io_error(path, e))?;
        Ok(Writer {
            file,
            path: path.to_string(),
            written: 0,
        })
    }

    /// Reads the values saved in `path` for `game`, whose `rules` they are checked
    /// against ([`check`], as `algorithm` computes them), and opens the file to go on
    /// after its last complete block. A file larger than one of `max_values` values
    /// saved in the smallest blocks is refused before it is read; the file is read
    /// block by block, so that only its values are held (two bytes a heap).
    pub fn resume(
        path: &str,
        game: &str,
        rules: &Rules,
        algorithm: Algorithm,
        max_values: usize,
    ) -> Result<(Vec<u16>, Self)> {
        let max_bytes = (max_values as u64)
            .saturating_mul(MOST_BYTES_A_VALUE)
            .saturating_add(MOST_HEADER_BYTES);
        accept(path, Keep::GoOn)?;
        let cannot_read = |e: std::io::Error| invalid!("cannot read sequence file '{path}': {e}");
        let file = files::open(path, OpenOptions::new().read(true)).map_err(cannot_read)?;
        let size = file.metadata().map_err(cannot_read)?.len();
        if size > max_bytes {
            return Err(invalid!(
                "cannot read sequence file '{path}': it holds more than {} MiB, the most grundy reads of a sequence file within the position budget",
                max_bytes.div_ceil(1 << 20)
            ));
        }
        // The file may grow while it is read: never more than its size.
        let (values, end) = read(file.take(size), size, path, game)?;
        if let Some(wrong) = check(&values, rules, algorithm)? {
            return Err(invalid!(
                "'{path}' holds a wrong value: heap {} is saved as {}, but {}; compute it again with --save",
                wrong.heap,
                wrong.saved,
                match wrong.truth {
                    Truth::Value(g) => format!("the rules give {g}"),
                    Truth::AtMost(options) => format!("it has only {options} options"),
                }
            ));
        }
        let mut file =
            files::open(path, OpenOptions::new().write(true)).map_err(|e| io_error(path, e))?;
        file.set_len(end).map_err(|e| io_error(path, e))?;
        file.seek(SeekFrom::End(0)).map_err(|e| io_error(path, e))?;
        let written = values.len();
        let writer = Writer {
            file,
            path: path.to_string(),
            written,
        };
        Ok((values, writer))
    }

    /// Appends the values of `all` not yet written as one block, in one write.
    pub fn save(&mut self, all: &[u16]) -> Result<()> {
        self.append(&all[self.written..])
    }

    /// Appends `new`, the values of the heaps after those written, as one block, in
    /// one write.
    pub fn append(&mut self, new: &[u16]) -> Result<()> {
        if new.is_empty() {
            return Ok(());
        }
        let mut block = Vec::with_capacity(8 + 2 * new.len());
        block.extend_from_slice(&(new.len() as u32).to_le_bytes());
        for v in new {
            block.extend_from_slice(&v.to_le_bytes());
        }
        let sum = checksum(self.written, &block[4..]);
        block.extend_from_slice(&sum.to_le_bytes());
        self.file
            .write_all(&block)
            .map_err(|e| io_error(&self.path, e))?;
        self.written += new.len();
        Ok(())
    }

    /// Makes the blocks written so far durable: synced to the disk.
    pub fn sync(&mut self) -> Result<()> {
        self.file.sync_data().map_err(|e| io_error(&self.path, e))
    }
}

/// Accepts `path` to start a sequence file or go on from one, before anything is
/// computed or written ([`files::accept_kept`]): refused in one sentence, and left
/// as it was, where it is anything but a new path or a sequence file.
fn accept(path: &str, keep: Keep) -> Result<()> {
    files::accept_kept(path, FORMAT, keep)
        .map_err(|e| invalid!("cannot keep the sequence in '{path}': {e}"))
}

/// A value read back that the rules contradict.
#[derive(Debug, PartialEq, Eq)]
pub struct Wrong {
    /// The heap.
    pub heap: usize,
    /// Its value in the file.
    pub saved: u16,
    /// What the rules say of it.
    pub truth: Truth,
}

/// What the rules say of a heap's value.
#[derive(Debug, PartialEq, Eq)]
pub enum Truth {
    /// The value, computed again.
    Value(u64),
    /// No more than the heap's number of options (a mex of so many values).
    AtMost(u64),
}

/// The first value of `values` (g(0), g(1), … read back from a file) found wrong by
/// the `rules`: every value is at most its heap's number of options; the first
/// [`CHECKED_WHOLE`] are computed again, then [`SAMPLED`] spread over the rest and
/// the last [`TAIL`], each from the values before it, by `algorithm`. An error where
/// the computation is stopped.
pub fn check(values: &[u16], rules: &Rules, algorithm: Algorithm) -> Result<Option<Wrong>> {
    let wrong = |heap: usize, truth| {
        Ok(Some(Wrong {
            heap,
            saved: values[heap],
            truth,
        }))
    };
    for (n, &g) in values.iter().enumerate() {
        let options = rules.count_options(n as u64);
        if u64::from(g) > options {
            return wrong(n, Truth::AtMost(options));
        }
    }
    let whole = values.len().min(CHECKED_WHOLE);
    let mut again = Sequence::new(rules.clone(), algorithm);
    again.set_thread_choice(Threads::Exactly(1));
    // A bounded check (at most CHECKED_WHOLE values): no budget stops it.
    again.extend(whole, &crate::Budget::unlimited())?;
    if let Some(n) = (0..whole).find(|&n| again.values()[n] != values[n]) {
        return wrong(n, Truth::Value(again.values()[n].into()));
    }
    let rest = values.len() - whole;
    let spread = (0..SAMPLED).map(|i| whole + i * rest / SAMPLED);
    let tail = values.len().saturating_sub(TAIL).max(whole)..values.len();
    let mut heaps: Vec<usize> = spread
        .chain(tail)
        .filter(|n| (whole..values.len()).contains(n))
        .collect();
    sort(&mut heaps);
    heaps.dedup();
    let mut method = super::method(rules, again.algorithm());
    for n in heaps {
        let g = method.value(rules, &values[..n]);
        if g != u64::from(values[n]) {
            return wrong(n, Truth::Value(g));
        }
    }
    Ok(None)
}

/// The values of the complete blocks of a file of `size` bytes read from `file`,
/// and where they end; an error for a file that is not a sequence file of `game`
/// or whose blocks were altered.
fn read(file: impl Read, size: u64, path: &str, game: &str) -> Result<(Vec<u16>, u64)> {
    let not_ours = || invalid!("'{path}' is not a sequence file written by grundy --save");
    let cannot_read = |e: std::io::Error| invalid!("cannot read sequence file '{path}': {e}");
    let mut file = BufReader::new(file);
    let mut lines = Vec::new();
    let mut at = 0;
    while lines.len() < 4 {
        let mut line = Vec::new();
        (&mut file)
            .take(4096)
            .read_until(b'\n', &mut line)
            .map_err(cannot_read)?;
        if line.pop() != Some(b'\n') {
            return Err(not_ours());
        }
        at += line.len() as u64 + 1;
        lines.push(String::from_utf8(line).map_err(|_| not_ours())?);
    }
    if lines[0] != MAGIC {
        return match lines[0].starts_with("grundy sequence") {
            true => Err(invalid!(
                "'{path}' was written by another version of grundy (it says '{}', this one writes '{MAGIC}'): compute it again with --save",
                lines[0]
            )),
            false => Err(not_ours()),
        };
    }
    let saved_game = lines[1].strip_prefix("game ").ok_or_else(not_ours)?;
    if saved_game != game {
        return Err(invalid!(
            "'{path}' holds the sequence of {saved_game}, not of {game}"
        ));
    }
    if !lines[2].starts_with("method ") || lines[3] != "values" {
        return Err(not_ours());
    }
    let mut values = Vec::with_capacity((size.saturating_sub(at) / 2) as usize);
    let mut block = Vec::new();
    loop {
        let mut count = [0; 4];
        if !read_whole(&mut file, &mut count).map_err(cannot_read)? {
            break;
        }
        let count = u32::from_le_bytes(count) as usize;
        // A block said to run past the end of the file is one cut short (or a count
        // no block has): computed again, and never given room it cannot fill.
        if (2 * count + 4) as u64 > size.saturating_sub(at + 4) {
            break;
        }
        block.resize(2 * count + 4, 0);
        if !read_whole(&mut file, &mut block).map_err(cannot_read)? {
            // The last block, cut short by an interruption: computed again.
            break;
        }
        let (data, sum) = block.split_at(2 * count);
        if checksum(values.len(), data) != u32::from_le_bytes(sum.try_into().expect("four bytes")) {
            return Err(invalid!(
                "'{path}' was altered: the block of values from heap {} fails its checksum",
                values.len()
            ));
        }
        values.extend(
            data.chunks_exact(2)
                .map(|pair| u16::from_le_bytes([pair[0], pair[1]])),
        );
        at += 4 + block.len() as u64;
    }
    Ok((values, at))
}

/// Fills `buffer` from `file`: false where the file ends first.
fn read_whole(file: &mut impl Read, buffer: &mut [u8]) -> std::io::Result<bool> {
    match file.read_exact(buffer) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(false),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`read`] makes of `bytes`, the whole of a file.
    fn read_bytes(bytes: &[u8], path: &str, game: &str) -> Result<(Vec<u16>, usize)> {
        read(bytes, bytes.len() as u64, path, game).map(|(values, end)| (values, end as usize))
    }

    /// A file of g(0..=9) = 0..=9 saved in two blocks, and the offset of the second.
    fn saved(path: &str) -> Vec<u8> {
        let values: Vec<u16> = (0..10).collect();
        let mut writer = Writer::create(path, "octal:0.16", Algorithm::RareCommon).unwrap();
        writer.save(&values[..6]).unwrap();
        writer.save(&values).unwrap();
        std::fs::read(path).unwrap()
    }

    #[test]
    fn saved_blocks_read_back_and_damage_is_found() {
        let dir = std::env::temp_dir().join(format!("grundy-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.bin");
        let path = path.to_str().unwrap();
        let bytes = saved(path);
        let header = header("octal:0.16", Algorithm::RareCommon).len();
        assert_eq!(bytes.len(), header + (4 + 12 + 4) + (4 + 8 + 4));
        let (values, end) = read_bytes(&bytes, path, "octal:0.16").unwrap();
        assert_eq!(values, (0..10).collect::<Vec<u16>>());
        assert_eq!(end, bytes.len());
        // Cut inside the second block: the first is kept, the second computed again.
        for cut in header + 20..bytes.len() {
            let (values, end) = read_bytes(&bytes[..cut], path, "octal:0.16").unwrap();
            assert_eq!((values.len(), end), (6, header + 20));
        }
        // A count past the end of the file (found by fuzzing: it once asked for
        // 8 GB before reading): the blocks before it are kept.
        let mut huge = bytes.clone();
        huge[header + 20..header + 24].copy_from_slice(&u32::MAX.to_le_bytes());
        let (values, end) = read_bytes(&huge, path, "octal:0.16").unwrap();
        assert_eq!((values.len(), end), (6, header + 20));
        // One value changed, anywhere: refused.
        for at in [header + 4, header + 14, header + 24, bytes.len() - 5] {
            let mut altered = bytes.clone();
            altered[at] ^= 1;
            let e = read_bytes(&altered, path, "octal:0.16")
                .unwrap_err()
                .to_string();
            assert!(e.contains("was altered"), "{e}");
        }
        let e = read_bytes(&bytes, path, "kayles").unwrap_err().to_string();
        assert!(
            e.contains("holds the sequence of octal:0.16, not of kayles"),
            "{e}"
        );
        let old = b"grundy sequence octal:0.16\n\x00\x00";
        let e = read_bytes(old, path, "octal:0.16").unwrap_err().to_string();
        assert!(e.contains("is not a sequence file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Kayles' values g(0..len), by the naive algorithm.
    fn kayles(len: usize) -> Vec<u16> {
        let rules = crate::spec::heap_rules("kayles").unwrap().rules;
        let mut sequence = Sequence::new(rules, Algorithm::Naive);
        sequence.extend(len, &crate::Budget::unlimited()).unwrap();
        sequence.into_values()
    }

    /// A file of `values` in one block, its checksum made again for the values as
    /// they are (a forgery the checksum cannot tell).
    fn forged(path: &str, values: &[u16]) {
        let mut writer = Writer::create(path, "kayles", Algorithm::RareCommon).unwrap();
        writer.append(values).unwrap();
    }

    #[test]
    fn forged_values_with_a_good_checksum_are_refused() {
        let dir = std::env::temp_dir().join(format!("grundy-forged-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("k.bin");
        let path = path.to_str().unwrap();
        let rules = crate::spec::heap_rules("kayles").unwrap().rules;
        let resume = |values: &[u16]| {
            forged(path, values);
            Writer::resume(path, "kayles", &rules, Algorithm::RareCommon, 1 << 20).map(|(v, _)| v)
        };
        // Kayles: g(5) = 4 (Winning Ways, ch. 4: 0 1 2 3 1 4 3 2 1 4 2 6 …).
        let mut values = kayles(100);
        assert_eq!(values[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(resume(&values).unwrap(), values);
        values[5] = 5;
        let e = resume(&values).unwrap_err().to_string();
        assert!(
            e.contains("heap 5 is saved as 5, but the rules give 4"),
            "{e}"
        );
        values[5] = 4;
        // More than a heap's options allow (heap 3 has 3 options).
        values[3] = 9;
        let e = resume(&values).unwrap_err().to_string();
        assert!(
            e.contains("heap 3 is saved as 9, but it has only 3 options"),
            "{e}"
        );
        // Past the values checked whole: the last ones, and those sampled.
        let len = CHECKED_WHOLE + 1000;
        let mut values = kayles(len);
        let last = len - 1;
        values[last] ^= 1;
        let e = resume(&values).unwrap_err().to_string();
        assert!(e.contains(&format!("heap {last} is saved as")), "{e}");
        values[last] ^= 1;
        let sampled = CHECKED_WHOLE + 7 * (len - CHECKED_WHOLE) / SAMPLED;
        values[sampled] ^= 2;
        let e = resume(&values).unwrap_err().to_string();
        assert!(e.contains(&format!("heap {sampled} is saved as")), "{e}");
        values[sampled] ^= 2;
        assert_eq!(resume(&values).unwrap(), values);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
