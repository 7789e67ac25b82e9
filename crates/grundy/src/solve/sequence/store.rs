//! Sequences saved as they are computed, so that a long run can be interrupted and
//! resumed without losing finished work.
//!
//! A file holds one header line, `grundy sequence <game>`, then g(0), g(1), … as
//! two-byte little-endian numbers. Values are only ever appended, so a file cut short
//! by an interruption still holds a correct prefix (an odd last byte is dropped).

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Write};

use crate::{invalid, Result};

const MAGIC: &str = "grundy sequence ";

/// Appends values to a sequence file.
pub struct Writer {
    file: BufWriter<File>,
    path: String,
    written: usize,
}

fn io_error(path: &str, e: std::io::Error) -> crate::Error {
    invalid!("cannot write sequence file '{path}': {e}")
}

impl Writer {
    /// Starts a new file for `game` (any old file there is replaced).
    pub fn create(path: &str, game: &str) -> Result<Self> {
        let file = File::create(path).map_err(|e| io_error(path, e))?;
        let mut writer = Writer {
            file: BufWriter::new(file),
            path: path.to_string(),
            written: 0,
        };
        writeln!(writer.file, "{MAGIC}{game}").map_err(|e| io_error(path, e))?;
        writer.file.flush().map_err(|e| io_error(path, e))?;
        Ok(writer)
    }

    /// Reads the values saved in `path` for `game`, and opens the file to go on.
    pub fn resume(path: &str, game: &str) -> Result<(Vec<u16>, Self)> {
        let mut bytes = Vec::new();
        File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| invalid!("cannot read sequence file '{path}': {e}"))?;
        let header_end = bytes.iter().position(|&b| b == b'\n');
        let header = header_end.map(|end| String::from_utf8_lossy(&bytes[..end]).into_owned());
        let Some(saved_game) = header.as_deref().and_then(|h| h.strip_prefix(MAGIC)) else {
            return Err(invalid!(
                "'{path}' is not a sequence file written by grundy --save"
            ));
        };
        if saved_game != game {
            return Err(invalid!(
                "'{path}' holds the sequence of {saved_game}, not of {game}"
            ));
        }
        let start = header_end.expect("a header line") + 1;
        let values: Vec<u16> = bytes[start..]
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| io_error(path, e))?;
        file.set_len((start + 2 * values.len()) as u64)
            .map_err(|e| io_error(path, e))?;
        let mut file = BufWriter::new(file);
        std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0)).map_err(|e| io_error(path, e))?;
        let written = values.len();
        Ok((
            values,
            Writer {
                file,
                path: path.to_string(),
                written,
            },
        ))
    }

    /// Appends the values of `all` not yet written, and flushes them to the file.
    pub fn save(&mut self, all: &[u16]) -> Result<()> {
        for v in &all[self.written..] {
            self.file
                .write_all(&v.to_le_bytes())
                .map_err(|e| io_error(&self.path, e))?;
        }
        self.file.flush().map_err(|e| io_error(&self.path, e))?;
        self.written = all.len();
        Ok(())
    }
}
