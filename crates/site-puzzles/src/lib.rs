//! Puzzles on the site: made from the site's finished games or the engine's self-play
//! (`awe puzzles generate`), each a position where the side to move wins within a few plies by
//! one move only ([`awe_search::puzzle`], every claim proved by the plain search), tagged by
//! theme; solved on the puzzle page, the player's and the puzzle's ratings moved by the first try.
//!
//! - `GET /api/puzzles/next?game=G`: a puzzle of game G the reader has not tried, near their
//!   puzzle rating; for an account, the one offered last until it is tried. Only a puzzle the
//!   server offered to the account is rated, and only if its solution was not shown to the
//!   account's address before (a try that counts for nothing shows it).
//! - `GET /api/puzzles/ID`: that puzzle.
//! - `POST /api/puzzles/ID/move` `{"step","move"}`: the reader's move at step `step` (0 for the
//!   first): right or wrong; if right, the reply and the state after it, or the end of the line.
//!   Once the try ends, its `finale`: the whole line from the puzzle's position to the game's end
//!   (the solution, then where it stops before the end the fastest win with the longest
//!   defence, by the plain search), each move with the board after it, and how the game ends, for
//!   the page to play on the board.
//!
//! The page is shown the position and whose move it is, never the solution, until the try ends.

use awe_game::{Game, Position, Termination};
use awe_players::Playable;
use awe_search::{Searcher, puzzle};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::{Value, json};

// The core's and play's modules, by their names, inside this crate.
use awe_site_core::{ids, limits, model, rating, request, spec, store};
use awe_site_play::room;

use crate::limits::Kind;
use crate::model::{Match, WebGame};
use crate::request::{ApiError, ApiResult, body, client_address, signed_in};
use crate::spec::Spec;
use crate::store::{PuzzleRow, now_ms};
use awe_site_play::Site;
use axum::Router;
use axum::routing::{get, post};

/// What the puzzles' routes share: the site, and which solutions each address was shown.
#[derive(Clone, Debug)]
pub struct Puzzles {
    pub site: Site,
    /// The puzzles whose solution each address was shown (their tries are not rated).
    pub reveals: std::sync::Arc<Reveals>,
}

awe_site_play::holds_site!(Puzzles);

impl Puzzles {
    pub fn new(site: Site) -> Puzzles {
        Puzzles { site, reveals: Default::default() }
    }

    /// The puzzles' routes.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/api/puzzles/next", get(next))
            .route("/api/puzzles/{id}", get(show))
            .route("/api/puzzles/{id}/move", post(play))
            .with_state(self.clone())
    }
}

/// The depth the engine searches each position at, looking for announced wins.
pub const DEPTH: u32 = 9;

/// The longest win a puzzle of each game asks for, in plies (the plain search that proves it
/// grows as the moves to this power: Awechec's chess moves are many).
pub fn max_plies(game: &Match) -> u32 {
    match game {
        Match::Awele(_) => puzzle::MAX_PLIES,
        Match::Awithlaknannai(_) => 5,
        Match::Awechec(_) => 3,
    }
}

/// A puzzle found in a game, before it is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The moves from the start to the puzzle's position.
    pub moves: Vec<String>,
    pub position: String,
    /// The solver's move, the reply, … as texts.
    pub solution: Vec<String>,
    pub plies: u32,
    pub themes: Vec<&'static str>,
}

/// The themes of a line of each game.
pub trait Themes: WebGame {
    /// The themes of `line` (the solver's move, the reply, …) played from the current position
    /// of `game`.
    fn themes(game: &Game<Self>, line: &[Self::Move]) -> Vec<&'static str>;
}

/// Plays `line` in a copy of `game`: the positions before each move, and the game after.
fn along<P: Position>(game: &Game<P>, line: &[P::Move]) -> (Vec<P>, Game<P>) {
    let mut game = game.clone();
    let mut before = Vec::new();
    for &mv in line {
        before.push(game.current().clone());
        if game.play(mv).is_err() {
            break;
        }
    }
    (before, game)
}

