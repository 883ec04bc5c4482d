//! What the database keeps of puzzles: the puzzles with their ratings, each account's first try
//! at each (the one that counts), and which finished games the generator has looked at.

use sqlx::{FromRow, Row};

use super::{Error, GameRow, Store, game_row, now_ms};
use crate::rating::Rating;

/// A puzzle as stored.
#[derive(Clone, Debug, Default, PartialEq, sqlx::FromRow)]
pub struct PuzzleRow {
    pub id: String,
    pub game: String,
    pub category: String,
    pub spec: String,
    /// The moves from the usual start to the position, a JSON array of texts.
    pub moves: String,
    pub position: String,
    /// The solver's move, the reply, … a JSON array of texts.
    pub solution: String,
    pub plies: i64,
    pub themes: String,
    pub source: Option<String>,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub attempts: i64,
    pub solved: i64,
    pub created_at: i64,
}

impl PuzzleRow {
    pub fn rating(&self) -> Rating {
        Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }
}

/// What a try changed: the account's rating before and its change, the puzzle's after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tried {
    pub before: Rating,
    pub after: Rating,
    pub puzzle: Rating,
}

impl Store {
    /// Keeps a new puzzle; whether it was new (one a position and rules).
    pub async fn add_puzzle(&self, puzzle: &PuzzleRow) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "INSERT INTO puzzles (id, game, category, spec, moves, position, solution, plies, \
             themes, source, rating, deviation, volatility, created_at) VALUES ($1, $2, $3, $4, \
             $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (category, position) DO \
             NOTHING",
        )
        .bind(&puzzle.id)
        .bind(&puzzle.game)
        .bind(&puzzle.category)
        .bind(&puzzle.spec)
        .bind(&puzzle.moves)
        .bind(&puzzle.position)
        .bind(&puzzle.solution)
        .bind(puzzle.plies)
        .bind(&puzzle.themes)
        .bind(&puzzle.source)
        .bind(puzzle.rating)
        .bind(puzzle.deviation)
        .bind(puzzle.volatility)
        .bind(puzzle.created_at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// A puzzle by its id.
    pub async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, Error> {
        let row = sqlx::query("SELECT * FROM puzzles WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(PuzzleRow::from_row).transpose()
    }

    /// Every puzzle, for the generator's checks and the tests (at most `limit`).
    pub async fn puzzles(&self, limit: i64) -> Result<Vec<PuzzleRow>, Error> {
        let rows = sqlx::query("SELECT * FROM puzzles ORDER BY created_at, id LIMIT $1")
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(PuzzleRow::from_row).collect()
    }

    /// Puzzles of `game` that `user` (an account's id, or none) has not tried, the nearest to
    /// `rating` first (at most `limit`).
    pub async fn puzzles_near(
        &self,
        game: &str,
        user: Option<&str>,
        rating: f64,
        limit: i64,
    ) -> Result<Vec<PuzzleRow>, Error> {
        // Within 300 points first (the index of ratings), else any.
        for window in [300.0, f64::INFINITY] {
            let rows = sqlx::query(
                "SELECT * FROM puzzles WHERE game = $1 AND rating BETWEEN $3 - $5 AND $3 + $5 \
                 AND NOT EXISTS (SELECT 1 FROM puzzle_attempts WHERE puzzle_attempts.user_id = \
                 $2 AND puzzle_attempts.puzzle_id = puzzles.id) ORDER BY ABS(rating - $3), id \
                 LIMIT $4",
            )
            .bind(game)
            .bind(user.unwrap_or(""))
            .bind(rating)
            .bind(limit)
            .bind(if window.is_finite() { window } else { 1e9 })
            .fetch_all(&self.pool)
            .await?;
            if !rows.is_empty() {
                return rows.iter().map(PuzzleRow::from_row).collect();
            }
        }
        Ok(Vec::new())
    }

    /// The puzzle of `game` last offered to `user` that they have not begun: offered again
    /// rather than another (a page reloaded does not skip it).
    pub async fn offered_puzzle(&self, game: &str, user: &str) -> Result<Option<PuzzleRow>, Error> {
        let row = sqlx::query(
            "SELECT puzzles.* FROM puzzles JOIN puzzle_attempts a ON a.puzzle_id = puzzles.id \
             WHERE a.user_id = $1 AND puzzles.game = $2 AND a.finished = 0 AND a.step = 0 \
             ORDER BY a.created_at DESC LIMIT 1",
        )
        .bind(user)
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(PuzzleRow::from_row).transpose()
    }

    /// An account's puzzle rating in `category` (`puzzle:GAME`), a newcomer's if none.
    pub async fn puzzle_rating(&self, user: &str, category: &str) -> Result<Rating, Error> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility FROM ratings WHERE user_id = $1 AND category = $2",
        )
        .bind(user)
        .bind(category)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(row) => Rating::from_row(&row)?,
            None => Rating::default(),
        })
    }

    /// An account's try at a puzzle so far: the steps found, and whether it is finished; `None`
    /// if it has not begun.
    pub async fn puzzle_progress(
        &self,
        user: &str,
        puzzle: &str,
    ) -> Result<Option<(i64, bool)>, Error> {
        let row = sqlx::query(
            "SELECT step, finished FROM puzzle_attempts WHERE user_id = $1 AND puzzle_id = $2",
        )
        .bind(user)
        .bind(puzzle)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((r.try_get("step")?, r.try_get::<i64, _>("finished")? != 0))).transpose()
    }

    /// Offers a puzzle to an account (its try, not begun), if it had none: only a puzzle
    /// offered is rated.
    pub async fn begin_puzzle(&self, user: &str, puzzle: &str) -> Result<(), Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO puzzle_attempts (user_id, puzzle_id, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, puzzle_id) DO NOTHING",
        )
        .bind(user)
        .bind(puzzle)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A step of an unfinished try found: whether it was the step the try was at.
    pub async fn advance_puzzle(&self, user: &str, puzzle: &str, step: i64) -> Result<bool, Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE puzzle_attempts SET step = step + 1 WHERE user_id = $1 AND puzzle_id = $2 \
             AND step = $3 AND finished = 0",
        )
        .bind(user)
        .bind(puzzle)
        .bind(step)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// An account's try at a puzzle finished: both rated as a game between them, once. `None` if
    /// the try was finished before (nothing changes then).
    pub async fn try_puzzle(
        &self,
        user: &str,
        puzzle: &str,
        category: &str,
        solved: bool,
    ) -> Result<Option<Tried>, Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let now = now_ms();
        let fresh = Rating::default();
        sqlx::query(
            "INSERT INTO puzzle_attempts (user_id, puzzle_id, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, puzzle_id) DO NOTHING",
        )
        .bind(user)
        .bind(puzzle)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let first = sqlx::query(
            "UPDATE puzzle_attempts SET finished = 1, solved = $1 WHERE user_id = $2 AND \
             puzzle_id = $3 AND finished = 0",
        )
        .bind(solved as i64)
        .bind(user)
        .bind(puzzle)
        .execute(&mut *tx)
        .await?;
        if first.rows_affected() == 0 {
            return Ok(None);
        }
        sqlx::query(
            "INSERT INTO ratings (user_id, category, rating, deviation, volatility, games, wins, \
             draws, losses, updated_at) VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, $6) \
             ON CONFLICT (user_id, category) DO NOTHING",
        )
        .bind(user)
        .bind(category)
        .bind(fresh.rating)
        .bind(fresh.deviation)
        .bind(fresh.volatility)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        // Locked on PostgreSQL (the account, then the puzzle), so that two servers lose no update.
        let (account, of_puzzle) = if self.postgres {
            (
                "SELECT rating, deviation, volatility FROM ratings WHERE user_id = $1 AND \
                 category = $2 FOR UPDATE",
                "SELECT rating, deviation, volatility FROM puzzles WHERE id = $1 FOR UPDATE",
            )
        } else {
            (
                "SELECT rating, deviation, volatility FROM ratings WHERE user_id = $1 AND \
                 category = $2",
                "SELECT rating, deviation, volatility FROM puzzles WHERE id = $1",
            )
        };
        let row = sqlx::query(account).bind(user).bind(category).fetch_one(&mut *tx).await?;
        let before = Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        };
        let row = sqlx::query(of_puzzle).bind(puzzle).fetch_one(&mut *tx).await?;
        let puzzle_before = Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        };
        let score = if solved { 1.0 } else { 0.0 };
        let after = before.after(&puzzle_before, score);
        let puzzle_after = puzzle_before.after(&before, 1.0 - score);
        sqlx::query(
            "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = games + 1, \
             wins = wins + $4, losses = losses + $5, updated_at = $6 WHERE user_id = $7 AND \
             category = $8",
        )
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(solved as i64)
        .bind(!solved as i64)
        .bind(now)
        .bind(user)
        .bind(category)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3, \
             attempts = attempts + 1, solved = solved + $4 WHERE id = $5",
        )
        .bind(puzzle_after.rating)
        .bind(puzzle_after.deviation)
        .bind(puzzle_after.volatility)
        .bind(solved as i64)
        .bind(puzzle)
        .execute(&mut *tx)
        .await?;
        let diff = after.rating.round() as i64 - before.rating.round() as i64;
        sqlx::query("UPDATE puzzle_attempts SET diff = $1 WHERE user_id = $2 AND puzzle_id = $3")
            .bind(diff)
            .bind(user)
            .bind(puzzle)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(Tried { before, after, puzzle: puzzle_after }))
    }

    /// Finished games the puzzle generator has not looked at (at most `limit`), each marked
    /// looked at as it is taken.
    pub async fn unpuzzled(&self, limit: i64) -> Result<Vec<GameRow>, Error> {
        let rows = sqlx::query(
            "SELECT * FROM games WHERE status = 'over' AND puzzled = 0 AND kind <> 'import' \
             AND start_position IS NULL ORDER BY created_at, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let games: Vec<GameRow> = rows.iter().map(game_row).collect::<Result<_, _>>()?;
        let _turn = self.write_turn().await;
        for game in &games {
            sqlx::query("UPDATE games SET puzzled = 1 WHERE id = $1")
                .bind(&game.id)
                .execute(&self.pool)
                .await?;
        }
        Ok(games)
    }
}
