//! `awe bot`: an engine on a site as a bot account, as lichess-bot connects engines to lichess.
//! It listens to the account's events (docs/research.md, the bot API), accepts the challenges of
//! its game and rules while it has room for another game, declines the others, and plays each
//! game from its stream: on its turn the whole game is rebuilt from the moves and the engine
//! asked for a move within the time the clock allows.

use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use awe_game::Game;
use awe_players::ugi::Dialect;
use awe_players::{Playable, Player};
use awe_server::model::Match;
use awe_server::spec::Spec;
use serde_json::Value;

use crate::args::{BotArgs, GameName};

/// Waits between tries when the site cannot be reached.
const RETRY: Duration = Duration::from_secs(2);

/// Tries to reach a game's stream again before the bot gives the game up.
const TRIES: u32 = 30;

/// The site's refusal of a request (a 4xx): what it says is told again in the game's next state,
/// so the request is not sent again.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Refused(String);

/// The games of the bot: those it plays, the challenges it accepted that have not begun (they
/// count against `--concurrency` and `--games` too), and how many it finished.
#[derive(Debug, Default)]
struct Games {
    playing: std::collections::HashSet<String>,
    accepted: std::collections::HashSet<String>,
    finished: usize,
}

impl Games {
    fn busy(&self) -> usize {
        self.playing.len() + self.accepted.len()
    }
}

pub fn run(args: BotArgs) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the runtime")?;
    runtime.block_on(serve(args))
}

/// The site's API, as the bot's token.
#[derive(Clone)]
struct Site {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Site {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn get(&self, path: &str) -> Result<reqwest::Response> {
        let response = self
            .http
            .get(self.url(path))
            .bearer_auth(&self.token)
            .send()
            .await
            .with_context(|| format!("cannot reach {}", self.base))?;
        checked(response, path).await
    }

    async fn post(&self, path: &str, body: Option<&Value>) -> Result<Value> {
        let mut request = self.http.post(self.url(path)).bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(body);
        }
        let response =
            request.send().await.with_context(|| format!("cannot reach {}", self.base))?;
        Ok(checked(response, path).await?.json().await.unwrap_or(Value::Null))
    }
}

/// The response, or the site's error as it says it.
async fn checked(response: reqwest::Response, path: &str) -> Result<reqwest::Response> {
    if response.status().is_success() {
        return Ok(response);
    }
    let status = response.status();
    let error: Value = response.json().await.unwrap_or(Value::Null);
    let message = error["error"].as_str().unwrap_or("no reason given");
    if status.is_client_error() {
        return Err(Refused(format!("{path}: {status}: {message}")).into());
    }
    bail!("{path}: {status}: {message}")
}

/// Reads an NDJSON stream, calling `each` with every line that is not empty.
async fn lines(mut response: reqwest::Response, mut each: impl FnMut(Value) -> bool) -> Result<()> {
    let mut buffer = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        buffer.extend_from_slice(&chunk);
        while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buffer.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line);
            if line.trim().is_empty() {
                continue;
            }
            let value: Value = serde_json::from_str(&line)
                .with_context(|| format!("a line of the stream: {line}"))?;
            if !each(value) {
                return Ok(());
            }
        }
        anyhow::ensure!(buffer.len() <= 16 << 20, "a line of the stream is too long");
    }
    Ok(())
}