impl Themes for awe_awele::Position {
    fn themes(game: &Game<Self>, line: &[Self::Move]) -> Vec<&'static str> {
        let (before, after) = along(game, line);
        let mut themes = Vec::new();
        let solver = before.iter().zip(line).step_by(2);
        if before
            .iter()
            .step_by(2)
            .any(|p| awe_awele::Pit::ALL.into_iter().any(|pit| p.is_grand_slam(pit)))
        {
            themes.push("grand-slam");
        }
        if after.outcome().is_some_and(|o| o.termination == Termination::NoLegalMove) {
            themes.push("starvation");
        }
        if solver.clone().any(|(p, &pit)| (2..=3).contains(&p.pits_taken(pit).len())) {
            themes.push("capture-2-3");
        }
        if solver.clone().any(|(p, &pit)| p.board().seeds(pit) >= 12) {
            themes.push("kroo");
        }
        themes
    }
}

impl Themes for awe_awithlaknannai::Position {
    fn themes(game: &Game<Self>, line: &[Self::Move]) -> Vec<&'static str> {
        let (before, _) = along(game, line);
        let mut themes = Vec::new();
        if line.iter().step_by(2).any(|mv| mv.captured().count_ones() >= 2) {
            themes.push("capture-chain");
        }
        // A reply that was the only move, and a capture: the solver forced the chain.
        let forced = before.iter().zip(line).skip(1).step_by(2).any(|(p, mv)| {
            let mut moves = <Self as Position>::MoveList::default();
            p.legal_moves(&mut moves);
            moves.len() == 1 && mv.is_capture()
        });
        if forced {
            themes.push("forced-chain");
        }
        themes
    }
}

impl Themes for awe_awechec::Position {
    fn themes(game: &Game<Self>, line: &[Self::Move]) -> Vec<&'static str> {
        use awe_awechec::{Action, Decision};
        let (_, after) = along(game, line);
        let mut themes = Vec::new();
        let mated = matches!(
            after.current().step(),
            awe_awechec::Step::Over(ending) if ending.reason == awe_awechec::EndReason::Checkmate
        );
        let decides = line.iter().any(|a| matches!(a, Action::Decide(_)));
        if mated && decides {
            themes.push("power-mate");
        }
        if line.iter().any(|a| matches!(a, Action::Decide(Decision::Null))) {
            themes.push("null-move");
        }
        if decides {
            themes.push("decision");
        }
        themes
    }
}

/// The best puzzle of a game (the longest line, the earliest of those): every position from the
/// fourth ply on searched by one searcher kept along the game.
pub fn from_game<P: Themes>(game: &Game<P>, depth: u32, max_plies: u32) -> Option<Candidate> {
    let mut searcher = Searcher::new(P::evaluator(game.start()), 8);
    let mut replay = Game::new(game.start().clone());
    let mut best: Option<Candidate> = None;
    let moves = game.moves();
    for ply in 0..=moves.len() {
        if ply >= 4
            && replay.outcome().is_none()
            && let Some(found) = puzzle::find(&replay, &mut searcher, depth, max_plies)
            && best.as_ref().is_none_or(|b| found.line.len() > b.solution.len())
        {
            best = Some(candidate(&replay, &found));
        }
        let Some(&mv) = moves.get(ply) else { break };
        if replay.play(mv).is_err() {
            break;
        }
    }
    best
}

/// A found puzzle as texts.
fn candidate<P: Themes>(game: &Game<P>, found: &puzzle::Found<P::Move>) -> Candidate {
    let moves: Vec<String> = game
        .positions()
        .iter()
        .zip(game.moves())
        .map(|(position, &mv)| position.move_text(mv))
        .collect();
    let (before, _) = along(game, &found.line);
    let solution = before.iter().zip(&found.line).map(|(p, &mv)| p.move_text(mv)).collect();
    Candidate {
        moves,
        position: game.current().position_text(),
        solution,
        plies: found.plies,
        themes: P::themes(game, &found.line),
    }
}

/// The best puzzle of a stored game of any kind. Awechec is searched 5 plies deep at most: its
/// chess moves make a deeper search of every position of a game take minutes (92 s a game at
/// depth 7, 2.6 s at 5, measured), and its wins are looked for within 3 plies.
pub fn from_match(game: &Match, depth: u32) -> Option<Candidate> {
    let most = max_plies(game);
    let depth = if matches!(game, Match::Awechec(_)) { depth.min(5) } else { depth };
    match game {
        Match::Awele(g) => from_game(g, depth, most),
        Match::Awithlaknannai(g) => from_game(g, depth, most),
        Match::Awechec(g) => from_game(g, depth, most),
    }
}

