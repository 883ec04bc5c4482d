//! A game as the site plays it: any of the three, its moves checked by the rules crates, and what
//! the pages are shown of it (positions, legal moves, records) as JSON.
//!
//! [`WebGame`] says, for one game, how a position and a move look to the browser; [`Match`] holds
//! a game of any of the three and answers for it. The browser is sent the legal moves with
//! everything it needs to offer them (the pits, the landing points of a chain, the squares of a
//! chess move); it never decides what is legal, and the server checks every move it receives.

use awe_game::record::Record;
use awe_game::{Game, Outcome, Position, Side, Stop};
use awe_players::Playable;
use serde_json::{Value, json};

use crate::spec::{Settings, Spec};

/// What the site needs of a game beyond the shared trait.
pub trait WebGame: Playable + Sync {
    /// The position as the page draws it.
    fn view(&self) -> Value;

    /// A legal move as the page offers it: at least its `text`, which the server reads back.
    fn move_view(&self, mv: Self::Move) -> Value;

    /// The record of `game`, in the record format of `awe replay`.
    fn record(game: &Game<Self>, names: [&str; 2], language: awe_awechec::Language) -> String;
}

fn side_of(side: Side) -> &'static str {
    match side {
        Side::South => "white",
        Side::North => "black",
    }
}

impl WebGame for awe_awele::Position {
    fn view(&self) -> Value {
        let pits: Vec<u8> = self.board().pits().to_vec();
        json!({
            "pits": pits,
            "captured": [self.captured(Side::South), self.captured(Side::North)],
            "turn": if self.turn() == Side::South { "south" } else { "north" },
            "text": self.position_text(),
        })
    }

    fn move_view(&self, pit: awe_awele::Pit) -> Value {
        let from: Vec<usize> = self.pits_taken(pit).iter().map(|p| p.index()).collect();
        json!({ "text": self.move_text(pit), "pit": pit.index(), "takes": self.seeds_taken(pit), "from": from })
    }

    fn record(game: &Game<Self>, names: [&str; 2], _: awe_awechec::Language) -> String {
        awe_awele::write_record(game, names).to_string()
    }
}

impl WebGame for awe_awithlaknannai::Position {
    fn view(&self) -> Value {
        let board = self.board();
        let names = |side: Side| point_names(board, self.pieces(side));
        json!({
            "white": names(Side::WHITE),
            "black": names(Side::BLACK),
            "turn": side_of(self.turn()),
            "plies_left": self.plies_left(),
            "text": self.position_text(),
        })
    }

    fn move_view(&self, mv: awe_awithlaknannai::Move) -> Value {
        let board = self.board();
        let path: Vec<&str> = mv.path().iter().map(|&p| board.name(p)).collect();
        let captured = point_names(board, mv.captured());
        json!({ "text": self.move_text(mv), "path": path, "captured": captured })
    }

    fn record(game: &Game<Self>, names: [&str; 2], _: awe_awechec::Language) -> String {
        let start = game.start();
        let kind = start.board().kind();
        let usual = awe_awithlaknannai::Start::default_for(kind);
        awe_awithlaknannai::write_record(game, Some(usual), names).to_string()
    }
}

/// The names of a set of points.
fn point_names(board: &awe_awithlaknannai::Board, set: u64) -> Vec<&str> {
    board.points().filter(|p| set & p.bit() != 0).map(|p| board.name(p)).collect()
}

