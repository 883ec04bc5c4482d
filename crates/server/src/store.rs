//! The database: games and their moves, through `sqlx`'s Any driver, so that SQLite (the
//! default, a file in the data folder) and PostgreSQL run the same queries. Every write is
//! awaited before the server acknowledges or shows what it records: the database is the truth a
//! restarted server reads back.

use std::time::{SystemTime, UNIX_EPOCH};

use awe_game::Side;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
}

/// A database error, as the server reports it (never to a client: it logs it and answers 500).
pub type Error = sqlx::Error;

/// Milliseconds since 1970, the time unit of the database.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// A game as stored, without its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

/// A seat as stored: its holder's secret (hashed) or a computer level, and a name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRow {
    pub secret: Option<String>,
    pub level: Option<i64>,
    pub name: Option<String>,
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: i64,
    pub text: String,
    pub clocks: Option<[i64; 2]>,
    pub played_at: i64,
}

const SIDES: [&str; 2] = ["south", "north"];

impl Store {
    /// Opens the database at `url` (`sqlite://FILE` or `postgres://…`) and brings its tables up
    /// to date.
    pub async fn open(url: &str) -> Result<Store, Error> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
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
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    /// Records a new game.
    pub async fn create(&self, game: &GameRow) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO games (id, spec, start_position, kind, status, south_secret, \
             north_secret, south_level, north_level, south_name, north_name, invite, \
             clock_initial, clock_increment, stopped, result, termination, rematch, created_at, \
             updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, \
             $15, $16, $17, $18, $19, $20)",
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
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A game and its moves, if there is one with this id.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, Error> {
        let Some(row) = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let moves = sqlx::query(
            "SELECT ply, text, south_clock, north_clock, played_at FROM moves \
             WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            let clocks = match (row.try_get("south_clock")?, row.try_get("north_clock")?) {
                (Some(south), Some(north)) => Some([south, north]),
                _ => None,
            };
            Ok(MoveRow {
                ply: row.try_get("ply")?,
                text: row.try_get("text")?,
                clocks,
                played_at: row.try_get("played_at")?,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
        Ok(Some((game, moves)))
    }

    /// Records a move (the `ply`-th, from 0).
    pub async fn add_move(&self, id: &str, mv: &MoveRow) -> Result<(), Error> {
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
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes back the moves from the `ply`-th on.
    pub async fn take_back(&self, id: &str, ply: i64) -> Result<(), Error> {
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(id)
            .bind(ply)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Gives a free seat to the holder of `secret` (hashed); false if it was taken meanwhile.
    pub async fn take_seat(
        &self,
        id: &str,
        side: Side,
        secret: &str,
        name: Option<&str>,
        status: &str,
    ) -> Result<bool, Error> {
        let query = match side {
            Side::South => {
                "UPDATE games SET south_secret = $1, south_name = $2, status = $3, \
                 updated_at = $4 WHERE id = $5 AND south_secret IS NULL AND south_level IS NULL"
            }
            Side::North => {
                "UPDATE games SET north_secret = $1, north_name = $2, status = $3, \
                 updated_at = $4 WHERE id = $5 AND north_secret IS NULL AND north_level IS NULL"
            }
        };
        let done = sqlx::query(query)
            .bind(secret)
            .bind(name)
            .bind(status)
            .bind(now_ms())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records how a game stands: its status, and how it ended if it has.
    pub async fn set_status(
        &self,
        id: &str,
        status: &str,
        stopped: Option<&str>,
        result: Option<&str>,
        termination: Option<&str>,
    ) -> Result<(), Error> {
        sqlx::query(
            "UPDATE games SET status = $1, stopped = $2, result = $3, termination = $4, \
             updated_at = $5 WHERE id = $6",
        )
        .bind(status)
        .bind(stopped)
        .bind(result)
        .bind(termination)
        .bind(now_ms())
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records the game that follows this one.
    pub async fn set_rematch(&self, id: &str, rematch: &str) -> Result<(), Error> {
        sqlx::query("UPDATE games SET rematch = $1 WHERE id = $2")
            .bind(rematch)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The latest games of a status (and kind, if given), newest first.
    pub async fn list(
        &self,
        status: &str,
        kind: Option<&str>,
        limit: i64,
    ) -> Result<Vec<GameRow>, Error> {
        let rows = match kind {
            Some(kind) => {
                sqlx::query(
                    "SELECT * FROM games WHERE status = $1 AND kind = $2 \
                     ORDER BY updated_at DESC LIMIT $3",
                )
                .bind(status)
                .bind(kind)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
            None => {
                sqlx::query(
                    "SELECT * FROM games WHERE status = $1 ORDER BY updated_at DESC LIMIT $2",
                )
                .bind(status)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
        };
        rows.iter().map(game_row).collect()
    }

    /// The moves recorded for a game (the lobby's move counts).
    pub async fn count_moves(&self, id: &str) -> Result<i64, Error> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM moves WHERE game_id = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await?;
        row.try_get("n")
    }

    /// Closes the connections, waiting for them to finish.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn game_row(row: &AnyRow) -> Result<GameRow, Error> {
    let seat = |side: &str| -> Result<SeatRow, Error> {
        Ok(SeatRow {
            secret: row.try_get(format!("{side}_secret").as_str())?,
            level: row.try_get(format!("{side}_level").as_str())?,
            name: row.try_get(format!("{side}_name").as_str())?,
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_url(name: &str) -> (std::path::PathBuf, String) {
        let dir = std::env::temp_dir().join(format!("awe-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("awe.db");
        let url = format!("sqlite://{}?mode=rwc", file.display());
        (dir, url)
    }

    fn game(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            spec: r#"{"game":"awele"}"#.into(),
            start_position: None,
            kind: "friend".into(),
            status: "waiting".into(),
            seats: [
                SeatRow { secret: Some("a".into()), level: None, name: None },
                SeatRow::default(),
            ],
            invite: Some("i".into()),
            clock: Some((60_000, 1_000)),
            stopped: None,
            result: None,
            termination: None,
            rematch: None,
            created_at: 1,
            updated_at: 1,
        }
    }

    #[tokio::test]
    async fn games_and_moves_are_kept() {
        let (dir, url) = temp_url("kept");
        let store = Store::open(&url).await.unwrap();
        store.create(&game("g1")).await.unwrap();
        for ply in 0..3 {
            let mv = MoveRow { ply, text: "A".into(), clocks: Some([5, 6]), played_at: 7 };
            store.add_move("g1", &mv).await.unwrap();
        }
        // A second move at the same ply is refused: two servers cannot both record it.
        let again = MoveRow { ply: 2, text: "B".into(), clocks: None, played_at: 8 };
        assert!(store.add_move("g1", &again).await.is_err());
        assert!(store.take_seat("g1", Side::North, "b", Some("Kofi"), "playing").await.unwrap());
        assert!(!store.take_seat("g1", Side::North, "c", None, "playing").await.unwrap());
        store.take_back("g1", 2).await.unwrap();
        store.close().await;
        // Opened again, as a restarted server would.
        let store = Store::open(&url).await.unwrap();
        let (row, moves) = store.load("g1").await.unwrap().unwrap();
        assert_eq!(row.seats[1].secret.as_deref(), Some("b"));
        assert_eq!(row.status, "playing");
        assert_eq!(row.clock, Some((60_000, 1_000)));
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[1].clocks, Some([5, 6]));
        assert!(store.load("nope").await.unwrap().is_none());
        assert_eq!(store.list("playing", None, 10).await.unwrap().len(), 1);
        store.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }
}