/// A candidate as the database keeps it, rated as a newcomer.
pub fn row(spec: &Spec, found: &Candidate, source: Option<String>) -> Option<PuzzleRow> {
    let category = spec.category().ok().flatten()?;
    let game = category.split(':').next()?.to_owned();
    let fresh = crate::rating::Rating::default();
    Some(PuzzleRow {
        id: crate::ids::new_id(),
        game,
        category,
        spec: serde_json::to_string(spec).ok()?,
        moves: serde_json::to_string(&found.moves).ok()?,
        position: found.position.clone(),
        solution: serde_json::to_string(&found.solution).ok()?,
        plies: found.plies as i64,
        themes: found.themes.join(" "),
        source,
        rating: fresh.rating,
        deviation: fresh.deviation,
        volatility: fresh.volatility,
        attempts: 0,
        solved: 0,
        created_at: now_ms(),
    })
}

/// A stored puzzle's game, at its position.
fn replay(row: &PuzzleRow) -> Result<(Spec, Match, Vec<String>), String> {
    let spec: Spec = serde_json::from_str(&row.spec).map_err(|e| e.to_string())?;
    let moves: Vec<String> = serde_json::from_str(&row.moves).map_err(|e| e.to_string())?;
    let solution: Vec<String> = serde_json::from_str(&row.solution).map_err(|e| e.to_string())?;
    let mut game = Match::new(&spec, None).map_err(|e| e.0)?;
    for text in &moves {
        game.play(text).map_err(|e| e.0)?;
    }
    Ok((spec, game, solution))
}

/// How far past the puzzle's line the finale looks for the end, in plies, and the positions
/// it may visit.
const FINALE_PLIES: u32 = 9;
const FINALE_BUDGET: u64 = 400_000;

/// The line of a puzzle to the game's end, from `start` (the puzzle's position): `solution`,
/// then, if the game goes on after it (a puzzle's line stops where its win is no longer unique),
/// the plain search's fastest win to the end. Each move with the board after it, then the end.
fn finale(start: &Match, solution: &[String]) -> Value {
    let solver = start.turn();
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut states = Vec::new();
    let mut play = |game: &mut Match, text: &str| -> bool {
        if game.play(text).is_err() {
            return false;
        }
        moves.push(text.to_owned());
        states.push(crate::model::board_state(game));
        true
    };
    for text in solution {
        if !play(&mut game, text) {
            break;
        }
    }
    if game.outcome().is_none() {
        let rest: Vec<String> = crate::model::each!(&game, g => {
            match awe_search::fastest::fastest_win_of(g, solver, FINALE_PLIES, FINALE_BUDGET) {
                awe_search::fastest::Fastest::Win { line, .. } => {
                    let mut along = g.clone();
                    let mut texts = Vec::new();
                    for mv in line {
                        texts.push(along.current().move_text(mv));
                        if along.play(mv).is_err() {
                            break;
                        }
                    }
                    texts
                }
                _ => Vec::new(),
            }
        });
        for text in &rest {
            if !play(&mut game, text) {
                break;
            }
        }
    }
    let side = |s: awe_game::Side| game.side_name(s);
    let end = game.outcome().map(|o| {
        // At Awithlaknannai a side without a move has lost its last piece, or is blocked.
        let ending = match (&game, o.termination, o.winner) {
            (Match::Awithlaknannai(g), Termination::NoLegalMove, Some(winner)) => {
                let loser = g.current().pieces(winner.opponent());
                Some(if loser == 0 { "last-piece" } else { "no-move-left" })
            }
            _ => None,
        };
        json!({
            "winner": o.winner.map(side), "termination": o.termination.name(), "score": o.score,
            "theme": ending,
        })
    });
    json!({ "moves": moves, "states": states, "end": end, "solution": solution.len() })
}

fn failed(e: sqlx::Error) -> ApiError {
    tracing::error!("puzzles: {e}");
    ApiError::unavailable("try again")
}

fn out_of_order() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "puzzle_order",
        "a puzzle's steps are played in order, each once",
    )
}

fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no_puzzle", "no such puzzle")
}