impl WebGame for awe_awechec::Position {
    fn view(&self) -> Value {
        use awe_awechec::{Language, Step};
        let fen = shakmaty::fen::Fen::from_position(self.chess(), shakmaty::EnPassantMode::Legal);
        let step = match self.step() {
            Step::Awele { player } => json!({ "kind": "awele", "player": side_of(player) }),
            Step::Decision { owner, power, mover } => json!({
                "kind": "decision", "owner": side_of(owner), "power": power, "mover": side_of(mover),
            }),
            Step::Move { mover, power } => {
                json!({ "kind": "move", "mover": side_of(mover), "power": power })
            }
            Step::Over(ending) => json!({
                "kind": "over",
                "winner": ending.winner.map(side_of),
                "reason": ending.reason.title(Language::English),
                "reason_fr": ending.reason.title(Language::French),
            }),
        };
        let powers = self.powers();
        // The power in use (or the next one), numbered from 0.
        let marked = match self.step() {
            Step::Decision { power, .. } | Step::Move { power: Some(power), .. } => power - 1,
            _ => powers.used(),
        };
        let owners: Vec<&str> = powers.owners().map(side_of).collect();
        let awele = self.awele_running().then(|| awe_awele::Position::view(self.awele()));
        let handicap = |side: Side| self.settings().handicaps.of(side).map(|h| h.to_string());
        json!({
            "fen": fen.to_string(),
            "check": shakmaty::Position::is_check(self.chess()),
            "step": step,
            "powers": { "owners": owners, "marked": marked },
            "awele": awele,
            "awele_game": self.awele_games(),
            "handicaps": { "white": handicap(Side::WHITE), "black": handicap(Side::BLACK) },
            "turn": self.step().player().map(side_of),
            "text": self.position_text(),
        })
    }

    fn move_view(&self, action: awe_awechec::Action) -> Value {
        use awe_awechec::{Action, Decision, Language, notation};
        let text = self.move_text(action);
        match action {
            Action::Awele(pit) => {
                let from: Vec<usize> =
                    self.awele().pits_taken(pit).iter().map(|p| p.index()).collect();
                json!({ "text": text, "kind": "awele", "pit": pit.index(), "takes": self.awele().seeds_taken(pit), "from": from })
            }
            Action::Decide(decision) => json!({
                "text": text,
                "kind": "decision",
                "decision": if decision == Decision::Normal { "normal" } else { "null" },
            }),
            Action::Chess(mv) => {
                let uci = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
                json!({
                    "text": text,
                    "kind": "chess",
                    "uci": uci,
                    "from": uci.get(0..2),
                    "to": uci.get(2..4),
                    "promotion": mv.promotion().map(|r| r.char().to_string()),
                    "fr": notation::move_text(self.chess(), &mv, Language::French),
                })
            }
        }
    }

    fn record(game: &Game<Self>, names: [&str; 2], language: awe_awechec::Language) -> String {
        awe_awechec::write_record(&awe_awechec::History::of_game(game), language, names).to_string()
    }
}

/// A game of any of the three.
#[derive(Clone, Debug)]
pub enum Match {
    Awele(Game<awe_awele::Position>),
    Awithlaknannai(Game<awe_awithlaknannai::Position>),
    Awechec(Game<awe_awechec::Position>),
}

/// Runs `$body` with `$game` bound to the game inside a [`Match`], whatever its kind.
#[macro_export]
macro_rules! each {
    ($match:expr, $game:ident => $body:expr) => {
        match $match {
            $crate::model::Match::Awele($game) => $body,
            $crate::model::Match::Awithlaknannai($game) => $body,
            $crate::model::Match::Awechec($game) => $body,
        }
    };
}
pub use each;

/// The most legal moves of a position the site plays.
pub const MAX_LEGAL: usize = 2000;

/// Why a move or a record was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

