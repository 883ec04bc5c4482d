//! The command line, as typed: parsed by clap, resolved into game settings by each command.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};

/// awe: Awithlaknannai, Awélé and Awechec: play them, replay and analyse their records, run
/// engines and matches, count positions, build endgame databases.
#[derive(Debug, Parser)]
#[command(name = "awe", version, about, propagate_version = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

/// The games awe knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Awélé (oware).
    Awele,
    /// Awithlaknannai (the Zuni fighting serpents).
    Awithlaknannai,
    /// Awechec (Awarichess): Awélé captures become powers that grant the moves at chess.
    Awechec,
}

impl GameName {
    /// The name as typed and as a record's Game tag writes it.
    pub fn name(self) -> &'static str {
        match self {
            GameName::Awele => "awele",
            GameName::Awithlaknannai => "awithlaknannai",
            GameName::Awechec => "awechec",
        }
    }
}

/// A time in seconds, as every time option takes it: a number from 0.001 (a millisecond) to
/// 86400 (a day). Every duration the command line reads goes through here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seconds(Duration);

impl Seconds {
    pub const MIN: f64 = 0.001;
    pub const MAX: f64 = 86_400.0;

    pub fn duration(self) -> Duration {
        self.0
    }
}

impl FromStr for Seconds {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let seconds: f64 =
            s.trim().parse().map_err(|_| format!("`{s}` is not a number of seconds"))?;
        if !(Seconds::MIN..=Seconds::MAX).contains(&seconds) {
            return Err(format!(
                "`{s}` seconds is out of range: from {} (a millisecond) to {} (a day)",
                Seconds::MIN,
                Seconds::MAX
            ));
        }
        Ok(Seconds(Duration::from_secs_f64(seconds)))
    }
}

/// Settings of an Awithlaknannai game (refused for the other games).
#[derive(Debug, Default, clap::Args)]
pub struct SerpentArgs {
    /// Awithlaknannai board: mosona, kolowis or kolowis-ludii.
    #[arg(long)]
    pub board: Option<String>,
    /// Awithlaknannai start: seed000, seed002 or ludii (default: ludii on kolowis-ludii, seed000
    /// elsewhere).
    #[arg(long)]
    pub start: Option<String>,
    /// Who moves first at Awithlaknannai: white (the bottom row) or black.
    #[arg(long)]
    pub first: Option<String>,
    /// Plies without a capture that end an Awithlaknannai game (default 50; at least 1).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub ply_limit: Option<u16>,
    /// Leave out the lines along the outer rows.
    #[arg(long)]
    pub no_outer_lines: bool,
    /// Leave out the lines across the ends of the middle row.
    #[arg(long)]
    pub no_end_lines: bool,
}

impl SerpentArgs {
    /// Whether any of these settings was given.
    pub fn any(&self) -> bool {
        self.board.is_some()
            || self.start.is_some()
            || self.first.is_some()
            || self.ply_limit.is_some()
            || self.no_outer_lines
            || self.no_end_lines
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf positions DEPTH plies ahead (the last line printed is the count alone).
    Perft(PerftArgs),
    /// Play at one keyboard: two people, or a person against the computer (--engine).
    Play(PlayArgs),
    /// Check a game record move by move and print how it ends.
    Replay(ReplayArgs),
    /// Perft, then random playouts on one core; the last line is the speed in plies per second.
    Bench(BenchArgs),
    /// Engine against engine; the last line is `score X / N`, X being A's points.
    Match(MatchArgs),
    /// The engine on standard input and output, speaking UGI.
    Engine(EngineArgs),
    /// The best move, its score and line for a position, or every move of a record judged.
    Analyze(AnalyzeArgs),
    /// Build an endgame database and keep it in the cache, where the engines find it.
    Endgame(EndgameArgs),
    /// The web site: play, watch, replay and analyse in the browser.
    Serve(ServeArgs),
    /// Solve an Awithlaknannai position (its value, with a certificate), or check a certificate.
    Solve(SolveArgs),
    /// Run the site: make an account an admin.
    Admin(AdminArgs),
    /// Copy the site's SQLite database into a new file, while the server runs.
    Backup(BackupArgs),
    /// Put a backup in place as the site's database (stop the server first).
    Restore(RestoreArgs),
    /// The site's finished games as records (docs/research.md).
    Export(ExportArgs),
    /// Connect an engine to a site as a bot account: it accepts challenges and plays them.
    Bot(BotArgs),
    /// The site's puzzles: made from its finished games and the engine's self-play.
    Puzzles(PuzzlesArgs),
}

#[derive(Debug, clap::Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    pub action: PuzzlesAction,
    #[command(flatten)]
    pub store: DatabaseArgs,
}