/// A puzzle as the page gets it: its position, not its solution.
fn view(row: &PuzzleRow) -> Result<Value, ApiError> {
    let (spec, game, _) = replay(row).map_err(|e| {
        tracing::error!("puzzle {}: {e}", row.id);
        ApiError::unavailable("this puzzle cannot be shown")
    })?;
    let color = crate::model::each!(&game, g => g.current().turn());
    Ok(json!({
        "id": row.id, "game": row.game, "spec": spec,
        "color": crate::room::side_name(&spec, color),
        "plies": row.plies, "rating": row.rating.round(),
        "attempts": row.attempts, "solved": row.solved,
        "state": crate::model::board_state(&game),
    }))
}

#[derive(Deserialize)]
pub struct NextQuery {
    game: String,
}

/// `GET /api/puzzles/next?game=G`.
pub async fn next(
    State(app): State<Puzzles>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    Query(query): Query<NextQuery>,
) -> ApiResult {
    if !["awele", "awithlaknannai", "awechec"].contains(&query.game.as_str()) {
        return Err(ApiError::bad("game: awele, awithlaknannai or awechec"));
    }
    let address = client_address(&app, &headers, peer);
    app.limits.check(Kind::Puzzle, &address).map_err(|w| ApiError::too_many(w, "puzzles"))?;
    let user = signed_in(&app, &headers).await?;
    let category = format!("puzzle:{}", query.game);
    let you = match &user {
        Some(user) => Some(app.store.puzzle_rating(&user.id, &category).await.map_err(failed)?),
        None => None,
    };
    let near = you.map_or(1500.0, |r| r.rating);
    let offered = match &user {
        Some(user) => app.store.offered_puzzle(&query.game, &user.id).await.map_err(failed)?,
        None => None,
    };
    let chosen = match offered {
        Some(row) => Some(row),
        None => {
            let rows = app
                .store
                .puzzles_near(&query.game, user.as_ref().map(|u| u.id.as_str()), near, 10)
                .await
                .map_err(failed)?;
            // One of the nearest, so that two players of a rating do not all get the same.
            let chosen =
                (!rows.is_empty()).then(|| rows[rand::random_range(0..rows.len())].clone());
            if let (Some(user), Some(row)) = (&user, &chosen) {
                app.store.begin_puzzle(&user.id, &row.id).await.map_err(failed)?;
            }
            chosen
        }
    };
    let puzzle = chosen.as_ref().map(view).transpose()?;
    Ok(Json(json!({
        "puzzle": puzzle,
        "you": you.map(|r| json!({ "rating": r.rating.round(), "provisional": r.is_provisional() })),
    }))
    .into_response())
}

