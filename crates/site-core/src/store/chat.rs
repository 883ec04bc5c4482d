//! What the database keeps of the chat: the lines, the mutes, the reports, the admins.

use sqlx::{FromRow, Row};

use super::{CHANNEL, Error, Store, now_ms};

/// A line of chat as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ChatLine {
    pub id: String,
    /// `game:ID:players`, `game:ID:spectators`.
    pub channel: String,
    #[sqlx(rename = "user_id")]
    pub user: String,
    pub name: String,
    pub text: String,
    pub created_at: i64,
}

/// A report as the admins read it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Report {
    pub id: String,
    pub reporter: String,
    pub reported: String,
    pub channel: Option<String>,
    pub text: Option<String>,
    pub reason: String,
    pub created_at: i64,
    /// The line reported, if it was one.
    #[sqlx(rename = "chat_id")]
    pub chat: Option<String>,
    /// What an admin did about it (`silence`, `close`, `dismiss`), and when.
    pub action: Option<String>,
    pub handled_at: Option<i64>,
}

/// What an admin does about a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moderation {
    /// The account writes no chat line until then (ms).
    Silence { until: i64 },
    /// The account can no longer sign in; its sessions and tokens end.
    Close,
    /// Nothing: the report was looked at.
    Dismiss,
}

impl Moderation {
    pub fn name(self) -> &'static str {
        match self {
            Moderation::Silence { .. } => "silence",
            Moderation::Close => "close",
            Moderation::Dismiss => "dismiss",
        }
    }
}