async fn serve(args: BotArgs) -> Result<()> {
    // A silent connection is given up: the streams say something every few seconds.
    let http = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .read_timeout(Duration::from_secs(30))
        .build()
        .context("cannot make an HTTP client")?;
    let site = Site {
        http,
        base: args.server.trim_end_matches('/').to_owned(),
        token: args.token.clone(),
    };
    let spec = spec_of(&args)?;
    // The player is checked before the bot goes online.
    let start = Match::new(&spec, None).map_err(|e| anyhow!("{e}"))?;
    drop(player_for(&start, &args)?);
    let account = site.get("/api/bot/account").await?.json::<Value>().await?;
    let name = account["name"].as_str().unwrap_or("?").to_owned();
    if account["bot"] != Value::Bool(true) {
        anyhow::ensure!(
            args.upgrade,
            "{name} is not a bot account: --upgrade makes it one (for good)"
        );
        site.post("/api/bot/account/upgrade", None).await?;
    }
    eprintln!("awe bot: {name} listens on {} for {}", site.base, spec_text(&spec));
    let (done_send, mut done) = tokio::sync::mpsc::unbounded_channel::<String>();
    let mut games = Games::default();
    loop {
        let events = match site.get("/api/bot/stream/event").await {
            Ok(events) => events,
            Err(e) => {
                eprintln!("awe bot: {e:#}; trying again");
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        let (event_send, mut event_lines) = tokio::sync::mpsc::unbounded_channel::<Value>();
        let reader = tokio::spawn(lines(events, move |event| event_send.send(event).is_ok()));
        loop {
            tokio::select! {
                event = event_lines.recv() => {
                    let Some(event) = event else { break };
                    handle(&site, &args, &spec, &event, &mut games, &done_send).await;
                }
                Some(id) = done.recv() => {
                    if games.playing.remove(&id) {
                        games.finished += 1;
                        eprintln!("awe bot: game {id} is over ({} played)", games.finished);
                    }
                    if args.games.is_some_and(|n| games.finished >= n) && games.busy() == 0 {
                        reader.abort();
                        return Ok(());
                    }
                }
            }
        }
        match reader.await {
            Ok(Err(e)) => eprintln!("awe bot: the event stream: {e:#}; listening again"),
            _ => eprintln!("awe bot: the event stream ended; listening again"),
        }
        tokio::time::sleep(RETRY).await;
    }
}

async fn handle(
    site: &Site,
    args: &BotArgs,
    spec: &Spec,
    event: &Value,
    games: &mut Games,
    done: &tokio::sync::mpsc::UnboundedSender<String>,
) {
    match event["type"].as_str() {
        Some("challenge") => {
            let challenge = &event["challenge"];
            let id = challenge["id"].as_str().unwrap_or_default();
            let theirs = serde_json::from_value::<Spec>(challenge["spec"].clone())
                .ok()
                .and_then(|s| s.normalized().ok());
            // Another game or rules, no room for another game now, or the games asked for all
            // played or under way: declined.
            let room = games.busy() < args.concurrency
                && args.games.is_none_or(|n| games.finished + games.busy() < n);
            let answer = if theirs.as_ref() == Some(spec) && room { "accept" } else { "decline" };
            let path = format!("/api/bot/challenge/{id}/{answer}");
            match site.post(&path, None).await {
                Ok(_) if answer == "accept" => {
                    games.accepted.insert(id.to_owned());
                    eprintln!(
                        "awe bot: accept the challenge {id} of {}",
                        challenge["opponent"]["name"].as_str().unwrap_or("?")
                    );
                }
                Ok(_) => eprintln!(
                    "awe bot: {answer} the challenge {id} of {}",
                    challenge["opponent"]["name"].as_str().unwrap_or("?")
                ),
                Err(e) => eprintln!("awe bot: {e:#}"),
            }
        }
        Some("challengeCanceled") => {
            if let Some(id) = event["challenge"]["id"].as_str() {
                games.accepted.remove(id);
            }
        }
        Some("gameStart") => {
            let id = event["game"]["id"].as_str().unwrap_or_default().to_owned();
            games.accepted.remove(&id);
            if games.playing.insert(id.clone()) {
                let (site, args, spec, done) =
                    (site.clone(), args.clone(), spec.clone(), done.clone());
                tokio::spawn(async move {
                    if let Err(e) = play(&site, &args, &spec, &id).await {
                        eprintln!("awe bot: game {id}: {e:#}");
                    }
                    let _ = done.send(id);
                });
            }
        }
        Some("gameFinish") => {
            if let Some(id) = event["game"]["id"].as_str() {
                let _ = done.send(id.to_owned());
            }
        }
        _ => {}
    }
}

/// The spec of the bot's game, as the site writes it.
fn spec_of(args: &BotArgs) -> Result<Spec> {
    let spec = match args.game {
        GameName::Awele => Spec::Awele { rules: args.rules.clone() },
        GameName::Awithlaknannai => Spec::Awithlaknannai {
            board: args.board.clone(),
            rules: args.rules.clone(),
            outer_lines: None,
            end_lines: None,
        },
        GameName::Awechec => Spec::Awechec { variant: args.rules.clone(), handicap: None },
    };
    spec.normalized().map_err(|e| anyhow!("{e}"))
}

fn spec_text(spec: &Spec) -> String {
    serde_json::to_string(spec).unwrap_or_default()
}

/// A player of the game of `start`, as `--engine` says.
fn player_for(start: &Match, args: &BotArgs) -> Result<Box<dyn std::any::Any + Send>> {
    let dialect = Dialect { move_separator: args.move_separator.clone(), ..Dialect::ugi() };
    Ok(match start {
        Match::Awele(g) => Box::new(Player::parse_with(&args.engine, g.start(), 1, &dialect)?),
        Match::Awithlaknannai(g) => {
            Box::new(Player::parse_with(&args.engine, g.start(), 1, &dialect)?)
        }
        Match::Awechec(g) => Box::new(Player::parse_with(&args.engine, g.start(), 1, &dialect)?),
    })
}

/// Plays game `id` to its end.
async fn play(site: &Site, args: &BotArgs, spec: &Spec, id: &str) -> Result<()> {
    let start = Match::new(spec, None).map_err(|e| anyhow!("{e}"))?;
    match start {
        Match::Awele(g) => play_game(site, args, id, g).await,
        Match::Awithlaknannai(g) => play_game(site, args, id, g).await,
        Match::Awechec(g) => play_game(site, args, id, g).await,
    }
}

async fn play_game<P: Playable>(
    site: &Site,
    args: &BotArgs,
    id: &str,
    start: Game<P>,
) -> Result<()> {
    let dialect = Dialect { move_separator: args.move_separator.clone(), ..Dialect::ugi() };
    let engine = args.engine.clone();
    let first = start.start().clone();
    let mut player = tokio::task::spawn_blocking(move || {
        let mut player = Player::parse_with(&engine, &first, rand::random(), &dialect)?;
        player.new_game()?;
        anyhow::Ok(player)
    })
    .await??;
    let mut answered = None;
    let mut tries = 0;
    // The game's stream, again if it breaks, until the game is over.
    loop {
        let stream = match site.get(&format!("/api/bot/game/stream/{id}")).await {
            Ok(stream) => stream,
            Err(e) if e.downcast_ref::<Refused>().is_some() => return Err(e),
            Err(e) => {
                tries += 1;
                anyhow::ensure!(tries < TRIES, "{e:#}");
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        let (send, mut states) = tokio::sync::mpsc::unbounded_channel::<Value>();
        let reader = tokio::spawn(lines(stream, move |line| send.send(line).is_ok()));
        while let Some(line) = states.recv().await {
            if !matches!(line["type"].as_str(), Some("gameFull" | "gameState")) {
                continue;
            }
            tries = 0;
            let game = &line["game"];
            match game["status"].as_str() {
                Some("playing") => {}
                Some("waiting") => continue,
                _ => {
                    reader.abort();
                    return Ok(());
                }
            }
            let you = line["you"].as_str().unwrap_or_default();
            let ply = game["ply"].as_u64().unwrap_or(0);
            if game["turn"].as_str() != Some(you) || answered == Some(ply) {
                continue;
            }
            let moves: Vec<String> = game["moves"]
                .as_array()
                .map(|m| m.iter().filter_map(|v| v["text"].as_str().map(str::to_owned)).collect())
                .unwrap_or_default();
            let time = time_for(game, you, args.movetime);
            let mut replay = Game::new(start.start().clone());
            for text in &moves {
                let mv = replay
                    .current()
                    .parse_move(text)
                    .map_err(|e| anyhow!("the site's move {text}: {e}"))?;
                replay.play(mv).map_err(|e| anyhow!("the site's move {text}: {e}"))?;
            }
            let (back, chosen) = tokio::task::spawn_blocking(move || {
                let chosen = player.choose(&replay, time).map(|mv| replay.current().move_text(mv));
                (player, chosen)
            })
            .await?;
            player = back;
            let text = chosen?;
            let path = format!("/api/bot/game/{id}/move/{}?ply={ply}", encoded(&text));
            // Sent again while the site cannot be reached; a refusal (a takeback, a flag) is
            // told in the next state.
            for attempt in 1..=5 {
                match site.post(&path, None).await {
                    Ok(_) => {
                        answered = Some(ply);
                        break;
                    }
                    Err(e) if e.downcast_ref::<Refused>().is_some() => {
                        answered = Some(ply);
                        eprintln!("awe bot: game {id}: {e:#}");
                        break;
                    }
                    Err(e) => {
                        eprintln!("awe bot: game {id}: {e:#} (try {attempt})");
                        tokio::time::sleep(Duration::from_millis(300)).await;
                    }
                }
            }
        }
        // The stream broke before the end: again.
        tries += 1;
        anyhow::ensure!(tries < TRIES, "the game's stream keeps breaking");
        tokio::time::sleep(RETRY).await;
    }
}

/// The time for a move: `--movetime`, less where the clock is short (a thirtieth of what is
/// left and most of the increment, less a margin for the network).
fn time_for(game: &Value, you: &str, movetime: u64) -> Duration {
    let most = Duration::from_millis(movetime.max(1));
    let clock = &game["clock"];
    if clock.is_null() || !clock["days"].is_null() {
        return most;
    }
    let side = game["sides"]
        .as_array()
        .and_then(|sides| sides.iter().position(|s| s.as_str() == Some(you)))
        .unwrap_or(0);
    let left = clock["remaining_ms"][side].as_f64().unwrap_or(0.0);
    let increment = clock["increment_ms"].as_f64().unwrap_or(0.0);
    let share = (left / 30.0 + increment * 0.8 - 100.0).max(20.0);
    most.min(Duration::from_millis(share as u64))
}

/// A move's text as a segment of a path: every byte but letters, digits and `-._~`
/// percent-encoded (a chess move may hold `#`, `+` or `=`).
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_encoded_for_a_path() {
        assert_eq!(encoded("D(2)"), "D%282%29");
        assert_eq!(encoded("Qxf7#"), "Qxf7%23");
        assert_eq!(encoded("e8=Q+"), "e8%3DQ%2B");
        assert_eq!(encoded("a1-b2"), "a1-b2");
    }

    #[test]
    fn the_time_of_a_move_keeps_to_the_clock() {
        let game = serde_json::json!({
            "sides": ["south", "north"],
            "clock": { "remaining_ms": [60_000, 3_000], "increment_ms": 0, "days": null },
        });
        assert_eq!(time_for(&game, "south", 1000), Duration::from_millis(1000));
        assert_eq!(time_for(&game, "north", 1000), Duration::from_millis(20));
        let none = serde_json::json!({ "clock": null });
        assert_eq!(time_for(&none, "south", 300), Duration::from_millis(300));
    }
}
