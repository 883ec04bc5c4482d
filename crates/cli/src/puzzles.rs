//! `awe puzzles generate`: the site's puzzles, from its finished games not looked at yet and from
//! games of the engine against itself, kept in its database (docs/server.md).

use anyhow::{Context, Result, anyhow};
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
                puzzle::generate(&store, games, self_play, &specs, depth, seed + round)
                    .await
                    .map_err(|e| anyhow!("{e}"))?;
            eprintln!("{kept} puzzles kept from {looked} games");
            let Some(seconds) = every else { return Ok(()) };
            round += 1;
            tokio::time::sleep(std::time::Duration::from_secs(seconds)).await;
        }
    })
}
