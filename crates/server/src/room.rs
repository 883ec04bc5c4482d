//! A game's room: one task that owns the game, takes what its players and spectators ask in
//! order, writes every change to the database before anyone learns of it, and then tells every
//! connection the new state.

use std::sync::Arc;
use std::time::{Duration, Instant};

use awe_game::{Side, Stop};
use awe_search::Level;
use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::app::App;
use crate::clock::Clock;
use crate::model::{Match, each};
use crate::spec::Spec;
use crate::store::{GameRow, MoveRow, SeatRow, now_ms};

/// What a seat holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Free: an invitation or an open challenge gives it to the first who comes.
    Empty,
    /// A person, known by the hash of the secret their browser keeps.
    Human { secret: String },
    /// The computer at a level.
    Computer(Level),
}

/// What a player asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move, played at `ply` (the number of moves before it: a move for another position is
    /// stale and refused).
    Move {
        ply: usize,
        text: String,
    },
    Resign,
    /// Offer or accept a draw (`true`), or decline or withdraw one.
    Draw(bool),
    /// Ask for or accept a takeback (`true`), or decline or withdraw one.
    Takeback(bool),
    /// Offer or accept another game, colours swapped.
    Rematch,
}

/// What a room is asked.
pub enum Command {
    /// A connection: the viewer's secret (hashed), answered with their seat, the state and the
    /// stream of states to come.
    Subscribe { secret: Option<String>, reply: oneshot::Sender<Subscription> },
    /// Take a free seat.
    Join {
        secret: String,
        invite: Option<String>,
        name: Option<String>,
        reply: oneshot::Sender<Result<Side, Refusal>>,
    },
    /// A player's action.
    Act { secret: String, action: Action, reply: oneshot::Sender<Result<(), Refusal>> },
    /// The state now.
    State { reply: oneshot::Sender<Arc<String>> },
    /// The record, in a language.
    Record { language: awe_awechec::Language, reply: oneshot::Sender<String> },
    /// Every position, for replays.
    History { reply: oneshot::Sender<Value> },
    /// The game itself, for analysis.
    Game { reply: oneshot::Sender<Match> },
    /// The computer's move in the position after `ply` moves.
    Thought { ply: usize, text: Option<String> },
    /// The computer's answer to a draw offered when `ply` moves were played.
    DrawAnswer { ply: usize, accepts: bool },
}

/// Why an action was refused: a code the pages translate, and a message in English (for the API;
/// the rules' own reason where a move is illegal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
}

pub fn refuse(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal { code, message: message.into() }
}

/// A connection's view of the room.
pub struct Subscription {
    pub you: Option<Side>,
    pub state: Arc<String>,
    pub events: broadcast::Receiver<Arc<String>>,
}

/// The state of a game's room.
pub struct Room {
    pub id: String,
    pub spec: Spec,
    pub kind: String,
    pub game: Match,
    pub seats: [Seat; 2],
    /// The players' names, where they gave one (or a record did).
    pub names: [Option<String>; 2],
    pub invite: Option<String>,
    pub clock: Option<Clock>,
    /// Who offers a draw, a takeback, a rematch.
    offers: [Option<Side>; 3],
    pub rematch: Option<String>,
    /// Whether the computer is thinking (a search or an answer under way).
    thinking: bool,
    created_at: i64,
    events: broadcast::Sender<Arc<String>>,
    state: Arc<String>,
}

const DRAW: usize = 0;
const TAKEBACK: usize = 1;
const REMATCH: usize = 2;

/// How long a room with nobody watching stays in memory.
const IDLE: Duration = Duration::from_secs(600);

fn stop_text(stop: Stop) -> String {
    match stop {
        Stop::Agreement => "agreement".into(),
        Stop::Resignation(side) => format!("resignation:{}", side.name().to_lowercase()),
        Stop::TimeForfeit(side) => format!("time:{}", side.name().to_lowercase()),
    }
}

