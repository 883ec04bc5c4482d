//! Endgame databases, found by retrograde analysis: for every position with few seeds or few
//! pieces, what the side to move can still make of it.
//!
//! [`awele`] values boards by the seeds still to be won; [`awithlaknannai`] values positions by
//! win, draw or loss and the plies to the end.
//!
//! # Files
//!
//! A database file is, in format version 2 ([`FORMAT`]):
//!
//! ```text
//! awe endgame format 2 <what it holds>\n    one line of text: the version, then the game and
//!                                           what its module's header names (rules, size, …)
//! <values>                                  the layers, in the order each module says
//! <checksum>                                8 bytes: XXH64 (seed 0) of every byte before it,
//!                                           big-endian, as `xxhsum -H64` prints it
//! ```
//!
//! A file is read only whole and checked first: the version, then what it holds, then its size,
//! then the checksum, so that a damaged file is refused instead of giving wrong values (a
//! scrambled Awélé database announced won games as lost). [`check`] does it over the bytes of a
//! file however they were read, mapped in memory as well as read. Version 1 files (without the
//! `format` word and without a checksum) are refused as old: rebuild them.

pub mod awele;
pub mod awithlaknannai;

use std::io::Write;
use std::path::Path;

pub use awele::{Endgame, Known, layer_size};
pub use awithlaknannai::SerpentEndgame;

/// The version of the database files this awe writes and reads.
pub const FORMAT: u32 = 2;

/// What starts every database file, before the version.
const MAGIC: &str = "awe endgame ";

/// The longest first line a database file may have: past this, it is not a database.
const MAX_HEADER: usize = 256;

/// Bytes of the checksum at the end of a file.
const CHECKSUM: usize = 8;

/// Why a database cannot be built, saved or read.
#[derive(Debug, thiserror::Error)]
pub enum EndgameError {
    #[error("a database holds at most 24 seeds on the board, not {0}")]
    TooLarge(usize),
    #[error("{0} pieces are more than a database of this board may hold")]
    TooManyPieces(usize),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("not an awe endgame database")]
    Format,
    #[error("an old format (version {0}, without a checksum); this awe reads version {FORMAT}")]
    OldFormat(u32),
    #[error("format version {0}, newer than the version {FORMAT} this awe reads")]
    NewerFormat(u32),
    #[error("the database of `{found}`, not of `{expected}`")]
    Other { found: String, expected: String },
    #[error("truncated: {found} bytes of the {expected} such a database has")]
    Truncated { found: usize, expected: usize },
    #[error("{found} bytes, more than the {expected} such a database has")]
    TooLong { found: usize, expected: usize },
    #[error("checksum mismatch: the file is damaged")]
    Checksum,
}

/// The first line of a database file holding `what`.
fn header(what: &str) -> String {
    format!("{MAGIC}format {FORMAT} {what}\n")
}

/// Checks the bytes of a whole database file, read or mapped, that should hold `what` (the
/// header's words after the version) in `body_len` bytes of values; returns those bytes.
pub fn check<'a>(bytes: &'a [u8], what: &str, body_len: usize) -> Result<&'a [u8], EndgameError> {
    let first = &bytes[..bytes.len().min(MAX_HEADER)];
    let Some(end) = first.iter().position(|&b| b == b'\n') else {
        return Err(EndgameError::Format);
    };
    let line = std::str::from_utf8(&bytes[..end]).map_err(|_| EndgameError::Format)?;
    let rest = line.strip_prefix(MAGIC).ok_or(EndgameError::Format)?;
    // Version 1 went straight on to the game's name.
    let Some(versioned) = rest.strip_prefix("format ") else {
        return Err(EndgameError::OldFormat(1));
    };
    let (version, found) = versioned.split_once(' ').unwrap_or((versioned, ""));
    let version: u32 = version.parse().map_err(|_| EndgameError::Format)?;
    if version < FORMAT {
        return Err(EndgameError::OldFormat(version));
    }
    if version > FORMAT {
        return Err(EndgameError::NewerFormat(version));
    }
    if found != what {
        return Err(EndgameError::Other { found: found.to_owned(), expected: what.to_owned() });
    }
    let expected = end + 1 + body_len + CHECKSUM;
    if bytes.len() < expected {
        return Err(EndgameError::Truncated { found: bytes.len(), expected });
    }
    if bytes.len() > expected {
        return Err(EndgameError::TooLong { found: bytes.len(), expected });
    }
    let (content, stored) = bytes.split_at(expected - CHECKSUM);
    if xxh64(content).to_be_bytes() != stored {
        return Err(EndgameError::Checksum);
    }
    Ok(&content[end + 1..])
}

