//! Tournaments: arenas and Swiss tournaments (a medley Swiss plays another game each round), made
//! by any account or scheduled by the operator. Every server runs the director each second: it
//! starts the tournaments whose time has come, scores the games that ended, pairs the arenas'
//! players who are free, begins a Swiss tournament's next round once the last is over, and ends
//! them. Each of those steps is one transaction that only one server can make (see
//! `store/tournaments.rs`), so servers share the work without a leader. Standings go to the
//! tournament's page over its WebSocket whenever they change, on every server (the bus).

pub mod arena;
pub mod schedule;
pub mod swiss;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::ws::{Message as Frame, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::watch;

use awe_site_play::Site;
use axum::Router;
use axum::routing::{get, post};
// The core's and play's modules, by their names, inside this crate.
use crate::model::Match;
use crate::request::{ApiError, ApiResult, body, signed_in};
use crate::spec::Spec;
use crate::store::{
    GameRow, ScoreChange, SeatRow, TournamentGame, TournamentPlayer, TournamentRow, now_ms,
};
use awe_site_core::{channels, ids, limits, model, request, spec, store, text};
use awe_site_play::room;

/// What the tournaments' routes and task share: the site, the tournaments' pages on this
/// server, and the operator's recurring tournaments.
#[derive(Clone, Debug)]
pub struct Tournaments {
    pub site: Site,
    pub hub: Arc<Hub>,
    /// The operator's recurring tournaments (`awe serve --schedule`).
    pub schedule: Arc<Vec<schedule::Schedule>>,
}

awe_site_play::holds_site!(Tournaments);

impl Tournaments {
    pub fn new(site: Site, schedule: Vec<schedule::Schedule>) -> Tournaments {
        Tournaments { site, hub: Arc::default(), schedule: Arc::new(schedule) }
    }

    /// The tournaments' routes (their chat is the chat's).
    pub fn router(&self) -> Router {
        Router::new()
            .route("/api/tournaments", get(list).post(create))
            .route("/api/tournaments/{id}", get(show))
            .route("/api/tournaments/{id}/join", post(join))
            .route("/api/tournaments/{id}/withdraw", post(withdraw))
            .route("/api/tournaments/{id}/standings.csv", get(download))
            .route("/ws/tournaments/{id}", get(socket))
            .with_state(self.clone())
    }

    /// Starts the tournaments' task: pairing, scoring, and the operator's schedule.
    pub fn start(&self) {
        tokio::spawn(run(self.clone()));
    }
}

/// An arena pairs only players whose page said they were there this recently.
const PRESENT_MS: i64 = 30_000;

/// A Swiss that has not two players this long after its start ends.
const EMPTY_SWISS_MS: i64 = 60_000;

/// How many tournaments the director steps at once.
const AT_ONCE: usize = 16;

/// How often the director looks.
const EVERY: Duration = Duration::from_secs(1);

/// What this server's pages of each tournament are shown, and the signal that it changed.
#[derive(Debug, Default)]
pub struct Hub {
    watches: Mutex<HashMap<String, watch::Sender<u64>>>,
    /// What the live pages were last sent, by tournament, with the change it was built for:
    /// built once a change for all of this server's pages (those that ask meanwhile wait for
    /// it).
    built: Mutex<HashMap<String, (u64, Live)>>,
}

/// What a change's live pages are sent, once built.
type Live = Arc<tokio::sync::OnceCell<Option<Arc<Built>>>>;

impl Hub {
    fn sender(&self, id: &str) -> watch::Sender<u64> {
        let mut watches = self.watches.lock().unwrap_or_else(|p| p.into_inner());
        if watches.len() > 1000 {
            watches.retain(|_, w| w.receiver_count() > 0);
        }
        watches.entry(id.to_owned()).or_insert_with(|| watch::channel(0).0).clone()
    }

    /// The tournament changed: its pages read it again.
    pub fn changed(&self, id: &str) {
        self.sender(id).send_modify(|v| *v += 1);
    }

    fn subscribe(&self, id: &str) -> watch::Receiver<u64> {
        self.sender(id).subscribe()
    }

