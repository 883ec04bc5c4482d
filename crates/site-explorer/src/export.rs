//! The games database: every finished game as a record in the project's record format (the one
//! `awe replay` reads), with the site's tags, each move's clocks and the players' ratings;
//! streamed by `GET /api/games/export` and written by `awe export` (a month of one game in one
//! compressed file with `--month`). docs/research.md shows how to read them.
//!
//! A record here:
//!
//! ```text
//! [Game "Awele"]
//! [Rules "abapa"]
//! [South "ada"]
//! [North "kofi"]
//! [Result "1-0"]
//! [Termination "resignation"]
//! [Site "awe"]
//! [Id "k3J9x2Qa"]
//! [Date "2026.11.26"]
//! [Rated "yes"]
//! [SouthRating "1500"]
//! [SouthRatingDiff "+12"]
//! …
//! [TimeControl "300+3"]
//!
//! 1. C {[%clk 0:04:58]} d {[%clk 0:05:01]} 2. E …
//! ```
//!
//! The clocks, as PGN writes them, are the mover's time left after each move.

use awe_game::record::{Record, TokenKind};
use futures_util::Stream;

use crate::model::Match;
use crate::spec::Spec;
use crate::store::{GameRow, MoveRow, Store};
use awe_site_core::Core;

/// Games read from the database at once.
const PAGE: i64 = 200;

/// Which finished games to export.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// `awele`, `awithlaknannai` or `awechec`.
    pub game: Option<String>,
    /// A rule set (or an Awechec variant) as the games' specs name it.
    pub rules: Option<String>,
    /// Games begun at or after this time (ms since 1970, UTC).
    pub since: Option<i64>,
    /// Games begun before this time.
    pub until: Option<i64>,
    /// An account's name: its games only.
    pub player: Option<String>,
    /// Rated games only (`true`) or unrated only (`false`).
    pub rated: Option<bool>,
}

impl Filter {
    /// Whether a game's spec matches the game and rules asked (the other filters are the
    /// database's): the rules as the spec resolves them (a default written out), or the
    /// board or Awechec variant.
    pub fn takes_spec(&self, spec: &str) -> bool {
        let Some(spec) = serde_json::from_str::<Spec>(spec).ok().and_then(|s| s.normalized().ok())
        else {
            return false;
        };
        let game_ok = self.game.as_deref().is_none_or(|g| spec.game() == g);
        let rules_ok = self.rules.as_deref().is_none_or(|r| match &spec {
            Spec::Awele { rules } => rules.as_deref() == Some(r),
            Spec::Awithlaknannai { board, rules, .. } => {
                rules.as_deref() == Some(r) || board.as_deref() == Some(r)
            }
            Spec::Awechec { variant, .. } => variant.as_deref() == Some(r),
        });
        game_ok && rules_ok
    }
}

/// The most games one request of `GET /api/games/export` streams (`max`, at most this).
pub const MAX_GAMES: usize = 1_000_000;

/// `GET /api/games/export?game=&rules=&since=YYYY-MM-DD&until=YYYY-MM-DD&player=&rated=&max=`:
/// the records of the finished games the filters take, streamed (`text/plain`; each record
/// followed by a blank line), the oldest first. A few a minute an address (each may stream the
/// whole database).
pub async fn download(
    axum::extract::State(app): axum::extract::State<Core>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    headers: axum::http::HeaderMap,
    axum::extract::Query(query): axum::extract::Query<std::collections::HashMap<String, String>>,
) -> Result<axum::response::Response, crate::request::ApiError> {
    use crate::request::ApiError;
    let (filter, player, max) = read_query(&query).map_err(ApiError::bad)?;
    let address = crate::request::client_address(&app, &headers, peer);
    app.limits
        .check(crate::limits::Kind::Export, &address)
        .map_err(|wait| ApiError::too_many(wait, "exports"))?;
    let user = match player {
        None => None,
        Some(name) => match app.store.user_by_name(&name).await {
            Ok(Some((user, _))) => Some(user.id),
            Ok(None) => return Err(ApiError::bad(format!("no account named {name}"))),
            Err(_) => return Err(ApiError::unavailable("the database did not answer; try again")),
        },
    };
    let Ok(turn) = exporting().clone().try_acquire_owned() else {
        return Err(ApiError::unavailable("the server is busy with other exports; try again soon"));
    };
    // The turn goes with the stream: held until the last page is sent or the client leaves.
    let stream =
        futures_util::StreamExt::map(records(app.store.clone(), filter, user, max), move |page| {
            let _turn = &turn;
            page.map(|p| p.text)
        });
    let body = axum::body::Body::from_stream(stream);
    Ok(axum::response::Response::builder()
        .header("content-type", "text/plain; charset=utf-8")
        .header("content-disposition", "attachment; filename=\"awe-games.awe\"")
        .body(body)
        .unwrap_or_default())
}