impl Match {
    /// A game from the usual start of `spec`'s game, or from `position` (the game's position
    /// text) if given.
    pub fn new(spec: &Spec, position: Option<&str>) -> Result<Match, Refused> {
        let settings = spec.settings().map_err(|e| Refused(e.0))?;
        let refused = |e: &dyn std::fmt::Display| Refused(format!("position: {e}"));
        Ok(match settings {
            Settings::Awele(rules) => {
                let start = match position {
                    Some(text) => {
                        awe_awele::Position::parse(text, rules).map_err(|e| refused(&e))?
                    }
                    None => awe_awele::Position::new(rules),
                };
                Match::Awele(Game::new(start))
            }
            Settings::Awithlaknannai(settings) => {
                let start = match position {
                    Some(text) => awe_awithlaknannai::Position::parse(text, settings)
                        .map_err(|e| refused(&e))?,
                    None => {
                        let kind = settings.board.kind();
                        let usual = awe_awithlaknannai::Start::default_for(kind);
                        awe_awithlaknannai::Position::start(settings, usual, Side::WHITE)
                            .map_err(|e| refused(&e))?
                    }
                };
                Match::Awithlaknannai(Game::new(start))
            }
            Settings::Awechec(settings) => {
                let start = awe_awechec::Position::new(settings);
                let start = match position {
                    Some(text) => start.parse_position(text).map_err(|e| refused(&e))?,
                    None => start,
                };
                Match::Awechec(Game::new(start))
            }
        })
    }

    /// The game a record holds (any of the three, as its Game tag says), checked by the same code
    /// as `awe replay`, and its spec.
    pub fn from_record(text: &str) -> Result<(Spec, Match), Refused> {
        let refused = |e: &dyn std::fmt::Display| Refused(e.to_string());
        let record = Record::parse(text).map_err(|e| refused(&e))?;
        let tag = |name: &str| record.tag(name).map(str::to_owned);
        match record.tag("Game") {
            Some("awele") => {
                let game = awe_awele::replay(&record).map_err(|e| refused(&e))?;
                Ok((Spec::Awele { rules: tag("Rules") }, Match::Awele(game)))
            }
            Some("awithlaknannai") => {
                let game = awe_awithlaknannai::replay(&record).map_err(|e| refused(&e))?;
                let options = game.start().settings().board.options();
                let spec = Spec::Awithlaknannai {
                    board: tag("Board"),
                    rules: tag("Rules"),
                    outer_lines: (!options.outer_lines).then_some(false),
                    end_lines: (!options.end_lines).then_some(false),
                };
                Ok((spec, Match::Awithlaknannai(game)))
            }
            Some("awechec") => {
                let history = awe_awechec::replay(&record).map_err(|e| refused(&e))?;
                let mut game = Game::new(history.start().clone());
                for &action in history.actions() {
                    game.play(action).map_err(|e| refused(&e))?;
                }
                if let Some(ending) = history.current().ending()
                    && game.outcome().is_none()
                {
                    // Stopped by the players: as the record says.
                    use awe_awechec::EndReason;
                    let loser = ending.winner.map(Side::opponent);
                    game.stop(match (ending.reason, loser) {
                        (EndReason::Resignation, Some(side)) => Stop::Resignation(side),
                        (EndReason::TimeForfeit, Some(side)) => Stop::TimeForfeit(side),
                        _ => Stop::Agreement,
                    });
                }
                let spec = Spec::Awechec { variant: tag("Variant"), handicap: tag("Handicap") };
                Ok((spec, Match::Awechec(game)))
            }
            Some(other) => Err(Refused(format!(
                "unknown game `{other}` in the Game tag (known: awele, awithlaknannai, awechec)"
            ))),
            None => Err(Refused("the record has no Game tag (such as [Game \"awele\"])".into())),
        }
    }

    /// Refuses a position the site will not play: more legal moves than [`MAX_LEGAL`] (a
    /// crowded Awithlaknannai board given as a position can have hundreds of thousands of
    /// chains, and every search or listing of them would stall the server).
    pub fn check_size(&self) -> Result<(), Refused> {
        let count = each!(self, game => {
            let mut moves = Default::default();
            Position::legal_moves(game.current(), &mut moves);
            let moves: &[_] = &moves;
            moves.len()
        });
        if count > MAX_LEGAL {
            return Err(Refused(format!(
                "the position has {count} legal moves, more than the {MAX_LEGAL} the site plays"
            )));
        }
        Ok(())
    }

