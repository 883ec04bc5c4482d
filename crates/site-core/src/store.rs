//! The database: games and their moves, accounts, sessions and ratings, through `sqlx`'s Any
//! driver, so that SQLite (the default, a file in the data folder) and PostgreSQL run the same
//! queries. Every write is awaited before the server acknowledges or shows what it records: the
//! database is the truth a restarted server reads back.
//!
//! Several servers may share a PostgreSQL database. A game changes only through
//! [`Store::commit`], which writes the game as a room wants it if the database still holds the
//! version the room started from, and bumps it: of two servers changing one game at once, one
//! wins and the other reads the game again. Each commit also tells the other servers
//! (`NOTIFY awe`, see `bus.rs`).

use std::time::{SystemTime, UNIX_EPOCH};

use awe_game::Side;
use serde_json::{Value, json};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{Any, AnyPool, FromRow, Row, Transaction};

use crate::rating::Rating;

mod bots;
mod chat;
mod lessons;
mod puzzles;
mod seeks;
mod studies;
mod tournaments;
pub use bots::{ONLINE_MS, TokenRow};
pub use chat::{ChatLine, Moderation, Report};
pub use puzzles::{PuzzleRow, Tried};
pub use seeks::SeekRow;
pub use studies::StudyRow;
pub use tournaments::{Ended, ScoreChange, TournamentGame, TournamentPlayer, TournamentRow};

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// PostgreSQL (several servers may share it: commits notify, ratings are locked).
    postgres: bool,
    url: String,
    /// SQLite takes one writer at a time, and makes the others sleep and retry while one holds
    /// its lock: the server's writes queue here instead, in order (a transaction of a move holds
    /// the lock over several statements).
    writer: std::sync::Arc<tokio::sync::Mutex<()>>,
}

/// A database error, as the server reports it (never to a client: it logs it and answers 503).
pub type Error = sqlx::Error;

/// Milliseconds since 1970, the time unit of the database.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// A game as stored, without its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub spec: String,
    pub start_position: Option<String>,
    pub kind: String,
    pub status: String,
    /// South's (White's) seat, then North's.
    pub seats: [SeatRow; 2],
    pub invite: Option<String>,
    pub clock: Option<(i64, i64)>,
    pub stopped: Option<String>,
    pub result: Option<String>,
    pub termination: Option<String>,
    pub rematch: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// Bumped by every change ([`Store::commit`]).
    pub version: i64,
    /// Moves played.
    pub plies: i64,
    /// Who offers what: `draw:south takeback:north`.
    pub offers: Option<String>,
    /// When the running clock's flag falls.
    pub deadline_at: Option<i64>,
    pub rated: bool,
    /// The rating category of a rated game.
    pub category: Option<String>,
    /// A correspondence game: `clock` is days a move (each move gives them again).
    pub correspondence: bool,
    /// The side to act (`south`, `north`) while the game is played.
    pub to_move: Option<String>,
    /// The tournament it is a game of.
    pub tournament: Option<String>,
    /// Who berserked (an arena's game): `south`, `north`, `south north`.
    pub berserk: Option<String>,
    /// The kind of its tournament (`arena`, `swiss`), as a game is loaded.
    pub tournament_kind: Option<String>,
    /// The account a challenge is addressed to (a bot): only it may take the free seat.
    pub challenged: Option<String>,
}

/// A seat as stored: its holder's secret (hashed) and account, or a computer level; a name; in
/// a rated game, the holder's rating before it and the change after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRow {
    pub secret: Option<String>,
    pub level: Option<i64>,
    pub name: Option<String>,
    pub user: Option<String>,
    pub rating: Option<i64>,
    pub diff: Option<i64>,
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: i64,
    pub text: String,
    pub clocks: Option<[i64; 2]>,
    pub played_at: i64,
}

/// An account.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct User {
    pub id: String,
    pub name: String,
    pub created_at: i64,
}

/// A rating as stored, with the player's record in its category.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    #[sqlx(rename = "user_id")]
    pub user: String,
    pub name: String,
    pub category: String,
    #[sqlx(flatten)]
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// A change to a game, written at once or not at all.
#[derive(Debug)]
pub struct Commit<'a> {
    /// The game as it is to be; its `version` is the one the change was made from.
    pub row: &'a GameRow,
    /// The moves from this ply on are taken back.
    pub take_back_from: Option<i64>,
    /// A move played.
    pub add: Option<&'a MoveRow>,
    /// The game is rated and ends: the score of South (White), 1, ½ or 0.
    pub rate: Option<f64>,
    /// A game that starts with it (a rematch).
    pub new_game: Option<&'a GameRow>,
    /// Whether the lists of games change (the lobby is told).
    pub lobby: bool,
}

/// What a commit did.
#[derive(Debug, PartialEq)]
pub enum Committed {
    /// Written: the game's new version, and in a rated game that ended, each seat's rating
    /// before it and the change.
    Done { version: i64, ratings: Option<[(i64, i64); 2]> },
    /// Refused: the database holds another version (another server changed the game).
    Conflict,
}

const SIDES: [&str; 2] = ["south", "north"];

/// What a commit sets of a game's row, its parameters `$1` to `$19` ([`bind_row`]).
macro_rules! set_game {
    () => {
        "status = $1, south_secret = $2, north_secret = $3, south_name = $4, north_name = $5, \
         south_user = $6, north_user = $7, stopped = $8, result = $9, termination = $10, \
         rematch = $11, offers = $12, plies = $13, deadline_at = $14, thinker = NULL, \
         lease_until = NULL, updated_at = $15, to_move = $18, berserk = $19, \
         version = version + 1 WHERE id = $16 AND version = $17"
    };
}