/// Writes a database file holding `what` at `path`, its values written by `body`: through a
/// temporary file renamed into place, so that an interrupted build leaves no partial database
/// under the real name.
fn write_file(
    path: &Path,
    what: &str,
    body: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), EndgameError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // A name of its own: two programs may build the same database at once (the engines build a
    // missing one at first need); the last renamed wins, and both are the same.
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let unique = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temporary = path.with_extension(format!("part.{}.{unique}", std::process::id()));
    let mut file = Hashing {
        inner: std::io::BufWriter::new(std::fs::File::create(&temporary)?),
        hash: Xxh64::new(),
    };
    file.write_all(header(what).as_bytes())?;
    body(&mut file)?;
    let Hashing { mut inner, hash } = file;
    inner.write_all(&hash.finish().to_be_bytes())?;
    inner.flush()?;
    drop(inner);
    std::fs::rename(&temporary, path)?;
    Ok(())
}

/// A writer that hashes what it writes.
struct Hashing<W> {
    inner: W,
    hash: Xxh64,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.hash.update(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

// XXH64, as its specification (xxHash's doc/xxhash_spec.md) gives it: a 64-bit checksum that
// catches any damage confined to 8 bytes and other damage but for a chance of 2^-64, at several
// gigabytes a second (a 24-seed database is over a gigabyte, read at every engine start), and
// that `xxhsum -H64` recomputes.

const P1: u64 = 0x9E37_79B1_85EB_CA87;
const P2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P3: u64 = 0x1656_67B1_9E37_79F9;
const P4: u64 = 0x85EB_CA77_C2B2_AE63;
const P5: u64 = 0x27D4_EB2F_1656_67C5;

/// XXH64 of `bytes`, seed 0.
pub fn xxh64(bytes: &[u8]) -> u64 {
    let mut hash = Xxh64::new();
    hash.update(bytes);
    hash.finish()
}

/// XXH64 (seed 0) of bytes given in pieces.
struct Xxh64 {
    lanes: [u64; 4],
    /// Bytes waiting for a whole stripe of 32.
    buffer: [u8; 32],
    buffered: usize,
    total: u64,
}

fn round(lane: u64, input: u64) -> u64 {
    lane.wrapping_add(input.wrapping_mul(P2)).rotate_left(31).wrapping_mul(P1)
}

fn merge(hash: u64, lane: u64) -> u64 {
    (hash ^ round(0, lane)).wrapping_mul(P1).wrapping_add(P4)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or_else(|_| unreachable!()))
}

impl Xxh64 {
    fn new() -> Xxh64 {
        Xxh64 {
            lanes: [P1.wrapping_add(P2), P2, 0, 0u64.wrapping_sub(P1)],
            buffer: [0; 32],
            buffered: 0,
            total: 0,
        }
    }

    fn stripe(lanes: &mut [u64; 4], stripe: &[u8]) {
        for (i, lane) in lanes.iter_mut().enumerate() {
            *lane = round(*lane, u64_at(stripe, i * 8));
        }
    }