    /// What the live pages are sent at change `version`: built by the first page to ask, the
    /// others waiting for it.
    async fn live(
        &self,
        app: &Tournaments,
        id: &str,
        version: u64,
    ) -> Result<Option<Arc<Built>>, sqlx::Error> {
        let cell = {
            let mut built = self.built.lock().unwrap_or_else(|p| p.into_inner());
            if built.len() > 1000 {
                built.retain(|_, (_, cell)| Arc::strong_count(cell) > 1);
            }
            let entry = built.entry(id.to_owned()).or_insert_with(|| (version, Live::default()));
            // A newer change than the one built: build anew (an older one asking gets the newer).
            if entry.0 < version {
                *entry = (version, Live::default());
            }
            Arc::clone(&entry.1)
        };
        let built = cell
            .get_or_try_init(|| async {
                Ok::<_, sqlx::Error>(build(app, id, false).await?.map(Arc::new))
            })
            .await?;
        Ok(built.clone())
    }
}

/// Tells this server's pages and the other servers that a tournament changed.
async fn changed(app: &Tournaments, id: &str) {
    app.hub.changed(id);
    if let Err(e) = app.store.tournament_changed(id).await {
        tracing::error!("tournaments: {e}");
    }
}

fn failed(e: sqlx::Error) -> ApiError {
    tracing::error!("tournaments: {e}");
    ApiError::unavailable("try again")
}

/// The games of a medley Swiss: each game with its usual rules, in turn.
pub fn medley() -> Vec<Spec> {
    vec![
        Spec::Awele { rules: Some("abapa".into()) },
        Spec::Awithlaknannai {
            board: Some("mosona".into()),
            rules: Some("wikipedia".into()),
            outer_lines: None,
            end_lines: None,
        },
        Spec::Awechec { variant: Some("standard".into()), handicap: None },
    ]
}

/// The game of round `round` (from 1).
fn spec_of_round(t: &TournamentRow, round: i64) -> Option<Spec> {
    let specs: Vec<Spec> = serde_json::from_str(&t.specs).ok()?;
    let n = specs.len().max(1) as i64;
    specs.get(((round - 1).max(0) % n) as usize).cloned()
}

/// A tournament's game between two accounts, White (South) first.
fn game(
    app: &Tournaments,
    t: &TournamentRow,
    spec: &Spec,
    white: &TournamentPlayer,
    black: &TournamentPlayer,
) -> Option<GameRow> {
    let spec = spec.normalized().ok()?;
    let first = Match::new(&spec, None).ok()?.turn();
    let seat = |p: &TournamentPlayer| SeatRow {
        // The seat is the account's: no browser's secret opens it.
        secret: Some(crate::ids::hash(&format!("tournament {} {}", t.id, p.user))),
        user: Some(p.user.clone()),
        name: Some(p.name.clone()),
        ..SeatRow::default()
    };
    let category = spec.category().ok().flatten();
    let row = GameRow {
        id: crate::ids::new_id(),
        spec: serde_json::to_string(&spec).ok()?,
        kind: "tournament".into(),
        status: "playing".into(),
        seats: [seat(white), seat(black)],
        clock: Some(t.clock),
        to_move: Some(first.name().to_lowercase()),
        created_at: now_ms(),
        updated_at: now_ms(),
        rated: t.rated && category.is_some(),
        category: category.filter(|_| t.rated),
        tournament: Some(t.id.clone()),
        ..GameRow::default()
    };
    Some(crate::room::with_first_move(row, app.limits.settings.first_move))
}

/// White's half points from a game's result.
fn white_score(result: Option<&str>) -> i64 {
    match result {
        Some("1-0") => 2,
        Some("0-1") => 0,
        _ => 1,
    }
}

/// Scores the tournament's games that ended.
async fn score(app: &Tournaments, t: &TournamentRow, now: i64) -> Result<bool, sqlx::Error> {
    let mut any = false;
    let players = app.store.tournament_players(&t.id).await?;
    let streak_of = |user: &str| players.iter().find(|p| p.user == user).map_or(0, |p| p.streak);
    for ended in app.store.games_to_score(&t.id).await? {
        let played = &ended.game;
        let (Some(id), Some(black)) = (&played.game, &played.black) else { continue };
        // A game whose first move did not come: in a Swiss the absent player loses by forfeit
        // (the round goes on), in an arena it counts for nobody; either way they are withdrawn,
        // as lichess does, until they join again.
        let absent =
            ended.absent.as_deref().map(|side| if side == "south" { &played.white } else { black });
        let white_half = match (absent, ended.absent.as_deref()) {
            (Some(_), Some("south")) => 0,
            (Some(_), _) => 2,
            _ => white_score(ended.result.as_deref()),
        };
        let berserked =
            |side: &str| ended.berserk.as_deref().is_some_and(|b| b.split(' ').any(|s| s == side));
        // An arena game that ends after the arena does not count, nor an arena's aborted game.
        let counted =
            t.ends_at().is_none_or(|end| now <= end) && !(t.kind == "arena" && absent.is_some());
        let mut changes = Vec::new();
        for (user, opponent, half, side) in [
            (&played.white, black, white_half, "south"),
            (black, &played.white, 2 - white_half, "north"),
        ] {
            let (add, streak) = if t.kind == "arena" {
                let outcome = match half {
                    2 => arena::Outcome::Win,
                    1 => arena::Outcome::Draw,
                    _ => arena::Outcome::Loss,
                };
                // Berserk pays on a win of at least seven moves each.
                let bonus = berserked(side) && ended.plies >= arena::BERSERK_PLIES;
                let (points, streak) = arena::points(outcome, streak_of(user) as u32, bonus);
                (points as i64, streak as i64)
            } else {
                (half, 0)
            };
            let add = if counted { add } else { 0 };
            let streak = if counted { streak } else { streak_of(user) };
            changes.push(ScoreChange {
                user: user.clone(),
                add,
                streak,
                opponent: Some(opponent.clone()),
            });
        }
        let absent = absent.map(String::as_str);
        any |= app.store.score_game(&t.id, id, (white_half, counted), &changes, absent).await?;
    }
    Ok(any)
}

/// Pairs an arena's free players who are there.
async fn pair_arena(app: &Tournaments, t: &TournamentRow, now: i64) -> Result<bool, sqlx::Error> {
    let players = app.store.tournament_players(&t.id).await?;
    // A player's games count against their account's games a minute, as any game made does:
    // two entrants who resign at once are not paired again and again.
    let budget = |user: &str| crate::limits::account_key(user);
    let free: Vec<&TournamentPlayer> = players
        .iter()
        .filter(|p| !p.withdrawn && p.game.is_none() && now - p.seen_at <= PRESENT_MS)
        .filter(|p| !app.limits.is_blocked(crate::limits::Kind::CreateGame, &budget(&p.user)))
        .collect();
    let waiting: Vec<arena::Waiting> = free
        .iter()
        .map(|p| arena::Waiting {
            id: p.user.clone(),
            score: p.score.max(0) as u32,
            rating: p.rating,
            last: p.last_opponent.clone(),
        })
        .collect();
    let Some(spec) = spec_of_round(t, 1) else { return Ok(false) };
    let mut any = false;
    for (a, b) in arena::pair(&waiting) {
        // Colours: at random.
        let (white, black) =
            if rand::random::<bool>() { (free[a], free[b]) } else { (free[b], free[a]) };
        let Some(game) = game(app, t, &spec, white, black) else { continue };
        let paired = app.store.arena_pair(&t.id, [&white.user, &black.user], &game).await?;
        if paired {
            for user in [&white.user, &black.user] {
                let _ = app.limits.check(crate::limits::Kind::CreateGame, &budget(user));
            }
        }
        any |= paired;
    }
    Ok(any)
}

/// Begins a Swiss tournament's next round once the last is over, or ends it after its last.
async fn next_round(app: &Tournaments, t: &TournamentRow) -> Result<bool, sqlx::Error> {
    let games = app.store.tournament_games(&t.id).await?;
    if games.iter().any(|g| g.round == t.round && g.white_score.is_none()) {
        return Ok(false);
    }
    let players = app.store.tournament_players(&t.id).await?;
    let playing: Vec<&TournamentPlayer> = players.iter().filter(|p| !p.withdrawn).collect();
    if t.round >= t.rounds.unwrap_or(0) || (playing.len() < 2 && t.round > 0) {
        return app.store.finish_tournament(&t.id).await;
    }
    if playing.len() < 2 {
        // Nobody to pair yet: a Swiss waits for two players, a while; one that never finds
        // them ends, so that empty tournaments cannot pile up.
        if now_ms() - t.starts_at > EMPTY_SWISS_MS {
            return app.store.finish_tournament(&t.id).await;
        }
        return Ok(false);
    }
    let entrants: Vec<swiss::Entrant> = playing
        .iter()
        .map(|p| {
            let mine =
                games.iter().filter(|g| g.white == p.user || g.black.as_ref() == Some(&p.user));
            let mut entrant = swiss::Entrant {
                id: p.user.clone(),
                rating: p.rating,
                score: p.score.max(0) as u32,
                opponents: Vec::new(),
                colour_balance: 0,
                had_bye: false,
            };
            for g in mine {
                match &g.black {
                    None => entrant.had_bye = true,
                    Some(black) if *black == p.user => {
                        entrant.colour_balance -= 1;
                        entrant.opponents.push(g.white.clone());
                    }
                    Some(black) => {
                        entrant.colour_balance += 1;
                        entrant.opponents.push(black.clone());
                    }
                }
            }
            entrant
        })
        .collect();
    let round = t.round + 1;
    let Some(spec) = spec_of_round(t, round) else { return Ok(false) };
    let pairing = swiss::pair(&entrants);
    let rows: Vec<GameRow> = pairing
        .games
        .iter()
        .filter_map(|&(w, b)| game(app, t, &spec, playing[w], playing[b]))
        .collect();
    let bye = pairing.bye.map(|i| playing[i].user.as_str());
    app.store.swiss_round(&t.id, round, &rows, bye).await
}

/// The director, every second (see the module's comment); and the operator's tournaments made a
/// day ahead.
pub async fn run(app: Tournaments) {
    let mut made = std::collections::HashSet::new();
    loop {
        tokio::time::sleep(EVERY).await;
        let now = now_ms();
        for schedule in app.schedule.iter() {
            let starts_at = schedule.next_after(now);
            let t = schedule.tournament(starts_at, now);
            if starts_at - now <= 86_400_000 && !made.contains(&t.id) {
                match app.store.create_tournament(&t).await {
                    Ok(()) => {
                        made.insert(t.id);
                        app.lobby_changed();
                    }
                    Err(e) => tracing::error!("tournaments: {schedule}: {e}"),
                }
            }
        }
        if let Err(e) = direct(&app).await {
            tracing::error!("tournaments: {e}");
        }
    }
}

async fn direct(app: &Tournaments) -> Result<(), sqlx::Error> {
    let now = now_ms();
    for id in app.store.start_due(now).await? {
        changed(app, &id).await;
    }
    // Every started tournament, each stepped on its own: a slow or failing one holds up none
    // of the others.
    let started = app.store.tournaments("started", i64::MAX).await?;
    futures_util::StreamExt::for_each_concurrent(
        futures_util::stream::iter(started),
        AT_ONCE,
        |t| async move {
            if let Err(e) = step(app, &t, now).await {
                tracing::error!("tournament {}: {e}", t.id);
            }
        },
    )
    .await;
    Ok(())
}

/// One tournament's step: its games that ended scored, then pairings or its end.
async fn step(app: &Tournaments, t: &TournamentRow, now: i64) -> Result<(), sqlx::Error> {
    let mut any = score(app, t, now).await?;
    if t.kind == "arena" {
        if t.ends_at().is_some_and(|end| now >= end) {
            any |= app.store.finish_tournament(&t.id).await?;
        } else {
            any |= pair_arena(app, t, now).await?;
        }
    } else {
        any |= next_round(app, t).await?;
    }
    if any {
        changed(app, &t.id).await;
        app.lobby_changed();
    }
    Ok(())
}

/// A player's line of the standings.
#[derive(Clone, Debug)]
struct Standing<'a> {
    player: &'a TournamentPlayer,
    buchholz: f64,
    berger: f64,
}

