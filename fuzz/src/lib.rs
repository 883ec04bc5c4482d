//! What the fuzz targets share: the positions they read moves in, reached by moves the fuzzer
//! chooses, and the checks that every game's texts must pass.
//!
//! The structured targets read their input with [`arbitrary::Unstructured`]: a few bytes choose
//! the setting (rule set, board, language…) and the moves played from the start, and the rest of
//! the input is the text to read. A choice among `n` things reads one byte (`byte % n`) when `n`
//! is more than one and none otherwise; [`walk`] reads the number of plies, then one byte a ply.
//! The seed files in `corpus/` were written that way (see `examples/seeds.rs`).

use std::fmt::Debug;

use arbitrary::{Result, Unstructured};
use awe_game::Position;

/// The most plies [`walk`] plays.
pub const MAX_PLIES: usize = 120;

/// The text of a whole-text target's input, if it is UTF-8 (awe reads records and positions as
/// UTF-8 text; other bytes never reach the parsers).
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// What is left of the input, as text (bytes that are not UTF-8 become U+FFFD).
pub fn rest_text(u: Unstructured<'_>) -> String {
    String::from_utf8_lossy(u.take_rest()).into_owned()
}

/// The legal moves of a position.
pub fn legal_moves<P: Position>(position: &P) -> Vec<P::Move> {
    let mut moves = P::MoveList::default();
    position.legal_moves(&mut moves);
    moves.to_vec()
}

/// Plays from `start` a number of plies the input chooses (up to [`MAX_PLIES`]), each move chosen
/// among the legal ones; stops early at the end of the game.
pub fn walk<P: Position>(start: P, u: &mut Unstructured<'_>) -> Result<P> {
    let plies = u.int_in_range(0..=MAX_PLIES)?;
    let mut position = start;
    for _ in 0..plies {
        let moves = legal_moves(&position);
        if moves.is_empty() {
            break;
        }
        let mv = *u.choose(&moves)?;
        position = position.play(mv);
    }
    Ok(position)
}

/// A move read from `text` in `position`: it must be legal, and its own text must read back to it.
pub fn check_parsed_move<P: Position>(position: &P, mv: P::Move, text: &str) {
    let moves = legal_moves(position);
    assert!(
        moves.contains(&mv),
        "`{text}` was read as {mv:?}, which is not legal in {}",
        position.position_text()
    );
    check_move_text(position, mv);
}

/// The text of a legal move reads back to the same move.
pub fn check_move_text<P: Position>(position: &P, mv: P::Move) {
    let written = position.move_text(mv);
    match position.parse_move(&written) {
        Ok(back) => assert_eq!(
            back,
            mv,
            "`{written}` reads back to another move in {}",
            position.position_text()
        ),
        Err(error) => panic!(
            "the text `{written}` of the legal move {mv:?} does not read back ({error}) in {}",
            position.position_text()
        ),
    }
}

/// At most `max` of `items`, spread evenly over them (a position may have thousands of legal
/// moves, and writing or reading one move generates them all: checking every one would take
/// seconds an input).
pub fn sample<T: Copy>(items: &[T], max: usize) -> impl Iterator<Item = T> + '_ {
    let step = items.len().div_ceil(max.max(1)).max(1);
    items.iter().step_by(step).copied()
}

/// How many legal moves of a position [`check_moves`] writes and reads back, at most.
pub const MOVES_CHECKED: usize = 32;

/// How many legal moves the round trips of [`check_moves`] may generate in all: writing a move
/// and reading it back each generate every legal move, so a position with thousands of them
/// (Awithlaknannai capture chains) has fewer of its moves checked. Found by
/// `awithlaknannai_position`: 32 round trips over 31,886 moves took 11 s, past the time-out.
pub const MOVES_GENERATED: usize = 64_000;

/// How many of `moves` legal moves [`check_moves`] writes and reads back: [`MOVES_CHECKED`], or
/// fewer where that would generate more than [`MOVES_GENERATED`] moves, but always one.
fn moves_checked(moves: usize) -> usize {
    (MOVES_GENERATED / (2 * moves.max(1))).clamp(1, MOVES_CHECKED)
}

