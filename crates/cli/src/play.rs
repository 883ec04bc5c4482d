//! `awe play`: two people at one keyboard.

use std::io::{BufRead, Write};
use std::path::Path;

use anyhow::{Context, Result};
use awe_game::{Game, Position as _, Side};

use crate::args::{GameName, PlayArgs};

const COMMANDS: &str =
    "or: moves (list the legal moves), undo (take back a move), agree (both players stop
the game here), quit (stop and keep the game unfinished), help.";

pub fn run(args: PlayArgs) -> Result<()> {
    let names = [args.south.as_str(), args.north.as_str()];
    // Records write an unknown player as `?`, as chess records do.
    let recorded = names.map(|n| if n.is_empty() { "?" } else { n });
    if args.game != GameName::Awechec && args.awechec.any() {
        anyhow::bail!("--variant, --handicap and --language are for awechec");
    }
    let record = match args.game {
        GameName::Awechec => crate::awechec::play(&args, names, recorded)?,
        GameName::Awele => {
            let rules = args.rules.as_deref();
            let start =
                crate::settings::awele_start(rules, args.position.as_deref(), &args.serpent)?;
            println!("Awélé, rules {}.", start.rule_set());
            let game = Table {
                help: "Type a move: a pit letter, A-F for South, a-f for North (E(3) states the capture),",
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
            let game = Table {
                help: "Type a move: from-to for a step (b4-m5), fromxtoxto... for a capture (m6xm4xb3),",
                picture: |p: &awe_awithlaknannai::Position, last: Option<&str>, over| {
                    awe_awithlaknannai::diagram::diagram(p, names, last, over)
                },
                player: |side: Side| {
                    player(names[side.index()], if side == Side::WHITE { "White" } else { "Black" })
                },
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
            let start_name = match &args.serpent.start {
                Some(name) => name.parse().ok(),
                None => Some(awe_awithlaknannai::Start::default_for(settings.board.kind())),
            };
            awe_awithlaknannai::write_record(&game, start_name, recorded).to_string()
        }
    };
    match &args.save {
        Some(path) => {
            save(path, &record)?;
            println!("Record saved to {}.", path.display());
        }
        None => print!("\n{record}"),
    }
    Ok(())
}

/// The computer's side and how it chooses a move.
type Computer<'a, P> =
    (Side, Box<dyn FnMut(&Game<P>) -> Option<<P as awe_game::Position>::Move> + 'a>);

/// The computer at the level asked, on the side the person does not take.
fn computer<'a, P: awe_players::Playable>(
    args: &PlayArgs,
    start: &P,
) -> Result<Option<Computer<'a, P>>> {
    let Some((level, person, time)) = opponent(args)? else { return Ok(None) };
    let start = start.clone();
    let mut engine = awe_search::Engine::new(P::evaluator(&start), level, 1);
    Ok(Some((
        person.opponent(),
        Box::new(move |game: &Game<P>| engine.choose(game, Some(time), |_| {})),
    )))
}

/// The computer's level, the person's side and the computer's time a move, if `--engine` asks
/// for the computer; `--color` and `--time` go only with it.
pub fn opponent(args: &PlayArgs) -> Result<Option<(awe_search::Level, Side, std::time::Duration)>> {
    let Some(level) = &args.engine else {
        if args.color.is_some() || args.time.is_some() {
            anyhow::bail!(
                "--color and --time are for a game against the computer: add --engine LEVEL"
            );
        }
        return Ok(None);
    };
    let level: awe_search::Level = level.parse().map_err(anyhow::Error::msg).context("--engine")?;
    let person = match args.color.as_deref() {
        None | Some("white" | "south") => Side::South,
        Some("black" | "north") => Side::North,
        Some(other) => anyhow::bail!("--color: `{other}` is neither white nor black"),
    };
    let time = args.time.map_or(std::time::Duration::from_secs(1), |t| t.duration());
    Ok(Some((level, person, time)))
}

/// A player as the table names them: their name and side, or the side alone.
fn player(name: &str, side: &str) -> String {
    if name.is_empty() { side.to_owned() } else { format!("{name} ({side})") }
}

/// What a game shows at the table: how to type a move, the board, each player's name, the moves
/// a prompt reminds of, and a hint (the captures on offer, say) before each move.
struct Table<'a, F, N, R, H> {
    help: &'a str,
    picture: F,
    player: N,
    range: R,
    hint: H,
}

impl<F, N, R, H> Table<'_, F, N, R, H> {
    /// Plays a game from `start`, reading moves and commands from standard input until the game
    /// ends, a player quits, or the input ends.
    fn play<P>(&self, start: P, mut computer: Option<Computer<'_, P>>) -> Result<Game<P>>
    where
        P: awe_game::Position,
        F: Fn(&P, Option<&str>, bool) -> String,
        N: Fn(Side) -> String,
        R: Fn(&P) -> String,
        H: Fn(&P) -> Option<String>,
    {
        println!("{}\n{COMMANDS}", self.help);
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
            if let Some((side, choose)) = computer.as_mut()
                && current.turn() == *side
            {
                let Some(mv) = choose(&game) else { break };
                println!("{} plays {}.", (self.player)(*side), current.move_text(mv));
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
                "help" | "?" => println!("{}\n{COMMANDS}", self.help),
                "quit" | "exit" => break,
                "agree" => game.agree_to_stop(),
                "undo" => {
                    // Against the computer, its reply goes back with the move.
                    let computer_side = computer.as_ref().map(|(side, _)| *side);
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

/// Writes `text` beside `path` first and renames it into place, so that a failure never leaves a
/// half-written record where a good file was.
pub fn save(path: &Path, text: &str) -> Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.awe-tmp"));
    std::fs::write(&temporary, text)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}
