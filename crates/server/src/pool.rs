//! The engines' pool: searches run on threads of their own, no more at once than the machine
//! can give them without slowing the rest of the server, the others waiting their turn.

use std::sync::Arc;
use std::time::Duration;

use awe_game::Game;
use awe_players::Playable;
use awe_search::{Engine, Level};
use tokio::sync::Semaphore;

/// Searches at once, at most.
#[derive(Clone, Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    size: usize,
}

/// The transposition table of a computer player's search, in megabytes: a server runs many.
const TABLE_MB: usize = 8;

impl Pool {
    /// A pool of `size` searches at once (at least one).
    pub fn new(size: usize) -> Pool {
        let size = size.max(1);
        Pool { permits: Arc::new(Semaphore::new(size)), size }
    }

    /// A pool that leaves one core of the machine to the rest of the server (people's moves,
    /// pages): one search on two cores, three on four. The searches also run at the lowest
    /// priority. Measured on two cores (BENCHMARKS.md), 50 games against level 10 kept busy
    /// moved the round trip of 100 human games from 6.3 to 7.2 ms (median) this way, and to
    /// 17 ms with a search on each core.
    pub fn for_this_machine() -> Pool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Pool::new(cores.saturating_sub(1))
    }

    /// How many searches run at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Runs `job` on a thread of the pool when a place is free; `None` if the job panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let _permit = self.permits.acquire().await.ok()?;
        tokio::task::spawn_blocking(move || {
            // Searches yield to the rest of the server: a person's move is answered before the
            // computer's thought goes on.
            let _ =
                thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
            job()
        })
        .await
        .ok()
    }
}

/// How long the computer thinks at a level: the weak levels search a few plies and ignore it,
/// the strong ones think longer. A clock makes it shorter.
pub fn think_time(level: Level) -> Duration {
    let ms = [100, 100, 100, 150, 250, 400, 600, 900, 1300, 2000][level.get() as usize - 1];
    Duration::from_millis(ms)
}

/// The computer's move in the current position of `game`, at `level`, thinking at most `time`:
/// its text, or `None` if the game is over.
pub fn computer_move<P: Playable>(
    game: &Game<P>,
    level: Level,
    time: Duration,
    seed: u64,
) -> Option<String> {
    let mut engine = Engine::with_table(P::evaluator(game.start()), level, seed, TABLE_MB);
    let mv = engine.choose(game, Some(time), |_| {})?;
    Some(game.current().move_text(mv))
}