/// The standings, best first: by score, then (Swiss) Buchholz and Sonneborn–Berger, then rating.
fn standings<'a>(
    t: &TournamentRow,
    players: &'a [TournamentPlayer],
    games: &[TournamentGame],
) -> Vec<Standing<'a>> {
    let played: Vec<swiss::Played> = games
        .iter()
        .filter_map(|g| {
            Some(swiss::Played {
                white: g.white.clone(),
                black: g.black.clone()?,
                white_score: g.white_score.filter(|_| g.counted)? as u32,
            })
        })
        .collect();
    let score =
        |user: &str| players.iter().find(|p| p.user == user).map_or(0, |p| p.score.max(0) as u32);
    let mut lines: Vec<Standing> = players
        .iter()
        .map(|p| {
            let (buchholz, berger) = if t.kind == "swiss" {
                swiss::tie_breaks(&p.user, &played, score)
            } else {
                (0.0, 0.0)
            };
            Standing { player: p, buchholz, berger }
        })
        .collect();
    lines.sort_by(|a, b| {
        b.player
            .score
            .cmp(&a.player.score)
            .then(b.buchholz.total_cmp(&a.buchholz))
            .then(b.berger.total_cmp(&a.berger))
            .then(b.player.rating.total_cmp(&a.player.rating))
            .then(a.player.name.cmp(&b.player.name))
    });
    lines
}