    /// Plays the move written `text` (the game's notation, as [`WebGame::move_view`] gives it).
    pub fn play(&mut self, text: &str) -> Result<(), Refused> {
        each!(self, game => {
            if let Some(outcome) = game.outcome() {
                return Err(Refused(format!("the game is over ({})", outcome.termination)));
            }
            let mv = game.current().parse_move(text).map_err(|e| Refused(e.to_string()))?;
            game.play(mv).map_err(|e| Refused(e.to_string()))
        })
    }

    /// A legal move of the current position in its one written form (`D` and `D(2)` are one
    /// move), or `None` if `text` is none.
    pub fn move_key(&self, text: &str) -> Option<String> {
        each!(self, game => {
            if game.outcome().is_some() {
                return None;
            }
            let position = game.current();
            // Read, then looked for among the legal moves: a text can name a move the position
            // does not allow (an Awechec decision the forced variant refuses).
            let mv = position.parse_move(text).ok()?;
            let mut moves = Default::default();
            Position::legal_moves(position, &mut moves);
            let moves: &[_] = &moves;
            moves.contains(&mv).then(|| position.move_text(mv))
        })
    }

    /// Takes back the last move (or the players' stop).
    pub fn undo(&mut self) {
        each!(self, game => { game.undo(); })
    }

    /// Stops the game (agreement, resignation, time).
    pub fn stop(&mut self, stop: Stop) {
        each!(self, game => game.stop(stop))
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, game => game.outcome())
    }

    /// The current position's text, as the game writes it.
    pub fn position_text(&self) -> String {
        each!(self, game => game.current().position_text())
    }

    /// The engine's opening book move here, where it has a book (Awélé under the Awechec
    /// rules): `{move, score}` (the score in seeds, from the mover's side).
    pub fn book_move(&self) -> Option<Value> {
        use awe_game::Position;
        let Match::Awele(game) = self else { return None };
        let position = game.current();
        let (pit, score) = awe_search::awele::book(position.rule_set())?.lookup(position)?;
        Some(
            json!({ "move": position.move_text(pit), "score": awe_search::score::describe(score) }),
        )
    }

    /// The side to act now (the game may be over).
    pub fn turn(&self) -> Side {
        each!(self, game => game.current().turn())
    }

    /// The number of moves played.
    pub fn plies(&self) -> usize {
        each!(self, game => game.moves().len())
    }

    /// The moves played, as their texts.
    pub fn move_texts(&self) -> Vec<String> {
        each!(self, game => game
            .positions()
            .iter()
            .zip(game.moves())
            .map(|(p, &mv)| p.move_text(mv))
            .collect())
    }

    /// Every position of the game, the start first, as the page draws them; and every move
    /// played, as the page lists it.
    pub fn history(&self) -> (Vec<Value>, Vec<Value>) {
        each!(self, game => (
            game.positions().iter().map(WebGame::view).collect(),
            game.positions().iter().zip(game.moves()).map(|(p, &mv)| p.move_view(mv)).collect(),
        ))
    }

    /// Every move played, as the page lists it.
    pub fn move_views(&self) -> Vec<Value> {
        each!(self, game => game.positions().iter().zip(game.moves()).map(|(p, &mv)| p.move_view(mv)).collect())
    }

    /// The position now, as the page draws it.
    pub fn view(&self) -> Value {
        each!(self, game => game.current().view())
    }

    /// The last move played and the position now.
    pub fn last(&self) -> Option<Value> {
        each!(self, game => game.last_move().map(|(before, mv)| before.move_view(mv)))
    }

    /// The legal moves, as the page offers them (none once the game is over); a move that
    /// would bring a position back, and end the game by the repetition rule, says so
    /// (`"repeats": true`).
    pub fn legal(&self) -> Vec<Value> {
        if let Match::Awithlaknannai(game) = self {
            // The texts at once: a crowded board may have thousands of chains.
            if game.outcome().is_some() {
                return Vec::new();
            }
            let position = game.current();
            let mut moves = awe_awithlaknannai::MoveList::new();
            position.legal_moves(&mut moves);
            let texts = awe_awithlaknannai::notation::move_texts(position, &moves);
            let board = position.board();
            return moves
                .iter()
                .zip(texts)
                .map(|(mv, text)| {
                    let path: Vec<&str> = mv.path().iter().map(|&p| board.name(p)).collect();
                    let mut view = json!({ "text": text, "path": path, "captured": point_names(board, mv.captured()) });
                    if game.repeats_after(*mv) {
                        view["repeats"] = json!(true);
                    }
                    view
                })
                .collect();
        }
        each!(self, game => {
            if game.outcome().is_some() {
                return Vec::new();
            }
            let position = game.current();
            let mut moves = Default::default();
            Position::legal_moves(position, &mut moves);
            let moves: &[_] = &moves;
            moves
                .iter()
                .map(|&mv| {
                    let mut view = position.move_view(mv);
                    if game.repeats_after(mv) {
                        view["repeats"] = json!(true);
                    }
                    view
                })
                .collect()
        })
    }

    /// The name of a side in this game (`south`, `white`…).
    pub fn side_name(&self, side: Side) -> &'static str {
        match (self, side) {
            (Match::Awele(_), Side::South) => "south",
            (Match::Awele(_), Side::North) => "north",
            _ => side_of(side),
        }
    }

    /// The record, in the format of `awe replay`.
    pub fn record(&self, names: [&str; 2], language: awe_awechec::Language) -> String {
        each!(self, game => WebGame::record(game, names, language))
    }

    /// The start position's text, where it is not the usual start of `spec`.
    pub fn start_text(&self, spec: &Spec) -> Option<String> {
        let usual = Match::new(spec, None).ok()?;
        let (mine, theirs) = match (self, &usual) {
            (Match::Awele(a), Match::Awele(b)) => {
                (a.start().position_text(), b.start().position_text())
            }
            (Match::Awithlaknannai(a), Match::Awithlaknannai(b)) => {
                (a.start().position_text(), b.start().position_text())
            }
            (Match::Awechec(a), Match::Awechec(b)) => {
                (a.start().position_text(), b.start().position_text())
            }
            _ => return None,
        };
        (mine != theirs).then_some(mine)
    }
}

