//! `awe export`: the site's finished games as records, from its database (docs/research.md).

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use futures_util::StreamExt;

use crate::args::ExportArgs;

pub fn run(args: ExportArgs) -> anyhow::Result<()> {
    let database = crate::database_url(&args.store)?;
    let mut query = std::collections::HashMap::new();
    for (key, value) in [
        ("game", args.game.clone()),
        ("rules", args.rules.clone()),
        ("since", args.since.clone()),
        ("until", args.until.clone()),
        ("player", args.player.clone()),
        ("rated", args.rated.then(|| "true".to_owned())),
        ("rated", args.unrated.then(|| "false".to_owned())),
        ("max", args.max.map(|m| m.to_string())),
    ] {
        if let Some(value) = value {
            query.insert(key.to_owned(), value);
        }
    }
    let (mut filter, player, max) =
        awe_server::export::read_query(&query).map_err(|e| anyhow::anyhow!("--{e}"))?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let store = awe_server::store::Store::open(&database).await.map_err(|e| {
            anyhow::anyhow!("the database {}: {e}", awe_server::store::redacted(&database))
        })?;
        let user = match &player {
            None => None,
            Some(name) => Some(
                store
                    .user_by_name(name)
                    .await?
                    .with_context(|| format!("no account named {name}"))?
                    .0
                    .id,
            ),
        };
        match &args.month {
            None => {
                let mut out: Box<dyn Write> = match &args.out {
                    Some(path) => Box::new(std::io::BufWriter::new(
                        std::fs::File::create_new(path)
                            .with_context(|| format!("cannot make {}", path.display()))?,
                    )),
                    None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
                };
                let games = write(&store, filter, user, max, &mut out).await?;
                out.flush()?;
                eprintln!("{} exported", games_text(games));
            }
            Some(month) => {
                filter.since = awe_server::export::parse_day(month)
                    .filter(|_| month.len() == 7)
                    .with_context(|| format!("--month {month:?} is not a month YYYY-MM"))?
                    .into();
                filter.until = awe_server::export::next_month(month);
                let folder = args.out.clone().unwrap_or_else(|| ".".into());
                std::fs::create_dir_all(&folder)
                    .with_context(|| format!("cannot make the folder {}", folder.display()))?;
                let games = match &filter.game {
                    Some(game) => vec![game.clone()],
                    None => ["awele", "awithlaknannai", "awechec"].map(String::from).to_vec(),
                };
                for game in games {
                    let filter =
                        awe_server::export::Filter { game: Some(game.clone()), ..filter.clone() };
                    let path = folder.join(format!("awe-{game}-{month}.awe.gz"));
                    let count = month_file(&store, filter, user.clone(), max, &path).await?;
                    println!("{}: {}", path.display(), games_text(count));
                }
            }
        }
        store.close().await;
        anyhow::Ok(())
    })
}

/// Writes the records the filter takes: how many.
async fn write(
    store: &awe_server::store::Store,
    filter: awe_server::export::Filter,
    user: Option<String>,
    max: usize,
    out: &mut dyn Write,
) -> anyhow::Result<usize> {
    let mut stream = std::pin::pin!(awe_server::export::records(store.clone(), filter, user, max));
    let mut games = 0;
    while let Some(page) = stream.next().await {
        let page = page?;
        games += page.games;
        out.write_all(page.text.as_bytes())?;
    }
    Ok(games)
}

/// A month of one game in a gzip file, made beside then renamed (a cut export leaves no half
/// file under the name).
async fn month_file(
    store: &awe_server::store::Store,
    filter: awe_server::export::Filter,
    user: Option<String>,
    max: usize,
    path: &Path,
) -> anyhow::Result<usize> {
    anyhow::ensure!(!path.exists(), "{} exists already: remove it first", path.display());
    let partial = path.with_extension("gz.partial");
    let file = std::fs::File::create(&partial)
        .with_context(|| format!("cannot make {}", partial.display()))?;
    let mut gz = flate2::write::GzEncoder::new(
        std::io::BufWriter::new(file),
        flate2::Compression::default(),
    );
    let written = async {
        let games = write(store, filter, user, max, &mut gz).await?;
        gz.finish()?.flush()?;
        anyhow::Ok(games)
    }
    .await;
    match written {
        Ok(games) => {
            std::fs::rename(&partial, path)
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(games)
        }
        Err(error) => {
            let _ = std::fs::remove_file(&partial);
            Err(error)
        }
    }
}

/// "1 game", "3 games".
fn games_text(n: usize) -> String {
    format!("{n} game{}", if n == 1 { "" } else { "s" })
}
