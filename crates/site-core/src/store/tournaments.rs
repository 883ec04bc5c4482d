//! What the database keeps of tournaments. Every change that several servers could make at once
//! (a game scored, players paired, a round begun) is made in one transaction whose first
//! statement succeeds for one server only.

use std::collections::HashMap;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Error, GameRow, Store, insert_game, now_ms};

/// When a game was paired, later than any this server paired before: games paired in the same
/// millisecond keep the order they were paired in (an arena's latest games are listed by it).
fn paired_at() -> i64 {
    use std::sync::atomic::{AtomicI64, Ordering};
    static LAST: AtomicI64 = AtomicI64::new(0);
    let now = now_ms();
    let previous =
        LAST.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| Some(now.max(last + 1)));
    now.max(previous.unwrap_or(0) + 1)
}

/// A tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    pub name: String,
    /// A JSON array of specs: the game of every round, or of each round in turn.
    pub specs: String,
    pub clock: (i64, i64),
    pub rated: bool,
    pub created_by: Option<String>,
    pub starts_at: i64,
    pub minutes: Option<i64>,
    pub rounds: Option<i64>,
    pub round: i64,
    /// `created`, `started` or `finished`.
    pub status: String,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

impl TournamentRow {
    /// When an arena ends.
    pub fn ends_at(&self) -> Option<i64> {
        self.minutes.map(|m| self.starts_at + m * 60_000)
    }
}

/// A tournament's player.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TournamentPlayer {
    pub user: String,
    pub name: String,
    pub rating: f64,
    pub score: i64,
    pub streak: i64,
    pub games: i64,
    pub game: Option<String>,
    pub last_opponent: Option<String>,
    pub withdrawn: bool,
    pub joined_at: i64,
    pub seen_at: i64,
}

/// A tournament's game (or bye).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentGame {
    pub round: i64,
    pub game: Option<String>,
    pub white: String,
    pub black: Option<String>,
    pub white_score: Option<i64>,
    pub counted: bool,
}

fn tournament_row(row: &AnyRow) -> Result<TournamentRow, Error> {
    Ok(TournamentRow {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        name: row.try_get("name")?,
        specs: row.try_get("specs")?,
        clock: (row.try_get("clock_initial")?, row.try_get("clock_increment")?),
        rated: row.try_get::<i64, _>("rated")? != 0,
        created_by: row.try_get("created_by")?,
        starts_at: row.try_get("starts_at")?,
        minutes: row.try_get("minutes")?,
        rounds: row.try_get("rounds")?,
        round: row.try_get("round")?,
        status: row.try_get("status")?,
        created_at: row.try_get("created_at")?,
        finished_at: row.try_get("finished_at")?,
    })
}

fn player_row(row: &AnyRow) -> Result<TournamentPlayer, Error> {
    Ok(TournamentPlayer {
        user: row.try_get("user_id")?,
        name: row.try_get("name")?,
        rating: row.try_get("rating")?,
        score: row.try_get("score")?,
        streak: row.try_get("streak")?,
        games: row.try_get("games")?,
        game: row.try_get("game_id")?,
        last_opponent: row.try_get("last_opponent")?,
        withdrawn: row.try_get::<i64, _>("withdrawn")? != 0,
        joined_at: row.try_get("joined_at")?,
        seen_at: row.try_get("seen_at")?,
    })
}

fn game_row(row: &AnyRow) -> Result<TournamentGame, Error> {
    Ok(TournamentGame {
        round: row.try_get("round")?,
        game: row.try_get("game_id")?,
        white: row.try_get("white")?,
        black: row.try_get("black")?,
        white_score: row.try_get("white_score")?,
        counted: row.try_get::<i64, _>("counted")? != 0,
    })
}

/// A tournament's game that ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    pub game: TournamentGame,
    pub result: Option<String>,
    /// Who berserked: `south`, `north`, `south north`.
    pub berserk: Option<String>,
    pub plies: i64,
    /// Aborted because this side (`south`, `north`) did not make its first move.
    pub absent: Option<String>,
}

/// A player's score changed by a game.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreChange {
    pub user: String,
    pub add: i64,
    pub streak: i64,
    pub opponent: Option<String>,
}