/// The export's filters from a request's query: the filter, the player's name, the most games.
pub fn read_query(
    query: &std::collections::HashMap<String, String>,
) -> Result<(Filter, Option<String>, usize), String> {
    let mut filter = Filter::default();
    let mut player = None;
    let mut max = MAX_GAMES;
    for (key, value) in query {
        let day =
            || parse_day(value).ok_or_else(|| format!("{key}: {value:?} is not a date YYYY-MM-DD"));
        match key.as_str() {
            "game" => match value.as_str() {
                "awele" | "awithlaknannai" | "awechec" => filter.game = Some(value.clone()),
                _ => {
                    return Err(format!("game: {value:?} is not awele, awithlaknannai or awechec"));
                }
            },
            "rules" => filter.rules = Some(value.clone()),
            "since" => filter.since = Some(day()?),
            "until" => filter.until = Some(day()?),
            "player" => player = Some(value.clone()),
            "rated" => {
                filter.rated = Some(match value.as_str() {
                    "true" | "yes" | "1" => true,
                    "false" | "no" | "0" => false,
                    _ => return Err(format!("rated: {value:?} is not true or false")),
                })
            }
            "max" => {
                max =
                    value.parse().ok().filter(|n| (1..=MAX_GAMES).contains(n)).ok_or_else(|| {
                        format!("max: {value:?} is not a number from 1 to {MAX_GAMES}")
                    })?
            }
            _ => {
                return Err(format!(
                    "{key}: not a filter of the export (game, rules, since, until, player, rated, max)"
                ));
            }
        }
    }
    Ok((filter, player, max))
}

/// Why a game could not be exported.
#[derive(Debug, thiserror::Error)]
#[error("game {id}: {why}")]
pub struct ExportError {
    pub id: String,
    pub why: String,
}

/// A page of an export: its records' text (each record followed by a blank line), and how many
/// games it holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Page {
    pub text: String,
    pub games: usize,
}

/// The records of the finished games `filter` takes (`user`: the account id of its player),
/// `max` at most, in the order they began, a page at a time. A game that cannot be replayed
/// (which the site never stores) is left out and logged; the database failing ends the stream
/// with its error.
pub fn records(
    store: Store,
    filter: Filter,
    user: Option<String>,
    max: usize,
) -> impl Stream<Item = Result<Page, ExportError>> {
    struct State {
        store: Store,
        filter: Filter,
        user: Option<String>,
        after: (i64, String),
        left: usize,
        done: bool,
    }
    let state =
        State { store, filter, user, after: (i64::MIN, String::new()), left: max, done: false };
    futures_util::stream::unfold(state, |mut state| async move {
        while !state.done && state.left > 0 {
            let page = state
                .store
                .finished(
                    (state.after.0, &state.after.1),
                    state.filter.since,
                    state.filter.until,
                    state.user.as_deref(),
                    state.filter.rated,
                    PAGE,
                )
                .await;
            let rows = match page {
                Ok(rows) => rows,
                Err(error) => {
                    state.done = true;
                    let error = ExportError { id: state.after.1.clone(), why: error.to_string() };
                    return Some((Err(error), state));
                }
            };
            state.done = rows.len() < PAGE as usize;
            let Some(last) = rows.last() else { break };
            state.after = (last.created_at, last.id.clone());
            let mut games = Vec::new();
            for row in rows.into_iter().filter(|r| state.filter.takes_spec(&r.spec)) {
                if games.len() == state.left {
                    break;
                }
                match state.store.moves(&row.id).await {
                    Ok(moves) => games.push((row, moves)),
                    Err(error) => {
                        state.done = true;
                        return Some((
                            Err(ExportError { id: row.id, why: error.to_string() }),
                            state,
                        ));
                    }
                }
            }
            if games.is_empty() {
                continue;
            }
            state.left -= games.len();
            // Replaying the games is work for a blocking thread, not the server's async ones.
            let built = tokio::task::spawn_blocking(move || {
                let mut page = Page::default();
                for (row, moves) in &games {
                    match record(row, moves) {
                        Ok(text) => {
                            page.text.push_str(text.trim_end());
                            page.text.push_str("\n\n");
                            page.games += 1;
                        }
                        Err(error) => tracing::warn!(%error, "a game left out of an export"),
                    }
                }
                page
            })
            .await
            .map_err(|e| ExportError { id: String::new(), why: e.to_string() });
            if built.is_err() {
                state.done = true;
            }
            return Some((built, state));
        }
        None
    })
}

