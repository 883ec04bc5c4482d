//! A game's room: one task on each server where someone follows the game, that owns the game
//! there, takes what its players and spectators ask in order, writes every change to the
//! database before anyone learns of it, and then tells every connection the new state.
//!
//! Several servers may each have a room for one game (its players connected to different
//! servers). A change is written only if the database still holds the version the room had
//! ([`Store::commit`]); the other rooms hear of it (`bus.rs`) and read the game again. So two
//! rooms never both record a move, and the computer's search and a fallen flag are handled once:
//! a server searches only under a lease (`Store::take_lease`), and of two servers ending a game
//! on time one writes it and the other reads it.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use awe_game::{Side, Stop};
use awe_search::Level;
use axum::extract::ws::Utf8Bytes;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc};

pub use crate::handle::{Action, Built, Cached, Command, Handle, Info, Subscription};
use crate::pool::Priority;
use crate::site::Site;
use awe_site_core::clock::Clock;
use awe_site_core::ids::valid_id;
use awe_site_core::model::{Match, each};
pub use awe_site_core::request::{Actor, Refusal, refuse};
use awe_site_core::spec::Spec;
use awe_site_core::store::{Commit, Committed, GameRow, MoveRow, SeatRow, now_ms};

/// What a seat holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Free: an invitation or an open challenge gives it to the first who comes.
    Empty,
    /// A person: the hash of the secret their browser keeps, and their account if they were
    /// signed in (then any of their signed-in browsers holds the seat).
    Human { secret: String, user: Option<String> },
    /// The computer at a level.
    Computer(Level),
}

/// What the database holds of a game that changes as it is played: a room changes a copy and
/// commits it, and keeps it only once it is written.
#[derive(Clone)]
pub struct Stored {
    pub game: Match,
    pub seats: [Seat; 2],
    /// The players' names, where they gave one (or a record did, or an account has one).
    pub names: [Option<String>; 2],
    pub clock: Option<Clock>,
    /// Who offers a draw, a takeback, a rematch.
    /// Who offers a draw, a takeback, a rematch; and whose draw offer was declined since the
    /// last move.
    pub offers: [Option<Side>; 4],
    pub rematch: Option<String>,
    /// Withdrawn before anyone took the free seat.
    pub cancelled: bool,
    /// Aborted because this side did not make its first move in time (see [`first_move_ms`]):
    /// no result, no rating change.
    pub aborted: Option<Side>,
    /// In a rated game that ended: each seat's rating before it and the change.
    pub rating_changes: [Option<(i64, i64)>; 2],
    /// The clocks after each move (what a takeback goes back to).
    pub move_clocks: Vec<Option<[i64; 2]>>,
    /// Who berserked (an arena's game): South, North.
    pub berserk: [bool; 2],
}

impl Stored {
    /// Whether the game ended with no result: withdrawn before it began, or aborted.
    pub fn is_void(&self) -> bool {
        self.cancelled || self.aborted.is_some()
    }

    /// The side whose first move the game waits for, if it waits for a person's: a game with a
    /// clock, both seats taken, not over. Until each side has moved once its clock does not
    /// run; the first move has its own time instead, and a game whose first moves do not come
    /// is aborted, as lichess does.
    pub fn awaiting_first_move(&self) -> Option<Side> {
        if self.clock.is_none()
            || self.is_void()
            || self.game.outcome().is_some()
            || self.seats.contains(&Seat::Empty)
        {
            return None;
        }
        let side = self.game.turn();
        let person = matches!(self.seats[side.index()], Seat::Human { .. });
        (person && !has_moved(&self.game, side)).then_some(side)
    }

    /// The time a side has for its first move, in milliseconds (see [`first_move_ms`]).
    fn first_move_ms(&self, live: Duration) -> i64 {
        let clock = self.clock.as_ref();
        let per_move = clock.filter(|c| c.per_move).map(|c| c.initial_ms);
        first_move_ms(per_move, live)
    }
}

/// Whether `side` has made a move in `game`.
fn has_moved(game: &Match, side: Side) -> bool {
    each!(game, g => g.positions()[..g.moves().len()].iter().any(|p| awe_game::Position::turn(p) == side))
}

/// The time a side has for its first move, in milliseconds: a correspondence game's time a move
/// (`per_move`), else the server's setting (`first_move`, 30 s by default).
pub fn first_move_ms(per_move: Option<i64>, live: Duration) -> i64 {
    per_move.unwrap_or(live.as_millis() as i64)
}

/// A new game's row, made to be played at once (paired, a tournament's, a rematch, against the
/// computer), with the deadline of its first move written with it: the sweeper then aborts it
/// even if nobody ever opens it. A game the computer begins is opened by the sweeper at that
/// deadline, and goes on.
pub fn with_first_move(mut row: GameRow, live: Duration) -> GameRow {
    if let Some((initial, _)) = row.clock
        && row.status == "playing"
    {
        let per_move = row.correspondence.then_some(initial);
        row.deadline_at = Some(row.created_at + first_move_ms(per_move, live));
    }
    row
}

/// The state of a game's room.
pub struct Room {
    pub id: String,
    pub spec: Spec,
    pub kind: String,
    pub rated: bool,
    pub category: Option<String>,
    pub invite: Option<String>,
    /// The account a challenge is addressed to (a bot), the only one who may take its seat.
    pub challenged: Option<String>,
    /// The tournament it is a game of, and whether it is an arena (berserk is allowed).
    pub tournament: Option<String>,
    arena: bool,
    start_position: Option<String>,
    created_at: i64,
    /// The version of the game in the database that `now` is.
    version: i64,
    pub now: Stored,
    /// While the game waits for a side's first move: the ply it waits at, and when it is
    /// aborted if the move does not come (milliseconds since 1970; kept as the row's
    /// `deadline_at`).
    opening: Option<(usize, i64)>,
    /// The ratings of the seats' accounts now (rated games), for the page.
    ratings: [Option<(i64, bool)>; 2],
    /// Which seats are held by bot accounts (marked as such wherever a seat is shown).
    bots: [bool; 2],
    /// Whether the computer is thinking (a search or an answer under way).
    thinking: bool,
    /// The latest state, as sent: shared by every connection's frame, never copied.
    events: broadcast::Sender<Utf8Bytes>,
    state: Utf8Bytes,
    /// What every state repeats, kept rather than made again for each move: the moves played
    /// as the page lists them, and the board's points and lines.
    move_views: Vec<Box<RawValue>>,
    board: Value,
    /// What was built for the game as it is now (emptied at each change).
    built: HashMap<Built, Arc<tokio::sync::OnceCell<axum::body::Bytes>>>,
    /// What the room tells the server's list of rooms.
    info: Arc<Info>,
}