fn summary(t: &TournamentRow, players: Option<usize>) -> Value {
    let specs: Value = serde_json::from_str(&t.specs).unwrap_or(Value::Null);
    json!({
        "id": t.id, "kind": t.kind, "name": t.name, "specs": specs,
        "clock": { "initial_ms": t.clock.0, "increment_ms": t.clock.1 },
        "rated": t.rated, "starts_at": t.starts_at, "ends_at": t.ends_at(), "minutes": t.minutes,
        "rounds": t.rounds, "round": t.round, "status": t.status, "finished_at": t.finished_at,
        "scheduled": t.created_by.is_none(), "players": players,
    })
}

/// A tournament as its pages are shown it: the view every page shares, and each player's own
/// line (`{joined, playing, rank, score}`) by account.
#[derive(Debug)]
pub struct Built {
    pub view: Value,
    pub mine: HashMap<String, Value>,
    /// The view as a live page's message.
    pub message: String,
}

/// How many lines of the standings a page is sent live (a player's own comes apart), and how
/// many of an arena's latest games.
const SHOWN_LINES: usize = 100;
const SHOWN_GAMES: usize = 30;

/// The whole of a tournament (`full`), or what its live pages are sent.
async fn build(app: &Tournaments, id: &str, full: bool) -> Result<Option<Built>, sqlx::Error> {
    let Some(t) = app.store.tournament(id).await? else { return Ok(None) };
    let players = app.store.tournament_players(id).await?;
    let games = app.store.tournament_games(id).await?;
    // Ratings as they are now, in the game of the round under way (a medley's change by round),
    // not as they were at joining.
    let category = spec_of_round(&t, t.round.max(1)).and_then(|s| s.category().ok().flatten());
    let ratings = match &category {
        Some(category) => app.store.tournament_ratings(id, category).await?,
        None => HashMap::new(),
    };
    let names: HashMap<&str, &str> =
        players.iter().map(|p| (p.user.as_str(), p.name.as_str())).collect();
    let name = |user: &str| names.get(user).map(|n| (*n).to_owned());
    // The game each player is in.
    let mut current: HashMap<&str, &str> = HashMap::new();
    for g in games.iter().filter(|g| g.white_score.is_none()) {
        if let Some(game) = &g.game {
            current.insert(&g.white, game);
            if let Some(black) = &g.black {
                current.insert(black, game);
            }
        }
    }
    let mut lines = Vec::new();
    let mut mine = HashMap::new();
    for (i, s) in standings(&t, &players, &games).iter().enumerate() {
        let p = s.player;
        let playing = current.get(p.user.as_str()).copied();
        mine.insert(
            p.user.clone(),
            json!({ "joined": !p.withdrawn, "playing": playing, "rank": i + 1, "score": p.score }),
        );
        if full || i < SHOWN_LINES {
            let rating = ratings.get(&p.user).copied().unwrap_or_default();
            lines.push(json!({
                "rank": i + 1, "name": p.name, "rating": rating.rating.round() as i64,
                "provisional": rating.is_provisional(),
                "score": p.score, "games": p.games, "streak": p.streak,
                "fire": t.kind == "arena" && p.streak >= 2,
                "buchholz": s.buchholz, "berger": s.berger,
                "withdrawn": p.withdrawn, "playing": playing,
            }));
        }
    }
    let shown = if full || t.kind == "swiss" { 0 } else { games.len().saturating_sub(SHOWN_GAMES) };
    let pairings: Vec<Value> = games[shown..]
        .iter()
        .map(|g| {
            let result = g.white_score.map(|w| match (g.black.is_some(), w) {
                (false, _) => "bye",
                (_, 2) => "1-0",
                (_, 0) => "0-1",
                _ => "½-½",
            });
            json!({
                "round": g.round, "game": g.game, "white": name(&g.white),
                "black": g.black.as_deref().and_then(name), "result": result, "counted": g.counted,
            })
        })
        .collect();
    let mut view = summary(&t, Some(players.len()));
    view["standings"] = json!(lines);
    view["pairings"] = json!(pairings);
    let message = if full {
        String::new()
    } else {
        json!({ "t": "tournament", "tournament": view }).to_string()
    };
    Ok(Some(Built { view, mine, message }))
}