#[derive(Debug, Subcommand)]
pub enum PuzzlesAction {
    /// Look for puzzles in the finished games not looked at yet, and in games of the engine
    /// against itself; keep each found (every claim proved by the plain search).
    Generate {
        /// The most stored games looked at (the oldest not looked at first).
        #[arg(long, default_value_t = 1000, value_name = "N")]
        games: usize,
        /// Games of the engine against itself, from random openings, for each --spec.
        #[arg(long, default_value_t = 0, value_name = "N")]
        self_play: usize,
        /// The games and rules of the self-play, as the site writes them (repeatable), such as
        /// '{"game":"awele","rules":"abapa"}'; every rating category of the site by default.
        #[arg(long, value_name = "JSON")]
        spec: Vec<String>,
        /// The depth each position is searched at.
        #[arg(long, default_value_t = awe_server::puzzle::DEPTH, value_name = "PLIES")]
        depth: u32,
        /// Seed of the self-play's openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Look again and again, every this many seconds (in the background beside the server).
        #[arg(long, value_name = "SECONDS")]
        every: Option<u64>,
    },
}

#[derive(Clone, Debug, clap::Args)]
pub struct BotArgs {
    /// The site, such as https://awe.example.org.
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// A personal API token of the bot's account with the scope bot:play (or $AWE_TOKEN).
    #[arg(long, env = "AWE_TOKEN", hide_env_values = true)]
    pub token: String,
    /// The player: ugi:COMMAND or uci:COMMAND (another program), awe:LEVEL (awe's engine),
    /// random, greedy.
    #[arg(long, value_name = "PLAYER")]
    pub engine: String,
    /// The game the bot plays (challenges of other games are declined).
    #[arg(long, value_enum)]
    pub game: GameName,
    /// Its rule set (Awélé, Awithlaknannai) or variant (Awechec); the game's default if left out.
    #[arg(long)]
    pub rules: Option<String>,
    /// Awithlaknannai's board: mosona or kolowis.
    #[arg(long)]
    pub board: Option<String>,
    /// The most time a move, in milliseconds (less when the clock is short).
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    pub movetime: u64,
    /// Games played at once; further challenges are declined meanwhile.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub concurrency: usize,
    /// Make the account a bot first (for good; it must have played no game).
    #[arg(long)]
    pub upgrade: bool,
    /// Stop after this many games.
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// Written between moves of `position … moves` for another program (see awe match).
    #[arg(long, default_value = " ", value_name = "TEXT")]
    pub move_separator: String,
}

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// One game only: awele, awithlaknannai or awechec.
    #[arg(long)]
    pub game: Option<String>,
    /// One rule set only (an Awithlaknannai board, an Awechec variant).
    #[arg(long)]
    pub rules: Option<String>,
    /// Games begun from this day (YYYY-MM-DD, UTC).
    #[arg(long, value_name = "DAY")]
    pub since: Option<String>,
    /// Games begun before this day.
    #[arg(long, value_name = "DAY")]
    pub until: Option<String>,
    /// An account's games only.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Rated games only.
    #[arg(long, conflicts_with = "unrated")]
    pub rated: bool,
    /// Unrated games only.
    #[arg(long)]
    pub unrated: bool,
    /// At most this many games.
    #[arg(long, value_name = "N")]
    pub max: Option<usize>,
    /// A month's games (YYYY-MM), a gzip file a game in the folder --out: awe-GAME-MONTH.awe.gz.
    #[arg(long, value_name = "MONTH", conflicts_with_all = ["since", "until"])]
    pub month: Option<String>,
    /// The file to write (it must not exist; default: standard output), or with --month the
    /// folder (default: here).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub store: DatabaseArgs,
}