/// The state every connection is shown, borrowed from the room (serialized once a change).
#[derive(serde::Serialize)]
struct View<'a> {
    id: &'a str,
    spec: &'a Spec,
    kind: &'a str,
    rated: bool,
    status: &'a str,
    sides: [&'a str; 2],
    seats: [Value; 2],
    board: &'a Value,
    position: Value,
    before: Option<Value>,
    last: Option<&'a RawValue>,
    moves: &'a [Box<RawValue>],
    ply: usize,
    turn: Option<&'a str>,
    legal: Vec<Value>,
    clock: Option<Value>,
    offers: Value,
    rematch: &'a Option<String>,
    outcome: Option<Value>,
    /// How the game would end if the players agreed to stop it now (while it runs).
    agreement: Option<Value>,
    thinking: bool,
    /// The tournament it is a game of, and who berserked.
    tournament: Option<Value>,
    berserk: [bool; 2],
    created_at: i64,
    /// The first move awaited: whose, and the time left before the game is aborted.
    first_move: Option<Value>,
    /// The side whose first move did not come, in an aborted game.
    aborted: Option<&'static str>,
}

const DRAW: usize = 0;
const TAKEBACK: usize = 1;
const REMATCH: usize = 2;
const DECLINED: usize = 3;
const OFFERS: [&str; 4] = ["draw", "takeback", "rematch", "declined"];

/// The time for a first move of a live game where a row has none written (the server's own
/// comes from its settings).
const FIRST_MOVE: Duration = Duration::from_secs(30);

/// How often a watched room looks whether it still is: a connection that closes (a page, a
/// request that read the state) drops its receiver without telling the room.
const WATCHED: Duration = Duration::from_secs(5);

/// How long a server may search for the computer before another may take over, beyond the
/// search's own time.
const LEASE_MARGIN: Duration = Duration::from_secs(10);

fn stop_text(stop: Stop) -> String {
    match stop {
        Stop::Agreement => "agreement".into(),
        Stop::Resignation(side) => format!("resignation:{}", side.name().to_lowercase()),
        Stop::TimeForfeit(side) => format!("time:{}", side.name().to_lowercase()),
    }
}

fn side_from_text(name: &str) -> Option<Side> {
    match name {
        "south" => Some(Side::South),
        "north" => Some(Side::North),
        _ => None,
    }
}

/// How a game stopped, from the words the database keeps (`resignation:south`…).
pub fn stop_from_text(text: &str) -> Option<Stop> {
    match text.split_once(':') {
        None if text == "agreement" => Some(Stop::Agreement),
        Some(("resignation", s)) => side_from_text(s).map(Stop::Resignation),
        Some(("time", s)) => side_from_text(s).map(Stop::TimeForfeit),
        _ => None,
    }
}

fn berserk_text(berserk: [bool; 2]) -> Option<String> {
    let sides: Vec<&str> =
        ["south", "north"].into_iter().zip(berserk).filter(|(_, b)| *b).map(|(s, _)| s).collect();
    (!sides.is_empty()).then(|| sides.join(" "))
}

fn offers_text(offers: &[Option<Side>; 4]) -> Option<String> {
    let text: Vec<String> = offers
        .iter()
        .zip(OFFERS)
        .filter_map(|(side, name)| side.map(|s| format!("{name}:{}", s.name().to_lowercase())))
        .collect();
    (!text.is_empty()).then(|| text.join(" "))
}

fn offers_from_text(text: Option<&str>) -> [Option<Side>; 4] {
    let mut offers = [None; 4];
    for word in text.unwrap_or_default().split_whitespace() {
        if let Some((name, side)) = word.split_once(':')
            && let Some(i) = OFFERS.iter().position(|n| *n == name)
        {
            offers[i] = side_from_text(side);
        }
    }
    offers
}

impl Room {
    /// The room of a stored game, its moves replayed through the rules.
    pub fn load(row: &GameRow, moves: &[MoveRow]) -> Result<Room, String> {
        let spec: Spec = serde_json::from_str(&row.spec).map_err(|e| e.to_string())?;
        let mut game =
            Match::new(&spec, row.start_position.as_deref()).map_err(|e| e.to_string())?;
        for mv in moves {
            game.play(&mv.text).map_err(|e| format!("move {}: {e}", mv.ply))?;
        }
        let stopped = row.stopped.as_deref().and_then(stop_from_text);
        if let Some(stop) = stopped {
            game.stop(stop);
        }
        let seats = row.seats.clone().map(|seat| match seat {
            SeatRow { secret: Some(secret), user, .. } => Seat::Human { secret, user },
            SeatRow { level: Some(level), .. } => {
                Level::new(level.clamp(1, 10) as u8).map_or(Seat::Empty, Seat::Computer)
            }
            _ => Seat::Empty,
        });
        let berserk = ["south", "north"]
            .map(|side| row.berserk.as_deref().is_some_and(|b| b.split(' ').any(|s| s == side)));
        let clock = row.clock.map(|(initial, increment)| {
            let mut clock = Clock::new(initial, increment);
            clock.per_move = row.correspondence;
            // Berserk halves a clock before its side's first move; after, the moves' clocks say.
            for (i, halved) in berserk.iter().enumerate() {
                if *halved && moves.is_empty() {
                    clock.remaining[i] = initial / 2;
                }
            }
            if let Some(last) = moves.last() {
                clock.remaining = last.clocks.unwrap_or([initial; 2]);
                // The clock has run since the last move, the time the server was down too
                // (once the side to move has made its first move: see `awaiting_first_move`).
                if game.outcome().is_none() && has_moved(&game, game.turn()) {
                    let ago = Duration::from_millis((now_ms() - last.played_at).max(0) as u64);
                    let since = Instant::now().checked_sub(ago).unwrap_or_else(Instant::now);
                    clock.running = Some((game.turn(), since));
                }
            }
            // A fallen flag left nothing on that clock.
            if let Some(Stop::TimeForfeit(side)) = stopped {
                clock.remaining[side.index()] = 0;
            }
            clock
        });
        // Slow connections miss states, then get the latest one: no need to hold many.
        let (events, _) = broadcast::channel(8);
        let rating_changes = row.seats.clone().map(|s| s.rating.zip(s.diff));
        let aborted = match row.stopped.as_deref().and_then(|s| s.strip_prefix("aborted:")) {
            Some(side) if row.status == "aborted" => side_from_text(side),
            _ => None,
        };
        let mut room = Room {
            id: row.id.clone(),
            spec,
            kind: row.kind.clone(),
            rated: row.rated,
            category: row.category.clone(),
            invite: row.invite.clone(),
            challenged: row.challenged.clone(),
            tournament: row.tournament.clone(),
            arena: row.tournament_kind.as_deref() == Some("arena"),
            start_position: row.start_position.clone(),
            created_at: row.created_at,
            version: row.version,
            now: Stored {
                game,
                seats,
                names: row.seats.clone().map(|seat| seat.name),
                clock,
                offers: offers_from_text(row.offers.as_deref()),
                rematch: row.rematch.clone(),
                cancelled: row.status == "cancelled",
                aborted,
                rating_changes,
                move_clocks: moves.iter().map(|m| m.clocks).collect(),
                berserk,
            },
            opening: None,
            ratings: [None; 2],
            bots: [false; 2],
            thinking: false,
            events: events.clone(),
            state: Utf8Bytes::from_static(""),
            move_views: Vec::new(),
            board: Value::Null,
            built: HashMap::new(),
            info: Arc::new(Info::new(events.clone())),
        };
        // The first move awaited keeps the deadline it was given; a row written before there
        // was one gets the default time from its last change.
        room.opening = room.now.awaiting_first_move().map(|_| {
            let at = row.deadline_at;
            let at = at.unwrap_or_else(|| row.updated_at + room.now.first_move_ms(FIRST_MOVE));
            (room.now.game.plies(), at)
        });
        room.move_views = raw(room.now.game.move_views());
        room.board = crate::model::board_view(&room.now.game);
        room.state = Utf8Bytes::from(room.state_json());
        Ok(room)
    }