/// Exports streamed at once by a server, from every address: each reads the database for as
/// long as its client reads.
const AT_ONCE: usize = 4;

fn exporting() -> &'static std::sync::Arc<tokio::sync::Semaphore> {
    static EXPORTS: std::sync::OnceLock<std::sync::Arc<tokio::sync::Semaphore>> =
        std::sync::OnceLock::new();
    EXPORTS.get_or_init(|| std::sync::Arc::new(tokio::sync::Semaphore::new(AT_ONCE)))
}

/// The record of a finished game, with the site's tags and the clocks.
pub fn record(row: &GameRow, moves: &[MoveRow]) -> Result<String, ExportError> {
    let fail = |why: String| ExportError { id: row.id.clone(), why };
    let spec: Spec = serde_json::from_str(&row.spec).map_err(|e| fail(e.to_string()))?;
    let mut game = Match::new(&spec, row.start_position.as_deref()).map_err(|e| fail(e.0))?;
    // Whose clock each move's comment tells: the mover's.
    let mut movers = Vec::with_capacity(moves.len());
    for mv in moves {
        movers.push(game.turn().index());
        game.play(&mv.text).map_err(|e| fail(format!("move {}: {}", mv.ply, e.0)))?;
    }
    if let Some(stop) = row.stopped.as_deref().and_then(crate::room::stop_from_text) {
        game.stop(stop);
    }
    let names = [0, 1].map(|i| {
        let seat = &row.seats[i];
        match (&seat.level, &seat.name) {
            (Some(level), _) => format!("awe level {level}"),
            (None, Some(name)) => name.clone(),
            _ => "?".to_owned(),
        }
    });
    let text = game.record([&names[0], &names[1]], awe_awechec::Language::English);
    let mut record = Record::parse(&text).map_err(|e| fail(e.to_string()))?;
    record.set_tag("Site", "awe");
    record.set_tag("Id", row.id.clone());
    record.set_tag("Date", date(row.created_at));
    record.set_tag("Rated", if row.rated { "yes" } else { "no" });
    if let Some(category) = &row.category {
        record.set_tag("Category", category.clone());
    }
    for (i, side) in ["South", "North"].into_iter().enumerate() {
        let seat = &row.seats[i];
        if let Some(rating) = seat.rating {
            record.set_tag(&format!("{side}Rating"), rating.to_string());
        }
        if let Some(diff) = seat.diff {
            record.set_tag(&format!("{side}RatingDiff"), format!("{diff:+}"));
        }
    }
    record.set_tag("TimeControl", time_control(row));
    if let Some(tournament) = &row.tournament {
        record.set_tag("Tournament", tournament.clone());
    }
    if moves.iter().any(|m| m.clocks.is_some()) {
        let clocks: Vec<Option<i64>> =
            moves.iter().zip(&movers).map(|(m, &side)| m.clocks.map(|c| c[side])).collect();
        let movetext = with_clocks(&record, &clocks).map_err(fail)?;
        record.set_movetext(movetext);
    }
    Ok(record.to_string())
}