/// `GET /api/puzzles/ID`.
pub async fn show(State(app): State<Puzzles>, Path(id): Path<String>) -> ApiResult {
    let row = app.store.puzzle(&id).await.map_err(failed)?.ok_or_else(not_found)?;
    Ok(Json(json!({ "puzzle": view(&row)? })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Try {
    step: usize,
    #[serde(rename = "move")]
    text: String,
}

/// `POST /api/puzzles/ID/move`. An account's first try is played in order, step after step
/// (a step skipped or played twice is refused, `puzzle_order`), and rated when it ends; a try
/// after it, or anyone's without an account, is practice.
pub async fn play(
    State(app): State<Puzzles>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let tried: Try = body(&headers, &bytes)?;
    let address = client_address(&app, &headers, peer);
    app.limits.check(Kind::Puzzle, &address).map_err(|w| ApiError::too_many(w, "puzzle moves"))?;
    let row = app.store.puzzle(&id).await.map_err(failed)?.ok_or_else(not_found)?;
    let (_, mut game, solution) = replay(&row).map_err(|e| {
        tracing::error!("puzzle {id}: {e}");
        ApiError::unavailable("this puzzle cannot be played")
    })?;
    let at = tried.step.checked_mul(2).filter(|&at| at < solution.len()).ok_or_else(|| {
        ApiError::bad(format!("step: this puzzle has {} steps", solution.len().div_ceil(2)))
    })?;
    let user = signed_in(&app, &headers).await?;
    // The account's first try at a puzzle it was offered: in order. A puzzle not offered, or
    // whose solution this address was shown, is practice.
    let shown = app.reveals.shown(&address, &row.id);
    let progress = match &user {
        Some(user) => app.store.puzzle_progress(&user.id, &row.id).await.map_err(failed)?,
        None => None,
    };
    // Why an account's try is not rated, if it is not.
    let (rated, unrated) = match (&user, progress) {
        (None, _) => (false, None),
        (Some(_), None) => (false, Some("not_offered")),
        (Some(_), Some((_, true))) => (false, Some("tried")),
        (Some(_), Some((step, false))) if step as usize == tried.step && !shown => (true, None),
        (Some(_), Some(_)) if shown => (false, Some("shown")),
        (Some(_), Some(_)) => return Err(out_of_order()),
    };
    let start = game.clone();
    // The line up to the step, then the move: the same move as the solution's, however written.
    for text in &solution[..at] {
        game.play(text).map_err(|e| ApiError::unavailable(e.0))?;
    }
    let expected = game.move_key(&solution[at]);
    let Some(given) = game.move_key(&tried.text) else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "illegal",
            format!("`{}` is not a legal move here", tried.text),
        ));
    };
    let correct = Some(given) == expected;
    let done = !correct || at + 1 >= solution.len();
    let mut reply = None;
    let mut state = None;
    if correct {
        game.play(&solution[at]).map_err(|e| ApiError::unavailable(e.0))?;
        if let Some(text) = solution.get(at + 1) {
            game.play(text).map_err(|e| ApiError::unavailable(e.0))?;
            reply = Some(text.clone());
        }
        state = Some(crate::model::board_state(&game));
    }
    let mut rating = None;
    let mut puzzle_rating = None;
    if let Some(user) = user.filter(|_| rated) {
        if !done {
            app.store.begin_puzzle(&user.id, &row.id).await.map_err(failed)?;
            if !app
                .store
                .advance_puzzle(&user.id, &row.id, tried.step as i64)
                .await
                .map_err(failed)?
            {
                return Err(out_of_order());
            }
        } else {
            let category = format!("puzzle:{}", row.game);
            let finished = app.store.try_puzzle(&user.id, &row.id, &category, correct);
            if let Some(t) = finished.await.map_err(failed)? {
                let before = t.before.rating.round() as i64;
                let after = t.after.rating.round() as i64;
                rating = Some(json!({
                    "before": before, "after": after, "diff": after - before,
                    "provisional": t.after.is_provisional(),
                }));
                puzzle_rating = Some(t.puzzle.rating.round());
            }
        }
    }
    // Once the try is over: the solution, the themes and the game it comes from. A try that
    // counted for nothing marks the address: its accounts' tries of the puzzle are not rated.
    if done && !rated {
        app.reveals.mark(&address, &row.id);
    }
    // The finale's search (up to FINALE_BUDGET positions) runs off the server's async threads;
    // the puzzle moves' rate by address bounds how often.
    let to_end = if done {
        let line = solution.clone();
        let found = tokio::task::spawn_blocking(move || finale(&start, &line)).await;
        Some(found.map_err(|_| ApiError::unavailable("try again"))?)
    } else {
        None
    };
    let over = to_end.map(|finale| {
        // How the game ends is a theme too: the last piece taken, or no move left.
        let mut themes: Vec<String> = row.themes.split_whitespace().map(str::to_owned).collect();
        if let Some(ending) = finale["end"]["theme"].as_str()
            && !themes.iter().any(|t| t == ending)
        {
            themes.push(ending.to_owned());
        }
        json!({
            "solution": solution,
            "themes": themes,
            "source": row.source,
            "finale": finale,
        })
    });
    Ok(Json(json!({
        "correct": correct, "done": done, "reply": reply, "state": state,
        "solution": over.as_ref().map(|o| &o["solution"]),
        "themes": over.as_ref().map(|o| &o["themes"]),
        "source": over.as_ref().map(|o| &o["source"]),
        "finale": over.as_ref().map(|o| &o["finale"]),
        "rating": rating, "puzzle_rating": puzzle_rating,
        "tried_before": done && unrated == Some("tried"),
        "unrated": unrated.filter(|_| done),
    }))
    .into_response())
}

/// A game of the engine against itself from the usual start of `spec`: a random opening, then
/// the engine's moves (a search of depth 4: the same game for the same seed on any machine), one
/// in five a random move, so that mistakes leave wins to find.
pub fn self_play(spec: &Spec, seed: u64) -> Result<Match, String> {
    let start = Match::new(spec, None).map_err(|e| e.0)?;
    Ok(match start {
        Match::Awele(g) => Match::Awele(play_itself(g, seed)),
        Match::Awithlaknannai(g) => Match::Awithlaknannai(play_itself(g, seed)),
        Match::Awechec(g) => Match::Awechec(play_itself(g, seed)),
    })
}