/// `GET /api/tournaments`: upcoming, running and recently finished.
pub async fn list(State(app): State<Tournaments>) -> ApiResult {
    let mut out = json!({});
    for status in ["created", "started", "finished"] {
        let rows = app.store.tournaments(status, 50).await.map_err(failed)?;
        out[status] = json!(rows.iter().map(|t| summary(t, None)).collect::<Vec<_>>());
    }
    Ok(Json(out).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTournament {
    kind: String,
    #[serde(default)]
    name: Option<String>,
    /// The game (not for a medley).
    #[serde(default)]
    spec: Option<Spec>,
    /// A Swiss tournament playing the three games in turn.
    #[serde(default)]
    medley: bool,
    clock: ClockMinutes,
    /// Minutes from now (0 to 7 days).
    #[serde(default)]
    starts_in: f64,
    /// An arena's length in minutes.
    #[serde(default)]
    minutes: Option<i64>,
    /// A Swiss tournament's rounds.
    #[serde(default)]
    rounds: Option<i64>,
    #[serde(default = "yes")]
    rated: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockMinutes {
    minutes: f64,
    #[serde(default)]
    increment: f64,
}

/// The tournament a request describes, checked.
fn read_tournament(
    new: NewTournament,
    created_by: Option<String>,
    now: i64,
) -> Result<TournamentRow, ApiError> {
    let specs = match (new.kind.as_str(), new.medley, new.spec) {
        ("swiss", true, _) => medley(),
        (_, true, _) => return Err(ApiError::bad("a medley is a Swiss tournament")),
        (_, false, Some(spec)) => vec![spec.normalized().map_err(|e| ApiError::bad(e.0))?],
        (_, false, None) => return Err(ApiError::bad("spec: which game")),
    };
    for spec in &specs {
        if spec.category().map_err(|e| ApiError::bad(e.0))?.is_none() {
            return Err(ApiError::bad("a tournament is played without handicaps"));
        }
    }
    let (minutes, rounds) = match new.kind.as_str() {
        "arena" => match new.minutes {
            Some(m @ 10..=720) => (Some(m), None),
            _ => return Err(ApiError::bad("minutes: an arena lasts 10 to 720 minutes")),
        },
        "swiss" => match new.rounds {
            Some(r @ 2..=20) => (None, Some(r)),
            _ => return Err(ApiError::bad("rounds: a Swiss tournament has 2 to 20 rounds")),
        },
        other => return Err(ApiError::bad(format!("kind: `{other}` is not arena or swiss"))),
    };
    let ClockMinutes { minutes: clock_minutes, increment } = new.clock;
    let valid = |x: f64, most: f64| x.is_finite() && (0.0..=most).contains(&x);
    if !valid(clock_minutes, 60.0)
        || !valid(increment, 60.0)
        || clock_minutes * 60.0 + increment < 15.0
    {
        return Err(ApiError::bad("clock: 0 to 60 minutes and 0 to 60 seconds, 15 s at least"));
    }
    if !valid(new.starts_in, 7.0 * 24.0 * 60.0) {
        return Err(ApiError::bad("starts_in: from 0 to 7 days, in minutes"));
    }
    let name = new.name.as_deref().and_then(|n| crate::text::clean(n, 60));
    let default_name = if new.medley {
        "Medley Swiss".to_owned()
    } else {
        format!("{} {}", specs[0].game(), if new.kind == "arena" { "arena" } else { "Swiss" })
    };
    Ok(TournamentRow {
        id: crate::ids::new_id(),
        kind: new.kind,
        name: name.unwrap_or(default_name),
        specs: serde_json::to_string(&specs).map_err(|e| ApiError::bad(e.to_string()))?,
        clock: ((clock_minutes * 60_000.0) as i64, (increment * 1000.0) as i64),
        rated: new.rated,
        created_by,
        starts_at: now + (new.starts_in * 60_000.0) as i64,
        minutes,
        rounds,
        round: 0,
        status: "created".into(),
        created_at: now,
        finished_at: None,
    })
}

/// `POST /api/tournaments`: a tournament made by an account. Bounded as lichess bounds them: a
/// few to come or under way by account at once, and a few a day by account and by address.
pub async fn create(
    State(app): State<Tournaments>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> ApiResult {
    let new: NewTournament = body(&headers, &bytes)?;
    let user = crate::request::account(&app, &headers, "make a tournament").await?;
    let t = read_tournament(new, Some(user.id.clone()), now_ms())?;
    let most = app.limits.settings.open_tournaments;
    if app.store.open_tournaments_by(&user.id).await.map_err(failed)? >= most {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many",
            format!("you have {most} tournaments to come or under way: make another once one ends"),
        ));
    }
    let address = crate::request::client_address(&app, &headers, peer);
    for key in [address, crate::limits::account_key(&user.id)] {
        app.limits
            .check(crate::limits::Kind::CreateTournament, &key)
            .map_err(|w| ApiError::too_many(w, "new tournaments"))?;
    }
    app.store.create_tournament(&t).await.map_err(failed)?;
    app.lobby_changed();
    Ok(Json(json!({ "id": t.id })).into_response())
}

/// `GET /api/tournaments/ID`: the tournament, its standings and pairings, and whether the reader
/// plays in it (which tells the arena they are there).
pub async fn show(
    State(app): State<Tournaments>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let user = signed_in(&app, &headers).await?;
    let Some(Built { mut view, mine, .. }) = build(&app, &id, true).await.map_err(failed)? else {
        return Err(ApiError::not_found());
    };
    if let Some(user) = user {
        let me = mine.get(&user.id);
        if me.is_some_and(|m| m["joined"] == true) {
            app.store.present(&id, &user.id).await.map_err(failed)?;
        }
        view["you"] = me.cloned().unwrap_or_else(|| json!({ "joined": false, "playing": null }));
    }
    Ok(Json(view).into_response())
}

/// `POST /api/tournaments/ID/join`.
pub async fn join(
    State(app): State<Tournaments>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let user = crate::request::account(&app, &headers, "play a tournament").await?;
    if app.is_bot(&user.id) {
        return Err(crate::request::bots_play_bots());
    }
    let Some(t) = app.store.tournament(&id).await.map_err(failed)? else {
        return Err(ApiError::not_found());
    };
    if t.status == "finished" {
        return Err(ApiError::new(StatusCode::CONFLICT, "over", "the tournament is over"));
    }
    let category = spec_of_round(&t, 1).and_then(|s| s.category().ok().flatten());
    let rating = match category {
        Some(category) => {
            let found = app.store.ratings_in(&category, std::slice::from_ref(&user.id)).await;
            found.map_err(failed)?.first().map_or(1500.0, |r| r.rating.rating)
        }
        None => 1500.0,
    };
    app.store.join_tournament(&id, &user.id, &user.name, rating).await.map_err(failed)?;
    changed(&app, &id).await;
    Ok(Json(json!({ "joined": true })).into_response())
}

/// `POST /api/tournaments/ID/withdraw`: no more games (a game under way is played out).
pub async fn withdraw(
    State(app): State<Tournaments>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult {
    let user = crate::request::account(&app, &headers, "play a tournament").await?;
    let withdrawn = app.store.withdraw(&id, &user.id).await.map_err(failed)?;
    changed(&app, &id).await;
    Ok(Json(json!({ "withdrawn": withdrawn })).into_response())
}

/// `GET /api/tournaments/ID/standings.csv`: the standings, then every pairing, as a file.
pub async fn download(
    State(app): State<Tournaments>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let Some(Built { view: v, .. }) = build(&app, &id, true).await.map_err(failed)? else {
        return Err(ApiError::not_found());
    };
    let field = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let text = |v: &Value| v.as_str().map(&field).unwrap_or_default();
    let mut csv =
        String::from("rank,name,rating,score,games,buchholz,sonneborn_berger,withdrawn\n");
    let half = v["kind"] == "swiss";
    for s in v["standings"].as_array().into_iter().flatten() {
        let score = s["score"].as_i64().unwrap_or(0);
        let score = if half { format!("{}", score as f64 / 2.0) } else { score.to_string() };
        csv += &format!(
            "{},{},{},{},{},{},{},{}\n",
            s["rank"],
            text(&s["name"]),
            s["rating"],
            score,
            s["games"],
            s["buchholz"],
            s["berger"],
            s["withdrawn"]
        );
    }
    csv += "\nround,white,black,result,game\n";
    for p in v["pairings"].as_array().into_iter().flatten() {
        csv += &format!(
            "{},{},{},{},{}\n",
            p["round"],
            text(&p["white"]),
            text(&p["black"]),
            text(&p["result"]),
            text(&p["game"])
        );
    }
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"tournament-{id}.csv\"")),
        ],
        csv,
    )
        .into_response())
}