#[derive(Debug, clap::Args)]
pub struct BackupArgs {
    /// The file to write (it must not exist yet).
    #[arg(long, value_name = "FILE")]
    pub to: PathBuf,
    #[command(flatten)]
    pub store: DatabaseArgs,
}

#[derive(Debug, clap::Args)]
pub struct RestoreArgs {
    /// The backup to restore (a file `awe backup` wrote).
    #[arg(long, value_name = "FILE")]
    pub from: PathBuf,
    /// Replace the database there (it is kept beside, renamed).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub store: DatabaseArgs,
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The game: awithlaknannai (not needed with --check).
    #[arg(required_unless_present = "check")]
    pub game: Option<GameName>,
    /// Rule set: wikipedia, globejoueur, bell or ludii.
    #[arg(long)]
    pub rules: Option<String>,
    /// The position to solve, in the game's position text (default: the start).
    #[arg(long)]
    pub position: Option<String>,
    /// The pure game: only a capture ends it (no move or no piece left loses; no repetition or
    /// ply-limit rule; an endless game is a draw).
    #[arg(long)]
    pub pure: bool,
    /// Write the certificate there (for a win, the winner's move in every position reachable
    /// under every defence; for a draw, both sides').
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// Plies without a capture that end the game, under the project's rules (default 50; the
    /// same as --ply-limit).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub max_plies: Option<u16>,
    /// The most positions the solver enumerates (its memory: about 100 bytes each).
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    pub max_positions: usize,
    /// Prove a win by a proof search in the pure game over its endgame database of up to N
    /// pieces (built once, one to three minutes for 7 on Mosona, then kept in the cache) instead
    /// of enumerating everything the position reaches; Mosona's start needs 7. Without --pure,
    /// the pure game's win is then checked under the project's rules (it holds there when every
    /// game under it ends by moves before the ply limit, without a repetition). Draws are not
    /// proven this way.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub prove: Option<u8>,
    /// With --prove --pure: the shortest win against the longest defence (searching every ply to
    /// the end, much slower); without it the length given is the longest game the certificate
    /// allows.
    #[arg(long, requires_all = ["prove", "pure"])]
    pub shortest: bool,
    /// With --prove: the most plies searched (above the database, or to the end with --shortest)
    /// before giving up.
    #[arg(long, value_name = "N", default_value_t = 60, requires = "prove", value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub max_depth: u16,
    /// Check a certificate with the checker of awe-proof (a move generator of its own) and say
    /// what it proves.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "pure", "certificate", "max_plies", "rules", "prove"])]
    pub check: Option<PathBuf>,
    #[command(flatten)]
    pub serpent: SerpentArgs,
}

/// Where the site's database is.
#[derive(Debug, clap::Args)]
pub struct DatabaseArgs {
    /// The database: sqlite://FILE or postgres://USER@HOST/NAME (default: awe.db in the data
    /// folder). From the environment's AWE_DATABASE too, which keeps a password out of the
    /// command line.
    #[arg(long, value_name = "URL", global = true, env = "AWE_DATABASE", hide_env_values = true)]
    pub database: Option<String>,
    /// The data folder (default: $AWE_DATA, else the user's data folder, ~/.local/share/awe).
    #[arg(long, value_name = "DIR", global = true)]
    pub data_dir: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    pub action: AdminAction,
    #[command(flatten)]
    pub store: DatabaseArgs,
}

