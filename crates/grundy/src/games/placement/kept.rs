//! The file a board search keeps ([`crate::Checkpoint`]): what the table of known
//! regions holds, so that a run that was stopped or killed goes on from it. It is
//! written to a file beside it as the table is read (no copy of a table of
//! gigabytes is made) and renamed over it, so the file is never torn. It is read
//! twice, as it goes by, never held in memory: a file of another game, or of
//! another version of grundy's format, or damaged, is refused with a sentence at
//! the end of the first reading, before anything of it is added to the table.
//!
//! A file the user names is accepted ([`accept`]) before anything is searched, and
//! written only once a file to go on from has been read whole.
//!
//! Its bytes: the line `grundy board search 3`, the game's name and a newline; the
//! count of packed entries and each as two words (the region's key, what is known:
//! a key packs a box of up to 56 cells; version 2's, 53); the count of other
//! regions and each as its rows, columns (a byte each), cells (16 bytes, for boards
//! of up to 128 cells; version 1 had 8) and what is known; then the CRC-32 of all
//! that. Numbers are little-endian.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Read, Write};

use super::known::{KnownRegions, Snapshot};
use super::{Bits, Board};
use crate::files::{self, Keep};
use crate::{invalid, Error, Result};

/// The start of the first line of every board search file: its format…
const FORMAT: &str = "grundy board search ";

/// … and the whole first line of the files of this version.
const HEADING: &[u8] = b"grundy board search 3\n";

/// The bytes of a packed entry (key, what is known), and of another region's
/// (rows, columns, cells, what is known).
const PACKED_BYTES: usize = 16;
const OTHER_BYTES: usize = 26;

/// The longest line naming a game that a file is read for.
const LONGEST_NAME: u64 = 1 << 12;

/// Accepts `path` for a board search to start (`resume` false) or go on from,
/// before anything is searched or written ([`files::accept_kept`]): refused in one
/// sentence, and left as it was, where it is anything but a new path or a board
/// search file.
pub fn accept(path: &str, resume: bool) -> Result<()> {
    let keep = match resume {
        true => Keep::GoOn,
        false => Keep::Start,
    };
    files::accept_kept(path, FORMAT, keep)
        .map_err(|e| invalid!("cannot keep the board search in '{path}': {e}"))
}

/// Locks the file `path` for this run, so that two runs never write one file:
/// refused where another run holds it ([`files::Lock`]).
pub fn lock(path: &str) -> Result<files::Lock> {
    match files::Lock::take(path) {
        Ok(Some(lock)) => Ok(lock),
        Ok(None) => Err(invalid!(
            "another grundy run keeps its board search in '{path}' (it holds '{path}.lock'): wait for it to end, or keep this search in another file"
        )),
        Err(e) => Err(invalid!("cannot lock the board search in '{path}' ('{path}.lock'): {e}")),
    }
}

/// Writes what `snapshot` holds of the game `game` to `path`, through a file
/// beside it, as it reads it (a table of gigabytes is not copied); the file beside
/// is removed where the write fails.
pub fn write(path: &str, game: &str, snapshot: &Snapshot) -> Result<()> {
    let beside = format!("{path}.partial");
    let cannot = |e: std::io::Error| invalid!("cannot write the board search to '{path}': {e}");
    let file = files::open(
        &beside,
        OpenOptions::new().write(true).create(true).truncate(true),
    )
    .map_err(cannot)?;
    write_to(file, game, snapshot)
        .and_then(|()| std::fs::rename(&beside, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&beside);
            cannot(e)
        })
}

