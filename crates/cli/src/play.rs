//! `awe play`: two people at one keyboard, or a person against the computer.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use awe_game::{Game, Position as _, Side};
use awe_players::Playable;
use awe_players::analysis::accepts_agreement;
use awe_search::Engine;

use crate::args::{GameName, PlayArgs};

pub fn run(args: PlayArgs) -> Result<()> {
    if args.game != GameName::Awechec && args.awechec.any() {
        bail!("--variant, --handicap and --language are for awechec");
    }
    // A record that cannot be written is found out before the game, not after it.
    if let Some(path) = &args.save {
        check_save_path(path)?;
    }
    let names = [crate::names::printable(&args.south), crate::names::printable(&args.north)];
    let names = [names[0].as_str(), names[1].as_str()];
    // Records write an unknown player as `?`, as chess records do.
    let recorded = names.map(|n| if n.is_empty() { "?" } else { n });
    let record = match args.game {
        GameName::Awechec => crate::awechec::play(&args, names, recorded)?,
        GameName::Awele => {
            let rules = args.rules.as_deref();
            let start =
                crate::settings::awele_start(rules, args.position.as_deref(), &args.serpent)?;
            println!("Awélé, rules {}.", start.rule_set());
            let leftovers = match start.rule_set().rules().repetition_leftovers {
                awe_awele::Leftovers::OwnSide => "each player takes the seeds on their own row",
                awe_awele::Leftovers::Shared => {
                    "the seeds left are shared, an odd one counting for nobody"
                }
            };
            let game = Table {
                help: "Type a move: a pit letter, A-F for South, a-f for North (E(3) states the capture),",
                agree: format!("{leftovers}, and more seeds wins"),
                picture: |p: &awe_awele::Position, last: Option<&str>, over| {
                    awe_awele::diagram::diagram(p, names, last, over)
                },
                player: |side: Side| player(names[side.index()], side.name()),
                range: |p: &awe_awele::Position| awe_awele::notation::pit_range(p.turn()).to_owned(),
                hint: |_: &awe_awele::Position| None,
            }
            .play(start, computer(&args, &start)?)?;
            awe_awele::write_record(&game, recorded).to_string()
        }
        GameName::Awithlaknannai => {
            let rules = args.rules.as_deref();
            let start = crate::settings::awithlaknannai_start(
                rules,
                args.position.as_deref(),
                &args.serpent,
            )?;
            let settings = start.settings();
            println!(
                "Awithlaknannai, board {}, rules {} ({}).",
                settings.board.kind(),
                settings.rules,
                settings.rules.rules().summary
            );
            let agree = match settings.rules.rules().quiet_end {
                awe_awithlaknannai::QuietEnd::MorePiecesWins => {
                    "more pieces wins, equal pieces is a draw"
                }
                awe_awithlaknannai::QuietEnd::DrawAfter(_) => "a draw, whatever the pieces",
            };
            let game = Table {
                help: "Type a move: from-to for a step (b4-m5), fromxtoxto... for a capture (m6xm4xb3),",
                agree: agree.to_owned(),
                picture: |p: &awe_awithlaknannai::Position, last: Option<&str>, over| {
                    awe_awithlaknannai::diagram::diagram(p, names, last, over)
                },
                player: |side: Side| player(names[side.index()], side.colour()),
                range: |_: &awe_awithlaknannai::Position| "from-to or fromxto".to_owned(),
                hint: |p: &awe_awithlaknannai::Position| {
                    let mut moves = awe_awithlaknannai::MoveList::new();
                    p.legal_moves(&mut moves);
                    let captures: Vec<String> =
                        moves.iter().filter(|m| m.is_capture()).map(|&m| p.move_text(m)).collect();
                    (!captures.is_empty()).then(|| format!("Captures: {}", captures.join(" ")))
                },
            }
            .play(start, computer(&args, &start)?)?;
            let start_name = crate::settings::start_name(&args.serpent, settings.board.kind()).ok();
            awe_awithlaknannai::write_record(&game, start_name, recorded).to_string()
        }
    };
    match &args.save {
        Some(path) => match save(path, &record) {
            Ok(()) => println!("Record saved to {}.", path.display()),
            Err(error) => {
                // The game is not lost: the record is printed for the player to keep.
                print!("\n{record}");
                return Err(error.context("the record above was not saved"));
            }
        },
        None => print!("\n{record}"),
    }
    Ok(())
}

/// The computer at the table: its side, its engine and its time a move.
pub struct Computer<P: Playable> {
    side: Side,
    engine: Engine<P, P::Eval>,
    time: Duration,
}

impl<P: Playable> Computer<P> {
    fn choose(&mut self, game: &Game<P>) -> Option<P::Move> {
        self.engine.choose(game, Some(self.time), |_| {})
    }

    /// Whether it accepts to stop the game where it stands.
    fn accepts(&self, game: &Game<P>) -> bool {
        accepts_agreement(game, self.side, self.time)
    }
}

/// The computer at the level asked, on the side the person does not take.
fn computer<P: Playable>(args: &PlayArgs, start: &P) -> Result<Option<Computer<P>>> {
    let Some((level, person, time)) = crate::settings::opponent(args)? else { return Ok(None) };
    let engine = Engine::new(P::evaluator(start), level, 1);
    Ok(Some(Computer { side: person.opponent(), engine, time }))
}