    /// The game as the database is to hold it once `next` is written.
    fn row(&self, next: &Stored, opening: Option<(usize, i64)>) -> GameRow {
        let seats = [0, 1].map(|i| {
            let (secret, user, level) = match &next.seats[i] {
                Seat::Human { secret, user } => (Some(secret.clone()), user.clone(), None),
                Seat::Computer(level) => (None, None, Some(level.get() as i64)),
                Seat::Empty => (None, None, None),
            };
            let (rating, diff) = next.rating_changes[i].unzip();
            SeatRow { secret, level, name: next.names[i].clone(), user, rating, diff }
        });
        let stopped = each!(&next.game, g => g.stopped())
            .map(stop_text)
            .or_else(|| next.aborted.map(|side| format!("aborted:{}", side.name().to_lowercase())));
        let outcome = next.game.outcome();
        let flag_at = next.clock.as_ref().and_then(Clock::flag_at).map(|(_, at)| {
            now_ms() + at.saturating_duration_since(Instant::now()).as_millis() as i64
        });
        // The sweeper opens the game's room when either comes, whoever watches.
        let deadline_at = flag_at.or(opening.map(|(_, at)| at));
        GameRow {
            id: self.id.clone(),
            spec: serde_json::to_string(&self.spec).unwrap_or_default(),
            start_position: self.start_position.clone(),
            kind: self.kind.clone(),
            status: status(&self.kind, next).into(),
            seats,
            invite: self.invite.clone(),
            clock: next.clock.as_ref().map(|c| (c.initial_ms, c.increment_ms)),
            stopped,
            result: outcome.map(|o| o.result().to_string()),
            termination: outcome
                .map(|o| o.termination.name().to_owned())
                .or_else(|| next.aborted.map(|_| "aborted".to_owned())),
            rematch: next.rematch.clone(),
            created_at: self.created_at,
            updated_at: now_ms(),
            version: self.version,
            plies: next.game.plies() as i64,
            offers: offers_text(&next.offers),
            deadline_at,
            rated: self.rated,
            category: self.category.clone(),
            correspondence: next.clock.as_ref().is_some_and(|c| c.per_move),
            to_move: (status(&self.kind, next) == "playing")
                .then(|| next.game.turn().name().to_lowercase()),
            tournament: self.tournament.clone(),
            berserk: berserk_text(next.berserk),
            tournament_kind: None,
            challenged: self.challenged.clone(),
        }
    }

    /// Whether the game is being played between two people: both seats a person's, not over,
    /// not withdrawn.
    pub fn is_live(&self) -> bool {
        self.now.seats.iter().all(|s| matches!(s, Seat::Human { .. }))
            && self.now.game.outcome().is_none()
            && !self.now.is_void()
            && self.kind != "import"
    }

    /// The side whose seat `actor` holds: by account where the seat has one, else by browser.
    fn side_of(&self, actor: &Actor) -> Option<Side> {
        Side::ALL.into_iter().find(|&side| match &self.now.seats[side.index()] {
            Seat::Human { user: Some(user), .. } => {
                actor.user.as_ref().is_some_and(|u| &u.id == user)
            }
            Seat::Human { secret, user: None } => *secret == actor.secret,
            _ => false,
        })
    }

    /// The state every connection is shown, as JSON text.
    fn state_json(&self) -> String {
        let now = Instant::now();
        let stored = &self.now;
        let game = &stored.game;
        let seat = |side: Side| {
            let i = side.index();
            let mut seat = match &stored.seats[i] {
                // An imported record's players: names, no seat to take.
                Seat::Empty if self.kind == "import" => {
                    json!({ "kind": "record", "name": stored.names[i] })
                }
                Seat::Empty => json!({ "kind": "empty", "name": stored.names[i] }),
                Seat::Human { user, .. } => json!({
                    "kind": "human", "name": stored.names[i], "account": user.is_some(),
                    "bot": self.bots[i],
                }),
                Seat::Computer(level) => json!({ "kind": "computer", "level": level.get() }),
            };
            if let Some((rating, provisional)) = self.ratings[i] {
                seat["rating"] = json!(rating);
                seat["provisional"] = json!(provisional);
            }
            if let Some((before, diff)) = stored.rating_changes[i] {
                seat["rating"] = json!(before);
                seat["diff"] = json!(diff);
            }
            seat
        };
        let side = |side: Option<Side>| side.map(|s| game.side_name(s));
        let before =
            each!(game, g => g.last_move().map(|(before, _)| crate::model::WebGame::view(before)));
        let outcome = game.outcome().map(|o| {
            json!({
                "winner": side(o.winner),
                "score": o.score,
                "termination": o.termination.name(),
                "result": o.result().to_string(),
            })
        });
        let clock = stored.clock.as_ref().map(|c| {
            json!({
                "initial_ms": c.initial_ms,
                "increment_ms": c.increment_ms,
                "days": c.days(),
                "remaining_ms": c.snapshot(now),
                "running": side(c.running.map(|(s, _)| s)),
            })
        });
        let view = View {
            id: &self.id,
            spec: &self.spec,
            kind: &self.kind,
            rated: self.rated,
            status: status(&self.kind, stored),
            sides: [game.side_name(Side::South), game.side_name(Side::North)],
            seats: [seat(Side::South), seat(Side::North)],
            board: &self.board,
            position: game.view(),
            before,
            last: self.move_views.last().map(|m| &**m),
            moves: &self.move_views,
            ply: game.plies(),
            turn: game.outcome().is_none().then(|| game.side_name(game.turn())),
            legal: if stored.is_void() { Vec::new() } else { game.legal() },
            clock,
            offers: json!({
                "draw": side(stored.offers[DRAW]),
                "takeback": side(stored.offers[TAKEBACK]),
                "rematch": side(stored.offers[REMATCH]),
                "declined": side(stored.offers[DECLINED]),
            }),
            rematch: &stored.rematch,
            outcome,
            agreement: (game.outcome().is_none() && !stored.is_void()).then(|| {
                let agreed =
                    each!(game, g => awe_game::Position::outcome_on_agreement(g.current()));
                json!({ "winner": side(agreed.winner), "score": agreed.score })
            }),
            thinking: self.thinking,
            tournament: self
                .tournament
                .as_deref()
                .map(|id| json!({ "id": id, "arena": self.arena })),
            berserk: stored.berserk,
            created_at: self.created_at,
            first_move: self.opening.map(|(_, at)| {
                let side = stored.awaiting_first_move().unwrap_or(game.turn());
                json!({ "side": game.side_name(side), "remaining_ms": (at - now_ms()).max(0) })
            }),
            aborted: stored.aborted.map(|s| game.side_name(s)),
        };
        serde_json::to_string(&view).unwrap_or_default()
    }

