//! The engines' pool: every search of the server runs here, on threads of their own, no more at
//! once than the machine can give them without slowing the rest of the server, the others
//! waiting their turn.
//!
//! Two kinds of searches share it. The computer's moves in games ([`Priority::Play`]) go first:
//! one that waits takes the next free place, and if every place is held by visitors' analyses
//! ([`Priority::Analysis`]) it asks one of them to stop; an analysis so stopped keeps what it
//! found and queues again for the rest of its time. Analyses wait in a queue of bounded length
//! ([`Pool::new`]'s `queue`): beyond it they are refused at once ([`Busy`]), not piled up.
//!
//! A search is stopped as soon as nobody waits for it any more: the future of [`Pool::run`]
//! dropped (the client hung up, the request timed out) raises the search's stop flag, and the
//! place it holds is given back only when its thread has really finished. So the searches
//! running are never more than the pool's size, and their memory (a table of
//! [`Pool::table_mb`] each) never more than the pool accounts for.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use awe_game::Game;
use awe_players::Playable;
use awe_search::{Engine, Level};
use tokio::sync::oneshot;

/// Who a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// The computer's move or answer in a game: first served, never stopped for another.
    Play,
    /// A visitor's analysis or review: served when no move of the computer waits.
    Analysis,
}

/// The pool's queue of analyses is full: try again later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the engines are busy: try again in a moment")]
pub struct Busy;

/// What a running search is told: stop now (nobody waits for it, or a move of the computer
/// needs its place).
#[derive(Clone, Debug, Default)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    preempted: Arc<AtomicBool>,
}

