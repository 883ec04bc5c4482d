//! What the database keeps of lessons: the stages each account has passed, with its best stars.

use std::collections::BTreeMap;

use sqlx::Row;

use super::{Error, Store, now_ms};

impl Store {
    /// Keeps that `user` passed `stage` with `stars`, unless it had more already.
    pub async fn pass_stage(&self, user: &str, stage: &str, stars: i64) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO lesson_progress (user_id, stage, stars, updated_at) VALUES ($1, $2, $3, \
             $4) ON CONFLICT (user_id, stage) DO UPDATE SET stars = CASE WHEN excluded.stars > \
             lesson_progress.stars THEN excluded.stars ELSE lesson_progress.stars END, \
             updated_at = excluded.updated_at",
        )
        .bind(user)
        .bind(stage)
        .bind(stars)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The stages `user` has passed, and its stars at each.
    pub async fn lesson_progress(&self, user: &str) -> Result<BTreeMap<String, i64>, Error> {
        let rows = sqlx::query("SELECT stage, stars FROM lesson_progress WHERE user_id = $1")
            .bind(user)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| Ok((row.try_get("stage")?, row.try_get("stars")?))).collect()
    }
}