/// What a board is given to draw a game's position: the board, the position, the legal moves,
/// the last move and the position before it.
pub fn board_state(game: &Match) -> Value {
    let (position, last, before) = each!(game, g => (
        WebGame::view(g.current()),
        g.last_move().map(|(before, mv)| WebGame::move_view(before, mv)),
        g.last_move().map(|(before, _)| WebGame::view(before)),
    ));
    json!({
        "board": board_view(game),
        "position": position,
        "legal": game.legal(),
        "last": last,
        "before": before,
    })
}

/// The board's points and lines, for the page to draw (Awithlaknannai only; `null` otherwise).
pub fn board_view(game: &Match) -> Value {
    let Match::Awithlaknannai(game) = game else { return Value::Null };
    let board = game.start().board();
    let points: Vec<Value> = board
        .points()
        .map(|p| {
            let (row, column) = board.place(p);
            let row = match row {
                awe_awithlaknannai::Row::Bottom => "bottom",
                awe_awithlaknannai::Row::Middle => "middle",
                awe_awithlaknannai::Row::Top => "top",
            };
            json!({ "name": board.name(p), "row": row, "column": column })
        })
        .collect();
    let mut lines = Vec::new();
    for a in board.points() {
        for b in board.points().filter(|b| b.index() > a.index()) {
            if board.neighbours(a) & b.bit() != 0 {
                lines.push(json!([board.name(a), board.name(b)]));
            }
        }
    }
    json!({ "kind": board.kind().name(), "points": points, "lines": lines })
}