/// `GET /ws/tournaments/ID`: the tournament (as `GET /api/tournaments/ID`) at once and whenever
/// it changes; a player's open socket tells the arena they are there.
pub async fn socket(
    State(app): State<Tournaments>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    guard: Option<axum::Extension<awe_site_core::limits::ConnectionGuard>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let upgrade = match awe_site_play::ws::from_this_site(&headers, upgrade) {
        Ok(upgrade) => upgrade,
        Err(refused) => return refused.into_response(),
    };
    let user = match signed_in(&app, &headers).await {
        Ok(user) => user.map(|u| u.id),
        Err(error) => return error.into_response(),
    };
    let reader = Reader { user, address: crate::request::client_address(&app, &headers, peer) };
    upgrade.on_upgrade(move |socket| watch_tournament(socket, app, id, reader, guard.map(|g| g.0)))
}

/// Who reads a tournament's page: their account, and their address.
struct Reader {
    user: Option<String>,
    address: String,
}

async fn watch_tournament(
    mut socket: WebSocket,
    app: Tournaments,
    id: String,
    Reader { user, address }: Reader,
    _guard: Option<awe_site_core::limits::ConnectionGuard>,
) {
    let mut changes = app.hub.subscribe(&id);
    let mut chat = app.chat.subscribe(&crate::channels::tournament_channel(&id));
    let mut presence = tokio::time::interval(Duration::from_secs(10));
    // Whether the reader plays one of the tournament's games now: its chat is closed to them.
    let mut playing = false;
    loop {
        let version = *changes.borrow_and_update();
        let texts = match app.hub.live(&app, &id, version).await {
            Ok(Some(built)) => {
                let mut texts = vec![built.message.clone()];
                let mine = user.as_ref().and_then(|u| built.mine.get(u));
                playing = mine.is_some_and(|m| !m["playing"].is_null());
                if let Some(mine) = mine {
                    texts.push(json!({ "t": "you", "you": mine }).to_string());
                }
                texts
            }
            Ok(None) => break,
            Err(_) => vec![json!({ "t": "error", "code": "retry" }).to_string()],
        };
        for text in texts {
            if socket.send(Frame::Text(text.into())).await.is_err() {
                return;
            }
        }
        loop {
            tokio::select! {
                () = app.shutdown.stopped() => {
                    awe_site_play::ws::restarting(&mut socket).await;
                    return;
                }
                changed = changes.changed() => {
                    if changed.is_err() { return; }
                    break;
                }
                line = chat.recv() => match line {
                    Ok(_) if playing || app.seats.plays_in(&address, &id) => {}
                    Ok(line) => if socket.send(Frame::Text((*line).into())).await.is_err() { return },
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                },
                _ = presence.tick() => {
                    if let Some(user) = &user {
                        let _ = app.store.present(&id, user).await;
                    }
                }
                frame = tokio::time::timeout(app.limits.settings.idle_timeout, socket.recv()) => match frame {
                    Ok(Some(Ok(Frame::Text(_) | Frame::Ping(_) | Frame::Pong(_)))) => {}
                    _ => return,
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournament_request_is_checked() {
        let read = |body: Value| {
            let new: NewTournament = serde_json::from_value(body).unwrap();
            read_tournament(new, None, 0)
        };
        let arena = json!({
            "kind": "arena", "spec": { "game": "awele", "rules": "abapa" },
            "clock": { "minutes": 3, "increment": 2 }, "minutes": 60,
        });
        let t = read(arena.clone()).unwrap();
        assert_eq!(
            (t.ends_at(), t.clock, t.name.as_str()),
            (Some(3_600_000), (180_000, 2_000), "awele arena")
        );
        let mut short = arena.clone();
        short["minutes"] = json!(5);
        assert!(read(short).is_err());
        let medley =
            json!({ "kind": "swiss", "medley": true, "clock": { "minutes": 5 }, "rounds": 6 });
        let t = read(medley).unwrap();
        let games: Vec<&str> = (1..=4).map(|r| spec_of_round(&t, r).unwrap().game()).collect();
        assert_eq!(games, ["awele", "awithlaknannai", "awechec", "awele"]);
        let handicap = json!({
            "kind": "swiss", "spec": { "game": "awechec", "handicap": "white:3/2" },
            "clock": { "minutes": 5 }, "rounds": 3,
        });
        assert!(read(handicap).is_err());
        assert_eq!(white_score(Some("1-0")), 2);
        assert_eq!(white_score(Some("1/2-1/2")), 1);
    }
}