/// The texts of legal moves (as many as [`moves_checked`] allows) read back to them, and the
/// legal moves are empty exactly when the position ends the game.
pub fn check_moves<P: Position>(position: &P) {
    let moves = legal_moves(position);
    for mv in sample(&moves, moves_checked(moves.len())) {
        check_move_text(position, mv);
    }
    assert_eq!(
        moves.is_empty(),
        position.outcome().is_some(),
        "legal moves {moves:?} but outcome {:?} in {}",
        position.outcome(),
        position.position_text()
    );
}

/// A position's text reads back (through the trait, under the same settings) to a position that
/// writes the same text.
pub fn check_position_text<P: Position>(position: &P) -> P {
    let written = position.position_text();
    let back = position
        .parse_position(&written)
        .unwrap_or_else(|e| panic!("the position text `{written}` does not read back: {e}"));
    assert_eq!(back.position_text(), written, "the text of a position read back changed");
    back
}

/// Panics with both values and the texts involved when `a != b`.
pub fn same<T: PartialEq + Debug>(what: &str, a: T, b: T, context: &str) {
    assert!(a == b, "{what} differ after a round trip:\n  {a:?}\n  {b:?}\n{context}");
}

pub mod awele {
    //! Awélé positions chosen by the input.

    use super::*;
    use awe_awele::{Position, RuleSet};

    /// A rule set (one byte), then a position reached from the start by [`walk`].
    pub fn position(u: &mut Unstructured<'_>) -> Result<Position> {
        let rules = *u.choose(&RuleSet::ALL)?;
        walk(Position::new(rules), u)
    }
}

pub mod awithlaknannai {
    //! Awithlaknannai settings and positions chosen by the input.

    use super::*;
    use awe_awithlaknannai::{BoardKind, BoardOptions, Position, RuleSet, Settings, Start};
    use awe_game::Side;

    /// Ply limits the input chooses among: the default first, then small and extreme ones.
    pub const PLY_LIMITS: [u16; 6] = [Settings::DEFAULT_PLY_LIMIT, 0, 1, 2, 10, u16::MAX];

    /// A board (one byte), its lines (a byte each: even for drawn, odd for left out), a rule set
    /// (a byte) and a ply limit (a byte, among [`PLY_LIMITS`]).
    pub fn settings(u: &mut Unstructured<'_>) -> Result<Settings> {
        let kind = *u.choose(&BoardKind::ALL)?;
        let options = BoardOptions {
            outer_lines: !u.arbitrary::<bool>()?,
            end_lines: !u.arbitrary::<bool>()?,
        };
        let rules = *u.choose(&RuleSet::ALL)?;
        let mut settings = Settings::new(kind, options, rules);
        settings.ply_limit = *u.choose(&PLY_LIMITS)?;
        Ok(settings)
    }

    /// The starts that exist on the settings' board.
    pub fn starts(settings: Settings) -> Vec<Start> {
        Start::ALL
            .into_iter()
            .filter(|&s| Position::start(settings, s, Side::WHITE).is_ok())
            .collect()
    }

    /// [`settings`], a start among those of the board (a byte if there are several), the side to
    /// move first (a byte: even for White), then a position reached by [`walk`].
    pub fn position(u: &mut Unstructured<'_>) -> Result<Position> {
        let settings = settings(u)?;
        let start = *u.choose(&starts(settings))?;
        let first = if u.arbitrary::<bool>()? { Side::BLACK } else { Side::WHITE };
        let start = Position::start(settings, start, first).expect("a start of this board");
        walk(start, u)
    }
}

pub mod awechec {
    //! Chess positions chosen by the input, for the Awechec notation.