/// The movetext with `{[%clk H:MM:SS]}` after each move that has a clock.
fn with_clocks(record: &Record, clocks: &[Option<i64>]) -> Result<String, String> {
    let tokens = record.tokens().map_err(|e| e.to_string())?;
    let mut out = String::new();
    let mut ply = 0;
    for token in tokens {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(token.text);
        if matches!(token.kind, TokenKind::Word(_)) {
            if let Some(Some(ms)) = clocks.get(ply) {
                let seconds = ms.max(&0) / 1000;
                let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
                out.push_str(&format!(" {{[%clk {h}:{m:02}:{s:02}]}}"));
            }
            ply += 1;
        }
    }
    Ok(out)
}

/// `300+3` (seconds and increment), `1/86400` (correspondence: seconds a move), or `-`.
fn time_control(row: &GameRow) -> String {
    match row.clock {
        Some((initial, _)) if row.correspondence => format!("1/{}", initial / 1000),
        Some((initial, increment)) => format!("{}+{}", initial / 1000, increment / 1000),
        None => "-".to_owned(),
    }
}

/// `YYYY.MM.DD` of a time (ms since 1970, UTC), as PGN dates are written.
pub fn date(ms: i64) -> String {
    let (y, m, d) = civil(ms.div_euclid(86_400_000));
    format!("{y:04}.{m:02}.{d:02}")
}

/// The day (since 1970-01-01) of a date: Howard Hinnant's `days_from_civil`.
pub fn days(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = m as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day since 1970-01-01: `civil_from_days`.
fn civil(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Reads `YYYY-MM-DD` (a day, from its midnight UTC) or `YYYY-MM` (a month, from its first day):
/// ms since 1970.
pub fn parse_day(text: &str) -> Option<i64> {
    let mut parts = text.split('-');
    let y: i64 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let d: u32 = match parts.next() {
        Some(d) => d.parse().ok()?,
        None => 1,
    };
    if parts.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    if !(1970..=9999).contains(&y) || civil(days(y, m, d)) != (y, m, d) {
        return None;
    }
    Some(days(y, m, d) * 86_400_000)
}

/// The first instant of the month after the one of `YYYY-MM`.
pub fn next_month(text: &str) -> Option<i64> {
    let start = parse_day(text)?;
    let (y, m, _) = civil(start / 86_400_000);
    let (y, m) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
    Some(days(y, m, 1) * 86_400_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_read_and_written_as_a_calendar_says() {
        assert_eq!(date(0), "1970.01.01");
        // 2026-11-26 00:00 UTC and the last instant of 2024-02-29.
        assert_eq!(date(1_795_651_200_000), "2026.11.26");
        assert_eq!(parse_day("2026-11-26"), Some(1_795_651_200_000));
        assert_eq!(date(parse_day("2024-03-01").unwrap() - 1), "2024.02.29");
        assert_eq!(parse_day("2026-11"), parse_day("2026-11-01"));
        assert_eq!(next_month("2026-12"), parse_day("2027-01-01"));
        for bad in ["2026-13-01", "2026-02-30", "2023-02-29", "26-11-01", "2026-11-01-1", "x", ""] {
            assert_eq!(parse_day(bad), None, "{bad}");
        }
        // Every day of four centuries goes there and back.
        for day in -1000..150_000 {
            let (y, m, d) = civil(day);
            assert_eq!(days(y, m, d), day);
        }
    }

    #[test]
    fn a_spec_is_taken_by_its_game_and_rules() {
        let filter =
            Filter { game: Some("awele".into()), rules: Some("abapa".into()), ..Filter::default() };
        assert!(filter.takes_spec(r#"{"game":"awele","rules":"abapa"}"#));
        let awechec_rules = Filter { rules: Some("awechec".into()), ..Filter::default() };
        assert!(awechec_rules.takes_spec(r#"{"game":"awele"}"#), "the default rules, written out");
        assert!(!filter.takes_spec(r#"{"game":"awele","rules":"awari"}"#));
        assert!(!filter.takes_spec(r#"{"game":"awechec"}"#));
        assert!(Filter::default().takes_spec(r#"{"game":"awechec"}"#));
        assert!(!Filter::default().takes_spec("not json"));
    }
}