const UPDATE_GAME: &str = concat!("UPDATE games SET ", set_game!());

const INSERT_MOVE: &str = "INSERT INTO moves (game_id, ply, text, south_clock, north_clock, \
     played_at) VALUES ($1, $2, $3, $4, $5, $6)";

/// A whole commit on PostgreSQL: the row updated if its version is the one expected, the moves
/// taken back (`$20`), the move inserted (`$21`: whether there is one, `$22..$26`), the other
/// servers notified (`$27` the channel, `$28` the game's payload, `$29` whether the lobby's lists
/// change). A row back when the version was the one expected.
const COMMIT_AT_ONCE: &str = concat!(
    "WITH up AS (UPDATE games SET ",
    set_game!(),
    " RETURNING version), \
     del AS (DELETE FROM moves WHERE game_id = $16 AND ply >= $20 AND EXISTS (SELECT 1 FROM up)), \
     ins AS (INSERT INTO moves (game_id, ply, text, south_clock, north_clock, played_at) \
             SELECT $16, $22, $23, $24, $25, $26 FROM up WHERE $21) \
     SELECT up.version FROM up, LATERAL (SELECT pg_notify($27, $28)) AS game_notified, \
     LATERAL (SELECT CASE WHEN $29 THEN pg_notify($27, 'l') END) AS lobby_notified"
);

/// Binds `$1` to `$19` of [`set_game`].
fn bind_row<'q>(
    query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments>,
    row: &'q GameRow,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments> {
    query
        .bind(&row.status)
        .bind(&row.seats[0].secret)
        .bind(&row.seats[1].secret)
        .bind(&row.seats[0].name)
        .bind(&row.seats[1].name)
        .bind(&row.seats[0].user)
        .bind(&row.seats[1].user)
        .bind(&row.stopped)
        .bind(&row.result)
        .bind(&row.termination)
        .bind(&row.rematch)
        .bind(&row.offers)
        .bind(row.plies)
        .bind(row.deadline_at)
        .bind(now_ms())
        .bind(&row.id)
        .bind(row.version)
        .bind(&row.to_move)
        .bind(&row.berserk)
}

/// The channel of PostgreSQL's notifications between servers.
pub const CHANNEL: &str = "awe";

/// A database's address as it may be written in a log or an error: its password hidden.
///
/// ```
/// use awe_site_core::store::redacted;
/// assert_eq!(redacted("postgres://awe:s3cret@db/awe"), "postgres://awe:***@db/awe");
/// assert_eq!(redacted("sqlite:///var/lib/awe/awe.db?mode=rwc"), "sqlite:///var/lib/awe/awe.db?mode=rwc");
/// assert_eq!(redacted("postgres://awe@db/awe?password=s3cret&x=1"), "postgres://awe@db/awe?password=***&x=1");
/// ```
pub fn redacted(url: &str) -> String {
    // A password given as a parameter (`?password=…`) goes too.
    let url = &match url.split_once('?') {
        Some((base, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|p| if p.starts_with("password=") { "password=***".into() } else { p.into() })
                .collect();
            format!("{base}?{}", query.join("&"))
        }
        None => url.to_owned(),
    };
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_owned() };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((credentials, host)) if credentials.contains(':') => {
            let user = credentials.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}:***@{host}{path}")
        }
        _ => url.to_owned(),
    }
}

/// Counts a game at a position and move in the explorer's index: category, position, move,
/// then 1 or 0 for South's win, North's and a draw.
pub const EXPLORER_COUNT: &str = "INSERT INTO explorer (category, position, move, games, south, \
     north, draws) VALUES ($1, $2, $3, 1, $4, $5, $6) ON CONFLICT (category, position, move) \
     DO UPDATE SET games = explorer.games + 1, south = explorer.south + $4, \
     north = explorer.north + $5, draws = explorer.draws + $6";

/// The latest migration of this build's schema.
pub fn latest_migration() -> i64 {
    MIGRATIONS.iter().map(|m| m.version).max().unwrap_or(0)
}

/// The schema's migrations, in this build.
static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

impl Store {
    /// Opens the database at `url` (`sqlite://FILE` or `postgres://…`) and brings its tables up
    /// to date.
    pub async fn open(url: &str) -> Result<Store, Error> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
            .acquire_timeout(std::time::Duration::from_secs(10))
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if sqlite {
                        // Write-ahead logging: readers do not wait for the writer, and a commit
                        // survives the process being killed (NORMAL syncs at checkpoints only,
                        // which is enough against a crash of the server, not of the machine).
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA synchronous = NORMAL",
                            "PRAGMA busy_timeout = 5000",
                            "PRAGMA foreign_keys = ON",
                        ] {
                            sqlx::query(pragma).execute(&mut *connection).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        MIGRATIONS.run(&pool).await?;
        Ok(Store { pool, postgres: !sqlite, url: url.to_owned(), writer: Default::default() })
    }