    use super::*;
    use awe_awechec::Language;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position as _};

    /// Chess positions to start from: the usual start, and positions where castling, captures en
    /// passant, promotions (to every piece, with captures) and mates are at hand.
    pub const FENS: [&str; 6] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/pPp2ppp/8/3pP3/8/8/PpP2PPP/R3K2R w KQkq d6 0 1",
        "r3k2r/pPp2ppp/8/8/3pP3/8/PpP2PPP/R3K2R b KQkq e3 0 1",
        "1n2k3/P6P/8/8/8/8/p6p/1N2K3 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    ];

    /// A language (a byte: even for French).
    pub fn language(u: &mut Unstructured<'_>) -> Result<Language> {
        Ok(if u.arbitrary::<bool>()? { Language::English } else { Language::French })
    }

    /// One of [`FENS`] (a byte), then up to [`MAX_PLIES`] legal chess moves chosen as [`walk`]
    /// chooses them.
    pub fn chess(u: &mut Unstructured<'_>) -> Result<Chess> {
        let fen: Fen = u.choose(&FENS)?.parse().expect("a FEN of the list");
        let mut chess: Chess = fen.into_position(CastlingMode::Standard).expect("a legal FEN");
        let plies = u.int_in_range(0..=MAX_PLIES)?;
        for _ in 0..plies {
            let moves = chess.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = *u.choose(&moves)?;
            chess.play_unchecked(mv);
        }
        Ok(chess)
    }
}

pub mod known_bugs {
    //! Inputs that hit a bug of the project already reported and not fixed yet: the targets skip
    //! them, so that fuzzing goes on finding new bugs. Each is kept in the corpus too: with
    //! `AWE_FUZZ_STRICT=1` in the environment nothing is skipped, and the corpus shows whether the
    //! bug is still there. Remove an exemption (and its calls) once its bug is fixed.

    use std::sync::OnceLock;

    /// Whether known bugs are to be skipped (not with `AWE_FUZZ_STRICT` set).
    fn skipping() -> bool {
        static STRICT: OnceLock<bool> = OnceLock::new();
        !*STRICT.get_or_init(|| std::env::var_os("AWE_FUZZ_STRICT").is_some())
    }

    /// The most capture chains of an Awithlaknannai position that the targets read in full.
    pub const MAX_CHAINS: usize = 100_000;

    /// An Awithlaknannai position whose side to move has more than [`MAX_CHAINS`] capture
    /// chains (counted as `Position::legal_moves` walks them, stopping past the limit).
    ///
    /// Not a bug any more, a bound: the chains grow exponentially with the pieces in reach, and
    /// every `move_text` and `parse_move` generates them all. On Ludii's Kolowis under
    /// `wikipedia`, `bbbbbbbb..bbbbbb/w.w.w.wbbbb.bb.b/.wwwwww....b.bb. w 0` has 361,964 legal
    /// moves: they took a minute to generate (each compared with all before it, found by
    /// `awithlaknannai_position`, a time-out), and take 0.7 s since their duplicates are found
    /// through a set; past this bound an input would still take seconds.
    pub fn awithlaknannai_many_chains(position: &awe_awithlaknannai::Position) -> bool {
        skipping() && chains(position) > MAX_CHAINS
    }

    /// The capture chains of the side to move, up to just past [`MAX_CHAINS`].
    fn chains(position: &awe_awithlaknannai::Position) -> usize {
        let board = position.board();
        let me = position.pieces(position.turn());
        let them = position.pieces(position.turn().opponent());
        let empty = board.all() & !(me | them);
        let mut count = 0;
        for from in board.points().filter(|p| me & p.bit() != 0) {
            walk_chains(position, from, 1, empty | from.bit(), them, 0, &mut count);
        }
        count
    }

    fn walk_chains(
        position: &awe_awithlaknannai::Position,
        at: awe_awithlaknannai::Point,
        len: usize,
        empty: u64,
        them: u64,
        taken: u64,
        count: &mut usize,
    ) {
        let rules = position.rules();
        let board = position.board();
        let jumps = if rules.bent_jumps { board.bent_jumps(at) } else { board.straight_jumps(at) };
        let mut went_on = false;
        for &(over, to) in jumps {
            if *count > MAX_CHAINS {
                return;
            }
            if (them & !taken) & over.bit() == 0 || (empty | taken) & to.bit() == 0 {
                continue;
            }
            went_on = true;
            let taken = taken | over.bit();
            if rules.chains && len + 1 < awe_awithlaknannai::moves::MAX_PATH {
                walk_chains(position, to, len + 1, empty, them, taken, count);
            } else {
                *count += 1;
            }
        }
        if !went_on && len > 1 {
            *count += 1;
        }
    }
}