/// [`write`]'s bytes, into `file`.
fn write_to(file: File, game: &str, snapshot: &Snapshot) -> std::io::Result<()> {
    let out = write_body(BufWriter::with_capacity(1 << 20, file), game, snapshot)?;
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// What `snapshot` holds of the game `game`, as the bytes of a file: to hand to
/// another search of the game ([`read_bytes`]).
#[cfg(not(target_family = "wasm"))]
pub fn to_bytes(game: &str, snapshot: &Snapshot) -> Vec<u8> {
    write_body(Vec::new(), game, snapshot).expect("writing to memory does not fail")
}

/// The bytes of a file, into `out`, which is handed back.
fn write_body<W: Write>(out: W, game: &str, snapshot: &Snapshot) -> std::io::Result<W> {
    let mut out = Summed {
        out,
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
        out.put(&board.empty.wide().to_le_bytes())?;
        out.put(&known.bits().to_le_bytes())?;
    }
    let Summed { mut out, sum } = out;
    out.write_all(&sum.finalize().to_le_bytes())?;
    Ok(out)
}

/// A file being written or read, and the checksum of what went through.
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

impl<R: Read> Summed<R> {
    /// Fills `bytes` from the file; false where it ends first.
    fn take(&mut self, bytes: &mut [u8]) -> std::io::Result<bool> {
        match self.read_exact(bytes) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(false),
            Err(e) => Err(e),
        }
    }
}

/// Reading through a [`Summed`] reader sums what is read.
impl<R: Read> Read for Summed<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.out.read(buf)?;
        self.sum.update(&buf[..n]);
        Ok(n)
    }
}

/// Adds what the file at `path` holds of the game `game` to `known`, once the whole
/// file is checked: a first reading through it checks it, a second adds its entries
/// as they are read (neither holds the file in memory; a file that changed between
/// them is refused at the end of the second). Refused, before anything is added,
/// where the table it makes would take more than `max_bytes`. Returns how many
/// regions it knew of.
pub fn read(path: &str, game: &str, max_bytes: u64, known: &KnownRegions) -> Result<usize> {
    let through = |each: &mut dyn FnMut(Entry)| {
        let cannot = |e: std::io::Error| invalid!("cannot read the board search in '{path}': {e}");
        let file = files::open(path, OpenOptions::new().read(true)).map_err(cannot)?;
        let size = file.metadata().map_err(cannot)?.len();
        let refused = |why: &str| {
            invalid!("'{path}' is not a board search that grundy can go on from: {why}")
        };
        read_through(file, size, game, each).map_err(|e| match e {
            Unread::Io(e) => cannot(e),
            Unread::Foreign(why) => refused(why),
            Unread::Refused(why) => refused(&why),
        })
    };
    add_checked(through, max_bytes, known)
}

/// Adds what `bytes` ([`to_bytes`]) hold of the game `game` to `known`, once they
/// are checked whole, as [`read`] adds a file's. Returns how many regions they
/// knew of.
#[cfg(not(target_family = "wasm"))]
pub fn read_bytes(bytes: &[u8], game: &str, max_bytes: u64, known: &KnownRegions) -> Result<usize> {
    let through = |each: &mut dyn FnMut(Entry)| {
        let refused =
            |why: &str| invalid!("these bytes are not a board search to go on from: {why}");
        read_through(bytes, bytes.len() as u64, game, each).map_err(|e| match e {
            Unread::Io(e) => refused(&e.to_string()),
            Unread::Foreign(why) => refused(why),
            Unread::Refused(why) => refused(&why),
        })
    };
    add_checked(through, max_bytes, known)
}

/// Reads entries through `through` twice: first to check them all and count them
/// (refused where their table would take more than `max_bytes`), then to add them
/// to `known`. Returns how many regions they knew of.
fn add_checked(
    through: impl Fn(&mut dyn FnMut(Entry)) -> Result<(usize, usize)>,
    max_bytes: u64,
    known: &KnownRegions,
) -> Result<usize> {
    let (packed, others) = through(&mut |_| {})?;
    let needs = KnownRegions::bytes_for(packed.saturating_add(others));
    if needs > max_bytes as usize {
        return Err(Error::Memory {
            limit: max_bytes as usize,
            needs: Some(needs),
        });
    }
    known.hold_within(max_bytes as usize);
    let loader = known.loader(packed);
    through(&mut |entry| match entry {
        Entry::Packed(key, bits) => loader.add_packed(key, bits),
        Entry::Other(board, bits) => loader.add(&board, bits),
    })?;
    Ok(packed + others)
}

/// One entry of the file: a packed one (key, what is known), or another region's.
enum Entry {
    Packed(u64, u64),
    Other(Board, u64),
}