#[derive(Debug, Subcommand)]
pub enum AdminAction {
    /// Make an account an admin: it reads the chat's reports.
    Grant {
        /// The account's name.
        name: String,
    },
    /// Take an account's admin rights away.
    Revoke {
        /// The account's name.
        name: String,
    },
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    pub addr: std::net::SocketAddr,
    /// A recurring tournament, made a day ahead (again for more): "daily 18:00 arena awele:abapa
    /// 3+2 60" (when: daily or mon..sun; the hour in UTC; arena or swiss; a rating category, or
    /// medley for a Swiss; minutes+seconds; an arena's minutes or a Swiss's rounds).
    #[arg(long, value_name = "SCHEDULE")]
    pub schedule: Vec<awe_server::tournament::schedule::Schedule>,
    #[command(flatten)]
    pub store: DatabaseArgs,
    /// The Awélé endgame databases built in the background into the cache, for the computer's
    /// endings: up to this many seeds (12 to 24; 12 builds nothing more than the 12-seed
    /// databases the engines make at first need).
    #[arg(long, value_name = "SEEDS", default_value_t = awe_server::ENDGAME_SEEDS,
          value_parser = clap::builder::TypedValueParser::map(
              clap::value_parser!(u8).range(12..=24), usize::from))]
    pub endgame_seeds: usize,
    /// Connections open at once from one address (more are closed at once).
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub connections_per_address: usize,
    /// Connections open at once in all (default: the open files the process may have, less
    /// a hundred).
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
    /// Games one address, and one account, may create a minute, seeks, rematches and arena
    /// pairings included (a burst of as many, then that rate).
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub games_per_minute: u32,
    /// Seconds each side of a live game has for its first move (its clock runs after it); a
    /// game whose first move does not come is aborted.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub first_move: u64,
    /// Tournaments one address, and one account, may make a day.
    #[arg(long, value_name = "N", default_value_t = 12)]
    pub tournaments_per_day: u32,
    /// Tournaments one account may have to come or under way at once.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub open_tournaments: i64,
    /// Records one address may import a minute (a burst of as many, then that rate).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub imports_per_minute: u32,
    /// Analyses of a position one address may ask a minute (a burst, then that rate).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub analyses_per_minute: u32,
    /// Reviews of a game one address may ask a minute (a burst, then that rate).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub reviews_per_minute: u32,
    /// Exports of the games database one address may ask a minute (a burst of as many, then
    /// that rate).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub exports_per_minute: u32,
    /// Questions to the opening explorer one address may ask a minute.
    #[arg(long, value_name = "N", default_value_t = 120)]
    pub explorer_per_minute: u32,
    /// Moves tried at puzzles one address may send a minute.
    #[arg(long, value_name = "N", default_value_t = 120)]
    pub puzzle_moves_per_minute: u32,
    /// Games in memory at most (those nobody watches go first when there are more).
    #[arg(long, value_name = "N", default_value_t = 5000)]
    pub max_rooms: usize,
    /// The games in memory's estimated size at most, in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 512)]
    pub rooms_memory_mb: usize,
    /// A load balancer or TLS proxy in front: the client's address is the last of
    /// X-Forwarded-For (for the rate limits).
    #[arg(long)]
    pub trust_proxy: bool,
    /// Send the session cookie over HTTPS only (a TLS proxy in front).
    #[arg(long)]
    pub secure_cookies: bool,
    /// On SIGTERM or SIGINT, the seconds the server gives the requests and moves under way
    /// before it exits (pages are told to reconnect at once; the computer's searches go to the
    /// other servers).
    #[arg(long, value_name = "SECONDS", default_value = "8")]
    pub shutdown_timeout: Seconds,
    /// The log's lines, on standard error: text for a person, or JSON (a line an event, with
    /// its request's or game's span) for a log system. Which lines: `AWE_LOG` (as `RUST_LOG`:
    /// `info` by default, `debug` adds a line a request).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Serve the metrics, in Prometheus's text format, at http://ADDR/metrics (apart from the
    /// site, so that only the operator's network reaches it).
    #[arg(long, value_name = "HOST:PORT")]
    pub metrics_addr: Option<std::net::SocketAddr>,
}

