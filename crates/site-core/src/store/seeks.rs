//! What the database keeps of quick pairing: the seeks, and a pair made into a game at once.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Error, GameRow, Store, insert_game};

/// A player waiting in a pool.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeekRow {
    pub id: String,
    pub user: String,
    pub name: String,
    pub secret: String,
    pub pool: String,
    pub spec: String,
    pub clock: Option<(i64, i64)>,
    pub correspondence: bool,
    pub rated: bool,
    pub category: Option<String>,
    pub rating: f64,
    pub created_at: i64,
    pub seen_at: i64,
    pub game: Option<String>,
}

fn seek_row(row: &AnyRow) -> Result<SeekRow, Error> {
    let clock = match (row.try_get("clock_initial")?, row.try_get("clock_increment")?) {
        (Some(initial), Some(increment)) => Some((initial, increment)),
        _ => None,
    };
    Ok(SeekRow {
        id: row.try_get("id")?,
        user: row.try_get("user_id")?,
        name: row.try_get("name")?,
        secret: row.try_get("secret")?,
        pool: row.try_get("pool")?,
        spec: row.try_get("spec")?,
        clock,
        correspondence: row.try_get::<i64, _>("correspondence")? != 0,
        rated: row.try_get::<i64, _>("rated")? != 0,
        category: row.try_get("category")?,
        rating: row.try_get("rating")?,
        created_at: row.try_get("created_at")?,
        seen_at: row.try_get("seen_at")?,
        game: row.try_get("game_id")?,
    })
}

impl Store {
    /// Puts a player in a pool, taking them out of any other they waited in.
    pub async fn add_seek(&self, seek: &SeekRow) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM seeks WHERE user_id = $1 AND game_id IS NULL")
            .bind(&seek.user)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO seeks (id, user_id, name, secret, pool, spec, clock_initial, \
             clock_increment, correspondence, rated, category, rating, created_at, seen_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(&seek.id)
        .bind(&seek.user)
        .bind(&seek.name)
        .bind(&seek.secret)
        .bind(&seek.pool)
        .bind(&seek.spec)
        .bind(seek.clock.map(|c| c.0))
        .bind(seek.clock.map(|c| c.1))
        .bind(seek.correspondence as i64)
        .bind(seek.rated as i64)
        .bind(&seek.category)
        .bind(seek.rating)
        .bind(seek.created_at)
        .bind(seek.seen_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }

    /// A seek, its page's asking noted (`seen_at`).
    pub async fn seen_seek(&self, id: &str, now: i64) -> Result<Option<SeekRow>, Error> {
        {
            let _turn = self.write_turn().await;
            sqlx::query("UPDATE seeks SET seen_at = $1 WHERE id = $2")
                .bind(now)
                .bind(id)
                .execute(&self.pool)
                .await?;
        }
        let row = sqlx::query("SELECT * FROM seeks WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(seek_row).transpose()
    }

    /// Takes a player's seek out of its pool (not once paired).
    pub async fn cancel_seek(&self, id: &str, user: &str) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done =
            sqlx::query("DELETE FROM seeks WHERE id = $1 AND user_id = $2 AND game_id IS NULL")
                .bind(id)
                .bind(user)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The seeks waiting, their pages having asked since `seen_since`, oldest first; those
    /// whose pages went quiet before it (closed, say) are dropped, and the paired ones an hour
    /// old are forgotten.
    pub async fn open_seeks(&self, seen_since: i64, now: i64) -> Result<Vec<SeekRow>, Error> {
        {
            let _turn = self.write_turn().await;
            sqlx::query(
                "DELETE FROM seeks WHERE (game_id IS NULL AND seen_at < $1) OR created_at < $2",
            )
            .bind(seen_since)
            .bind(now - 3_600_000)
            .execute(&self.pool)
            .await?;
        }
        let rows = sqlx::query("SELECT * FROM seeks WHERE game_id IS NULL ORDER BY created_at")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(seek_row).collect()
    }

    /// Pairs two seeks into `game`, created with them, if neither was paired meanwhile (by
    /// another server, say): whether it was.
    pub async fn pair_seeks(&self, seeks: [&str; 2], game: &GameRow) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done =
            sqlx::query("UPDATE seeks SET game_id = $1 WHERE id IN ($2, $3) AND game_id IS NULL")
                .bind(&game.id)
                .bind(seeks[0])
                .bind(seeks[1])
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() != 2 {
            tx.rollback().await?;
            return Ok(false);
        }
        insert_game(&mut tx, game).await?;
        self.notify(&mut tx, "l").await?;
        tx.commit().await?;
        Ok(true)
    }

    /// How many players wait in each pool.
    pub async fn pool_counts(&self) -> Result<Vec<(String, i64)>, Error> {
        let rows = sqlx::query(
            "SELECT pool, COUNT(*) AS n FROM seeks WHERE game_id IS NULL GROUP BY pool",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok((r.try_get("pool")?, r.try_get("n")?))).collect()
    }
}
