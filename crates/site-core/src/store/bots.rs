//! What the database keeps of bots: which accounts are bots and when their program last
//! listened, their personal API tokens (hashed), and the challenges addressed to them.

use std::collections::HashSet;

use sqlx::{FromRow, Row};

use super::{Error, GameRow, Store, User, game_row, now_ms};

/// A personal API token as stored: never the token, only its hash.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TokenRow {
    pub id: String,
    #[sqlx(rename = "user_id")]
    pub user: String,
    pub description: String,
    /// What it may do, space-separated.
    pub scopes: String,
    pub created_at: i64,
    pub used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

/// How long a bot counts as online after its program last listened.
pub const ONLINE_MS: i64 = 30_000;

impl Store {
    /// Keeps a new token (its SHA-256 as `hash`).
    pub async fn create_token(&self, token: &TokenRow, hash: &str) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO tokens (id, hash, user_id, description, scopes, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&token.id)
        .bind(hash)
        .bind(&token.user)
        .bind(&token.description)
        .bind(&token.scopes)
        .bind(token.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// An account's tokens, the newest first (revoked ones too: the list says so).
    pub async fn tokens_of(&self, user: &str) -> Result<Vec<TokenRow>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM tokens WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 100",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(TokenRow::from_row).collect()
    }

    /// How many tokens an account holds that are not revoked, and how many it has made.
    pub async fn token_counts(&self, user: &str) -> Result<(i64, i64), Error> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN revoked_at IS NULL THEN 1 ELSE 0 END), \
             0) AS live FROM tokens WHERE user_id = $1",
        )
        .bind(user)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get("live")?, row.try_get("n")?))
    }

    /// Whether a token (by its id) is not revoked.
    pub async fn token_alive(&self, id: &str) -> Result<bool, Error> {
        let row = sqlx::query("SELECT 1 AS one FROM tokens WHERE id = $1 AND revoked_at IS NULL")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// The bot named `name`, if its program listened within [`ONLINE_MS`].
    pub async fn bot_online(&self, name: &str) -> Result<Option<User>, Error> {
        let row = sqlx::query(
            "SELECT id, name, created_at FROM users WHERE name_key = $1 AND bot = 1 \
             AND seen_at > $2",
        )
        .bind(name.to_lowercase())
        .bind(now_ms() - ONLINE_MS)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(User::from_row).transpose()
    }

    /// Revokes one of an account's tokens; whether there was such a token not yet revoked.
    pub async fn revoke_token(&self, user: &str, id: &str) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE tokens SET revoked_at = $1 WHERE id = $2 AND user_id = $3 \
             AND revoked_at IS NULL",
        )
        .bind(now_ms())
        .bind(id)
        .bind(user)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The account of a token that is not revoked, with the token's scopes and whether the
    /// account is a bot.
    pub async fn token_user(&self, hash: &str) -> Result<Option<(User, TokenRow, bool)>, Error> {
        let row = sqlx::query(
            "SELECT tokens.*, users.name, users.created_at AS user_created_at, users.bot \
             FROM tokens JOIN users ON users.id = tokens.user_id \
             WHERE tokens.hash = $1 AND tokens.revoked_at IS NULL AND users.closed_at IS NULL",
        )
        .bind(hash)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let token = TokenRow::from_row(&row)?;
        let user = User {
            id: token.user.clone(),
            name: row.try_get("name")?,
            created_at: row.try_get("user_created_at")?,
        };
        let bot = row.try_get::<i64, _>("bot")? != 0;
        Ok(Some((user, token, bot)))
    }

    /// Notes a token's use, at most once a minute (a bot's every move would write otherwise).
    pub async fn token_used(&self, id: &str) -> Result<(), Error> {
        let now = now_ms();
        let _turn = self.write_turn().await;
        sqlx::query(
            "UPDATE tokens SET used_at = $1 WHERE id = $2 AND (used_at IS NULL OR used_at < $3)",
        )
        .bind(now)
        .bind(id)
        .bind(now - 60_000)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Makes an account a bot, if it has played no game, joined no tournament and sought no game
    /// (a person's games and ratings are not to become a program's, and a program must not
    /// reach a person's game through a place it took as a person); whether it did.
    pub async fn make_bot(&self, user: &str) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE users SET bot = 1 WHERE id = $1 \
             AND NOT EXISTS (SELECT 1 FROM games WHERE south_user = $1 OR north_user = $1) \
             AND NOT EXISTS (SELECT 1 FROM tournament_players WHERE user_id = $1) \
             AND NOT EXISTS (SELECT 1 FROM seeks WHERE user_id = $1)",
        )
        .bind(user)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Every bot account's id.
    pub async fn bot_ids(&self) -> Result<HashSet<String>, Error> {
        let rows = sqlx::query("SELECT id FROM users WHERE bot = 1").fetch_all(&self.pool).await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Notes that a bot's program listens now.
    pub async fn bot_seen(&self, user: &str) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query("UPDATE users SET seen_at = $1 WHERE id = $2")
            .bind(now_ms())
            .bind(user)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The bots whose program listened within [`ONLINE_MS`], by name.
    pub async fn bots_online(&self) -> Result<Vec<User>, Error> {
        let rows = sqlx::query(
            "SELECT id, name, created_at FROM users WHERE bot = 1 AND seen_at > $1 \
             ORDER BY name_key LIMIT 50",
        )
        .bind(now_ms() - ONLINE_MS)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(User::from_row).collect()
    }

    /// The challenges waiting for `user`'s answer, the oldest first.
    pub async fn challenges_to(&self, user: &str) -> Result<Vec<GameRow>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE challenged = $1 AND status = 'waiting' \
             ORDER BY created_at LIMIT 50",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }
}
