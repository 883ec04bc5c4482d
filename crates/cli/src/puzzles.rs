//! `awe puzzles generate`: the site's puzzles, from its finished games not looked at yet and from
//! games of the engine against itself, kept in its database (docs/server.md).

use anyhow::{Context, Result, anyhow};
use awe_server::model::Match;
use awe_server::puzzle;
use awe_server::spec::Spec;
use awe_server::store::Store;

use crate::args::{PuzzlesAction, PuzzlesArgs};

/// The self-play's games and rules when none is given: each game under its usual rules, and
/// Awélé under abapa too.
const SPECS: [&str; 4] = [
    r#"{"game":"awele","rules":"abapa"}"#,
    r#"{"game":"awele"}"#,
    r#"{"game":"awithlaknannai"}"#,
    r#"{"game":"awechec"}"#,
];

pub fn run(args: PuzzlesArgs) -> Result<()> {
    let database = crate::database_url(&args.store)?;
    let PuzzlesAction::Generate { games, self_play, spec, depth, seed, every } = args.action;
    let specs = if spec.is_empty() { SPECS.map(str::to_owned).to_vec() } else { spec };
    let specs: Vec<Spec> = specs
        .iter()
        .map(|text| {
            let spec: Spec =
                serde_json::from_str(text).with_context(|| format!("--spec {text}"))?;
            spec.normalized().map_err(|e| anyhow!("--spec {text}: {e}"))
        })
        .collect::<Result<_>>()?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let store = Store::open(&database)
            .await
            .map_err(|e| anyhow!("the database {}: {e}", awe_server::store::redacted(&database)))?;
        let mut round = 0;
        loop {
            let (kept, looked) =
                generate(&store, games, self_play, &specs, depth, seed + round).await?;
            eprintln!("{kept} puzzles kept from {looked} games");
            let Some(seconds) = every else { return Ok(()) };
            round += 1;
            tokio::time::sleep(std::time::Duration::from_secs(seconds)).await;
        }
    })
}

/// One pass: the stored games, then the self-play; the puzzles kept and the games looked at.
async fn generate(
    store: &Store,
    games: usize,
    self_play: usize,
    specs: &[Spec],
    depth: u32,
    seed: u64,
) -> Result<(usize, usize)> {
    let mut sources: Vec<(Spec, Match, Option<String>)> = Vec::new();
    for row in store.unpuzzled(games as i64).await? {
        let Some((_, moves)) = store.load(&row.id).await? else { continue };
        let Ok(spec) = serde_json::from_str::<Spec>(&row.spec) else { continue };
        let Ok(mut game) = Match::new(&spec, None) else { continue };
        if moves.iter().all(|m| game.play(&m.text).is_ok()) {
            sources.push((spec, game, Some(row.id.clone())));
        }
    }
    for (i, spec) in specs.iter().enumerate() {
        for n in 0..self_play {
            let game =
                puzzle::self_play(spec, seed.wrapping_mul(1_000_003) + (i * self_play + n) as u64)
                    .map_err(|e| anyhow!("self-play: {e}"))?;
            sources.push((spec.clone(), game, None));
        }
    }
    let looked = sources.len();
    // The searches on a blocking thread each, a core's worth at a time.
    let mut kept = 0;
    for (spec, game, source) in sources {
        let found = tokio::task::spawn_blocking(move || {
            puzzle::from_match(&game, depth).and_then(|c| puzzle::row(&spec, &c, source))
        })
        .await?;
        if let Some(row) = found
            && store.add_puzzle(&row).await?
        {
            kept += 1;
            eprintln!(
                "puzzle {}: {} win in {} plies, {} moves of solution{}{}",
                row.id,
                row.category,
                row.plies,
                row.solution.matches(',').count() + 1,
                if row.themes.is_empty() { "" } else { ", " },
                row.themes
            );
        }
    }
    Ok((kept, looked))
}
