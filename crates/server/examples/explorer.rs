//! The opening explorer at scale: the index of N random Awélé games (abapa, from the start;
//! openings that meet, as players' do: each move one of the first few legal ones) built in a
//! SQLite file with the server's own upsert, then the server's own question
//! (`Store::explored`) asked for random positions met in those games. Prints the index's rows and
//! size, the time to build it, and the question's latency at the 50th, 99th and 100th
//! percentiles.
//!
//! ```sh
//! cargo run --profile test -p awe-server --example explorer -- 1000000 /tmp/awe-explorer.db
//! ```

use std::time::Instant;

use awe_server::explorer::PLIES;
use awe_server::model::Match;
use awe_server::spec::Spec;
use awe_server::store::Store;
use sqlx::Connection;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A random game's first plies: (position, move) pairs.
fn game(rng: &mut Rng, start: &Match) -> Vec<(String, String)> {
    let mut game = start.clone();
    let mut steps = Vec::with_capacity(PLIES);
    while steps.len() < PLIES && game.outcome().is_none() {
        let legal = game.legal();
        let pick = rng.below(legal.len().min(3)).min(rng.below(3));
        let text = legal[pick]["text"].as_str().unwrap_or_default().to_owned();
        let before = game.position_text();
        if game.play(&text).is_err() {
            break;
        }
        steps.push((before, text));
    }
    steps
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1_000_000);
    let file = args.get(2).cloned().unwrap_or_else(|| "/tmp/awe-explorer.db".into());
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{file}{suffix}"));
    }
    let url = format!("sqlite://{file}?mode=rwc");
    Store::open(&url).await?.close().await;
    let spec: Spec = serde_json::from_str(r#"{"game":"awele","rules":"abapa"}"#)?;
    let start = Match::new(&spec, None).map_err(|e| e.0)?;
    let mut db = sqlx::sqlite::SqliteConnection::connect(&url).await?;
    sqlx::query("PRAGMA journal_mode = WAL").execute(&mut db).await?;
    sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut db).await?;
    let mut rng = Rng(1);
    let mut sample = Vec::new();
    let started = Instant::now();
    let mut tx = db.begin().await?;
    for n in 0..games {
        let outcome: [i64; 3] = match rng.below(3) {
            0 => [1, 0, 0],
            1 => [0, 1, 0],
            _ => [0, 0, 1],
        };
        for (ply, (position, mv)) in game(&mut rng, &start).into_iter().enumerate() {
            if n % 1000 == 0 && ply % 3 == 0 {
                sample.push(position.clone());
            }
            // The server's own statement (`Store::explore`).
            sqlx::query(awe_server::store::EXPLORER_COUNT)
                .bind("awele:abapa")
                .bind(position)
                .bind(mv)
                .bind(outcome[0])
                .bind(outcome[1])
                .bind(outcome[2])
                .execute(&mut *tx)
                .await?;
        }
        if n % 20_000 == 19_999 {
            tx.commit().await?;
            tx = db.begin().await?;
            eprintln!("{} games, {:.0} s", n + 1, started.elapsed().as_secs_f64());
        }
    }
    tx.commit().await?;
    let built = started.elapsed();
    let rows: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM explorer").fetch_one(&mut db).await?;
    db.close().await?;
    let size = std::fs::metadata(&file)?.len()
        + std::fs::metadata(format!("{file}-wal")).map(|m| m.len()).unwrap_or(0);

    // The server's question, through the server's store, for the sampled positions.
    let store = Store::open(&url).await?;
    let mut times = Vec::new();
    let mut answered = 0;
    for position in &sample {
        let t = Instant::now();
        let moves = store.explored("awele:abapa", position).await?;
        times.push(t.elapsed());
        answered += usize::from(!moves.is_empty());
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{games} games: {} rows, {:.0} MB, built in {:.0} s ({:.0} games/s)",
        rows.0,
        size as f64 / 1e6,
        built.as_secs_f64(),
        games as f64 / built.as_secs_f64()
    );
    println!(
        "{} questions ({answered} answered with moves): p50 {:?}, p99 {:?}, max {:?}",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
    store.close().await;
    Ok(())
}
