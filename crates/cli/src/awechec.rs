//! Awechec at the command line: two people at one keyboard, and replays of records and studies.

use std::io::{BufRead, Write};

use anyhow::{Context, Result, bail};
use awe_awechec::diagram::{diagram, side_name};
use awe_awechec::{Action, Decision, History, Language, Position, Step, notation, write_record};
use awe_game::Position as _;
use awe_game::record::Record;

use awe_search::awechec::AwechecEval;

use crate::args::PlayArgs;

const HELP_FR: &str = "Awélé : une lettre de case (A-F pour le Sud, a-f pour le Nord). Décision du \
propriétaire d'un pouvoir : n (coup normal) ou 0 (coup nul). Échecs : un coup en notation \
algébrique, en français (Cf3, Dxf7#) ou en anglais (Nf3). Commandes : moves (les coups \
possibles), undo (reprendre un coup), agree (partie nulle d'un commun accord ; contre \
l'ordinateur, une proposition qu'il accepte si la nulle vaut pour lui autant que la suite), resign \
(abandon du joueur qui doit agir), quit (arrêter, la partie reste inachevée), help.";

const HELP_EN: &str = "Awélé: a pit letter (A-F for South, a-f for North). A power owner's \
decision: n (normal move) or 0 (null move). Chess: a move in algebraic notation, in English (Nf3, \
Qxf7#) or French (Cf3). Commands: moves (the legal actions), undo (take back an action), agree (a \
draw by agreement; against the computer, an offer it accepts if a draw is worth as much to it as \
playing on), resign (the player who must act resigns), quit (stop and keep the game unfinished), \
help.";

/// Plays a game at one keyboard; returns its record.
pub fn play(args: &PlayArgs, names: [&str; 2], recorded: [&str; 2]) -> Result<String> {
    let start = crate::settings::awechec_start(
        args.rules.as_deref(),
        args.position.as_deref(),
        &args.serpent,
        &args.awechec,
    )?;
    let language = crate::settings::awechec_language(&args.awechec)?;
    let fr = language == Language::French;
    let help = if fr { HELP_FR } else { HELP_EN };
    println!("Awechec, {}.\n{help}", start.settings().variant.title(language));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut history = History::new(start);
    let mut computer = computer(args)?;
    loop {
        let current = history.current().clone();
        // A forced decision is no choice: it is taken at once.
        if let [only] = current.decisions() {
            history.play(Action::Decide(*only))?;
            continue;
        }
        if let Some((side, engine, time)) = &mut computer
            && current.ending().is_none()
            && current.step().player() == Some(*side)
        {
            let game = awe_game::Game::new(current.clone());
            let action = engine.choose(&game, Some(*time), |_| {}).context("no move found")?;
            let text = action_text(&current, action, language);
            match language {
                Language::French => println!("L'ordinateur joue {text}."),
                Language::English => println!("The computer plays {text}."),
            }
            history.play(action)?;
            continue;
        }
        println!();
        let last = match (history.positions(), history.actions()) {
            ([.., before, _], [.., action]) => Some(action_text(before, *action, language)),
            _ => None,
        };
        print!("{}", diagram(&current, names, last.as_deref(), language));
        if current.ending().is_some() {
            break;
        }
        print!("> ");
        std::io::stdout().flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            println!();
            break;
        }
        match line.trim() {
            "" => {}
            "help" | "?" => println!("{help}"),
            "quit" | "exit" => break,
            "agree" => match &computer {
                Some((side, _, time)) => {
                    let game = awe_game::Game::new(current.clone());
                    let accepts = awe_players::analysis::accepts_agreement(&game, *side, *time);
                    match (accepts, fr) {
                        (true, true) => println!("L'ordinateur accepte la nulle."),
                        (true, false) => println!("The computer accepts the draw."),
                        (false, true) => println!("L'ordinateur refuse : la partie continue."),
                        (false, false) => println!("The computer declines: the game goes on."),
                    }
                    if accepts {
                        history.stop(None);
                    }
                }
                None => history.stop(None),
            },
            "resign" => history.stop(current.step().player()),
            "undo" => {
                let mut any = undo(&mut history);
                // Against the computer, back to the person's own last action.
                while let Some((side, _, _)) = &computer
                    && history.current().step().player() == Some(*side)
                    && undo(&mut history)
                {
                    any = true;
                }
                if !any {
                    println!("{}", if fr { "Rien à reprendre." } else { "Nothing to take back." });
                }
            }
            "moves" => println!("{}", legal_texts(&current, language).join(" ")),
            text => match read_action(&current, text, language) {
                Ok(actions) => {
                    for action in actions {
                        history.play(action)?;
                    }
                }
                Err(error) => {
                    let message = awe_awechec::messages::explain(error.as_ref(), language);
                    match language {
                        Language::French => println!("Coup refusé : {message}."),
                        Language::English => println!("Not played: {message}."),
                    }
                }
            },
        }
    }
    Ok(write_record(&history, language, recorded).to_string())
}

