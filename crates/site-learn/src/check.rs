//! A learner's move at a stage, judged by the game's own rules: refused with the rule it breaks,
//! or refused because it misses the goal (with the stage's word on it), or played, with the
//! other side's replies, until the goal is reached.
//!
//! Nothing is kept between moves: the page sends the moves played so far with each new one, and
//! they are played again from the stage's position (each must be legal, and they are few).

use awe_awithlaknannai::RuleSet as SerpentRules;
use awe_game::{Game, Position, Side};
use awe_players::Playable;
use awe_search::{Limits, Searcher};

use awe_site_core::model::{self, Match};
use serde_json::{Value, json};

use crate::stage::{Stage, Text};

/// The most moves (the learner's and the replies) a stage's line may hold.
pub const MAX_LINE: usize = 120;

/// The most replies after one move of the learner (an Awechec power's decision and its move,
/// an Awélé game between).
const MAX_REPLIES: usize = 8;

/// Why a move is not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// `empty-pit`, `must-feed`, `grand-slam`, `starves`, `must-capture`, `chain-goes-on`,
    /// `must-take-most`, `illegal` (the rules), `miss` (legal, but not the goal).
    pub code: &'static str,
    /// The rules' own words (English), or the stage's (both languages).
    pub rules: Option<String>,
    pub stage: Option<Text>,
}

/// What became of a move.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Refused(Refusal),
    /// Played: the learner's move and the replies, as texts; whether the goal is reached.
    Played {
        moves: Vec<String>,
        done: bool,
    },
}

/// Why the moves sent are not a line of the stage.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error("the line is longer than {MAX_LINE} moves")]
    TooLong,
    #[error("move {index} of the line, `{text}`, is not legal: {why}")]
    Illegal { index: usize, text: String, why: String },
    #[error("the stage is over: its goal was reached or its moves are spent")]
    Over,
}

/// The stage's game after `line` (the moves played so far), checked.
pub fn replay(stage: &Stage, line: &[String]) -> Result<Match, LineError> {
    replay_from(stage.start(), line)
}

/// `game` after `line`, each move checked (a lesson's or a practice position's).
pub fn replay_from(mut game: Match, line: &[String]) -> Result<Match, LineError> {
    if line.len() > MAX_LINE {
        return Err(LineError::TooLong);
    }
    for (index, text) in line.iter().enumerate() {
        game.play(text).map_err(|e| LineError::Illegal {
            index,
            text: text.clone(),
            why: e.to_string(),
        })?;
    }
    Ok(game)
}

/// How many seeds, pieces or powers `side` has taken in `game` since its start.
pub fn taken(game: &Match, side: Side) -> u32 {
    match game {
        Match::Awele(g) => (g.current().captured(side) - g.start().captured(side)) as u32,
        Match::Awithlaknannai(g) => {
            let count = |p: &awe_awithlaknannai::Position| p.pieces(side.opponent()).count_ones();
            count(g.start()) - count(g.current())
        }
        // The powers of one's colour made since the start (a new Awélé game makes a new list:
        // the count follows the lists through the history).
        Match::Awechec(g) => {
            let mut made = 0;
            let mut before = g.start();
            for position in g.positions().iter().skip(1).chain(std::iter::once(g.current())) {
                let count = |p: &awe_awechec::Position| {
                    p.powers().owners().filter(|&o| o == side).count() as u32
                };
                made += count(position).saturating_sub(count(before));
                before = position;
            }
            made
        }
    }
}

/// Whether the goal is reached in `game`, for `learner`, after the learner's `moves` (texts).
pub fn reached(stage: &Stage, game: &Match, learner: Side, moves: &[String]) -> bool {
    let goal = &stage.file.goal;
    if !goal.moves.is_empty() {
        return moves.len() >= goal.moves.len();
    }
    if let Some(count) = goal.capture {
        return taken(game, learner) >= count;
    }
    if goal.win {
        return game.outcome().is_some_and(|o| o.winner == Some(learner));
    }
    if goal.chess {
        return matches!(game, Match::Awechec(g) if matches!(
            g.current().step(),
            awe_awechec::Step::Decision { .. } | awe_awechec::Step::Move { .. }
        ));
    }
    false
}