fn stop_from_text(text: &str) -> Option<Stop> {
    let side = |name: &str| match name {
        "south" => Some(Side::South),
        "north" => Some(Side::North),
        _ => None,
    };
    match text.split_once(':') {
        None if text == "agreement" => Some(Stop::Agreement),
        Some(("resignation", s)) => side(s).map(Stop::Resignation),
        Some(("time", s)) => side(s).map(Stop::TimeForfeit),
        _ => None,
    }
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
            SeatRow { secret: Some(secret), .. } => Seat::Human { secret },
            SeatRow { level: Some(level), .. } => {
                Level::new(level.clamp(1, 10) as u8).map_or(Seat::Empty, Seat::Computer)
            }
            _ => Seat::Empty,
        });
        let clock = row.clock.map(|(initial, increment)| {
            let mut clock = Clock::new(initial, increment);
            if let Some(last) = moves.last() {
                clock.remaining = last.clocks.unwrap_or([initial; 2]);
                // The clock has run since the last move, the time the server was down too.
                if game.outcome().is_none() {
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
        let mut room = Room {
            id: row.id.clone(),
            spec,
            kind: row.kind.clone(),
            game,
            seats,
            names: row.seats.clone().map(|seat| seat.name),
            invite: row.invite.clone(),
            clock,
            offers: [None; 3],
            rematch: row.rematch.clone(),
            thinking: false,
            created_at: row.created_at,
            events,
            state: Arc::new(String::new()),
        };
        room.state = Arc::new(room.state_json().to_string());
        Ok(room)
    }

    fn status(&self) -> &'static str {
        if self.game.outcome().is_some() || self.kind == "import" {
            "over"
        } else if self.seats.contains(&Seat::Empty) {
            "waiting"
        } else {
            "playing"
        }
    }

    /// The side whose seat `secret` holds.
    fn side_of(&self, secret: &str) -> Option<Side> {
        Side::ALL.into_iter().find(
            |&side| matches!(&self.seats[side.index()], Seat::Human { secret: s, .. } if s == secret),
        )
    }

    /// The state every connection is shown.
    fn state_json(&self) -> Value {
        let now = Instant::now();
        let seat = |side: Side| match &self.seats[side.index()] {
            // An imported record's players: names, no seat to take.
            Seat::Empty if self.kind == "import" => {
                json!({ "kind": "record", "name": self.names[side.index()] })
            }
            Seat::Empty => json!({ "kind": "empty", "name": self.names[side.index()] }),
            Seat::Human { .. } => json!({ "kind": "human", "name": self.names[side.index()] }),
            Seat::Computer(level) => json!({ "kind": "computer", "level": level.get() }),
        };
        let side = |side: Option<Side>| side.map(|s| self.game.side_name(s));
        let (_, moves) = self.game.history();
        let before = each!(&self.game, game => game.last_move().map(|(before, _)| crate::model::WebGame::view(before)));
        let outcome = self.game.outcome().map(|o| {
            json!({
                "winner": side(o.winner),
                "score": o.score,
                "termination": o.termination.name(),
                "result": o.result().to_string(),
            })
        });
        let clock = self.clock.as_ref().map(|c| {
            json!({
                "initial_ms": c.initial_ms,
                "increment_ms": c.increment_ms,
                "remaining_ms": c.snapshot(now),
                "running": side(c.running.map(|(s, _)| s)),
            })
        });
        json!({
            "id": self.id,
            "spec": self.spec,
            "kind": self.kind,
            "status": self.status(),
            "sides": [self.game.side_name(Side::South), self.game.side_name(Side::North)],
            "seats": [seat(Side::South), seat(Side::North)],
            "board": crate::model::board_view(&self.game),
            "position": self.game.view(),
            "before": before,
            "last": self.game.last(),
            "moves": moves,
            "ply": self.game.plies(),
            "turn": self.game.outcome().is_none().then(|| self.game.side_name(self.game.turn())),
            "legal": self.game.legal(),
            "clock": clock,
            "offers": {
                "draw": side(self.offers[DRAW]),
                "takeback": side(self.offers[TAKEBACK]),
                "rematch": side(self.offers[REMATCH]),
            },
            "rematch": self.rematch,
            "outcome": outcome,
            "thinking": self.thinking,
            "created_at": self.created_at,
        })
    }

    /// Makes the state anew and sends it to every connection.
    fn publish(&mut self) {
        self.state = Arc::new(json!({ "t": "state", "game": self.state_json() }).to_string());
        let _ = self.events.send(Arc::clone(&self.state));
    }
}

/// A handle on a running room.
#[derive(Clone, Debug)]
pub struct Handle {
    pub commands: mpsc::Sender<Command>,
}

/// Starts the task of `room`; it ends when nobody has used it for a while, and tells `app`.
pub fn start(room: Room, app: App) -> Handle {
    let (commands, receiver) = mpsc::channel(256);
    let handle = Handle { commands: commands.clone() };
    tokio::spawn(run(room, receiver, commands, app));
    handle
}

async fn run(
    mut room: Room,
    mut receiver: mpsc::Receiver<Command>,
    me: mpsc::Sender<Command>,
    app: App,
) {
    // A computer to move when the room opens (a restarted server) moves.
    room.publish();
    think(&mut room, &me, &app);
    loop {
        let flag = room.clock.as_ref().and_then(Clock::flag_at);
        let idle = room.events.receiver_count() == 0 && !room.thinking && flag.is_none();
        tokio::select! {
            command = receiver.recv() => match command {
                Some(command) => handle(&mut room, command, &me, &app).await,
                None => break,
            },
            () = sleep_until(flag.map(|(_, at)| at)), if flag.is_some() => {
                if let Some((side, _)) = flag {
                    flag_fell(&mut room, side, &app).await;
                }
            },
            () = tokio::time::sleep(IDLE), if idle => break,
        }
    }
    app.rooms.forget(&room.id);
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

async fn handle(room: &mut Room, command: Command, me: &mpsc::Sender<Command>, app: &App) {
    match command {
        Command::Subscribe { secret, reply } => {
            let you = secret.as_deref().and_then(|s| room.side_of(s));
            let events = room.events.subscribe();
            let _ = reply.send(Subscription { you, state: Arc::clone(&room.state), events });
        }
        Command::State { reply } => {
            let _ = reply.send(Arc::new(room.state_json().to_string()));
        }
        Command::Record { language, reply } => {
            let names = Side::ALL.map(|side| {
                match (&room.seats[side.index()], &room.names[side.index()]) {
                    (Seat::Computer(level), _) => format!("awe level {}", level.get()),
                    (_, Some(name)) => name.clone(),
                    _ => "?".to_owned(),
                }
            });
            let _ = reply.send(room.game.record([&names[0], &names[1]], language));
        }
        Command::History { reply } => {
            let (positions, moves) = room.game.history();
            let _ = reply.send(json!({ "positions": positions, "moves": moves }));
        }
        Command::Game { reply } => {
            let _ = reply.send(room.game.clone());
        }
        Command::Join { secret, invite, name, reply } => {
            let _ = reply.send(join(room, secret, invite, name, app).await);
        }
        Command::Act { secret, action, reply } => {
            let result = match room.side_of(&secret) {
                Some(side) => act(room, side, action, me, app).await,
                None => {
                    Err(refuse("no_seat", "you have no seat in this game: spectators only watch"))
                }
            };
            let _ = reply.send(result);
        }
        Command::Thought { ply, text } => {
            room.thinking = false;
            // A move for a position that is gone (taken back, ended) is dropped.
            if let Some(text) = text
                && ply == room.game.plies()
                && room.game.outcome().is_none()
            {
                let side = room.game.turn();
                if let Err(error) = play(room, side, &text, app).await {
                    eprintln!(
                        "awe serve: game {}: the computer's move {text}: {}",
                        room.id, error.message
                    );
                }
            }
            room.publish();
            think(room, me, app);
        }
        Command::DrawAnswer { ply, accepts } => {
            room.thinking = false;
            if ply == room.game.plies() && room.game.outcome().is_none() {
                if accepts {
                    let _ = end(room, Stop::Agreement, app).await;
                } else {
                    room.offers[DRAW] = None;
                }
            }
            room.publish();
            think(room, me, app);
        }
    }
}

/// Gives a free seat to the holder of `secret`, with the invitation where the game needs one.
async fn join(
    room: &mut Room,
    secret: String,
    invite: Option<String>,
    name: Option<String>,
    app: &App,
) -> Result<Side, Refusal> {
    if let Some(side) = room.side_of(&secret) {
        return Ok(side);
    }
    if room.kind == "import" {
        return Err(refuse("read_only", "an imported record is only replayed"));
    }
    let Some(side) = Side::ALL.into_iter().find(|s| room.seats[s.index()] == Seat::Empty) else {
        return Err(refuse("seats_taken", "both seats are taken: you may watch"));
    };
    if let Some(expected) = &room.invite {
        let given = invite.map(|token| crate::app::hash(&token));
        if given.as_ref() != Some(expected) {
            return Err(refuse("invite", "this seat is for the friend invited by the game's link"));
        }
    }
    let status = if room.seats.iter().filter(|s| **s == Seat::Empty).count() == 1 {
        "playing"
    } else {
        "waiting"
    };
    match app.store.take_seat(&room.id, side, &secret, name.as_deref(), status).await {
        Ok(true) => {}
        Ok(false) => return Err(refuse("seat_taken", "the seat was taken meanwhile")),
        Err(error) => {
            eprintln!("awe serve: game {}: {error}", room.id);
            return Err(refuse("retry", "the seat could not be recorded; try again"));
        }
    }
    room.seats[side.index()] = Seat::Human { secret };
    room.names[side.index()] = name;
    room.publish();
    Ok(side)
}

async fn act(
    room: &mut Room,
    side: Side,
    action: Action,
    me: &mpsc::Sender<Command>,
    app: &App,
) -> Result<(), Refusal> {
    let over = room.game.outcome().is_some();
    let opponent = room.seats[side.opponent().index()].clone();
    match action {
        Action::Move { ply, text } => {
            if over {
                return Err(refuse("over", "the game is over"));
            }
            if room.seats.contains(&Seat::Empty) {
                return Err(refuse("waiting", "the game starts when both seats are taken"));
            }
            if room.game.turn() != side {
                return Err(refuse("not_your_turn", "it is not your turn"));
            }
            if ply != room.game.plies() {
                return Err(refuse(
                    "stale",
                    format!(
                        "stale move: it was sent for move {}, the game is at move {}",
                        ply + 1,
                        room.game.plies() + 1
                    ),
                ));
            }
            play(room, side, &text, app).await?;
            room.offers = [None; 3];
        }
        Action::Resign => {
            if over {
                return Err(refuse("over", "the game is over"));
            }
            end(room, Stop::Resignation(side), app).await?;
        }
        Action::Draw(true) => {
            if over {
                return Err(refuse("over", "the game is over"));
            }
            if room.offers[DRAW] == Some(side.opponent()) {
                end(room, Stop::Agreement, app).await?;
            } else if let Seat::Computer(_) = opponent {
                if room.thinking {
                    return Err(refuse(
                        "thinking",
                        "the computer is thinking: offer again after its move",
                    ));
                }
                room.offers[DRAW] = Some(side);
                ask_the_computer_about_a_draw(room, side.opponent(), me, app);
            } else {
                room.offers[DRAW] = Some(side);
            }
        }
        Action::Draw(false) => room.offers[DRAW] = None,
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
            if room.offers[TAKEBACK] == Some(side.opponent()) {
                take_back(room, side.opponent(), app).await?;
            } else if computer {
                take_back(room, side, app).await?;
            } else {
                room.offers[TAKEBACK] = Some(side);
            }
        }
        Action::Takeback(false) => room.offers[TAKEBACK] = None,
        Action::Rematch => {
            if !over {
                return Err(refuse("rematch_after", "a rematch comes after the game"));
            }
            if room.rematch.is_some() {
                return Ok(());
            }
            let computer = matches!(opponent, Seat::Computer(_));
            if computer || room.offers[REMATCH] == Some(side.opponent()) {
                rematch(room, app).await?;
            } else {
                room.offers[REMATCH] = Some(side);
            }
        }
    }
    room.publish();
    think(room, me, app);
    Ok(())
}

/// Plays `text` for `side`: checked by the rules, timed, written to the database, then kept.
async fn play(room: &mut Room, side: Side, text: &str, app: &App) -> Result<(), Refusal> {
    let mut game = room.game.clone();
    game.play(text).map_err(|e| refuse("illegal", e.0))?;
    let now = Instant::now();
    let mut clock = room.clock.clone();
    if let Some(clock) = &mut clock {
        let next = game.outcome().is_none().then(|| game.turn());
        if !clock.moved(side, next, now) {
            // The flag fell before the move came.
            flag_fell(room, side, app).await;
            return Err(refuse("time_out", "your time ran out"));
        }
        if next.is_none() {
            clock.stop(now);
        }
    }
    let row = MoveRow {
        ply: room.game.plies() as i64,
        text: text.to_owned(),
        clocks: clock.as_ref().map(|c| c.snapshot(now)),
        played_at: now_ms(),
    };
    if let Err(error) = app.store.add_move(&room.id, &row).await {
        eprintln!("awe serve: game {}: move {}: {error}", room.id, row.ply);
        return Err(refuse("retry", "the move could not be recorded; try again"));
    }
    room.game = game;
    room.clock = clock;
    if room.game.outcome().is_some() {
        record_end(room, None, app).await;
    }
    Ok(())
}

/// Ends the game as the players stop it.
async fn end(room: &mut Room, stop: Stop, app: &App) -> Result<(), Refusal> {
    let mut game = room.game.clone();
    game.stop(stop);
    if game.outcome().is_none() {
        return Ok(());
    }
    let previous = std::mem::replace(&mut room.game, game);
    if !record_end(room, Some(stop), app).await {
        room.game = previous;
        return Err(refuse("retry", "the end of the game could not be recorded; try again"));
    }
    Ok(())
}

/// Writes how the game ended; false if the database refused.
async fn record_end(room: &mut Room, stop: Option<Stop>, app: &App) -> bool {
    let outcome = room.game.outcome();
    if let Some(clock) = &mut room.clock {
        clock.stop(Instant::now());
    }
    room.offers[DRAW] = None;
    room.offers[TAKEBACK] = None;
    let result = outcome.map(|o| o.result().to_string());
    let termination = outcome.map(|o| o.termination.name());
    let stopped = stop.map(stop_text);
    match app
        .store
        .set_status(&room.id, "over", stopped.as_deref(), result.as_deref(), termination)
        .await
    {
        Ok(()) => true,
        Err(error) => {
            eprintln!("awe serve: game {}: {error}", room.id);
            false
        }
    }
}

async fn flag_fell(room: &mut Room, side: Side, app: &App) {
    let still = room.clock.as_ref().is_some_and(|c| c.left(side, Instant::now()) <= 0);
    if still && room.game.outcome().is_none() {
        let _ = end(room, Stop::TimeForfeit(side), app).await;
        room.publish();
    }
}

/// Takes back `side`'s last move, and the other side's reply if there was one since.
async fn take_back(room: &mut Room, side: Side, app: &App) -> Result<(), Refusal> {
    let mut game = room.game.clone();
    let mut plies = game.plies();
    // Back to before `side`'s last move.
    let movers: Vec<Side> = each!(&game, g => g.positions()[..g.moves().len()].iter().map(awe_game::Position::turn).collect());
    let Some(last) = movers.iter().rposition(|&s| s == side) else {
        return Err(refuse("no_takeback", "you have no move to take back"));
    };
    while plies > last {
        game.undo();
        plies -= 1;
    }
    if let Err(error) = app.store.take_back(&room.id, plies as i64).await {
        eprintln!("awe serve: game {}: {error}", room.id);
        return Err(refuse("retry", "the takeback could not be recorded; try again"));
    }
    room.game = game;
    room.offers = [None; 3];
    // The clocks as they were after the move now last, running for the side to act.
    if let Some(clock) = &mut room.clock {
        let stored = app.store.load(&room.id).await.ok().flatten();
        let last = stored.and_then(|(_, moves)| moves.last().and_then(|m| m.clocks));
        clock.remaining = last.unwrap_or([clock.initial_ms; 2]);
        clock.running = (plies > 0).then(|| (room.game.turn(), Instant::now()));
    }
    Ok(())
}

/// Starts the game that follows, colours swapped.
async fn rematch(room: &mut Room, app: &App) -> Result<(), Refusal> {
    let id = crate::app::new_id();
    let row = GameRow {
        id: id.clone(),
        spec: serde_json::to_string(&room.spec).map_err(|e| refuse("retry", e.to_string()))?,
        start_position: room.game.start_text(&room.spec),
        kind: room.kind.clone(),
        status: "playing".into(),
        seats: [1, 0].map(|i| match room.seats[i].clone() {
            Seat::Human { secret } => {
                SeatRow { secret: Some(secret), level: None, name: room.names[i].clone() }
            }
            Seat::Computer(level) => {
                SeatRow { secret: None, level: Some(level.get() as i64), name: None }
            }
            Seat::Empty => SeatRow::default(),
        }),
        invite: None,
        clock: room.clock.as_ref().map(|c| (c.initial_ms, c.increment_ms)),
        stopped: None,
        result: None,
        termination: None,
        rematch: None,
        created_at: now_ms(),
        updated_at: now_ms(),
    };
    let stored = async {
        app.store.create(&row).await?;
        app.store.set_rematch(&room.id, &id).await
    };
    if let Err(error) = stored.await {
        eprintln!("awe serve: game {}: rematch: {error}", room.id);
        return Err(refuse("retry", "the rematch could not be recorded; try again"));
    }
    room.rematch = Some(id);
    room.offers[REMATCH] = None;
    Ok(())
}

/// Starts the computer's search if it is its turn.
fn think(room: &mut Room, me: &mpsc::Sender<Command>, app: &App) {
    if room.thinking || room.game.outcome().is_some() {
        return;
    }
    let Seat::Computer(level) = room.seats[room.game.turn().index()] else { return };
    let mut time = crate::pool::think_time(level);
    if let Some(clock) = &room.clock {
        // A share of what is left, so that the computer keeps to its clock.
        let left = clock.left(room.game.turn(), Instant::now()).max(0) as u64;
        time = time.min(Duration::from_millis((left / 20).max(20)));
    }
    room.thinking = true;
    let game = room.game.clone();
    let ply = game.plies();
    let seed = ply as u64 ^ room.created_at as u64;
    let (me, pool) = (me.clone(), app.pool.clone());
    tokio::spawn(async move {
        let text = pool
            .run(move || each!(&game, g => crate::pool::computer_move(g, level, time, seed)))
            .await
            .flatten();
        let _ = me.send(Command::Thought { ply, text }).await;
    });
}

/// Asks the computer, on `side`, whether it takes the draw offered.
fn ask_the_computer_about_a_draw(
    room: &mut Room,
    side: Side,
    me: &mpsc::Sender<Command>,
    app: &App,
) {
    room.thinking = true;
    let game = room.game.clone();
    let ply = game.plies();
    let (me, pool) = (me.clone(), app.pool.clone());
    tokio::spawn(async move {
        let time = Duration::from_millis(300);
        let accepts = pool
            .run(move || each!(&game, g => awe_players::analysis::accepts_agreement(g, side, time)))
            .await
            .unwrap_or(false);
        let _ = me.send(Command::DrawAnswer { ply, accepts }).await;
    });
}