    /// Makes the state anew and sends it to every connection.
    fn publish(&mut self) {
        self.state = Utf8Bytes::from(format!("{STATE_PREFIX}{}}}", self.state_json()));
        let _ = self.events.send(self.state.clone());
        self.built.clear();
        self.info.weight.store(self.weight(), Ordering::Relaxed);
    }

    /// The room's estimated memory, in bytes: the state (kept, and in the broadcast's few
    /// latest), the moves as listed (about as large again), the game's positions, and what was
    /// built. Measured: a 4,000-ply Awélé game's room takes about 1.0 MB, estimated 1.1 MB.
    pub fn weight(&self) -> usize {
        let positions = self.now.game.plies() + 1;
        let position = each!(&self.now.game, g => std::mem::size_of_val(g.current()));
        let built: usize = self.built.values().filter_map(|c| c.get()).map(|b| b.len()).sum();
        4096 + 4 * self.state.len() + positions * (position + 128) + built
    }

    /// What [`Command::Built`] answers.
    fn built(&mut self, what: Built) -> Cached {
        let cell = Arc::clone(self.built.entry(what).or_default());
        if let Some(bytes) = cell.get() {
            return Cached::Ready(bytes.clone());
        }
        let game = self.now.game.clone();
        let job: Box<dyn FnOnce() -> Vec<u8> + Send> = match what {
            Built::History => {
                // The clocks after each move, for the replay (null without a clock).
                let clocks = self.now.move_clocks.clone();
                Box::new(move || {
                    let (positions, moves) = game.history();
                    let history =
                        json!({ "positions": positions, "moves": moves, "clocks": clocks });
                    serde_json::to_vec(&history).unwrap_or_default()
                })
            }
            Built::Record(language) => {
                let names = Side::ALL.map(|side| {
                    match (&self.now.seats[side.index()], &self.now.names[side.index()]) {
                        (Seat::Computer(level), _) => format!("awe level {}", level.get()),
                        (_, Some(name)) => name.clone(),
                        _ => "?".to_owned(),
                    }
                });
                Box::new(move || game.record([&names[0], &names[1]], language).into_bytes())
            }
        };
        Cached::Build(cell, job)
    }

    /// Keeps the list of moves shown up to date with the game: one more after a move, made
    /// again after anything else (a takeback, the game read again).
    fn update_move_views(&mut self) {
        let plies = self.now.game.plies();
        if plies == self.move_views.len() + 1
            && let Some(last) = self.now.game.last()
        {
            self.move_views.extend(raw(vec![last]));
        } else if plies != self.move_views.len() {
            self.move_views = raw(self.now.game.move_views());
        }
    }
}

/// How a room's state message begins.
pub const STATE_PREFIX: &str = "{\"t\":\"state\",\"game\":";

/// The name of `side` in the game of a state message (`{"t":"state","game":…}`), read from its
/// head (the game's id and spec) without the rest.
pub fn side_in_state(state: &str, side: Side) -> Option<&'static str> {
    #[derive(serde::Deserialize)]
    struct Head {
        spec: Spec,
    }
    let game = state.strip_prefix(STATE_PREFIX)?;
    let end = game.find(",\"kind\":")?;
    let head: Head = serde_json::from_str(&format!("{}}}", &game[..end])).ok()?;
    Some(side_name(&head.spec, side))
}

/// A side's name in a game of `spec`.
pub fn side_name(spec: &Spec, side: Side) -> &'static str {
    match (spec, side) {
        (Spec::Awele { .. }, Side::South) => "south",
        (Spec::Awele { .. }, Side::North) => "north",
        (_, Side::South) => "white",
        (_, Side::North) => "black",
    }
}

/// Views kept as their JSON text: a long game's moves as values would take ten times the
/// memory.
fn raw(views: Vec<Value>) -> Vec<Box<RawValue>> {
    views.iter().filter_map(|v| serde_json::value::to_raw_value(v).ok()).collect()
}

/// A game's status as the lists show it.
fn status(kind: &str, stored: &Stored) -> &'static str {
    if stored.cancelled {
        "cancelled"
    } else if stored.aborted.is_some() {
        "aborted"
    } else if kind == "import" || stored.game.outcome().is_some() {
        "over"
    } else if stored.seats.contains(&Seat::Empty) {
        "waiting"
    } else {
        "playing"
    }
}

/// Rooms are opened from the site: a room's task holds the site, and the site holds the rooms.
impl Site {
    /// The room of game `id`, started from the database if it is not in memory; `None` if there
    /// is no such game. Refused (a message to show) if the database fails, or if the rooms in
    /// memory are at their budget and every one of them is watched.
    pub async fn room(&self, id: &str) -> Result<Option<Handle>, String> {
        if !valid_id(id) {
            return Ok(None);
        }
        if let Some(handle) = self.rooms.get(id) {
            return Ok(Some(handle));
        }
        // One load at a time for a game, so that it never has two rooms here; other games load
        // meanwhile, a few at once.
        let lock = self.rooms.load_lock(id);
        let _loading = lock.lock().await;
        let found = self.load_room(id).await;
        self.rooms.loaded(id);
        found
    }

    async fn load_room(&self, id: &str) -> Result<Option<Handle>, String> {
        if let Some(handle) = self.rooms.get(id) {
            return Ok(Some(handle));
        }
        let _turn = self.rooms.loads.acquire().await.map_err(|_| "try again".to_owned())?;
        let stored = self.store.load(id).await.map_err(|e| {
            tracing::error!("game {id}: {e}");
            "the game could not be read; try again".to_owned()
        })?;
        let Some((row, moves)) = stored else { return Ok(None) };
        // Replaying a long game's moves takes a while: not on the server's async threads.
        let room = tokio::task::spawn_blocking(move || Room::load(&row, &moves))
            .await
            .map_err(|_| "the game could not be replayed".to_owned())?
            .map_err(|e| {
                tracing::error!("game {id} cannot be replayed: {e}");
                "the game could not be replayed".to_owned()
            })?;
        let limits = &self.limits.settings;
        if !self.rooms.make_room(room.weight(), limits.max_rooms, limits.rooms_memory) {
            return Err(
                "the server is full: every game in its memory is being watched; try again \
                        in a moment"
                    .to_owned(),
            );
        }
        let handle = start(room, self.clone());
        // A change committed after the game was read may have been heard before the room was
        // in the map: the room reads the game again (it ignores a version it already has).
        if let Some(version) = self.rooms.insert_loaded(id, handle.clone()) {
            let _ = handle.commands.try_send(Command::Changed { version });
        }
        Ok(Some(handle))
    }

