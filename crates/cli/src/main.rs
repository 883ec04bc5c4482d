//! `awe`: play, replay, count and time the games of awe from the command line.

mod analyze;
mod args;
mod awechec;
mod bench;
mod bot;
mod endgame;
mod export;
mod matches;
mod names;
mod perft;
mod play;
mod puzzles;
mod replay;
mod settings;
mod solve;

use std::process::ExitCode;

use clap::Parser;

// The allocator (see Cargo.toml): jemalloc by default, mimalloc or the system's to compare.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(all(feature = "jemalloc", not(feature = "mimalloc")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    let args = args::Args::parse();
    endgame::warn_of_ignored_databases();
    let run = match args.command {
        args::Command::Perft(a) => perft::run(a),
        args::Command::Play(a) => play::run(a),
        args::Command::Replay(a) => replay::run(a),
        args::Command::Bench(a) => bench::run(a),
        args::Command::Match(a) => matches::run(a),
        args::Command::Engine(a) => engine(a),
        args::Command::Analyze(a) => analyze::run(a),
        args::Command::Endgame(a) => endgame::run(a),
        args::Command::Serve(a) => serve(a),
        args::Command::Solve(a) => solve::run(a),
        args::Command::Admin(a) => admin(a),
        args::Command::Backup(a) => backup(a),
        args::Command::Restore(a) => restore(a),
        args::Command::Export(a) => export::run(a),
        args::Command::Bot(a) => bot::run(a),
        args::Command::Puzzles(a) => puzzles::run(a),
    };
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("awe: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// The site's database: the one given, else awe.db in the data folder (made if missing).
fn database_url(args: &args::DatabaseArgs) -> anyhow::Result<String> {
    use anyhow::Context;
    Ok(match &args.database {
        Some(url) => url.clone(),
        None => {
            let dir = args
                .data_dir
                .clone()
                .or_else(awe_server::default_data_dir)
                .context("no data folder: give --data-dir or --database, or set AWE_DATA")?;
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot make the data folder {}", dir.display()))?;
            format!("sqlite://{}?mode=rwc", dir.join("awe.db").display())
        }
    })
}

/// `awe admin`: the site's accounts, changed in its database.
fn admin(args: args::AdminArgs) -> anyhow::Result<()> {
    let database = database_url(&args.store)?;
    let (name, admin) = match &args.action {
        args::AdminAction::Grant { name } => (name, true),
        args::AdminAction::Revoke { name } => (name, false),
    };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let store = awe_server::store::Store::open(&database).await.map_err(|e| {
            anyhow::anyhow!("the database {}: {e}", awe_server::store::redacted(&database))
        })?;
        let found = store.set_admin(name, admin).await?;
        store.close().await;
        anyhow::ensure!(found, "no account named {name}");
        println!("{name} is {} admin", if admin { "now an" } else { "no longer an" });
        Ok(())
    })
}

/// `awe backup`: the site's SQLite database copied while the server runs.
fn backup(args: args::BackupArgs) -> anyhow::Result<()> {
    let database = database_url(&args.store)?;
    let runtime = tokio::runtime::Runtime::new()?;
    let size = runtime.block_on(awe_server::backup::backup(&database, &args.to))?;
    let contents = runtime.block_on(awe_server::backup::check(&args.to))?;
    println!(
        "{}: {} games, {} accounts, {:.1} MB",
        args.to.display(),
        contents.games,
        contents.accounts,
        size as f64 / 1e6
    );
    Ok(())
}

/// `awe restore`: a backup put in place of the site's database.
fn restore(args: args::RestoreArgs) -> anyhow::Result<()> {
    let database = database_url(&args.store)?;
    let file = awe_server::backup::sqlite_file(&database)?;
    let runtime = tokio::runtime::Runtime::new()?;
    let contents = runtime.block_on(awe_server::backup::restore(&args.from, &file, args.force))?;
    println!(
        "{} restored into {}: {} games, {} accounts",
        args.from.display(),
        file.display(),
        contents.games,
        contents.accounts
    );
    Ok(())
}