    fn update(&mut self, mut bytes: &[u8]) {
        self.total += bytes.len() as u64;
        if self.buffered > 0 {
            let take = (32 - self.buffered).min(bytes.len());
            self.buffer[self.buffered..self.buffered + take].copy_from_slice(&bytes[..take]);
            self.buffered += take;
            bytes = &bytes[take..];
            if self.buffered < 32 {
                return;
            }
            Self::stripe(&mut self.lanes, &self.buffer);
            self.buffered = 0;
        }
        let mut stripes = bytes.chunks_exact(32);
        for stripe in &mut stripes {
            Self::stripe(&mut self.lanes, stripe);
        }
        let rest = stripes.remainder();
        self.buffer[..rest.len()].copy_from_slice(rest);
        self.buffered = rest.len();
    }

    fn finish(&self) -> u64 {
        let [v1, v2, v3, v4] = self.lanes;
        let mut hash = if self.total >= 32 {
            let hash = v1
                .rotate_left(1)
                .wrapping_add(v2.rotate_left(7))
                .wrapping_add(v3.rotate_left(12))
                .wrapping_add(v4.rotate_left(18));
            self.lanes.iter().fold(hash, |hash, &lane| merge(hash, lane))
        } else {
            P5
        };
        hash = hash.wrapping_add(self.total);
        let mut rest = &self.buffer[..self.buffered];
        while rest.len() >= 8 {
            hash ^= round(0, u64_at(rest, 0));
            hash = hash.rotate_left(27).wrapping_mul(P1).wrapping_add(P4);
            rest = &rest[8..];
        }
        if rest.len() >= 4 {
            let word = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]) as u64;
            hash ^= word.wrapping_mul(P1);
            hash = hash.rotate_left(23).wrapping_mul(P2).wrapping_add(P3);
            rest = &rest[4..];
        }
        for &byte in rest {
            hash ^= (byte as u64).wrapping_mul(P5);
            hash = hash.rotate_left(11).wrapping_mul(P1);
        }
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(P2);
        hash ^= hash >> 29;
        hash = hash.wrapping_mul(P3);
        hash ^ (hash >> 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference implementation's values (`xxhsum -H64`).
    #[test]
    fn xxh64_gives_the_reference_values() {
        assert_eq!(xxh64(b""), 0xEF46_DB37_51D8_E999);
        let bytes: Vec<u8> = (0..200u32).map(|i| (i * 7 + 3) as u8).collect();
        for (len, expected) in REFERENCE {
            assert_eq!(xxh64(&bytes[..len]), expected, "{len} bytes");
        }
    }

    /// Bytes given in pieces of any sizes hash as when given at once.
    #[test]
    fn xxh64_in_pieces_is_xxh64_at_once() {
        let bytes: Vec<u8> = (0..500u32).map(|i| (i * 31 + i / 7) as u8).collect();
        for piece in [1, 3, 8, 31, 32, 33, 100] {
            let mut hash = Xxh64::new();
            bytes.chunks(piece).for_each(|chunk| hash.update(chunk));
            assert_eq!(hash.finish(), xxh64(&bytes), "pieces of {piece}");
        }
    }

    const REFERENCE: [(usize, u64); 12] = [
        (1, 0x1f25_c8d0_bc1f_4bb6),
        (3, 0x31d2_363f_52e5_64c9),
        (4, 0x9bb6_4b7d_66ee_9fda),
        (7, 0x9a7b_1499_59ce_60d8),
        (8, 0xdab9_9d95_c6f9_0092),
        (12, 0xd52e_4078_33af_5133),
        (31, 0xa2aa_5f33_cc4a_6119),
        (32, 0x23c3_c17e_f790_fd97),
        (33, 0x50a7_cfc7_ba58_8784),
        (64, 0x0eb6_4b3e_f6ee_b01f),
        (100, 0xa61f_8d4c_170f_e531),
        (200, 0xa6cb_3c09_bc82_9b24),
    ];
}