    /// Another server stopped while the computer searched in game `id`: a server searches now
    /// (each that hears of it tries; one takes the lease).
    pub fn search_handed_back(&self, id: &str) {
        if self.shutdown.stopping() {
            return;
        }
        if let Some(handle) = self.rooms.get(id) {
            let _ = handle.commands.try_send(Command::Retry);
            return;
        }
        let app = self.clone();
        let id = id.to_owned();
        tokio::spawn(async move {
            if let Err(error) = app.room(&id).await {
                tracing::warn!(game = %id, %error, "a search handed back");
            }
        });
    }
}

/// Starts the task of `room`; it ends when nobody has used it for a while, or when the server
/// needs its memory and nobody watches it, and tells `app`.
pub fn start(room: Room, app: Site) -> Handle {
    let (commands, receiver) = mpsc::channel(256);
    room.info.weight.store(room.weight(), Ordering::Relaxed);
    room.info.touch();
    let handle = Handle { commands: commands.clone(), info: Arc::clone(&room.info) };
    let span = tracing::info_span!("room", game = %room.id);
    tokio::spawn(tracing::Instrument::instrument(run(room, receiver, commands, app), span));
    handle
}

async fn run(
    mut room: Room,
    mut receiver: mpsc::Receiver<Command>,
    me: mpsc::Sender<Command>,
    app: Site,
) {
    look_up_ratings(&mut room, &app).await;
    if room.is_live() {
        app.seats.moved(&room.id, room.now.game.position_text());
    }
    // A computer to move when the room opens (a restarted server) moves; a flag that fell
    // while nobody watched is seen at once.
    room.publish();
    think(&mut room, &me, &app).await;
    loop {
        let flag = room.now.clock.as_ref().and_then(Clock::flag_at);
        let opening = room.opening.map(|(_, at)| instant_at(at));
        // A flag that falls while nobody watches is the sweeper's (`bus.rs`).
        room.info.thinking.store(room.thinking, Ordering::Relaxed);
        let idle = room.info.is_idle();
        let wait = if idle { app.limits.settings.room_idle } else { WATCHED };
        tokio::select! {
            command = receiver.recv() => match command {
                Some(Command::Evict) if room.info.is_idle() => break,
                Some(Command::Evict) => {
                    // Watched again since: back in the list.
                    let handle = Handle { commands: me.clone(), info: Arc::clone(&room.info) };
                    app.rooms.keep(&room.id, handle);
                }
                Some(command) => handle(&mut room, command, &me, &app).await,
                None => break,
            },
            () = sleep_until(flag.map(|(_, at)| at)), if flag.is_some() => {
                if let Some((side, _)) = flag {
                    flag_fell(&mut room, side, &app).await;
                }
            },
            () = sleep_until(opening), if opening.is_some() => abort_unstarted(&mut room, &app).await,
            // Nobody watched it all this while: it goes (its game stays in the database).
            () = tokio::time::sleep(wait) => if idle { break },
        }
    }
    app.rooms.forget(&room.id, &room.info);
}