/// `awe serve`: the web site, until SIGTERM or Ctrl-C.
fn serve(args: args::ServeArgs) -> anyhow::Result<()> {
    use anyhow::Context;
    let database = database_url(&args.store)?;
    log(args.log_format);
    // A connection is a file: as many as the system allows this process.
    awe_server::limits::raise_open_files();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the server's runtime")?;
    let served = runtime.block_on(async {
        let defaults = awe_server::limits::Settings::default();
        let limits = awe_server::limits::Settings {
            connections_per_address: args.connections_per_address.max(1),
            max_connections: args.max_connections.unwrap_or(defaults.max_connections).max(1),
            games_per_minute: args.games_per_minute.max(1),
            first_move: std::time::Duration::from_secs(args.first_move.clamp(5, 3600)),
            tournaments_per_day: args.tournaments_per_day.max(1),
            open_tournaments: args.open_tournaments.max(1),
            imports_per_minute: args.imports_per_minute.max(1),
            analyses_per_minute: args.analyses_per_minute.max(1),
            reviews_per_minute: args.reviews_per_minute.max(1),
            exports_per_minute: args.exports_per_minute.max(1),
            explorer_per_minute: args.explorer_per_minute.max(1),
            puzzle_moves_per_minute: args.puzzle_moves_per_minute.max(1),
            max_rooms: args.max_rooms.max(1),
            rooms_memory: args.rooms_memory_mb.max(1).saturating_mul(1 << 20),
            trust_proxy: args.trust_proxy,
            secure_cookies: args.secure_cookies,
            ..defaults
        };
        let config = awe_server::Config {
            addr: args.addr,
            database,
            endgame_seeds: args.endgame_seeds,
            limits,
            schedule: args.schedule,
            shutdown_timeout: args.shutdown_timeout.duration(),
        };
        let metrics = match args.metrics_addr {
            Some(addr) => Some(awe_server::metrics::listen(addr).await?),
            None => None,
        };
        let (addr, server) = awe_server::bind(&config).await?;
        println!(
            "awe serve: open http://{addr}/ (database {})",
            awe_server::store::redacted(&config.database)
        );
        if let Some((addr, metrics)) = metrics {
            println!("awe serve: metrics at http://{addr}/metrics");
            tokio::spawn(metrics);
        }
        awe_server::build_endgames_in_background(config.endgame_seeds);
        server.await?;
        anyhow::Ok(())
    });
    // A search or a build still running on a blocking thread is not waited for: the server
    // has stopped (its leases handed back).
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    served
}

/// The server's log on standard error, its lines chosen by `AWE_LOG` (`info` by default; the
/// database's own lines from `warn`).
fn log(format: args::LogFormat) {
    use tracing_subscriber::EnvFilter;
    let filter =
        EnvFilter::try_from_env("AWE_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let log = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = match format {
        args::LogFormat::Text => log.try_init(),
        args::LogFormat::Json => {
            log.json().with_current_span(true).with_span_list(false).try_init()
        }
    };
}

/// `awe engine`: UGI on standard input and output.
fn engine(args: args::EngineArgs) -> anyhow::Result<()> {
    use awe_players::ugi::run;
    let (input, output) = (std::io::BufReader::new(std::io::stdin()), std::io::stdout());
    let rules = args.rules.as_deref();
    match args.game {
        args::GameName::Awele => {
            run(settings::awele_start(rules, None, &args.serpent)?, input, output)
        }
        args::GameName::Awithlaknannai => {
            run(settings::awithlaknannai_start(rules, None, &args.serpent)?, input, output)
        }
        args::GameName::Awechec => {
            run(settings::awechec_start(rules, None, &args.serpent, &args.awechec)?, input, output)
        }
    }
}