/// How `awe serve` writes its log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, clap::Args)]
pub struct EndgameArgs {
    /// The game: awele or awithlaknannai.
    pub game: GameName,
    /// Rule set (awele: awechec, abapa, awari; awithlaknannai: wikipedia, globejoueur, bell,
    /// ludii).
    #[arg(long)]
    pub rules: Option<String>,
    /// Awélé only: the most seeds on the board (default 12).
    #[arg(long)]
    pub seeds: Option<usize>,
    /// Awithlaknannai only: the most pieces on the board, both sides together (default 5).
    #[arg(long)]
    pub pieces: Option<usize>,
    /// Awélé only: threads to build it on (1 to 256; default: every core of the machine). The
    /// database is the same on any number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Where to write it: a file, or a folder to write it into under the name the cache gives it
    /// (default: the cache, `$AWE_CACHE` or `~/.cache/awe`, where the engines find it).
    #[arg(long)]
    pub path: Option<PathBuf>,
    #[command(flatten)]
    pub serpent: SerpentArgs,
}

#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    pub game: GameName,
    /// Player A: random, greedy (the move that captures most now), mcts (awe's tree search with
    /// random playouts), awe:LEVEL, ugi:COMMAND or uci:COMMAND (another program; a UCI engine
    /// is sent `position startpos` for a game from the start).
    #[arg(long)]
    pub a: String,
    /// Player B, as A.
    #[arg(long)]
    pub b: String,
    /// An option of A, when it is another program: sent as `setoption name NAME value VALUE`
    /// (repeat for several).
    #[arg(long, value_name = "NAME=VALUE")]
    pub a_option: Vec<String>,
    /// An option of B, as --a-option.
    #[arg(long, value_name = "NAME=VALUE")]
    pub b_option: Vec<String>,
    /// What A, another program, wants between the moves of `position … moves` (default a
    /// space; '' for engines that write them back to back, as Aalina does: `moves FfEa`).
    #[arg(long, value_name = "TEXT", default_value = " ")]
    pub a_move_separator: String,
    /// What B wants between moves, as --a-move-separator.
    #[arg(long, value_name = "TEXT", default_value = " ")]
    pub b_move_separator: String,
    /// Games to play; A and B take each colour in turn.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Begin at this game of the match (1 by default): `--from-game 51 --games 50` plays games 51
    /// to 100 of the match `--games 100` would play, with the same openings and colours, so that a
    /// long match can be played in parts.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub from_game: u32,
    /// Thinking time per move, in seconds (0.001 to 86400).
    #[arg(long, default_value = "0.1", allow_negative_numbers = true)]
    pub time: Seconds,
    /// Rule set (awele: awechec, abapa, awari; awithlaknannai: wikipedia, globejoueur, bell,
    /// ludii).
    #[arg(long)]
    pub rules: Option<String>,
    /// Seed of the openings and of the random players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies played at random at the start of each pair of games, to vary the openings.
    #[arg(long, default_value_t = 2)]
    pub opening_plies: u32,
    /// Play the opening plies at this level (1 to 4: a move at random among those nearly as
    /// good as the best) instead of uniformly at random: openings without blunders, for games
    /// where a random move loses at once.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub opening_level: Option<u8>,
    /// Begin each pair of games from an opening of FILE instead (a line each: the moves from
    /// the start, `#` a comment), in an order --seed shuffles, as bench/openings/ holds them
    /// (awele-abapa.txt: 400 balanced openings).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["opening_level", "opening_plies"])]
    pub openings: Option<PathBuf>,
    /// Games played at once (each with its own players; one core each).
    #[arg(long, default_value_t = 1)]
    pub concurrency: u32,
    /// Stop when a sequential probability ratio test decides between A being at most ELO0 and
    /// at least ELO1 Elo stronger than B, such as 0,10 (--games is then the most it plays).
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// The error rates of --sprt (alpha and beta alike).
    #[arg(long, default_value_t = 0.05)]
    pub sprt_alpha: f64,
    /// Write every game's record to FILE as it ends, in the game's notation (as `awe play
    /// --save` does), one after the other with a Round tag: the game's number in the match.
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    #[command(flatten)]
    pub serpent: SerpentArgs,
    #[command(flatten)]
    pub awechec: AwechecArgs,
}

#[derive(Debug, clap::Args)]
pub struct EngineArgs {
    pub game: GameName,
    /// Rule set (awele: awechec, abapa, awari; awithlaknannai: wikipedia, globejoueur, bell,
    /// ludii).
    #[arg(long)]
    pub rules: Option<String>,
    #[command(flatten)]
    pub serpent: SerpentArgs,
    #[command(flatten)]
    pub awechec: AwechecArgs,
}