fn play_itself<P: Playable>(start: Game<P>, seed: u64) -> Game<P> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let opening = rng.random_range(2..10);
    let mut game = awe_game::playout::random_game(start.start().clone(), &mut rng, opening);
    let mut searcher = Searcher::new(P::evaluator(game.start()), 4);
    while game.outcome().is_none() && game.moves().len() < 300 {
        let mv = if rng.random_bool(0.2) {
            game.current().random_move(&mut rng)
        } else {
            let report = searcher.search(&game, &awe_search::Limits::depth(4), |_| {});
            report.best().copied()
        };
        let Some(mv) = mv else { break };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// One pass of the generator: the finished games not looked at yet (at most `games`), then
/// `self_games` games of the engine against itself for each of `specs`; each game's best puzzle
/// kept (a position and rules once). Returns the puzzles kept and the games looked at.
pub async fn generate(
    store: &crate::store::Store,
    games: usize,
    self_games: usize,
    specs: &[Spec],
    depth: u32,
    seed: u64,
) -> Result<(usize, usize), String> {
    let failed = |e: sqlx::Error| e.to_string();
    let mut sources: Vec<(Spec, Match, Option<String>)> = Vec::new();
    for row in store.unpuzzled(games as i64).await.map_err(failed)? {
        let Some((_, moves)) = store.load(&row.id).await.map_err(failed)? else { continue };
        let Ok(spec) = serde_json::from_str::<Spec>(&row.spec) else { continue };
        let Ok(mut game) = Match::new(&spec, None) else { continue };
        if moves.iter().all(|m| game.play(&m.text).is_ok()) {
            sources.push((spec, game, Some(row.id.clone())));
        }
    }
    for (i, spec) in specs.iter().enumerate() {
        for n in 0..self_games {
            let seed = seed.wrapping_mul(1_000_003).wrapping_add((i * self_games + n) as u64);
            sources.push((spec.clone(), self_play(spec, seed)?, None));
        }
    }
    let looked = sources.len();
    let mut kept = 0;
    for (spec, game, source) in sources {
        // The searches on a blocking thread, one game at a time.
        let found = tokio::task::spawn_blocking(move || {
            from_match(&game, depth).and_then(|c| row(&spec, &c, source))
        })
        .await
        .map_err(|e| e.to_string())?;
        if let Some(row) = found
            && store.add_puzzle(&row).await.map_err(failed)?
        {
            kept += 1;
            tracing::info!(
                id = %row.id, category = %row.category, plies = row.plies, themes = %row.themes,
                "a puzzle kept"
            );
        }
    }
    Ok((kept, looked))
}

/// The puzzles whose solution each address was shown by a try that counted for nothing (kept a
/// day, in this server's memory, at most [`Reveals::MOST`] addresses).
#[derive(Debug, Default)]
pub struct Reveals {
    shown: std::sync::Mutex<std::collections::HashMap<String, (std::time::Instant, Vec<String>)>>,
}

impl Reveals {
    const MOST: usize = 100_000;
    const KEPT: std::time::Duration = std::time::Duration::from_secs(86_400);

    /// `address` was shown the solution of `puzzle`.
    pub fn mark(&self, address: &str, puzzle: &str) {
        let mut shown = self.shown.lock().unwrap_or_else(|p| p.into_inner());
        if shown.len() >= Self::MOST {
            shown.retain(|_, (at, _)| at.elapsed() < Self::KEPT);
            if shown.len() >= Self::MOST {
                shown.clear();
            }
        }
        let entry =
            shown.entry(address.to_owned()).or_insert_with(|| (std::time::Instant::now(), vec![]));
        if entry.0.elapsed() >= Self::KEPT {
            *entry = (std::time::Instant::now(), Vec::new());
        }
        if !entry.1.iter().any(|p| p == puzzle) {
            entry.1.push(puzzle.to_owned());
        }
    }

    /// Whether `address` was shown the solution of `puzzle`.
    pub fn shown(&self, address: &str, puzzle: &str) -> bool {
        let shown = self.shown.lock().unwrap_or_else(|p| p.into_inner());
        shown.get(address).is_some_and(|(at, puzzles)| {
            at.elapsed() < Self::KEPT && puzzles.iter().any(|p| p == puzzle)
        })
    }
}