/// The learner's moves in a line played from the stage's start.
fn learners_moves(stage: &Stage, line: &[String], learner: Side) -> Vec<String> {
    let mut game = stage.start();
    let mut mine = Vec::new();
    for text in line {
        let turn = game.turn();
        if game.play(text).is_err() {
            break;
        }
        if turn == learner {
            mine.push(text.clone());
        }
    }
    mine
}

/// Judges `text`, the learner's move after `line`.
pub fn judge(stage: &Stage, line: &[String], text: &str) -> Result<Verdict, LineError> {
    let start = stage.start();
    let learner = start.turn();
    let mut game = replay(stage, line)?;
    let mut mine = learners_moves(stage, line, learner);
    let goal = &stage.file.goal;
    if game.outcome().is_some()
        || game.turn() != learner
        || reached(stage, &game, learner, &mine)
        || mine.len() >= goal.within() as usize
    {
        return Err(LineError::Over);
    }
    if line.len() + 1 > MAX_LINE {
        return Err(LineError::TooLong);
    }
    let Some(key) = game.move_key(text) else {
        return Ok(Verdict::Refused(illegal(&game, text)));
    };
    // What the stage says of this move if it misses: its own words for it (a first move), or
    // for any miss.
    let said = stage
        .file
        .wrong
        .iter()
        .filter(|_| mine.is_empty())
        .find(|w| game.move_key(&w.text).as_deref() == Some(&key));
    let missed = Verdict::Refused(Refusal {
        code: "miss",
        rules: None,
        stage: Some(said.map_or(&stage.file.miss, |w| &w.why).clone()),
    });
    // A first move the stage names as wrong is refused at once, however many moves are left:
    // it gives the goal away (a stage of several moves says why now, not at its last move).
    if said.is_some() {
        return Ok(missed);
    }
    if let Some(expected) = goal.moves.get(mine.len())
        && game.move_key(expected).as_deref() != Some(key.as_str())
    {
        return Ok(missed);
    }
    game.play(&key).map_err(|e| LineError::Illegal {
        index: line.len(),
        text: key.clone(),
        why: e.to_string(),
    })?;
    mine.push(key.clone());
    let mut played = vec![key.clone()];
    let mut replies = line.len() + 1 - mine.len();
    let mut done = reached(stage, &game, learner, &mine);
    while !done && game.outcome().is_none() && game.turn() != learner {
        if played.len() > MAX_REPLIES || line.len() + played.len() >= MAX_LINE {
            break;
        }
        let reply = stage
            .file
            .replies
            .get(replies)
            .and_then(|r| game.move_key(r))
            .or_else(|| engine_move(&game))
            .ok_or(LineError::Over)?;
        game.play(&reply).map_err(|e| LineError::Illegal {
            index: line.len() + played.len(),
            text: reply.clone(),
            why: e.to_string(),
        })?;
        played.push(reply);
        replies += 1;
        done = reached(stage, &game, learner, &mine);
    }
    // The last move allowed, or the end of the game, and the goal missed: the move is refused,
    // the position stays as it was.
    if !done && (mine.len() >= goal.within() as usize || game.outcome().is_some()) {
        return Ok(missed);
    }
    Ok(Verdict::Played { moves: played, done })
}

/// The engine's move at a small depth: a lesson's opponent answers at once.
pub(crate) fn engine_move(game: &Match) -> Option<String> {
    fn best<P: Playable>(game: &Game<P>, depth: u32) -> Option<String> {
        let mut searcher = Searcher::new(P::evaluator(game.start()), 1);
        let report = searcher.search(game, &Limits::depth(depth), |_| {});
        report.best().map(|&mv| game.current().move_text(mv))
    }
    match game {
        Match::Awele(g) => best(g, 6),
        Match::Awithlaknannai(g) => best(g, 4),
        Match::Awechec(g) => best(g, 2),
    }
}

