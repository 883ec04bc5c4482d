//! What the Mosona measuring examples share: a position in one word, the pure game's settings,
//! and the pure database that `awe solve --prove` keeps in the cache. Each example uses a part.
#![allow(dead_code)]

use std::path::PathBuf;

use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings};
use awe_game::Side;
use awe_search::endgame::SerpentEndgame;
use awe_search::endgame::awithlaknannai::pure_file_name;

/// Mosona's 25 points.
const POINTS: u64 = (1 << 25) - 1;

/// Mosona under `rules`, with no ply limit (the pure game has none).
pub fn mosona(rules: RuleSet) -> Settings {
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
    Settings { ply_limit: u16::MAX, ..settings }
}

/// A Mosona position in one word: white's points, black's, the side to move.
pub fn pack(p: &Position) -> u64 {
    let turn = (p.turn() != Side::WHITE) as u64;
    p.pieces(Side::WHITE) | p.pieces(Side::BLACK) << 25 | turn << 50
}

/// The position of [`pack`]'s word.
pub fn unpack(key: u64, settings: Settings) -> Position {
    let turn = if key >> 50 & 1 == 0 { Side::WHITE } else { Side::BLACK };
    Position::from_pieces([key & POINTS, key >> 25 & POINTS], turn, settings)
        .expect("a packed position")
}

/// White's and black's pieces in [`pack`]'s word.
pub fn counts(key: u64) -> (u32, u32) {
    ((key & POINTS).count_ones(), (key >> 25 & POINTS).count_ones())
}

/// The pure database of up to `pieces` pieces in the cache (`$AWE_CACHE`,
/// `$XDG_CACHE_HOME/awe` or `~/.cache/awe`, as awe finds it).
pub fn pure_database(settings: Settings, pieces: usize) -> SerpentEndgame {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let dir = var("AWE_CACHE")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("awe")))
        .or_else(|| var("HOME").map(|d| d.join(".cache/awe")))
        .expect("no cache folder: set AWE_CACHE");
    let path = dir.join(pure_file_name(&settings, pieces));
    SerpentEndgame::load_pure(&path, settings, pieces).unwrap_or_else(|e| {
        panic!("{}: {e} (build it with awe solve ... --pure --prove {pieces})", path.display())
    })
}