impl Store {
    /// Tells the other servers that a tournament changed (`t ID`), on PostgreSQL.
    pub async fn tournament_changed(&self, id: &str) -> Result<(), Error> {
        if self.postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(super::CHANNEL)
                .bind(format!("t {id}"))
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    pub async fn create_tournament(&self, t: &TournamentRow) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO tournaments (id, kind, name, specs, clock_initial, clock_increment, rated, \
             created_by, starts_at, minutes, rounds, round, status, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, 'created', $12) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(&t.id)
        .bind(&t.kind)
        .bind(&t.name)
        .bind(&t.specs)
        .bind(t.clock.0)
        .bind(t.clock.1)
        .bind(t.rated as i64)
        .bind(&t.created_by)
        .bind(t.starts_at)
        .bind(t.minutes)
        .bind(t.rounds)
        .bind(t.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// How many tournaments `user` made that are to come or under way.
    pub async fn open_tournaments_by(&self, user: &str) -> Result<i64, Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM tournaments WHERE created_by = $1 AND status <> 'finished'",
        )
        .bind(user)
        .fetch_one(&self.pool)
        .await?;
        row.try_get("n")
    }

    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, Error> {
        let row = sqlx::query("SELECT * FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(tournament_row).transpose()
    }

    /// Tournaments of a status, the soonest to start first (`finished`: the latest first).
    pub async fn tournaments(&self, status: &str, limit: i64) -> Result<Vec<TournamentRow>, Error> {
        let order = if status == "finished" { "finished_at DESC" } else { "starts_at" };
        let sql = format!("SELECT * FROM tournaments WHERE status = $1 ORDER BY {order} LIMIT $2");
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(status)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(tournament_row).collect()
    }

    /// Whether an operator's tournament named `name` starts at `starts_at` (scheduled already).
    pub async fn scheduled(&self, name: &str, starts_at: i64) -> Result<bool, Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM tournaments WHERE name = $1 AND starts_at = $2 \
             AND created_by IS NULL",
        )
        .bind(name)
        .bind(starts_at)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>("n")? > 0)
    }

    /// A player joins (or comes back after withdrawing).
    pub async fn join_tournament(
        &self,
        id: &str,
        user: &str,
        name: &str,
        rating: f64,
    ) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        let now = now_ms();
        sqlx::query(
            "INSERT INTO tournament_players (tournament_id, user_id, name, rating, joined_at, \
             seen_at) VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (tournament_id, user_id) \
             DO UPDATE SET withdrawn = 0, seen_at = $5",
        )
        .bind(id)
        .bind(user)
        .bind(name)
        .bind(rating)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn withdraw(&self, id: &str, user: &str) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A player's page says they are there.
    pub async fn present(&self, id: &str, user: &str) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "UPDATE tournament_players SET seen_at = $1 WHERE tournament_id = $2 AND user_id = $3",
        )
        .bind(now_ms())
        .bind(id)
        .bind(user)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn tournament_players(&self, id: &str) -> Result<Vec<TournamentPlayer>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM tournament_players WHERE tournament_id = $1 ORDER BY joined_at, user_id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(player_row).collect()
    }

    pub async fn tournament_games(&self, id: &str) -> Result<Vec<TournamentGame>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM tournament_games WHERE tournament_id = $1 ORDER BY round, created_at, \
             white",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// The ratings of a tournament's players in `category` now, by account (a player without
    /// one in it has none here: the pages show the default, provisional).
    pub async fn tournament_ratings(
        &self,
        id: &str,
        category: &str,
    ) -> Result<HashMap<String, crate::rating::Rating>, Error> {
        let rows = sqlx::query(
            "SELECT ratings.user_id AS user_id, ratings.rating AS rating, \
             ratings.deviation AS deviation, ratings.volatility AS volatility FROM ratings \
             JOIN tournament_players ON tournament_players.user_id = ratings.user_id \
             WHERE tournament_players.tournament_id = $1 AND ratings.category = $2",
        )
        .bind(id)
        .bind(category)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("user_id")?, sqlx::FromRow::from_row(row)?)))
            .collect()
    }

    /// Starts the tournaments whose time has come: their ids.
    pub async fn start_due(&self, now: i64) -> Result<Vec<String>, Error> {
        let due =
            sqlx::query("SELECT id FROM tournaments WHERE status = 'created' AND starts_at <= $1")
                .bind(now)
                .fetch_all(&self.pool)
                .await?;
        let mut started = Vec::new();
        for row in due {
            let id: String = row.try_get("id")?;
            let _turn = self.write_turn().await;
            let done = sqlx::query(
                "UPDATE tournaments SET status = 'started' WHERE id = $1 AND status = 'created'",
            )
            .bind(&id)
            .execute(&self.pool)
            .await?;
            if done.rows_affected() == 1 {
                started.push(id);
            }
        }
        Ok(started)
    }

    /// Ends a tournament (once).
    pub async fn finish_tournament(&self, id: &str) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE tournaments SET status = 'finished', finished_at = $1 \
             WHERE id = $2 AND status = 'started'",
        )
        .bind(now_ms())
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The tournament's games that ended and are not scored yet, with their results.
    pub async fn games_to_score(&self, id: &str) -> Result<Vec<Ended>, Error> {
        let rows = sqlx::query(
            "SELECT tg.*, g.result AS result, g.berserk AS berserk, g.plies AS plies, \
             g.status AS game_status, g.stopped AS stopped \
             FROM tournament_games tg \
             JOIN games g ON g.id = tg.game_id \
             WHERE tg.tournament_id = $1 AND tg.white_score IS NULL \
             AND g.status IN ('over', 'cancelled', 'aborted')",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Ended {
                    game: game_row(r)?,
                    result: r.try_get("result")?,
                    berserk: r.try_get("berserk")?,
                    plies: r.try_get("plies")?,
                    absent: if r.try_get::<String, _>("game_status")? == "aborted" {
                        let stopped: Option<String> = r.try_get("stopped")?;
                        stopped.and_then(|s| s.strip_prefix("aborted:").map(str::to_owned))
                    } else {
                        None
                    },
                })
            })
            .collect()
    }

    /// Scores a game: its white's half points, and each player's score, streak and last
    /// opponent changed; the arena's players freed for their next game; a player who never
    /// moved (`absent`) withdrawn. False if another server scored it first.
    pub async fn score_game(
        &self,
        id: &str,
        game: &str,
        (white_score, counted): (i64, bool),
        changes: &[ScoreChange],
        absent: Option<&str>,
    ) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE tournament_games SET white_score = $1, counted = $2 \
             WHERE tournament_id = $3 AND game_id = $4 AND white_score IS NULL",
        )
        .bind(white_score)
        .bind(counted as i64)
        .bind(id)
        .bind(game)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        for change in changes {
            sqlx::query(
                "UPDATE tournament_players SET score = score + $1, streak = $2, \
                 games = games + $3, game_id = NULL, last_opponent = $4 \
                 WHERE tournament_id = $5 AND user_id = $6",
            )
            .bind(change.add)
            .bind(change.streak)
            .bind(counted as i64)
            .bind(&change.opponent)
            .bind(id)
            .bind(&change.user)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(user) = absent {
            sqlx::query(
                "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 \
                 AND user_id = $2",
            )
            .bind(id)
            .bind(user)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Pairs two arena players into `game`, if neither is in a game already.
    pub async fn arena_pair(
        &self,
        id: &str,
        players: [&str; 2],
        game: &GameRow,
    ) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE tournament_players SET game_id = $1 WHERE tournament_id = $2 \
             AND user_id IN ($3, $4) AND game_id IS NULL AND withdrawn = 0",
        )
        .bind(&game.id)
        .bind(id)
        .bind(players[0])
        .bind(players[1])
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 2 {
            tx.rollback().await?;
            return Ok(false);
        }
        insert_game(&mut tx, game).await?;
        insert_tournament_game(&mut tx, id, 0, game).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Begins round `round` of a Swiss tournament (if no server began it): its games, and a
    /// bye's point. False if it was begun already.
    pub async fn swiss_round(
        &self,
        id: &str,
        round: i64,
        games: &[GameRow],
        bye: Option<&str>,
    ) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("UPDATE tournaments SET round = $1 WHERE id = $2 AND round = $3")
            .bind(round)
            .bind(id)
            .bind(round - 1)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        for game in games {
            insert_game(&mut tx, game).await?;
            insert_tournament_game(&mut tx, id, round, game).await?;
        }
        if let Some(user) = bye {
            sqlx::query(
                "INSERT INTO tournament_games (tournament_id, round, game_id, white, black, \
                 white_score, counted, created_at) VALUES ($1, $2, NULL, $3, NULL, 2, 1, $4)",
            )
            .bind(id)
            .bind(round)
            .bind(user)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE tournament_players SET score = score + 2 WHERE tournament_id = $1 \
                 AND user_id = $2",
            )
            .bind(id)
            .bind(user)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}

async fn insert_tournament_game(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    round: i64,
    game: &GameRow,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO tournament_games (tournament_id, round, game_id, white, black, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(round)
    .bind(&game.id)
    .bind(&game.seats[0].user)
    .bind(&game.seats[1].user)
    .bind(paired_at())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_paired_in_one_millisecond_keep_their_order() {
        let times: Vec<i64> = (0..1000).map(|_| paired_at()).collect();
        assert!(times.windows(2).all(|w| w[0] < w[1]), "{:?}", &times[..5]);
        assert!(times[0] >= now_ms() - 60_000, "near the clock");
    }
}