/// Takes back the last action typed, with the decisions that went with it: forced ones, taken
/// at once, and a normal move decided with the move typed.
fn undo(history: &mut History) -> bool {
    let automatic = |history: &History| match (history.positions(), history.actions().last()) {
        ([.., before, _], Some(Action::Decide(_))) => before.decisions().len() == 1,
        _ => false,
    };
    let mut taken = history.clone();
    while automatic(&taken) {
        taken.undo();
    }
    if taken.undo().is_none() {
        return false;
    }
    while automatic(&taken)
        || matches!(taken.actions().last(), Some(Action::Decide(Decision::Normal)))
    {
        taken.undo();
    }
    *history = taken;
    true
}

/// The legal actions as they are typed.
fn legal_texts(position: &Position, language: Language) -> Vec<String> {
    position.legal_actions().into_iter().map(|a| action_text(position, a, language)).collect()
}

/// An action as it is typed.
fn action_text(position: &Position, action: Action, language: Language) -> String {
    match action {
        Action::Awele(pit) => position.awele().move_text(pit),
        Action::Decide(Decision::Normal) => "n".to_owned(),
        Action::Decide(Decision::Null) => "0".to_owned(),
        Action::Chess(mv) => notation::move_text(position.chess(), &mv, language),
    }
}

/// The computer of `--engine LEVEL`: the side it plays (the one `--color` leaves), its engine
/// and its time a move.
type Computer = (awe_game::Side, awe_search::Engine<Position, AwechecEval>, std::time::Duration);

fn computer(args: &PlayArgs) -> Result<Option<Computer>> {
    let Some((level, person, time)) = crate::settings::opponent(args)? else { return Ok(None) };
    Ok(Some((person.opponent(), awe_search::Engine::new(AwechecEval::default(), level, 1), time)))
}

/// What a typed text asks for: a decision may be typed with the move it allows (`e4` for `n`
/// then `e4`).
fn read_action(position: &Position, text: &str, language: Language) -> Result<Vec<Action>> {
    let other = match language {
        Language::French => Language::English,
        Language::English => Language::French,
    };
    // The other language is tried only for letters that are no piece in this one (`R` is the
    // king in French and a rook in English: it is read as the record's language says).
    let chess_move =
        |position: &Position| match notation::parse_move(position.chess(), text, language) {
            Err(notation::NotationError::Letters { .. }) => {
                notation::parse_move(position.chess(), text, other)
            }
            result => result,
        };
    Ok(match position.step() {
        Step::Awele { .. } => vec![Action::Awele(position.awele().parse_move(text)?)],
        Step::Decision { .. } => match text {
            "n" | "normal" | "play" | "jouer" => vec![Action::Decide(Decision::Normal)],
            "0" | "null" | "nul" | "pass" | "passer" => vec![Action::Decide(Decision::Null)],
            _ => {
                let allowed = position.play(&Action::Decide(Decision::Normal))?;
                vec![Action::Decide(Decision::Normal), Action::Chess(chess_move(&allowed)?)]
            }
        },
        Step::Move { .. } => vec![Action::Chess(chess_move(position)?)],
        Step::Over(_) => bail!("the game is over"),
    })
}

/// Replays an Awechec record or study and prints how it ends; the last line is the result.
pub fn replay(record: &Record, path: &str, trace: bool) -> Result<()> {
    let history = awe_awechec::replay(record).with_context(|| path.to_owned())?;
    let language = record.tag("Language").and_then(|l| l.parse().ok()).unwrap_or_default();
    if trace {
        for (i, (position, action)) in history.positions().iter().zip(history.actions()).enumerate()
        {
            let played = match action {
                Action::Awele(pit) => position.awele().move_text(*pit),
                Action::Decide(Decision::Normal) => "n".to_owned(),
                Action::Decide(Decision::Null) => "0".to_owned(),
                Action::Chess(mv) => notation::move_text(position.chess(), mv, language),
            };
            let legal = legal_texts(position, language).join(",");
            println!("action {} legal {legal} played {played}", i + 1);
        }
    }
    let names = [crate::names::player(record, "White"), crate::names::player(record, "Black")];
    let names = [names[0].as_str(), names[1].as_str()];
    let last = match (history.positions(), history.actions()) {
        ([.., before, _], [.., action]) => Some(action_text(before, *action, language)),
        _ => None,
    };
    print!("{}", diagram(history.current(), names, last.as_deref(), language));
    let current = history.current();
    println!("actions: {}", history.actions().len());
    println!("awele games: {}", current.awele_games());
    match current.ending() {
        Some(ending) => {
            let winner = match ending.winner {
                Some(side) => format!("{} wins", side_name(side, Language::English)),
                None => "a draw".to_owned(),
            };
            println!("ending: {}, {winner}", ending.reason.name());
            println!("result: {}", ending.result());
        }
        None => println!("result: *"),
    }
    Ok(())
}