/// Why `text` is no legal move of `game`, in the rules' words and as a code the page says in
/// its language.
pub fn illegal(game: &Match, text: &str) -> Refusal {
    let refusal =
        |code: &'static str, rules: String| Refusal { code, rules: Some(rules), stage: None };
    match game {
        Match::Awele(g) => awele_reason(g.current(), text),
        Match::Awechec(g) if g.current().awele_running() => awele_reason(g.current().awele(), text),
        Match::Awithlaknannai(g) => {
            use awe_awithlaknannai::notation::MoveError;
            let position = g.current();
            match position.parse_move(text) {
                Err(e @ MoveError::ChainGoesOn { .. }) => refusal("chain-goes-on", e.to_string()),
                Err(e @ MoveError::Illegal { hint, .. }) if !hint.is_empty() => {
                    refusal("must-capture", e.to_string())
                }
                Err(e) if position.rules().most_captures && text.contains(['x', 'X']) => {
                    refusal("must-take-most", e.to_string())
                }
                Err(e) => refusal("illegal", e.to_string()),
                Ok(_) => refusal("illegal", format!("{text} is not legal here")),
            }
        }
        other => {
            let mut copy = other.clone();
            let why = copy
                .play(text)
                .err()
                .map_or_else(|| format!("{text} is not legal here"), |e| e.to_string());
            refusal("illegal", why)
        }
    }
}

fn awele_reason(position: &awe_awele::Position, text: &str) -> Refusal {
    use awe_awele::{Illegal, MoveError};
    let (code, why) = match awe_game::Position::parse_move(position, text) {
        Err(e @ MoveError::Illegal { why, .. }) => (
            match why {
                Illegal::EmptyPit => "empty-pit",
                Illegal::NotYourPit => "not-your-pit",
                Illegal::MustFeed => "must-feed",
                Illegal::GrandSlam => "grand-slam",
                Illegal::StarvesOpponent => "starves",
                Illegal::GameOver => "illegal",
            },
            e.to_string(),
        ),
        Err(e) => ("illegal", e.to_string()),
        Ok(_) => ("illegal", format!("{text} is not legal here")),
    };
    Refusal { code, rules: Some(why), stage: None }
}

/// The moves the board offers at a stage: the legal ones, and the tries a beginner makes that the
/// rules refuse (an empty Awélé pit, one that does not feed or takes every seed, an Awithlaknannai step
/// while a capture is compulsory), each marked `"try": true`, so that the refusal can say why.
pub fn offered(game: &Match) -> Vec<Value> {
    let mut moves = game.legal();
    if game.outcome().is_some() {
        return moves;
    }
    let known: Vec<String> =
        moves.iter().filter_map(|m| m["text"].as_str().map(str::to_owned)).collect();
    let awele_tries = |position: &awe_awele::Position| -> Vec<Value> {
        let side = awe_game::Position::turn(position);
        awe_awele::Pit::ALL
            .into_iter()
            // Empty pits too: a beginner tries them, and learns why not.
            .filter(|pit| pit.side() == side)
            .map(|pit| (pit, awe_game::Position::move_text(position, pit)))
            .filter(|(_, text)| !known.iter().any(|k| k.starts_with(text.as_str())))
            .map(|(pit, text)| json!({ "text": text, "pit": pit.index(), "takes": 0, "from": [], "try": true }))
            .collect()
    };
    match game {
        Match::Awele(g) => moves.extend(awele_tries(g.current())),
        Match::Awechec(g) if g.current().awele_running() => {
            moves.extend(awele_tries(g.current().awele()))
        }
        Match::Awithlaknannai(g) => {
            let position = g.current();
            let settings =
                awe_awithlaknannai::Settings { rules: SerpentRules::Ludii, ..*position.settings() };
            if let Ok(free) =
                awe_awithlaknannai::Position::parse(&position.position_text(), settings)
            {
                let board = position.board();
                let mut steps = awe_awithlaknannai::MoveList::new();
                free.legal_moves(&mut steps);
                for step in steps.iter().filter(|m| !m.is_capture()) {
                    let text = free.move_text(*step);
                    if !known.contains(&text) {
                        let path: Vec<&str> = step.path().iter().map(|&p| board.name(p)).collect();
                        moves.push(
                            json!({ "text": text, "path": path, "captured": [], "try": true }),
                        );
                    }
                }
            }
        }
        Match::Awechec(_) => {}
    }
    moves
}

/// What a board is given to draw a stage's position: as a game's, with the tries offered.
pub fn board_state(game: &Match) -> Value {
    let mut state = model::board_state(game);
    state["legal"] = json!(offered(game));
    state
}