#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    pub game: GameName,
    /// The position to analyse, in the game's position text (default: the start).
    #[arg(long, value_name = "TEXT", conflicts_with = "record")]
    pub position: Option<String>,
    /// A record whose every move is judged (its own tags give the rules).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Thinking time per position, in seconds (0.001 to 86400).
    #[arg(long, default_value = "1", allow_negative_numbers = true)]
    pub time: Seconds,
    /// Threads to search a position with (1 to 64; a record's moves are judged on one).
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
    /// Rule set (awele: awechec, abapa, awari; awithlaknannai: wikipedia, globejoueur, bell,
    /// ludii).
    #[arg(long)]
    pub rules: Option<String>,
    #[command(flatten)]
    pub serpent: SerpentArgs,
    #[command(flatten)]
    pub awechec: AwechecArgs,
}

#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The game: awele or awithlaknannai.
    pub game: GameName,
    /// Plies to look ahead.
    pub depth: u32,
    /// Rule set (awele: awechec, abapa, awari; awithlaknannai: wikipedia, globejoueur, bell,
    /// ludii).
    #[arg(long)]
    pub rules: Option<String>,
    /// Start from this position instead of the usual one.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Also print the count below each move.
    #[arg(long)]
    pub divide: bool,
    #[command(flatten)]
    pub serpent: SerpentArgs,
}

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    pub game: GameName,
    /// Rule set (awele: awechec, abapa, awari; awithlaknannai: wikipedia, globejoueur, bell,
    /// ludii).
    #[arg(long)]
    pub rules: Option<String>,
    /// Start from this position instead of the usual one.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Write the game record to this file at the end (otherwise it is printed); the folder must
    /// exist.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// South's name (White's at Awithlaknannai and Awechec).
    #[arg(long, alias = "white", default_value = "")]
    pub south: String,
    /// North's name (Black's at Awithlaknannai and Awechec).
    #[arg(long, alias = "black", default_value = "")]
    pub north: String,
    /// Play against the computer at this level (1 to 10).
    #[arg(long)]
    pub engine: Option<String>,
    /// The colour of the person playing the computer: white (South, the default) or black
    /// (North). Only with --engine.
    #[arg(long)]
    pub color: Option<String>,
    /// The computer's thinking time per move, in seconds (0.001 to 86400; default 1). Only with
    /// --engine.
    #[arg(long, allow_negative_numbers = true)]
    pub time: Option<Seconds>,
    #[command(flatten)]
    pub serpent: SerpentArgs,
    #[command(flatten)]
    pub awechec: AwechecArgs,
}

/// Settings of an Awechec game (refused for the other games).
#[derive(Debug, Default, clap::Args)]
pub struct AwechecArgs {
    /// Awechec variant: standard, forced or synchronous.
    #[arg(long)]
    pub variant: Option<String>,
    /// Awechec handicaps, such as white:3/2 or black:2/1 (3/2, 2/1 and 3/1).
    #[arg(long)]
    pub handicap: Option<String>,
    /// Language of the Awechec board, prompts and record: fr (the default) or en. Moves are read
    /// in either.
    #[arg(long)]
    pub language: Option<String>,
}

impl AwechecArgs {
    /// Whether any of these settings was given.
    pub fn any(&self) -> bool {
        self.variant.is_some() || self.handicap.is_some() || self.language.is_some()
    }
}

#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The record to check (any of the three games: its Game tag says which).
    pub file: PathBuf,
    /// Print each position's legal moves and the move played, then the final score.
    #[arg(long)]
    pub trace: bool,
}

#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    pub game: GameName,
    /// Rule set (awele: awechec, abapa, awari; awithlaknannai: wikipedia, globejoueur, bell,
    /// ludii).
    #[arg(long)]
    pub rules: Option<String>,
    /// Time for the playouts, in seconds (0.001 to 86400; perft runs for about a third of it
    /// beforehand).
    #[arg(long, default_value = "5", allow_negative_numbers = true)]
    pub seconds: Seconds,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub serpent: SerpentArgs,
}