impl Stop {
    /// The flag a search's limits watch (`awe_search::Limits::stop`).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.flag)
    }

    /// Whether the search was asked to stop for a move of the computer (it may go on later).
    pub fn preempted(&self) -> bool {
        self.preempted.load(Ordering::Relaxed)
    }

    /// Whether the search was asked to stop, for any reason.
    pub fn stopped(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

/// Searches at once, at most, and the queues of those waiting.
#[derive(Clone, Debug)]
pub struct Pool {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    size: usize,
    table_mb: usize,
    queue: usize,
    state: Mutex<State>,
    /// Analyses stopped for a move of the computer, since the start.
    preemptions: AtomicU64,
}

#[derive(Debug, Default)]
struct State {
    free: usize,
    play: VecDeque<oneshot::Sender<(Place, Stop)>>,
    analysis: VecDeque<oneshot::Sender<(Place, Stop)>>,
    /// The stop of each analysis running, to ask one to make way.
    running: Vec<(u64, Stop)>,
    next_id: u64,
}

/// A place in the pool, given back when dropped (when the search's thread is done).
#[derive(Debug)]
struct Place {
    inner: Arc<Inner>,
    /// The analysis this place runs, if it is one.
    analysis: Option<u64>,
    /// Whether dropping it gives a place back (not if it was never handed over).
    armed: bool,
}

impl Drop for Place {
    fn drop(&mut self) {
        if self.armed {
            self.inner.release(self.analysis);
        }
    }
}

/// Raises a search's stop flag if its caller stops waiting for it.
struct StopOnDrop(Option<Arc<AtomicBool>>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let Some(flag) = self.0.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place is free again: to the first computer's move waiting, else to the first analysis.
    fn release(self: &Arc<Self>, analysis: Option<u64>) {
        let mut state = self.lock();
        if let Some(id) = analysis {
            state.running.retain(|(i, _)| *i != id);
        }
        loop {
            let (waiter, priority) = match state.play.pop_front() {
                Some(waiter) => (waiter, Priority::Play),
                None => match state.analysis.pop_front() {
                    Some(waiter) => (waiter, Priority::Analysis),
                    None => {
                        state.free += 1;
                        return;
                    }
                },
            };
            let (place, stop) = state.place(self, priority);
            if let Err((mut place, _)) = waiter.send((place, stop)) {
                // That waiter is gone: the place goes to the next one, not back twice.
                place.armed = false;
                if let Some(id) = place.analysis {
                    state.running.retain(|(i, _)| *i != id);
                }
            } else {
                return;
            }
        }
    }
}

impl State {
    /// A place taken for a search of `priority`, and its stop (an analysis's registered, so
    /// that a move of the computer can ask it to make way).
    fn place(&mut self, inner: &Arc<Inner>, priority: Priority) -> (Place, Stop) {
        let stop = Stop::default();
        let analysis = (priority == Priority::Analysis).then(|| {
            self.next_id += 1;
            self.running.push((self.next_id, stop.clone()));
            self.next_id
        });
        (Place { inner: Arc::clone(inner), analysis, armed: true }, stop)
    }
}

impl Pool {
    /// A pool of `size` searches at once (at least one), each with a table of `table_mb`
    /// megabytes, and at most `queue` analyses waiting.
    pub fn new(size: usize, table_mb: usize, queue: usize) -> Pool {
        let size = size.max(1);
        Pool {
            inner: Arc::new(Inner {
                size,
                table_mb: table_mb.max(1),
                queue,
                state: Mutex::new(State { free: size, ..State::default() }),
                preemptions: AtomicU64::new(0),
            }),
        }
    }

    /// A pool that leaves one core of the machine to the rest of the server (people's moves,
    /// pages): one search on two cores, three on four. The searches also run at the lowest
    /// priority. Measured on two cores (BENCHMARKS.md), 50 games against level 10 kept busy
    /// moved the round trip of 100 human games from 6.3 to 7.2 ms (median) this way, and to
    /// 17 ms with a search on each core.
    pub fn for_this_machine(table_mb: usize, queue: usize) -> Pool {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Pool::new(cores.saturating_sub(1), table_mb, queue)
    }

    /// How many searches run at once.
    pub fn size(&self) -> usize {
        self.inner.size
    }

    /// The table of each search, in megabytes: the pool's searches hold at most
    /// `size × table_mb`, and the analyses waiting between two turns `queue × table_mb` more.
    pub fn table_mb(&self) -> usize {
        self.inner.table_mb
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.inner.size - self.inner.lock().free
    }

    /// Analyses waiting now.
    pub fn waiting(&self) -> usize {
        let state = self.inner.lock();
        state.play.len() + state.analysis.len()
    }

    /// Analyses stopped to make way for a move of the computer, since the start.
    pub fn preemptions(&self) -> u64 {
        self.inner.preemptions.load(Ordering::Relaxed)
    }

    /// Waits for a place; an analysis is refused if too many wait already.
    async fn acquire(&self, priority: Priority) -> Result<(Place, Stop), Busy> {
        let receiver = {
            let mut state = self.inner.lock();
            let first = match priority {
                Priority::Play => true,
                Priority::Analysis => state.play.is_empty(),
            };
            if state.free > 0 && first {
                state.free -= 1;
                return Ok(state.place(&self.inner, priority));
            }
            let (sender, receiver) = oneshot::channel();
            match priority {
                Priority::Play => {
                    state.play.push_back(sender);
                    // Every place is taken: an analysis makes way (the oldest first), unless
                    // enough are already stopping for the moves waiting.
                    let stopping = state.running.iter().filter(|(_, s)| s.preempted()).count();
                    if stopping < state.play.len()
                        && let Some((_, stop)) = state.running.iter().find(|(_, s)| !s.preempted())
                    {
                        stop.preempted.store(true, Ordering::Relaxed);
                        stop.flag.store(true, Ordering::Relaxed);
                        self.inner.preemptions.fetch_add(1, Ordering::Relaxed);
                    }
                }
                Priority::Analysis => {
                    if state.analysis.len() >= self.inner.queue {
                        return Err(Busy);
                    }
                    state.analysis.push_back(sender);
                }
            }
            receiver
        };
        // If this future is dropped while waiting, the place goes to the next waiter.
        receiver.await.map_err(|_| Busy)
    }

    /// Runs `job` on a thread of the pool when a place is free, told by its [`Stop`] when to
    /// stop; `Err(Busy)` if the queue of analyses is full, or the job panicked. If this future
    /// is dropped, the job is told to stop, and its place is given back when it has.
    pub async fn run<T: Send + 'static>(
        &self,
        priority: Priority,
        job: impl FnOnce(&Stop) -> T + Send + 'static,
    ) -> Result<T, Busy> {
        let (place, stop) = self.acquire(priority).await?;
        let mut on_drop = StopOnDrop(Some(stop.flag()));
        let result = tokio::task::spawn_blocking(move || {
            // Searches yield to the rest of the server: a person's move is answered before the
            // computer's thought goes on.
            let _ =
                thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
            let searching = std::time::Instant::now();
            let result = job(&stop);
            drop(place);
            let kind = match priority {
                Priority::Play => "play",
                Priority::Analysis => "analysis",
            };
            metrics::histogram!("awe_engine_search_seconds", "kind" => kind)
                .record(searching.elapsed().as_secs_f64());
            result
        })
        .await;
        on_drop.0 = None;
        result.map_err(|_| Busy)
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
    table_mb: usize,
) -> Option<String> {
    let mut engine = Engine::with_table(P::evaluator(game.start()), level, seed, table_mb);
    let mv = engine.choose(game, Some(time), |_| {})?;
    Some(game.current().move_text(mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// A job that runs until stopped (or a time), and says whether it was preempted.
    fn spin(stop: &Stop, most: Duration) -> bool {
        let started = Instant::now();
        while !stop.stopped() && started.elapsed() < most {
            std::thread::sleep(Duration::from_millis(1));
        }
        stop.preempted()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_move_of_the_computer_stops_an_analysis_and_goes_first() {
        let pool = Pool::new(1, 1, 4);
        let analysis = {
            let pool = pool.clone();
            tokio::spawn(async move {
                pool.run(Priority::Analysis, |stop| spin(stop, Duration::from_secs(20))).await
            })
        };
        while pool.running() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let started = Instant::now();
        let played = pool.run(Priority::Play, |stop| spin(stop, Duration::ZERO)).await;
        assert_eq!(played, Ok(false), "the computer's search is never preempted");
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
        assert_eq!(analysis.await.unwrap(), Ok(true), "the analysis was asked to make way");
        assert_eq!(pool.preemptions(), 1);
        assert_eq!(pool.running(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_search_nobody_waits_for_stops_and_holds_its_place_until_it_has() {
        let pool = Pool::new(1, 1, 4);
        let done = Arc::new(AtomicBool::new(false));
        let call = {
            let (pool, done) = (pool.clone(), Arc::clone(&done));
            tokio::spawn(async move {
                pool.run(Priority::Analysis, move |stop| {
                    spin(stop, Duration::from_secs(20));
                    std::thread::sleep(Duration::from_millis(200));
                    done.store(true, Ordering::SeqCst);
                })
                .await
            })
        };
        while pool.running() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        call.abort();
        let _ = call.await;
        // Stopped, but still running its last 200 ms: its place is not free yet.
        assert_eq!(pool.running(), 1);
        let next = pool.run(Priority::Analysis, |_| ()).await;
        assert!(next.is_ok());
        assert!(done.load(Ordering::SeqCst), "the next search waited for the first to end");
        assert_eq!(pool.running(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn analyses_beyond_the_queue_are_refused() {
        let pool = Pool::new(1, 1, 2);
        let stop = Arc::new(AtomicBool::new(false));
        let mut calls = Vec::new();
        for _ in 0..3 {
            let (pool, stop) = (pool.clone(), Arc::clone(&stop));
            calls.push(tokio::spawn(async move {
                pool.run(Priority::Analysis, move |_| {
                    while !stop.load(Ordering::SeqCst) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
                .await
            }));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // One runs, two wait: a fourth is refused at once.
        assert_eq!(pool.waiting(), 2);
        assert_eq!(pool.run(Priority::Analysis, |_| ()).await, Err(Busy));
        stop.store(true, Ordering::SeqCst);
        for call in calls {
            assert_eq!(call.await.unwrap(), Ok(()));
        }
        assert_eq!(pool.running(), 0);
    }
}