/// The instant of a time in milliseconds since 1970.
fn instant_at(ms: i64) -> Instant {
    let now = Instant::now();
    now + Duration::from_millis((ms - now_ms()).max(0) as u64)
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

/// The current ratings of the seats' accounts, in a rated game not yet over.
async fn look_up_ratings(room: &mut Room, app: &Site) {
    room.bots = [0, 1].map(|i| match &room.now.seats[i] {
        Seat::Human { user: Some(user), .. } => app.is_bot(user),
        _ => false,
    });
    let Some(category) = room.category.clone().filter(|_| room.rated) else { return };
    for side in Side::ALL {
        let i = side.index();
        room.ratings[i] = match &room.now.seats[i] {
            Seat::Human { user: Some(user), .. } => {
                let found = app.store.ratings_in(&category, std::slice::from_ref(user)).await;
                let rating = found.ok().and_then(|r| r.first().map(|r| r.rating));
                let rating = rating.unwrap_or_default();
                Some((rating.rating.round() as i64, rating.is_provisional()))
            }
            _ => None,
        };
    }
}

async fn handle(room: &mut Room, command: Command, me: &mpsc::Sender<Command>, app: &Site) {
    match command {
        Command::Subscribe { actor, reply } => {
            let you = actor.as_ref().and_then(|a| room.side_of(a));
            let events = room.events.subscribe();
            let (live, tournament) = (room.is_live(), room.tournament.clone());
            let _ = reply.send(Subscription {
                you,
                live,
                tournament,
                state: room.state.clone(),
                events,
            });
        }
        Command::State { reply } => {
            let _ = reply.send(Arc::new(room.state_json()));
        }
        Command::Built { what, reply } => {
            let _ = reply.send(room.built(what));
        }
        Command::Game { reply } => {
            let _ = reply.send((room.now.game.clone(), room.is_live()));
        }
        Command::Join { actor, invite, name, reply } => {
            let mut result = join(room, &actor, invite.clone(), name.clone(), app).await;
            if matches!(&result, Err(r) if r.code == "conflict") {
                result = join(room, &actor, invite, name, app).await;
            }
            let _ = reply.send(result);
        }
        Command::Act { actor, action, reply } => {
            let result = match room.side_of(&actor) {
                Some(side) => {
                    let mut result = act(room, side, action.clone(), me, app).await;
                    // Another server changed the game meanwhile: once more on what it holds.
                    if matches!(&result, Err(r) if r.code == "conflict") {
                        result = match room.side_of(&actor) {
                            Some(side) => act(room, side, action, me, app).await,
                            None => Err(refuse("no_seat", "you have no seat in this game")),
                        };
                    }
                    result
                }
                None => {
                    Err(refuse("no_seat", "you have no seat in this game: spectators only watch"))
                }
            };
            let _ = reply.send(result);
        }
        Command::Thought { version, text } => {
            room.thinking = false;
            // A move for a game that changed meanwhile (taken back, ended) is dropped.
            if let Some(text) = text
                && version == room.version
                && room.now.game.outcome().is_none()
            {
                let side = room.now.game.turn();
                if let Err(error) = play(room, side, &text, app).await {
                    tracing::error!(
                        "game {}: the computer's move {text}: {}",
                        room.id,
                        error.message
                    );
                }
            }
            room.publish();
            think(room, me, app).await;
        }
        Command::DrawAnswer { version, accepts } => {
            room.thinking = false;
            if version == room.version && room.now.game.outcome().is_none() {
                let mut next = room.now.clone();
                if accepts {
                    next.game.stop(Stop::Agreement);
                } else {
                    next.offers[DECLINED] = room.now.offers[DRAW];
                }
                next.offers[DRAW] = None;
                let _ = save(room, next, Ops::default(), app).await;
            }
            room.publish();
            think(room, me, app).await;
        }
        Command::Decline { user, reply } => {
            let result = if room.challenged.as_ref() != Some(&user) {
                Err(refuse("challenged", "this challenge is addressed to another player"))
            } else if status(&room.kind, &room.now) != "waiting" {
                Err(refuse("over", "this challenge was already answered or withdrawn"))
            } else {
                let mut next = room.now.clone();
                next.cancelled = true;
                save(room, next, Ops::default(), app).await
            };
            room.publish();
            let _ = reply.send(result);
        }
        Command::Changed { version } => {
            if version > room.version {
                reload(room, app).await;
                think(room, me, app).await;
            }
        }
        Command::Retry => think(room, me, app).await,
        // Handled by the room's loop.
        Command::Evict => {}
    }
}

/// Reads the game again from the database (another server changed it) and shows it.
async fn reload(room: &mut Room, app: &Site) {
    let loaded = match app.store.load(&room.id).await {
        Ok(Some((row, moves))) if row.version != room.version => Room::load(&row, &moves),
        Ok(_) => return,
        Err(error) => Err(error.to_string()),
    };
    match loaded {
        Ok(fresh) => {
            room.version = fresh.version;
            room.now = fresh.now;
            room.opening = fresh.opening;
            if room.is_live() {
                app.seats.moved(&room.id, room.now.game.position_text());
            } else {
                app.seats.ended(&room.id);
            }
            room.move_views = fresh.move_views;
            room.thinking = false;
            look_up_ratings(room, app).await;
            room.publish();
        }
        Err(error) => tracing::error!("game {} could not be read again: {error}", room.id),
    }
}

/// What a change writes besides the game's row.
#[derive(Default)]
struct Ops {
    add: Option<MoveRow>,
    take_back_from: Option<i64>,
    new_game: Option<GameRow>,
}

/// Writes `next` (and `ops`) if the database still holds the room's version, then keeps it:
/// refused with `retry` if the database failed, `conflict` (after reading the game again) if
/// another server changed it meanwhile.
async fn save(room: &mut Room, mut next: Stored, ops: Ops, app: &Site) -> Result<(), Refusal> {
    if room.now.game.outcome().is_none() && next.game.outcome().is_some() {
        // Over: the clocks stop, the offers of the game go.
        if let Some(clock) = &mut next.clock {
            clock.stop(Instant::now());
        }
        next.offers[DRAW] = None;
        next.offers[TAKEBACK] = None;
    }
    // The first move awaited keeps its deadline while the game waits at the same ply; a new
    // wait (the seats taken, a side's first move due after the other's) gets a new one.
    let now = now_ms();
    let opening = next.awaiting_first_move().map(|_| match room.opening {
        Some((ply, at)) if ply == next.game.plies() => (ply, at),
        _ => (next.game.plies(), now + next.first_move_ms(app.limits.settings.first_move)),
    });
    let row = room.row(&next, opening);
    let was = (status(&room.kind, &room.now), &room.now.seats);
    let ends = room.now.game.outcome().is_none() && next.game.outcome().is_some();
    let rate = match next.game.outcome() {
        // South's result (not its seeds or pieces): a win, a draw, a loss.
        Some(outcome) if ends && room.rated => Some(match outcome.winner {
            Some(Side::South) => 1.0,
            Some(Side::North) => 0.0,
            None => 0.5,
        }),
        _ => None,
    };
    let commit = Commit {
        row: &row,
        take_back_from: ops.take_back_from,
        add: ops.add.as_ref(),
        rate,
        new_game: ops.new_game.as_ref(),
        lobby: was.0 != row.status || *was.1 != next.seats,
    };
    let writing = Instant::now();
    let committed = app.store.commit(&commit).await;
    metrics::histogram!("awe_database_seconds", "op" => "commit")
        .record(writing.elapsed().as_secs_f64());
    match committed {
        Ok(Committed::Done { version, ratings }) => {
            if commit.add.is_some() {
                let mover = room.now.game.turn().index();
                let by = if matches!(room.now.seats[mover], Seat::Computer(_)) {
                    "computer"
                } else {
                    "human"
                };
                metrics::counter!("awe_moves_total", "by" => by).increment(1);
            }
            if let Some(changes) = ratings {
                next.rating_changes = changes.map(Some);
            }
            let was_live = room.is_live();
            room.version = version;
            room.now = next;
            room.opening = opening;
            room.update_move_views();
            if was_live && !room.is_live() {
                app.seats.ended(&room.id);
            } else if room.is_live() {
                app.seats.moved(&room.id, room.now.game.position_text());
            }
            if commit.lobby {
                app.lobby_changed();
            }
            Ok(())
        }
        Ok(Committed::Conflict) => {
            reload(room, app).await;
            Err(refuse("conflict", "the game changed meanwhile; try again"))
        }
        Err(error) => {
            tracing::error!("game {}: {error}", room.id);
            Err(refuse("retry", "the change could not be recorded; try again"))
        }
    }
}

/// Gives a free seat to `actor`, with the invitation where the game needs one.
async fn join(
    room: &mut Room,
    actor: &Actor,
    invite: Option<String>,
    name: Option<String>,
    app: &Site,
) -> Result<Side, Refusal> {
    if let Some(side) = room.side_of(actor) {
        return Ok(side);
    }
    if room.kind == "import" {
        return Err(refuse("read_only", "an imported record is only replayed"));
    }
    if room.now.cancelled {
        return Err(refuse("cancelled", "this challenge was withdrawn"));
    }
    if room.now.aborted.is_some() {
        return Err(refuse("over", "the game was aborted"));
    }
    if room.now.game.outcome().is_some() {
        return Err(refuse("over", "the game is over"));
    }
    let Some(side) = Side::ALL.into_iter().find(|s| room.now.seats[s.index()] == Seat::Empty)
    else {
        return Err(refuse("seats_taken", "both seats are taken: you may watch"));
    };
    if let Some(expected) = &room.invite {
        let given = invite.map(|token| crate::ids::hash(&token));
        if given.as_ref() != Some(expected) {
            return Err(refuse("invite", "this seat is for the friend invited by the game's link"));
        }
    }
    if let Some(challenged) = &room.challenged
        && actor.user.as_ref().map(|u| &u.id) != Some(challenged)
    {
        return Err(refuse("challenged", "this challenge is addressed to another player"));
    }
    // A bot plays the challenges addressed to it, not the seats people leave open to people.
    if room.challenged.is_none() && actor.user.as_ref().is_some_and(|u| app.is_bot(&u.id)) {
        return Err(refuse("challenged", "a bot plays only the challenges addressed to it"));
    }
    if actor.user.is_none() && room.now.clock.as_ref().is_some_and(|c| c.per_move) {
        return Err(refuse("sign_in", "a correspondence game is for players signed in"));
    }
    if room.rated {
        let Some(user) = &actor.user else {
            return Err(refuse("sign_in", "a rated game is for players signed in"));
        };
        let other = &room.now.seats[side.opponent().index()];
        if matches!(other, Seat::Human { user: Some(u), .. } if *u == user.id) {
            return Err(refuse("own_challenge", "this is your own challenge"));
        }
    }
    let mut next = room.now.clone();
    next.seats[side.index()] = Seat::Human {
        secret: actor.secret.clone(),
        user: actor.user.as_ref().map(|u| u.id.clone()),
    };
    // An account plays under its name.
    next.names[side.index()] = actor.user.as_ref().map(|u| u.name.clone()).or(name);
    save(room, next, Ops::default(), app).await?;
    look_up_ratings(room, app).await;
    room.publish();
    Ok(side)
}

async fn act(
    room: &mut Room,
    side: Side,
    action: Action,
    me: &mpsc::Sender<Command>,
    app: &Site,
) -> Result<(), Refusal> {
    let over = room.now.game.outcome().is_some() || room.now.is_void();
    let opponent = room.now.seats[side.opponent().index()].clone();
    let mut next = room.now.clone();
    let mut ops = Ops::default();
    match action {
        Action::Move { ply, text } => {
            if over {
                return Err(refuse("over", "the game is over"));
            }
            if room.now.seats.contains(&Seat::Empty) {
                return Err(refuse("waiting", "the game starts when both seats are taken"));
            }
            // A move sent for another ply first: after a refusal to record it, the game may
            // have moved on (it was recorded after all), which is what the player must learn.
            if ply != room.now.game.plies() {
                return Err(refuse(
                    "stale",
                    format!(
                        "stale move: it was sent after {ply} moves, the game has {}",
                        room.now.game.plies()
                    ),
                ));
            }
            if room.now.game.turn() != side {
                return Err(refuse("not_your_turn", "it is not your turn"));
            }
            play(room, side, &text, app).await?;
            room.publish();
            nudge(me);
            return Ok(());
        }
        Action::Resign => {
            if over {
                return Err(refuse("over", "the game is over"));
            }
            if room.now.seats.contains(&Seat::Empty) {
                // Nobody to lose to: resigning a challenge nobody took withdraws it.
                next.cancelled = true;
            } else {
                next.game.stop(Stop::Resignation(side));
            }
        }
        Action::Draw(true) | Action::Takeback(true) if room.now.seats.contains(&Seat::Empty) => {
            return Err(refuse("waiting", "the game starts when both seats are taken"));
        }
        Action::Draw(true) => {
            if over {
                return Err(refuse("over", "the game is over"));
            }
            next.offers[DECLINED] = None;
            if room.now.offers[DRAW] == Some(side.opponent()) {
                next.game.stop(Stop::Agreement);
                next.offers[DRAW] = None;
            } else if let Seat::Computer(_) = opponent {
                if room.thinking {
                    return Err(refuse(
                        "thinking",
                        "the computer is thinking: offer again after its move",
                    ));
                }
                next.offers[DRAW] = Some(side);
                save(room, next, ops, app).await?;
                ask_the_computer_about_a_draw(room, side.opponent(), me, app);
                room.publish();
                return Ok(());
            } else {
                next.offers[DRAW] = Some(side);
            }
        }
        Action::Draw(false) => {
            // Declined by the other side, or withdrawn by the side that offered it.
            if room.now.offers[DRAW] == Some(side.opponent()) {
                next.offers[DECLINED] = Some(side.opponent());
            }
            next.offers[DRAW] = None;
        }
        Action::Berserk => {
            if !room.arena || room.now.clock.is_none() {
                return Err(refuse("berserk", "berserk is for an arena's games"));
            }
            let plies = room.now.game.plies();
            if over || !(plies == 0 || (plies == 1 && room.now.game.turn() == side)) {
                return Err(refuse("berserk", "berserk comes before your first move"));
            }
            if room.now.berserk[side.index()] {
                return Ok(());
            }
            next.berserk[side.index()] = true;
            if let Some(clock) = &mut next.clock {
                clock.remaining[side.index()] = clock.initial_ms / 2;
            }
        }
        Action::Takeback(true) | Action::Rematch if room.tournament.is_some() => {
            return Err(refuse("tournament", "a tournament game has no takeback nor rematch"));
        }
        Action::Takeback(true) => {
            if over {
                return Err(refuse("over", "the game is over"));
            }
            if room.thinking {
                return Err(refuse(
                    "thinking",
                    "the computer is thinking: ask again after its move",
                ));
            }
            let computer = matches!(opponent, Seat::Computer(_));
            if room.now.offers[TAKEBACK] == Some(side.opponent()) {
                ops.take_back_from = Some(take_back(&mut next, side.opponent())?);
            } else if computer {
                ops.take_back_from = Some(take_back(&mut next, side)?);
            } else {
                next.offers[TAKEBACK] = Some(side);
            }
        }
        Action::Takeback(false) => next.offers[TAKEBACK] = None,
        Action::Rematch => {
            if !over || room.now.is_void() {
                return Err(refuse("rematch_after", "a rematch comes after the game"));
            }
            if room.now.rematch.is_some() {
                return Ok(());
            }
            let computer = matches!(opponent, Seat::Computer(_));
            if computer || room.now.offers[REMATCH] == Some(side.opponent()) {
                let game = with_first_move(rematch(room), app.limits.settings.first_move);
                next.rematch = Some(game.id.clone());
                next.offers[REMATCH] = None;
                ops.new_game = Some(game);
            } else {
                next.offers[REMATCH] = Some(side);
            }
        }
        Action::Cancel => {
            if !room.now.seats.contains(&Seat::Empty) || room.now.game.plies() > 0 {
                return Err(refuse(
                    "cancel_before",
                    "only a challenge nobody took can be withdrawn",
                ));
            }
            next.cancelled = true;
        }
    }
    save(room, next, ops, app).await?;
    room.publish();
    nudge(me);
    Ok(())
}

/// Has the room look, once this command is answered, whether the computer is to move: the
/// player's answer does not wait for the lease.
fn nudge(me: &mpsc::Sender<Command>) {
    let _ = me.try_send(Command::Retry);
}

/// Plays `text` for `side`: checked by the rules, timed, written to the database, then kept.
async fn play(room: &mut Room, side: Side, text: &str, app: &Site) -> Result<(), Refusal> {
    let mut next = room.now.clone();
    next.game.play(text).map_err(|e| refuse("illegal", e.0))?;
    let now = Instant::now();
    if let Some(clock) = &mut next.clock {
        let over = next.game.outcome().is_some();
        // The clock of a side that has not moved yet does not run: its first move is timed
        // apart (`awaiting_first_move`).
        let following =
            (!over && has_moved(&next.game, next.game.turn())).then(|| next.game.turn());
        if !clock.moved(side, following, now) {
            // The flag fell before the move came.
            flag_fell(room, side, app).await;
            return Err(refuse("time_out", "your time ran out"));
        }
        if over {
            clock.stop(now);
        }
    }
    next.offers = [None; 4];
    let add = MoveRow {
        ply: room.now.game.plies() as i64,
        text: text.to_owned(),
        clocks: next.clock.as_ref().map(|c| c.snapshot(now)),
        played_at: now_ms(),
    };
    next.move_clocks.push(add.clocks);
    save(room, next, Ops { add: Some(add), ..Ops::default() }, app).await
}

async fn flag_fell(room: &mut Room, side: Side, app: &Site) {
    let still = room.now.clock.as_ref().is_some_and(|c| c.left(side, Instant::now()) <= 0);
    if still && room.now.game.outcome().is_none() {
        let mut next = room.now.clone();
        next.game.stop(Stop::TimeForfeit(side));
        if save(room, next, Ops::default(), app).await.is_err() {
            // Written by another server (the game is read again), or the database failed: the
            // sweeper comes back to it.
            return;
        }
        room.publish();
    }
}

/// Aborts the game if the first move it waits for did not come in time (see
/// [`Stored::awaiting_first_move`]): no result, no rating change; a tournament scores it as its
/// rules say (`tournament/mod.rs`).
async fn abort_unstarted(room: &mut Room, app: &Site) {
    let Some((ply, at)) = room.opening else { return };
    if now_ms() < at {
        return;
    }
    let Some(side) = room.now.awaiting_first_move() else {
        room.opening = None;
        return;
    };
    let mut next = room.now.clone();
    next.aborted = Some(side);
    if let Some(clock) = &mut next.clock {
        clock.stop(Instant::now());
    }
    next.offers = [None; 4];
    match save(room, next, Ops::default(), app).await {
        Ok(()) => {
            metrics::counter!("awe_games_aborted_total").increment(1);
            room.publish();
        }
        // Read again (another server wrote first), or the database failed: look again in a
        // second rather than at once.
        Err(_) => {
            if room.opening.is_some_and(|(p, _)| p == ply) {
                room.opening = Some((ply, now_ms() + 1000));
            }
        }
    }
}

/// Takes back `side`'s last move in `next`, and the other side's reply if there was one since:
/// the ply from which the moves are taken back.
fn take_back(next: &mut Stored, side: Side) -> Result<i64, Refusal> {
    let game = &mut next.game;
    let mut plies = game.plies();
    // Back to before `side`'s last move.
    let movers: Vec<Side> = each!(&*game, g => g.positions()[..g.moves().len()].iter().map(awe_game::Position::turn).collect());
    let Some(last) = movers.iter().rposition(|&s| s == side) else {
        return Err(refuse("no_takeback", "you have no move to take back"));
    };
    while plies > last {
        game.undo();
        plies -= 1;
    }
    next.offers = [None; 4];
    next.move_clocks.truncate(plies);
    // The clocks as they were after the move now last, running for the side to act.
    if let Some(clock) = &mut next.clock {
        clock.remaining =
            next.move_clocks.last().copied().flatten().unwrap_or([clock.initial_ms; 2]);
        clock.running = has_moved(game, game.turn()).then(|| (game.turn(), Instant::now()));
    }
    Ok(plies as i64)
}

/// The game that follows, colours swapped.
fn rematch(room: &Room) -> GameRow {
    let id = crate::ids::new_id();
    let stored = &room.now;
    let seats = [1, 0].map(|i| match stored.seats[i].clone() {
        Seat::Human { secret, user } => SeatRow {
            secret: Some(secret),
            user,
            name: stored.names[i].clone(),
            ..SeatRow::default()
        },
        Seat::Computer(level) => SeatRow { level: Some(level.get() as i64), ..SeatRow::default() },
        Seat::Empty => SeatRow::default(),
    });
    GameRow {
        id,
        spec: serde_json::to_string(&room.spec).unwrap_or_default(),
        start_position: room.start_position.clone(),
        kind: room.kind.clone(),
        status: "playing".into(),
        seats,
        clock: stored.clock.as_ref().map(|c| (c.initial_ms, c.increment_ms)),
        correspondence: stored.clock.as_ref().is_some_and(|c| c.per_move),
        to_move: Match::new(&room.spec, room.start_position.as_deref())
            .ok()
            .map(|game| game.turn().name().to_lowercase()),
        created_at: now_ms(),
        updated_at: now_ms(),
        rated: room.rated,
        category: room.category.clone(),
        ..GameRow::default()
    }
}

/// Starts the computer's search if it is its turn, under a lease so that one server alone
/// searches; if another server holds it, tries again after a while (that server's move comes
/// through the bus, or its lease runs out).
async fn think(room: &mut Room, me: &mpsc::Sender<Command>, app: &Site) {
    if room.thinking || room.now.game.outcome().is_some() || room.now.is_void() {
        return;
    }
    // A server stopping starts no search: its leases go to the others.
    if app.shutdown.stopping() {
        return;
    }
    let Seat::Computer(level) = room.now.seats[room.now.game.turn().index()] else { return };
    let mut time = crate::pool::think_time(level);
    if let Some(clock) = &room.now.clock {
        // A share of what is left, so that the computer keeps to its clock.
        let left = clock.left(room.now.game.turn(), Instant::now()).max(0) as u64;
        time = time.min(Duration::from_millis((left / 20).max(20)));
    }
    let until = now_ms() + (time + LEASE_MARGIN).as_millis() as i64;
    match app.store.take_lease(&room.id, room.version, &app.server_id, until).await {
        Ok(true) => {}
        Ok(false) | Err(_) => {
            let me = me.clone();
            tokio::spawn(async move {
                tokio::time::sleep(LEASE_MARGIN / 2).await;
                let _ = me.send(Command::Retry).await;
            });
            return;
        }
    }
    room.thinking = true;
    app.searches.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let game = room.now.game.clone();
    let version = room.version;
    let seed = game.plies() as u64 ^ room.created_at as u64;
    let (me, pool) = (me.clone(), app.pool.clone());
    let table = pool.table_mb();
    tokio::spawn(async move {
        let text = pool
            .run(
                Priority::Play,
                move |_| each!(&game, g => crate::pool::computer_move(g, level, time, seed, table)),
            )
            .await
            .ok()
            .flatten();
        let _ = me.send(Command::Thought { version, text }).await;
    });
}

/// Asks the computer, on `side`, whether it takes the draw offered.
fn ask_the_computer_about_a_draw(
    room: &mut Room,
    side: Side,
    me: &mpsc::Sender<Command>,
    app: &Site,
) {
    room.thinking = true;
    let game = room.now.game.clone();
    let version = room.version;
    let (me, pool) = (me.clone(), app.pool.clone());
    tokio::spawn(async move {
        let time = Duration::from_millis(300);
        let accepts = pool
            .run(
                Priority::Play,
                move |_| each!(&game, g => awe_players::analysis::accepts_agreement(g, side, time)),
            )
            .await
            .unwrap_or(false);
        let _ = me.send(Command::DrawAnswer { version, accepts }).await;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_read_back_as_written() {
        let offers = [Some(Side::South), None, Some(Side::North), Some(Side::North)];
        let text = offers_text(&offers);
        assert_eq!(text.as_deref(), Some("draw:south rematch:north declined:north"));
        assert_eq!(offers_from_text(text.as_deref()), offers);
        assert_eq!(offers_text(&[None; 4]), None);
        assert_eq!(
            offers_from_text(Some("draw:east nonsense takeback:north")),
            [None, Some(Side::North), None, None]
        );
    }
}