    /// Whether the database answers with every migration of this build applied (`/readyz`).
    pub async fn ready(&self) -> Result<bool, Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS applied, MAX(version) AS latest FROM _sqlx_migrations \
             WHERE success",
        )
        .fetch_one(&self.pool)
        .await?;
        let applied: i64 = row.try_get("applied")?;
        let latest: Option<i64> = row.try_get("latest")?;
        let ours = MIGRATIONS.iter().filter(|m| !m.migration_type.is_down_migration());
        Ok(applied as usize >= ours.clone().count() && latest >= ours.map(|m| m.version).max())
    }

    /// Waits for SQLite's turn to write (PostgreSQL's writers need none).
    async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        if self.postgres { None } else { Some(self.writer.lock().await) }
    }

    /// Whether the database is PostgreSQL (which several servers may share).
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The database's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Records a new game.
    pub async fn create(&self, game: &GameRow) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        insert_game(&mut tx, game).await?;
        self.notify(&mut tx, "l").await?;
        tx.commit().await
    }

    /// Records a new game with its moves (an imported record).
    pub async fn create_with_moves(&self, game: &GameRow, moves: &[MoveRow]) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        insert_game(&mut tx, game).await?;
        // The moves as one JSON array, unpacked by the database: a long record's thousands of
        // moves, a statement each, would hold SQLite's only writer (and every move of every game
        // waiting behind it) a twentieth of a second.
        let rows: Vec<Value> = moves
            .iter()
            .map(|m| {
                let [south, north] = m.clocks.map_or([None, None], |c| c.map(Some));
                json!([m.ply, m.text, south, north, m.played_at])
            })
            .collect();
        let sql = if self.postgres {
            "INSERT INTO moves (game_id, ply, text, south_clock, north_clock, played_at) \
             SELECT $1, (m->>0)::bigint, m->>1, (m->>2)::bigint, (m->>3)::bigint, \
             (m->>4)::bigint FROM jsonb_array_elements(CAST($2 AS jsonb)) AS m"
        } else {
            "INSERT INTO moves (game_id, ply, text, south_clock, north_clock, played_at) \
             SELECT $1, json_extract(value, '$[0]'), json_extract(value, '$[1]'), \
             json_extract(value, '$[2]'), json_extract(value, '$[3]'), \
             json_extract(value, '$[4]') FROM json_each($2)"
        };
        sqlx::query(sql)
            .bind(&game.id)
            .bind(Value::Array(rows).to_string())
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }

    /// A game and its moves, if there is one with this id.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, Error> {
        let Some(row) = sqlx::query(
            "SELECT games.*, (SELECT kind FROM tournaments WHERE tournaments.id = \
             games.tournament_id) AS tournament_kind FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let moves = self.moves(id).await?;
        Ok(Some((game, moves)))
    }

    /// The moves of game `id`, in order.
    pub async fn moves(&self, id: &str) -> Result<Vec<MoveRow>, Error> {
        // The moves as one JSON array made by the database: a long game's thousands of rows,
        // decoded one by one, would hold a thread of the server for tens of milliseconds.
        let sql = if self.postgres {
            "SELECT CAST(COALESCE(json_agg(json_build_array(ply, text, south_clock, north_clock, \
             played_at) ORDER BY ply), '[]') AS TEXT) AS moves FROM moves WHERE game_id = $1"
        } else {
            "SELECT json_group_array(json_array(ply, text, south_clock, north_clock, played_at) \
             ORDER BY ply) AS moves FROM moves WHERE game_id = $1"
        };
        let text: String =
            sqlx::query(sql).bind(id).fetch_one(&self.pool).await?.try_get("moves")?;
        type Row = (i64, String, Option<i64>, Option<i64>, i64);
        let rows: Vec<Row> = serde_json::from_str(&text).map_err(|e| Error::Decode(Box::new(e)))?;
        let moves = rows
            .into_iter()
            .map(|(ply, text, south, north, played_at)| MoveRow {
                ply,
                text,
                clocks: south.zip(north).map(|(s, n)| [s, n]),
                played_at,
            })
            .collect();
        Ok(moves)
    }

    /// Finished games for the export, in the order they began (then by id), after the game
    /// `after` (its start and id: the page before ends there), at most `limit`: those begun in
    /// `[since, until)`, of account `user`, rated or not, as given.
    pub async fn finished(
        &self,
        after: (i64, &str),
        since: Option<i64>,
        until: Option<i64>,
        user: Option<&str>,
        rated: Option<bool>,
        limit: i64,
    ) -> Result<Vec<GameRow>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status = 'over' \
             AND (created_at, id) > ($1, $2) \
             AND created_at >= $3 AND created_at < $4 \
             AND ($5 = '' OR south_user = $5 OR north_user = $5) \
             AND ($6 < 0 OR rated = $6) \
             ORDER BY created_at, id LIMIT $7",
        )
        .bind(after.0)
        .bind(after.1)
        .bind(since.unwrap_or(i64::MIN))
        .bind(until.unwrap_or(i64::MAX))
        .bind(user.unwrap_or(""))
        .bind(rated.map_or(-1, i64::from))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// Writes a change to a game if the database still holds `commit.row.version`.
    pub async fn commit(&self, commit: &Commit<'_>) -> Result<Committed, Error> {
        let _turn = self.write_turn().await;
        if commit.rate.is_none() && commit.new_game.is_none() {
            // A move, an offer, a seat, a takeback: in one statement on PostgreSQL (one round
            // trip), in two on SQLite (its writers queue in `write_turn`, and a crash between
            // them leaves a version counted without its move, never a move acknowledged lost).
            return if self.postgres {
                self.commit_at_once(commit).await
            } else {
                self.commit_plainly(commit).await
            };
        }
        let row = commit.row;
        let mut tx = self.pool.begin().await?;
        let updated = bind_row(sqlx::query(UPDATE_GAME), row).execute(&mut *tx).await?;
        if updated.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(Committed::Conflict);
        }
        if let Some(ply) = commit.take_back_from {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(&row.id)
                .bind(ply)
                .execute(&mut *tx)
                .await?;
        }
        if let Some(mv) = commit.add {
            insert_move(&mut tx, &row.id, mv).await?;
        }
        let ratings = match (commit.rate, row.rated, &row.category, &row.seats) {
            (Some(score), true, Some(category), [south, north]) => {
                match (&south.user, &north.user) {
                    (Some(a), Some(b)) => {
                        Some(self.rate(&mut tx, &row.id, category, [a, b], score).await?)
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(game) = commit.new_game {
            insert_game(&mut tx, game).await?;
        }
        let version = row.version + 1;
        self.notify(&mut tx, &format!("g {} {version}", row.id)).await?;
        if commit.lobby || commit.new_game.is_some() {
            self.notify(&mut tx, "l").await?;
        }
        tx.commit().await?;
        Ok(Committed::Done { version, ratings })
    }

    /// [`Store::commit`] of a change without rating nor new game, on SQLite, where this server
    /// is the only writer (its writes queue in `write_turn`). The move first: refused, nothing
    /// changed; then the row, if its version is still the one expected (else the move goes
    /// again); then a takeback's moves. A crash in between leaves a move stored without its
    /// version counted, or a version counted before its takeback: never a move acknowledged
    /// lost.
    async fn commit_plainly(&self, commit: &Commit<'_>) -> Result<Committed, Error> {
        let row = commit.row;
        if let Some(mv) = commit.add {
            sqlx::query(INSERT_MOVE)
                .bind(&row.id)
                .bind(mv.ply)
                .bind(&mv.text)
                .bind(mv.clocks.map(|c| c[0]))
                .bind(mv.clocks.map(|c| c[1]))
                .bind(mv.played_at)
                .execute(&self.pool)
                .await?;
        }
        let updated = bind_row(sqlx::query(UPDATE_GAME), row).execute(&self.pool).await?;
        if updated.rows_affected() != 1 {
            if let Some(mv) = commit.add {
                sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply = $2")
                    .bind(&row.id)
                    .bind(mv.ply)
                    .execute(&self.pool)
                    .await?;
            }
            return Ok(Committed::Conflict);
        }
        if let Some(ply) = commit.take_back_from {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(&row.id)
                .bind(ply)
                .execute(&self.pool)
                .await?;
        }
        Ok(Committed::Done { version: row.version + 1, ratings: None })
    }

    /// [`Store::commit`] of a change without rating nor new game, on PostgreSQL: the update, the
    /// takeback, the move and the notifications in one statement, so one transaction.
    async fn commit_at_once(&self, commit: &Commit<'_>) -> Result<Committed, Error> {
        let row = commit.row;
        let mv = commit.add;
        let payload = format!("g {} {}", row.id, row.version + 1);
        let done = bind_row(sqlx::query(COMMIT_AT_ONCE), row)
            .bind(commit.take_back_from)
            .bind(mv.is_some())
            .bind(mv.map_or(0, |m| m.ply))
            .bind(mv.map_or("", |m| m.text.as_str()))
            .bind(mv.and_then(|m| m.clocks.map(|c| c[0])))
            .bind(mv.and_then(|m| m.clocks.map(|c| c[1])))
            .bind(mv.map_or(0, |m| m.played_at))
            .bind(CHANNEL)
            .bind(payload)
            .bind(commit.lobby)
            // Every message up to the server's "ready", not just the first row: the row comes
            // before the statement's implicit transaction commits, and a connection cut between
            // the two would have a move acknowledged that PostgreSQL rolled back.
            .fetch_all(&self.pool)
            .await?;
        Ok(if done.is_empty() {
            Committed::Conflict
        } else {
            Committed::Done { version: row.version + 1, ratings: None }
        })
    }

    /// Rates a game that ended, inside its commit: both ratings read (locked on PostgreSQL, so
    /// that two games ending at once on two servers do not lose an update), changed, written,
    /// and the game given each seat's rating before and change.
    async fn rate(
        &self,
        tx: &mut Transaction<'static, Any>,
        id: &str,
        category: &str,
        users: [&String; 2],
        south_score: f64,
    ) -> Result<[(i64, i64); 2], Error> {
        let now = now_ms();
        let fresh = Rating::default();
        for user in users {
            sqlx::query(
                "INSERT INTO ratings (user_id, category, rating, deviation, volatility, games, \
                 wins, draws, losses, updated_at) VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, $6) \
                 ON CONFLICT (user_id, category) DO NOTHING",
            )
            .bind(user)
            .bind(category)
            .bind(fresh.rating)
            .bind(fresh.deviation)
            .bind(fresh.volatility)
            .bind(now)
            .execute(&mut **tx)
            .await?;
        }
        let select = if self.postgres {
            "SELECT rating, deviation, volatility FROM ratings \
             WHERE user_id = $1 AND category = $2 FOR UPDATE"
        } else {
            "SELECT rating, deviation, volatility FROM ratings WHERE user_id = $1 AND category = $2"
        };
        let mut before = [fresh; 2];
        // In the order of the accounts' ids, so that two servers lock them in the same order.
        let mut order = [0, 1];
        order.sort_by_key(|&i| users[i]);
        for i in order {
            let row =
                sqlx::query(select).bind(users[i]).bind(category).fetch_one(&mut **tx).await?;
            before[i] = Rating {
                rating: row.try_get("rating")?,
                deviation: row.try_get("deviation")?,
                volatility: row.try_get("volatility")?,
            };
        }
        let south_score = south_score.clamp(0.0, 1.0);
        let scores = [south_score, 1.0 - south_score];
        let mut changes = [(0, 0); 2];
        for i in 0..2 {
            let after = before[i].after(&before[1 - i], scores[i]);
            let (win, draw, loss) = match scores[i] {
                s if s > 0.75 => (1, 0, 0),
                s if s < 0.25 => (0, 0, 1),
                _ => (0, 1, 0),
            };
            sqlx::query(
                "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, \
                 games = games + 1, wins = wins + $4, draws = draws + $5, losses = losses + $6, \
                 updated_at = $7 WHERE user_id = $8 AND category = $9",
            )
            .bind(after.rating)
            .bind(after.deviation)
            .bind(after.volatility)
            .bind(win)
            .bind(draw)
            .bind(loss)
            .bind(now)
            .bind(users[i])
            .bind(category)
            .execute(&mut **tx)
            .await?;
            let was = before[i].rating.round() as i64;
            changes[i] = (was, after.rating.round() as i64 - was);
        }
        sqlx::query(
            "UPDATE games SET south_rating = $1, south_diff = $2, north_rating = $3, \
             north_diff = $4 WHERE id = $5",
        )
        .bind(changes[0].0)
        .bind(changes[0].1)
        .bind(changes[1].0)
        .bind(changes[1].1)
        .bind(id)
        .execute(&mut **tx)
        .await?;
        Ok(changes)
    }

    /// Tells the other servers (PostgreSQL only), when the transaction commits.
    async fn notify(&self, tx: &mut Transaction<'static, Any>, payload: &str) -> Result<(), Error> {
        if self.postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Lets `server` search for the computer in game `id` at `version` until `until`, unless
    /// another server may still be at it: whether it may.
    pub async fn take_lease(
        &self,
        id: &str,
        version: i64,
        server: &str,
        until: i64,
    ) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE games SET thinker = $1, lease_until = $2 WHERE id = $3 AND version = $4 \
             AND (thinker IS NULL OR thinker = $1 OR lease_until < $5)",
        )
        .bind(server)
        .bind(until)
        .bind(id)
        .bind(version)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Hands back the leases `server` holds (it is stopping): each runs out now, so that the
    /// sweeper of any server takes its game, and the other servers are told at once (`s ID`).
    /// Returns the games.
    pub async fn release_leases(&self, server: &str) -> Result<Vec<String>, Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let rows = sqlx::query(
            "UPDATE games SET lease_until = 0 WHERE thinker = $1 AND status = 'playing' \
             AND lease_until > 0 RETURNING id",
        )
        .bind(server)
        .fetch_all(&mut *tx)
        .await?;
        let ids: Vec<String> = rows.iter().map(|r| r.try_get("id")).collect::<Result<_, _>>()?;
        for id in &ids {
            self.notify(&mut tx, &format!("s {id}")).await?;
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// Finished games the explorer has not counted yet, at most `limit`.
    pub async fn unexplored(&self, limit: i64) -> Result<Vec<String>, Error> {
        // In no order: servers counting at once mostly take different games.
        let rows = sqlx::query(
            "SELECT id FROM games WHERE explored = 0 AND status = 'over' ORDER BY random() \
             LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Counts a finished game in the explorer (its `steps`, under `category`, with its
    /// `outcome`: South's win, North's, a draw), unless it is counted already: whether this
    /// call counted it. One transaction, which marks the game first, so that of two servers
    /// one counts it.
    pub async fn explore(
        &self,
        id: &str,
        category: &str,
        steps: &[(String, String)],
        outcome: [i64; 3],
    ) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let marked = sqlx::query("UPDATE games SET explored = 1 WHERE id = $1 AND explored = 0")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if marked.rows_affected() != 1 {
            return Ok(false);
        }
        for (position, mv) in steps {
            sqlx::query(EXPLORER_COUNT)
                .bind(category)
                .bind(position)
                .bind(mv)
                .bind(outcome[0])
                .bind(outcome[1])
                .bind(outcome[2])
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// The explorer's moves from `position` in `category`, the most played first.
    pub async fn explored(&self, category: &str, position: &str) -> Result<Vec<AnyRow>, Error> {
        sqlx::query(
            "SELECT move, games, south, north, draws FROM explorer WHERE category = $1 \
             AND position = $2 ORDER BY games DESC, move",
        )
        .bind(category)
        .bind(position)
        .fetch_all(&self.pool)
        .await
    }

    /// Games being played that need a server: a flag fallen, or a computer's search whose
    /// server stopped answering.
    pub async fn due(&self, limit: i64) -> Result<Vec<String>, Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'playing' AND (deadline_at < $1 OR \
             lease_until < $1) LIMIT $2",
        )
        .bind(now_ms())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// The latest games of a status (and kind, if given), newest first.
    pub async fn list(
        &self,
        status: &str,
        kind: Option<&str>,
        limit: i64,
    ) -> Result<Vec<GameRow>, Error> {
        self.list_since(status, kind, 0, limit).await
    }

    /// The latest games of a status (and kind, if given) changed at `since` (milliseconds since
    /// 1970) or later, newest first.
    pub async fn list_since(
        &self,
        status: &str,
        kind: Option<&str>,
        since: i64,
        limit: i64,
    ) -> Result<Vec<GameRow>, Error> {
        let rows = match kind {
            Some(kind) => {
                sqlx::query(
                    "SELECT * FROM games WHERE status = $1 AND kind = $2 AND updated_at >= $3 \
                     ORDER BY updated_at DESC LIMIT $4",
                )
                .bind(status)
                .bind(kind)
                .bind(since)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
            None => {
                sqlx::query(
                    "SELECT * FROM games WHERE status = $1 AND updated_at >= $2 \
                     ORDER BY updated_at DESC LIMIT $3",
                )
                .bind(status)
                .bind(since)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
        };
        rows.iter().map(game_row).collect()
    }

    /// The latest games of an account, newest first.
    pub async fn games_of(&self, user: &str, limit: i64) -> Result<Vec<GameRow>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE south_user = $1 OR north_user = $1 \
             ORDER BY updated_at DESC LIMIT $2",
        )
        .bind(user)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// The games an account is playing (at most `limit`), the most urgent first: those whose
    /// running clock falls soonest, then the others, the latest changed first.
    pub async fn playing_of(&self, user: &str, limit: i64) -> Result<Vec<GameRow>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status = 'playing' AND (south_user = $1 OR north_user = $1) \
             ORDER BY CASE WHEN deadline_at IS NULL THEN 1 ELSE 0 END, deadline_at, \
             updated_at DESC LIMIT $2",
        )
        .bind(user)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// Games waiting for a player, not yet begun, that `secret` or `user` created: what a
    /// limit on games at once counts.
    pub async fn count_waiting(&self, secret: &str) -> Result<i64, Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM games WHERE status = 'waiting' AND \
             (south_secret = $1 OR north_secret = $1)",
        )
        .bind(secret)
        .fetch_one(&self.pool)
        .await?;
        row.try_get("n")
    }

    /// Whether `secret` (a browser) or `user` (an account) holds a seat in a game being played
    /// between two people: no engine may help them then (fair play).
    pub async fn seated_in_live_game(
        &self,
        secret: &str,
        user: Option<&str>,
    ) -> Result<bool, Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM games WHERE status = 'playing' AND kind IN ('friend', 'open', 'tournament', 'bot') \
             AND (south_secret = $1 OR north_secret = $1 OR south_user = $2 OR north_user = $2)",
        )
        .bind(secret)
        .bind(user.unwrap_or(""))
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>("n")? > 0)
    }

    /// Creates an account; false if the name (in any case) is taken.
    pub async fn create_user(&self, user: &User, password_hash: &str) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "INSERT INTO users (id, name, name_key, password, created_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(&user.id)
        .bind(&user.name)
        .bind(user.name.to_lowercase())
        .bind(password_hash)
        .bind(user.created_at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The account of a name (in any case), with its password's hash.
    pub async fn user_by_name(&self, name: &str) -> Result<Option<(User, String)>, Error> {
        let row =
            sqlx::query("SELECT id, name, created_at, password FROM users WHERE name_key = $1")
                .bind(name.to_lowercase())
                .fetch_optional(&self.pool)
                .await?;
        row.map(|row| Ok((User::from_row(&row)?, row.try_get("password")?))).transpose()
    }

    /// Opens a session: `token_hash` is the SHA-256 of the cookie's token.
    pub async fn create_session(
        &self,
        token_hash: &str,
        user: &str,
        expires_at: i64,
    ) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO sessions (token, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(user)
        .bind(now_ms())
        .bind(expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The account of a session that is open and not expired.
    pub async fn session_user(&self, token_hash: &str) -> Result<Option<User>, Error> {
        let row = sqlx::query(
            "SELECT users.id, users.name, users.created_at FROM sessions \
             JOIN users ON users.id = sessions.user_id \
             WHERE sessions.token = $1 AND sessions.expires_at > $2 AND users.closed_at IS NULL",
        )
        .bind(token_hash)
        .bind(now_ms())
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(User::from_row).transpose()
    }

    /// Closes a session (signing out): its cookie is worth nothing from then on.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query("DELETE FROM sessions WHERE token = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The ratings of an account, in every category it has played.
    pub async fn ratings_of(&self, user: &str) -> Result<Vec<RatingRow>, Error> {
        let rows = sqlx::query(
            "SELECT ratings.*, users.name FROM ratings JOIN users ON users.id = ratings.user_id \
             WHERE ratings.user_id = $1 AND ratings.games > 0 ORDER BY ratings.category",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(RatingRow::from_row).collect()
    }

    /// The best ratings of a category.
    pub async fn leaderboard(&self, category: &str, limit: i64) -> Result<Vec<RatingRow>, Error> {
        let rows = sqlx::query(
            "SELECT ratings.*, users.name FROM ratings JOIN users ON users.id = ratings.user_id \
             WHERE ratings.category = $1 AND ratings.games > 0 \
             ORDER BY ratings.rating DESC LIMIT $2",
        )
        .bind(category)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(RatingRow::from_row).collect()
    }

    /// The ratings of some accounts in a category (those who have one).
    pub async fn ratings_in(
        &self,
        category: &str,
        users: &[String],
    ) -> Result<Vec<RatingRow>, Error> {
        let mut found = Vec::new();
        for user in users {
            let row = sqlx::query(
                "SELECT ratings.*, users.name FROM ratings \
                 JOIN users ON users.id = ratings.user_id \
                 WHERE ratings.user_id = $1 AND ratings.category = $2",
            )
            .bind(user)
            .bind(category)
            .fetch_optional(&self.pool)
            .await?;
            if let Some(row) = row {
                found.push(RatingRow::from_row(&row)?);
            }
        }
        Ok(found)
    }

    /// Closes the connections, waiting for them to finish.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

async fn insert_game(tx: &mut Transaction<'static, Any>, game: &GameRow) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO games (id, spec, start_position, kind, status, south_secret, \
         north_secret, south_level, north_level, south_name, north_name, invite, \
         clock_initial, clock_increment, stopped, result, termination, rematch, created_at, \
         updated_at, version, plies, offers, deadline_at, rated, category, south_user, \
         north_user, correspondence, to_move, tournament_id, berserk, challenged) VALUES ($1, $2, \
         $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
         $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33)",
    )
    .bind(&game.id)
    .bind(&game.spec)
    .bind(&game.start_position)
    .bind(&game.kind)
    .bind(&game.status)
    .bind(&game.seats[0].secret)
    .bind(&game.seats[1].secret)
    .bind(game.seats[0].level)
    .bind(game.seats[1].level)
    .bind(&game.seats[0].name)
    .bind(&game.seats[1].name)
    .bind(&game.invite)
    .bind(game.clock.map(|c| c.0))
    .bind(game.clock.map(|c| c.1))
    .bind(&game.stopped)
    .bind(&game.result)
    .bind(&game.termination)
    .bind(&game.rematch)
    .bind(game.created_at)
    .bind(game.updated_at)
    .bind(game.version)
    .bind(game.plies)
    .bind(&game.offers)
    .bind(game.deadline_at)
    .bind(game.rated as i64)
    .bind(&game.category)
    .bind(&game.seats[0].user)
    .bind(&game.seats[1].user)
    .bind(game.correspondence as i64)
    .bind(&game.to_move)
    .bind(&game.tournament)
    .bind(&game.berserk)
    .bind(&game.challenged)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn insert_move(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    mv: &MoveRow,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO moves (game_id, ply, text, south_clock, north_clock, played_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(mv.ply)
    .bind(&mv.text)
    .bind(mv.clocks.map(|c| c[0]))
    .bind(mv.clocks.map(|c| c[1]))
    .bind(mv.played_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn game_row(row: &AnyRow) -> Result<GameRow, Error> {
    let seat = |side: &str| -> Result<SeatRow, Error> {
        let column = |name: &str| format!("{side}_{name}");
        Ok(SeatRow {
            secret: row.try_get(column("secret").as_str())?,
            level: row.try_get(column("level").as_str())?,
            name: row.try_get(column("name").as_str())?,
            user: row.try_get(column("user").as_str())?,
            rating: row.try_get(column("rating").as_str())?,
            diff: row.try_get(column("diff").as_str())?,
        })
    };
    let clock = match (row.try_get("clock_initial")?, row.try_get("clock_increment")?) {
        (Some(initial), Some(increment)) => Some((initial, increment)),
        _ => None,
    };
    Ok(GameRow {
        id: row.try_get("id")?,
        spec: row.try_get("spec")?,
        start_position: row.try_get("start_position")?,
        kind: row.try_get("kind")?,
        status: row.try_get("status")?,
        seats: [seat(SIDES[0])?, seat(SIDES[1])?],
        invite: row.try_get("invite")?,
        clock,
        stopped: row.try_get("stopped")?,
        result: row.try_get("result")?,
        termination: row.try_get("termination")?,
        rematch: row.try_get("rematch")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        version: row.try_get("version")?,
        plies: row.try_get("plies")?,
        offers: row.try_get("offers")?,
        deadline_at: row.try_get("deadline_at")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        category: row.try_get("category")?,
        correspondence: row.try_get::<i64, _>("correspondence")? != 0,
        to_move: row.try_get("to_move")?,
        tournament: row.try_get("tournament_id")?,
        berserk: row.try_get("berserk")?,
        // Only the query that loads a game asks for it.
        tournament_kind: row.try_get("tournament_kind").ok().flatten(),
        challenged: row.try_get("challenged")?,
    })
}

/// The side of a seat's columns.
pub fn side_column(side: Side) -> &'static str {
    SIDES[side.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database for a test: PostgreSQL if `AWE_TEST_DATABASE` names a server (a database of
    /// its own is made there), else a SQLite file.
    async fn open(name: &str) -> Store {
        let url = crate::testing::database_url(&format!("store-{name}")).await;
        Store::open(&url).await.unwrap()
    }

    fn game(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            spec: r#"{"game":"awele"}"#.into(),
            kind: "friend".into(),
            status: "waiting".into(),
            seats: [SeatRow { secret: Some("a".into()), ..SeatRow::default() }, SeatRow::default()],
            invite: Some("i".into()),
            clock: Some((60_000, 1_000)),
            created_at: 1,
            updated_at: 1,
            ..GameRow::default()
        }
    }

    fn moved(row: &GameRow, ply: i64) -> (GameRow, MoveRow) {
        let mut next = row.clone();
        next.plies = ply + 1;
        (next, MoveRow { ply, text: "A".into(), clocks: Some([5, 6]), played_at: 7 })
    }

    fn commit<'a>(row: &'a GameRow, add: Option<&'a MoveRow>) -> Commit<'a> {
        Commit { row, take_back_from: None, add, rate: None, new_game: None, lobby: false }
    }

    #[tokio::test]
    async fn games_and_moves_are_kept_and_a_stale_version_is_refused() {
        let store = open("kept").await;
        let mut row = game("g1");
        store.create(&row).await.unwrap();
        for ply in 0..3 {
            let (next, mv) = moved(&row, ply);
            let done = store.commit(&commit(&next, Some(&mv))).await.unwrap();
            assert_eq!(done, Committed::Done { version: ply + 1, ratings: None });
            row = next;
            row.version = ply + 1;
        }
        // A change made from an older version is refused, and writes nothing: two servers
        // cannot both record a move.
        let mut stale = row.clone();
        stale.version = 1;
        let (stale, mv) = moved(&stale, 3);
        assert_eq!(store.commit(&commit(&stale, Some(&mv))).await.unwrap(), Committed::Conflict);
        // A move at a ply already played is refused too, and the version stays.
        let (next, mv) = moved(&row, 2);
        assert!(store.commit(&commit(&next, Some(&mv))).await.is_err());
        // A seat taken, then a takeback of the last move.
        let mut next = row.clone();
        next.seats[1] =
            SeatRow { secret: Some("b".into()), name: Some("Kofi".into()), ..SeatRow::default() };
        next.status = "playing".into();
        next.plies = 2;
        let back = Commit { take_back_from: Some(2), ..commit(&next, None) };
        assert!(matches!(store.commit(&back).await.unwrap(), Committed::Done { version: 4, .. }));
        store.close().await;
        // Opened again, as a restarted server would.
        let store = Store::open(store.url()).await.unwrap();
        let (row, moves) = store.load("g1").await.unwrap().unwrap();
        assert_eq!(row.seats[1].secret.as_deref(), Some("b"));
        assert_eq!((row.status.as_str(), row.version, row.plies), ("playing", 4, 2));
        assert_eq!(row.clock, Some((60_000, 1_000)));
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[1].clocks, Some([5, 6]));
        assert!(store.load("nope").await.unwrap().is_none());
        assert_eq!(store.list("playing", None, 10).await.unwrap().len(), 1);
        store.close().await;
    }

    #[tokio::test]
    async fn one_server_at_a_time_thinks_for_the_computer() {
        let store = open("lease").await;
        store.create(&game("g2")).await.unwrap();
        let later = now_ms() + 60_000;
        assert!(store.take_lease("g2", 0, "one", later).await.unwrap());
        assert!(store.take_lease("g2", 0, "one", later).await.unwrap(), "its own again");
        assert!(!store.take_lease("g2", 0, "two", later).await.unwrap(), "not another's");
        assert!(!store.take_lease("g2", 5, "one", later).await.unwrap(), "not an old version");
        // A lease run out (its server gone) is taken over.
        assert!(store.take_lease("g2", 0, "one", now_ms() - 1).await.unwrap());
        assert!(store.take_lease("g2", 0, "two", later).await.unwrap());
        store.close().await;
    }

    #[tokio::test]
    async fn accounts_sessions_and_ratings() {
        let store = open("accounts").await;
        let ada = User { id: "u1".into(), name: "Ada".into(), created_at: 1 };
        let bob = User { id: "u2".into(), name: "bob".into(), created_at: 1 };
        assert!(store.create_user(&ada, "hash-a").await.unwrap());
        assert!(store.create_user(&bob, "hash-b").await.unwrap());
        let again = User { id: "u3".into(), name: "ADA".into(), created_at: 1 };
        assert!(!store.create_user(&again, "x").await.unwrap(), "names are unique in any case");
        assert_eq!(
            store.user_by_name("aDa").await.unwrap().unwrap(),
            (ada.clone(), "hash-a".into())
        );
        store.create_session("t1", "u1", now_ms() + 60_000).await.unwrap();
        store.create_session("t2", "u1", now_ms() - 1).await.unwrap();
        assert_eq!(store.session_user("t1").await.unwrap(), Some(ada.clone()));
        assert_eq!(store.session_user("t2").await.unwrap(), None, "expired");
        assert_eq!(store.session_user("nope").await.unwrap(), None);
        store.delete_session("t1").await.unwrap();
        assert_eq!(store.session_user("t1").await.unwrap(), None, "signed out");

        // A rated game between them, won by South (Ada).
        let mut row = game("g3");
        row.rated = true;
        row.category = Some("awele:abapa".into());
        row.status = "playing".into();
        row.seats = [
            SeatRow { secret: Some("a".into()), user: Some("u1".into()), ..SeatRow::default() },
            SeatRow { secret: Some("b".into()), user: Some("u2".into()), ..SeatRow::default() },
        ];
        store.create(&row).await.unwrap();
        let mut over = row.clone();
        over.status = "over".into();
        over.result = Some("1-0".into());
        let end = Commit { rate: Some(1.0), ..commit(&over, None) };
        let Committed::Done { ratings: Some(changes), .. } = store.commit(&end).await.unwrap()
        else {
            panic!("rated")
        };
        assert_eq!(changes[0].0, 1500);
        assert!(changes[0].1 > 100 && changes[1].1 < -100, "{changes:?}");
        let board = store.leaderboard("awele:abapa", 10).await.unwrap();
        assert_eq!(board.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["Ada", "bob"]);
        assert_eq!((board[0].games, board[0].wins, board[1].losses), (1, 1, 1));
        assert_eq!(store.ratings_of("u2").await.unwrap().len(), 1);
        let (stored, _) = store.load("g3").await.unwrap().unwrap();
        assert_eq!(stored.seats[0].diff, Some(changes[0].1));
        assert_eq!(store.games_of("u1", 10).await.unwrap().len(), 1);
        store.close().await;
    }

    #[tokio::test]
    async fn lessons_and_studies_are_kept() {
        let store = open("lessons-studies").await;
        let ada = User { id: "u-ada".into(), name: "ada".into(), created_at: 1 };
        assert!(store.create_user(&ada, "hash").await.unwrap());
        // A stage's best stars are kept: a worse try later changes nothing.
        store.pass_stage("u-ada", "awele/sowing", 2).await.unwrap();
        store.pass_stage("u-ada", "awele/sowing", 1).await.unwrap();
        store.pass_stage("u-ada", "awele/capture", 3).await.unwrap();
        store.pass_stage("u-ada", "awele/sowing", 3).await.unwrap();
        let kept = store.lesson_progress("u-ada").await.unwrap();
        assert_eq!(
            kept.into_iter().collect::<Vec<_>>(),
            [("awele/capture".to_owned(), 3), ("awele/sowing".to_owned(), 3)]
        );
        // A study: kept, changed by its owner only, listed while public.
        let row = StudyRow {
            id: "s1".into(),
            owner_id: "u-ada".into(),
            title: "T".into(),
            visibility: "unlisted".into(),
            chapters: "[]".into(),
            created_at: 1,
            updated_at: 1,
        };
        store.add_study(&row).await.unwrap();
        assert_eq!(store.study("s1").await.unwrap(), Some((row.clone(), "ada".to_owned())));
        assert!(store.public_studies(10).await.unwrap().is_empty());
        assert!(!store.save_study("s1", "u-bob", "Mine", "public", "[]").await.unwrap());
        assert!(store.save_study("s1", "u-ada", "T2", "public", "[1]").await.unwrap());
        assert_eq!(
            store.public_studies(10).await.unwrap(),
            [("s1".to_owned(), "T2".to_owned(), "ada".to_owned())]
        );
        assert_eq!(store.study("nothing").await.unwrap(), None);
    }
}
