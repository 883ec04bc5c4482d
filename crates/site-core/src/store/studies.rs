//! What the database keeps of studies: an account's annotated games, their chapters as JSON
//! (checked by the rules before they come here).

use super::{Error, Store, now_ms};

/// A study as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StudyRow {
    pub id: String,
    pub owner_id: String,
    pub title: String,
    /// `public` or `unlisted`.
    pub visibility: String,
    /// The chapters, JSON.
    pub chapters: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Store {
    /// Keeps a new study.
    pub async fn add_study(&self, study: &StudyRow) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO studies (id, owner_id, title, visibility, chapters, created_at, \
             updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&study.id)
        .bind(&study.owner_id)
        .bind(&study.title)
        .bind(&study.visibility)
        .bind(&study.chapters)
        .bind(study.created_at)
        .bind(study.updated_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A study by its id, with its owner's name.
    pub async fn study(&self, id: &str) -> Result<Option<(StudyRow, String)>, Error> {
        let row = sqlx::query_as::<_, StudyRow>("SELECT * FROM studies WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let owner: Option<(String,)> = sqlx::query_as("SELECT name FROM users WHERE id = $1")
            .bind(&row.owner_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(Some((row, owner.map(|(n,)| n).unwrap_or_default())))
    }

    /// Changes a study's title, visibility and chapters; whether there was one of `owner`'s.
    pub async fn save_study(
        &self,
        id: &str,
        owner: &str,
        title: &str,
        visibility: &str,
        chapters: &str,
    ) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE studies SET title = $1, visibility = $2, chapters = $3, updated_at = $4 \
             WHERE id = $5 AND owner_id = $6",
        )
        .bind(title)
        .bind(visibility)
        .bind(chapters)
        .bind(now_ms())
        .bind(id)
        .bind(owner)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// How many studies `owner` has written.
    pub async fn count_studies(&self, owner: &str) -> Result<i64, Error> {
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM studies WHERE owner_id = $1")
            .bind(owner)
            .fetch_one(&self.pool)
            .await?;
        Ok(count)
    }

    /// The public studies, the latest changed first: id, title, owner's name.
    pub async fn public_studies(&self, limit: i64) -> Result<Vec<(String, String, String)>, Error> {
        let rows: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT studies.id, studies.title, users.name FROM studies JOIN users ON users.id = \
             studies.owner_id WHERE visibility = 'public' ORDER BY studies.updated_at DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows)
    }
}