/// A player as the table names them: their name and side, or the side alone.
fn player(name: &str, side: &str) -> String {
    if name.is_empty() { side.to_owned() } else { format!("{name} ({side})") }
}

/// What a game shows at the table: how to type a move, what an agreed end gives, the board, each
/// player's name, the moves a prompt reminds of, and a hint (the captures on offer, say) before
/// each move.
struct Table<'a, F, N, R, H> {
    help: &'a str,
    agree: String,
    picture: F,
    player: N,
    range: R,
    hint: H,
}

impl<F, N, R, H> Table<'_, F, N, R, H> {
    /// The commands besides moves.
    fn commands(&self, computer: bool) -> String {
        let agree = if computer {
            "agree (offer the computer to end the game here, which it accepts if that is worth \
             as much to it as playing on"
        } else {
            "agree (both players end the game here"
        };
        format!(
            "or: moves (list the legal moves), undo (take back a move), {agree}: {}), quit (stop \
             and keep the game unfinished), help.",
            self.agree
        )
    }

    /// Plays a game from `start`, reading moves and commands from standard input until the game
    /// ends, a player quits, or the input ends.
    fn play<P>(&self, start: P, mut computer: Option<Computer<P>>) -> Result<Game<P>>
    where
        P: Playable,
        F: Fn(&P, Option<&str>, bool) -> String,
        N: Fn(Side) -> String,
        R: Fn(&P) -> String,
        H: Fn(&P) -> Option<String>,
    {
        println!("{}\n{}", self.help, self.commands(computer.is_some()));
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut game = Game::new(start);
        loop {
            let current = game.current().clone();
            let last = game.last_move().map(|(before, mv)| before.move_text(mv));
            println!();
            print!("{}", (self.picture)(&current, last.as_deref(), game.outcome().is_some()));
            if let Some(outcome) = game.outcome() {
                let winner = match outcome.winner {
                    Some(side) => format!("{} wins", (self.player)(side)),
                    None => "a draw".to_owned(),
                };
                println!(
                    "Game over ({}), {winner}: {} - {}.",
                    outcome.termination, outcome.score[0], outcome.score[1]
                );
                break;
            }
            if let Some(computer) = computer.as_mut()
                && current.turn() == computer.side
            {
                let Some(mv) = computer.choose(&game) else { break };
                println!("{} plays {}.", (self.player)(computer.side), current.move_text(mv));
                let _ = game.play(mv);
                continue;
            }
            if let Some(hint) = (self.hint)(&current) {
                println!("{hint}");
            }
            print!("{}, {} > ", (self.player)(current.turn()), (self.range)(&current));
            std::io::stdout().flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                println!();
                break;
            }
            match line.trim() {
                "" => continue,
                "help" | "?" => println!("{}\n{}", self.help, self.commands(computer.is_some())),
                "quit" | "exit" => break,
                "agree" => match &computer {
                    Some(computer) if !computer.accepts(&game) => {
                        println!("{} declines: the game goes on.", (self.player)(computer.side));
                    }
                    Some(computer) => {
                        println!("{} accepts.", (self.player)(computer.side));
                        game.agree_to_stop();
                    }
                    None => game.agree_to_stop(),
                },
                "undo" => {
                    // Against the computer, its reply goes back with the move.
                    let computer_side = computer.as_ref().map(|c| c.side);
                    if computer_side.is_some_and(|s| game.current().turn() != s)
                        && game.moves().len() >= 2
                    {
                        game.undo();
                    }
                    if game.undo().is_none() {
                        println!("Nothing to take back.");
                    }
                }
                "moves" => {
                    let mut moves = P::MoveList::default();
                    current.legal_moves(&mut moves);
                    let list: Vec<String> = moves.iter().map(|&m| current.move_text(m)).collect();
                    println!("Legal moves: {}", list.join(" "));
                }
                text => match current.parse_move(text) {
                    Ok(mv) => {
                        // `parse_move` checked legality against the current position.
                        let _ = game.play(mv);
                    }
                    Err(error) => println!("Not played: {error}."),
                },
            }
        }
        Ok(game)
    }
}

/// Checks that a record can be saved at `path`: a file name (not a folder) in a folder that
/// exists and takes a new file.
pub fn check_save_path(path: &Path) -> Result<()> {
    let shown = path.display();
    if path.is_dir() || path.file_name().is_none() {
        bail!("--save {shown}: that is a folder; give the name of the file to write");
    }
    let folder = folder_of(path);
    if !folder.is_dir() {
        bail!("--save {shown}: the folder {} does not exist", folder.display());
    }
    let temporary = temporary(path);
    std::fs::write(&temporary, "")
        .with_context(|| format!("--save {shown}: cannot write in {}", folder.display()))?;
    std::fs::remove_file(&temporary)
        .with_context(|| format!("--save {shown}: cannot remove {}", temporary.display()))
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// The file written before it is renamed to `path`: beside it, hidden.
fn temporary(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    folder_of(path).join(format!(".{name}.awe-tmp"))
}

/// Writes `text` beside `path` first and renames it into place, so that a failure never leaves a
/// half-written record where a good file was; a failure leaves no temporary file behind.
pub fn save(path: &Path, text: &str) -> Result<()> {
    let temporary = temporary(path);
    let written = std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .with_context(|| format!("cannot write the record to {}", path.display()));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