impl Store {
    /// Keeps a line; on PostgreSQL, tells the other servers (`c SERVER ID`), which send it to
    /// their readers of the channel.
    pub async fn add_chat(&self, line: &ChatLine, server: &str) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO chat (id, channel, user_id, name, text, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&line.id)
        .bind(&line.channel)
        .bind(&line.user)
        .bind(&line.name)
        .bind(&line.text)
        .bind(line.created_at)
        .execute(&mut *tx)
        .await?;
        if self.postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("c {server} {}", line.id))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    /// A line by its id.
    pub async fn chat_line(&self, id: &str) -> Result<Option<ChatLine>, Error> {
        let row = sqlx::query("SELECT * FROM chat WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(ChatLine::from_row).transpose()
    }

    /// The latest `limit` lines of a channel, oldest first, without those of the accounts that
    /// `reader` muted.
    pub async fn chat_history(
        &self,
        channel: &str,
        reader: Option<&str>,
        limit: i64,
    ) -> Result<Vec<ChatLine>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM chat WHERE channel = $1 AND user_id NOT IN \
             (SELECT muted_id FROM mutes WHERE user_id = $2) \
             ORDER BY created_at DESC, id DESC LIMIT $3",
        )
        .bind(channel)
        .bind(reader.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut lines = rows.iter().map(ChatLine::from_row).collect::<Result<Vec<_>, _>>()?;
        lines.reverse();
        Ok(lines)
    }

    /// Mutes (or unmutes) `muted` for `user`.
    pub async fn set_mute(&self, user: &str, muted: &str, on: bool) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        let query = if on {
            sqlx::query(
                "INSERT INTO mutes (user_id, muted_id, created_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (user_id, muted_id) DO NOTHING",
            )
            .bind(user)
            .bind(muted)
            .bind(now_ms())
        } else {
            sqlx::query("DELETE FROM mutes WHERE user_id = $1 AND muted_id = $2")
                .bind(user)
                .bind(muted)
        };
        query.execute(&self.pool).await?;
        Ok(())
    }

    /// The names of the accounts `user` muted.
    pub async fn mutes_of(&self, user: &str) -> Result<Vec<String>, Error> {
        let rows = sqlx::query(
            "SELECT users.name AS name FROM mutes JOIN users ON users.id = mutes.muted_id \
             WHERE mutes.user_id = $1 ORDER BY users.name_key",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("name")).collect()
    }

    /// Stores a report.
    pub async fn add_report(&self, report: &Report, chat: Option<&ChatLine>) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO reports (id, reporter_id, reported_id, chat_id, channel, text, reason, \
             created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&report.id)
        .bind(&report.reporter)
        .bind(&report.reported)
        .bind(chat.map(|c| c.id.clone()))
        .bind(&report.channel)
        .bind(&report.text)
        .bind(&report.reason)
        .bind(report.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The latest reports, newest first, the accounts by name.
    pub async fn reports(&self, limit: i64) -> Result<Vec<Report>, Error> {
        let rows = sqlx::query(
            "SELECT reports.id AS id, a.name AS reporter, b.name AS reported, channel, text, \
             reason, reports.created_at AS created_at, chat_id, action, handled_at FROM reports \
             JOIN users a ON a.id = reports.reporter_id JOIN users b ON b.id = reports.reported_id \
             ORDER BY reports.created_at DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Report::from_row).collect()
    }

    /// A line in its context: the `around` lines of its channel before it, it, and those after.
    pub async fn chat_context(&self, id: &str, around: i64) -> Result<Vec<ChatLine>, Error> {
        let Some(line) = self.chat_line(id).await? else { return Ok(Vec::new()) };
        // The lines on one side of it, nearest first.
        let side = |query: &'static str| {
            sqlx::query(query)
                .bind(&line.channel)
                .bind(line.created_at)
                .bind(&line.id)
                .bind(around)
                .fetch_all(&self.pool)
        };
        let before = side(
            "SELECT * FROM chat WHERE channel = $1 AND (created_at < $2 OR (created_at = $2 \
             AND id < $3)) ORDER BY created_at DESC, id DESC LIMIT $4",
        )
        .await?;
        let after = side(
            "SELECT * FROM chat WHERE channel = $1 AND (created_at > $2 OR (created_at = $2 \
             AND id > $3)) ORDER BY created_at, id LIMIT $4",
        )
        .await?;
        let mut lines =
            before.iter().rev().map(ChatLine::from_row).collect::<Result<Vec<_>, _>>()?;
        lines.push(line);
        for row in &after {
            lines.push(ChatLine::from_row(row)?);
        }
        Ok(lines)
    }

    /// An admin's answer to report `report` about its reported account: the account silenced or
    /// closed (its sessions and tokens ended), and the report marked handled. False if there is
    /// no such report.
    pub async fn moderate(&self, report: &str, action: Moderation) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let now = now_ms();
        let row = sqlx::query("SELECT reported_id FROM reports WHERE id = $1")
            .bind(report)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else { return Ok(false) };
        let user: String = row.try_get("reported_id")?;
        match action {
            Moderation::Silence { until } => {
                sqlx::query("UPDATE users SET silenced_until = $1 WHERE id = $2")
                    .bind(until)
                    .bind(&user)
                    .execute(&mut *tx)
                    .await?;
            }
            Moderation::Close => {
                sqlx::query("UPDATE users SET closed_at = $1 WHERE id = $2 AND closed_at IS NULL")
                    .bind(now)
                    .bind(&user)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("DELETE FROM sessions WHERE user_id = $1")
                    .bind(&user)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(
                    "UPDATE tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
                )
                .bind(now)
                .bind(&user)
                .execute(&mut *tx)
                .await?;
            }
            Moderation::Dismiss => {}
        }
        sqlx::query("UPDATE reports SET action = $1, handled_at = $2 WHERE id = $3")
            .bind(action.name())
            .bind(now)
            .bind(report)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Until when (ms) an admin silenced the account; 0 if never.
    pub async fn silenced_until(&self, user: &str) -> Result<i64, Error> {
        let row = sqlx::query("SELECT silenced_until FROM users WHERE id = $1")
            .bind(user)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<i64, _>("silenced_until")).transpose()?.unwrap_or(0))
    }

    /// Whether an admin closed the account.
    pub async fn is_closed(&self, user: &str) -> Result<bool, Error> {
        let row = sqlx::query("SELECT closed_at FROM users WHERE id = $1")
            .bind(user)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<Option<i64>, _>("closed_at")).transpose()?.flatten().is_some())
    }

    /// Makes the account `name` an admin (or not): false if there is no such account.
    pub async fn set_admin(&self, name: &str, admin: bool) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("UPDATE users SET admin = $1 WHERE name_key = $2")
            .bind(admin as i64)
            .bind(name.to_lowercase())
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether the account is an admin.
    pub async fn is_admin(&self, user: &str) -> Result<bool, Error> {
        let row = sqlx::query("SELECT admin FROM users WHERE id = $1")
            .bind(user)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<i64, _>("admin")).transpose()?.unwrap_or(0) != 0)
    }
}