/// Why a file could not be read through.
enum Unread {
    Io(std::io::Error),
    /// Its first line is not this format's: whatever else holds, it is not one.
    Foreign(&'static str),
    Refused(String),
}

impl From<std::io::Error> for Unread {
    fn from(e: std::io::Error) -> Self {
        Unread::Io(e)
    }
}

/// Reads the file `file` of `size` bytes through, checking its form as it goes and
/// handing each entry to `each`; returns the counts of packed and other entries.
/// A first line of another format is the reason it is refused, at once; else,
/// where its checksum does not match, that is the reason, whatever else is wrong.
fn read_through<R: Read>(
    file: R,
    size: u64,
    game: &str,
    each: &mut dyn FnMut(Entry),
) -> std::result::Result<(usize, usize), Unread> {
    let refused = |why: &str| Unread::Refused(why.to_string());
    let Some(body) = size.checked_sub(4) else {
        return Err(refused("it is too short"));
    };
    let mut input = Summed {
        out: BufReader::with_capacity(1 << 20, file.take(body)),
        sum: crc32fast::Hasher::new(),
    };
    let parsed = match parse(&mut input, game, each) {
        Err(e @ (Unread::Foreign(_) | Unread::Io(_))) => return Err(e),
        parsed => parsed,
    };
    // What is left of the body is read for the checksum, unparsed.
    std::io::copy(&mut input, &mut std::io::sink())?;
    let Summed { out, sum } = input;
    let mut checksum = [0; 4];
    out.into_inner().into_inner().read_exact(&mut checksum)?;
    match sum.finalize() == u32::from_le_bytes(checksum) {
        true => parsed,
        false => Err(refused("it is damaged (its checksum does not match)")),
    }
}

/// [`read_through`]'s parse of the body of a file.
fn parse<R: Read>(
    input: &mut Summed<BufReader<std::io::Take<R>>>,
    game: &str,
    each: &mut dyn FnMut(Entry),
) -> std::result::Result<(usize, usize), Unread> {
    let refused = |why: &str| Unread::Refused(why.to_string());
    let mut heading = [0; HEADING.len()];
    if !input.take(&mut heading)? || heading != HEADING {
        return Err(Unread::Foreign(
            match heading.starts_with(FORMAT.as_bytes()) {
                true => "it was written in another version of the format",
                false => "it does not start as one",
            },
        ));
    }
    let mut written = Vec::new();
    (&mut input.out)
        .take(LONGEST_NAME)
        .read_until(b'\n', &mut written)?;
    input.sum.update(&written);
    if written.pop() != Some(b'\n') {
        return Err(refused("it names no game"));
    }
    if written != game.as_bytes() {
        return Err(refused(&format!(
            "it is a search of '{}', not of '{game}'",
            String::from_utf8_lossy(&written)
        )));
    }
    let no_board = || refused("it holds a region of no board");
    // The next bytes of the file, refused where it ends first.
    let next = |input: &mut Summed<_>, bytes: &mut [u8]| match input.take(bytes)? {
        true => Ok(()),
        false => Err(refused("it ends early")),
    };
    let mut count = [0; 8];
    next(input, &mut count)?;
    let packed = word_at(&count, 0);
    for _ in 0..packed {
        let mut entry = [0; PACKED_BYTES];
        next(input, &mut entry)?;
        let key = word_at(&entry, 0);
        if key == 0 {
            return Err(no_board());
        }
        each(Entry::Packed(key, word_at(&entry, 8)));
    }
    next(input, &mut count)?;
    let others = word_at(&count, 0);
    for _ in 0..others {
        let mut entry = [0; OTHER_BYTES];
        next(input, &mut entry)?;
        let empty = u128::from(word_at(&entry, 2)) | u128::from(word_at(&entry, 10)) << 64;
        let board = Board {
            rows: entry[0],
            cols: entry[1],
            empty: Bits::narrow(empty),
        };
        if board.rows == 0 || board.cols == 0 || board.cells() > super::MOST_CELLS {
            return Err(no_board());
        }
        each(Entry::Other(board, word_at(&entry, 18)));
    }
    let mut past = [0; 1];
    if input.take(&mut past)? {
        return Err(refused("it has bytes past its end"));
    }
    Ok((packed as usize, others as usize))
}

/// The little-endian word at byte `at` of `bytes`.
fn word_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
}
