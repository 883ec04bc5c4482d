//! Writes the seed corpus of every target into `corpus/<target>/` (or the folder given):
//! records, positions and moves of games played at random (a fixed seed, so the same files each
//! time), and the examples of the rules and the tests. The structured targets' inputs are
//! encoded as `awe_fuzz` decodes them, and each is checked by decoding it.
//!
//! ```sh
//! cd fuzz && cargo run --example seeds            # then `cargo fuzz cmin` (see README.md)
//! ```

use std::fs;
use std::path::{Path, PathBuf};

use arbitrary::Unstructured;
use awe_awechec::{History, Language, Settings as AwechecSettings, Variant};
use awe_awithlaknannai::{BoardKind, BoardOptions, Settings};
use awe_game::{Game, Position, Side};
use shakmaty::Position as _;

/// A small generator of random numbers (xorshift), so that the seeds do not depend on `rand`.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

struct Corpus {
    root: PathBuf,
    count: usize,
}

impl Corpus {
    fn write(&mut self, target: &str, name: &str, bytes: &[u8]) {
        let dir = self.root.join(target);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(name), bytes).unwrap();
        self.count += 1;
    }
}

/// A random game of `plies` plies at most from `start` (the moves chosen by `rng`).
fn random_game<P: Position>(start: P, rng: &mut Rng, plies: usize) -> Game<P> {
    let mut game = Game::new(start);
    while game.moves().len() < plies && game.outcome().is_none() {
        let moves = awe_fuzz::legal_moves(game.current());
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    game
}

/// The bytes `awe_fuzz::walk` reads to play `plies` random plies from `start`, and the position
/// reached.
fn walk_bytes<P: Position>(start: P, rng: &mut Rng, plies: usize) -> (Vec<u8>, P) {
    let mut choices = Vec::new();
    let mut position = start;
    let mut played = 0;
    while played < plies.min(awe_fuzz::MAX_PLIES) {
        let moves = awe_fuzz::legal_moves(&position);
        if moves.is_empty() {
            break;
        }
        let k = rng.below(moves.len());
        if moves.len() > 1 {
            choices.push(k as u8);
        }
        position = position.play(moves[k]);
        played += 1;
    }
    let mut bytes = vec![played as u8];
    bytes.extend(choices);
    (bytes, position)
}

fn awele(corpus: &mut Corpus, rng: &mut Rng) {
    use awe_awele::{RuleSet, write_record};
    let docs = [
        "[Game \"awele\"]\n[Rules \"awechec\"]\n\n1. E b 2. A c *\n",
        "[Game \"awele\"]\n[Result \"1/2-1/2\"]\n\n1. A b 2. C 1/2-1/2\n",
        "[Game \"awele\"]\n[Rules \"abapa\"]\n[Position \"0,0,0,0,0,1/0,0,0,0,0,1 N 23 23\"]\n\n\
         1... f 2. F *\n",
        "[Game \"awele\"]\n[Rules \"awari\"]\n[South \"Ama \\\"K\\\"\"]\n\n1.E {a comment\nover \
         lines} 1... b 2. A(2) *\n",
    ];
    for (i, text) in docs.iter().enumerate() {
        corpus.write("awele_record", &format!("doc-{i}"), text.as_bytes());
    }
    for (r, rules) in RuleSet::ALL.into_iter().enumerate() {
        for (k, plies) in [usize::MAX, 40, 9].into_iter().enumerate() {
            let mut game = random_game(awe_awele::Position::new(rules), rng, plies);
            if k == 2 {
                game.agree_to_stop();
            }
            let text = write_record(&game, ["South", "North"]).to_string();
            corpus.write("awele_record", &format!("{rules}-{k}"), text.as_bytes());
            // Positions of the game, for the position texts.
            let position = &game.positions()[game.positions().len() / 2];
            corpus.write(
                "awele_position",
                &format!("{rules}-{k}"),
                position.to_string().as_bytes(),
            );
        }
        // A game from another position.
        let middle = *random_game(awe_awele::Position::new(rules), rng, 31).current();
        let game = random_game(middle, rng, 12);
        let text = write_record(&game, ["", ""]).to_string();
        corpus.write("awele_record", &format!("{rules}-position"), text.as_bytes());

        for (k, plies) in [0, 1, 7, 30, 60, 120].into_iter().enumerate() {
            let (mut bytes, position) = walk_bytes(awe_awele::Position::new(rules), rng, plies);
            bytes.insert(0, r as u8);
            let moves = awe_fuzz::legal_moves(&position);
            let text = match (k % 3, moves.first()) {
                (0, Some(&mv)) => position.move_text(mv),
                (1, Some(&mv)) => format!("{}(1)", mv),
                _ => ["A", "f", "E(3)", "b(12)", "Q", ""][k].to_owned(),
            };
            let decoded = awe_fuzz::awele::position(&mut Unstructured::new(&bytes)).unwrap();
            assert_eq!(decoded, position);
            bytes.extend(text.as_bytes());
            corpus.write("awele_move", &format!("{rules}-{k}"), &bytes);
        }
    }
    for (i, text) in [
        "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0",
        "0,0,0,0,0,1/0,0,0,0,0,1 N 23 23",
        "0,0,0,0,0,0/1,2,0,0,0,0 S 20 25",
        "12,0,0,0,0,0/0,0,0,0,0,1 S 17 18",
        "24,0,0,0,0,0/0,0,0,0,0,0 N 0 24",
        "1,2,1,2,1,2/0,0,0,0,0,0 S 21 18",
    ]
    .iter()
    .enumerate()
    {
        corpus.write("awele_position", &format!("doc-{i}"), text.as_bytes());
    }
}

fn awithlaknannai(corpus: &mut Corpus, rng: &mut Rng) {
    use awe_awithlaknannai::{Position as Awith, RuleSet, write_record};
    let docs = [
        "[Game \"awithlaknannai\"]\n[Board \"mosona\"]\n[Rules \"bell\"]\n[Start \"seed000\"]\n\
         [White \"Ama\"]\n[Black \"Kofi\"]\n[Result \"*\"]\n\n1. b4-m5 t5xb4 *\n",
        "[Game \"awithlaknannai\"]\n[Rules \"bell\"]\n[Position \"......bb/......bb./.....bbw w \
         0\"]\n[Result \"0-1\"]\n\n1. b8-m9 t8xb8 0-1\n",
    ];
    for (i, text) in docs.iter().enumerate() {
        corpus.write("awithlaknannai_record", &format!("doc-{i}"), text.as_bytes());
    }
    let mut n = 0;
    for (b, kind) in BoardKind::ALL.into_iter().enumerate() {
        for (r, rules) in RuleSet::ALL.into_iter().enumerate() {
            let options = BoardOptions { outer_lines: n % 5 != 3, end_lines: n % 4 != 1 };
            let mut settings = Settings::new(kind, options, rules);
            let limit = if n % 6 == 5 { 4 } else { 0 };
            if limit == 4 {
                settings.ply_limit = 10;
            }
            let starts = awe_fuzz::awithlaknannai::starts(settings);
            let s = n % starts.len();
            let first = if n % 3 == 2 { Side::BLACK } else { Side::WHITE };
            let start = Awith::start(settings, starts[s], first).unwrap();
            let plies = [usize::MAX, 30, 6][n % 3];
            let game = random_game(start, rng, plies);
            let named = if n % 2 == 0 { Some(starts[s]) } else { None };
            let text = write_record(&game, named, ["White", "Black"]).to_string();
            corpus.write("awithlaknannai_record", &format!("{kind}-{rules}"), text.as_bytes());

            // Settings bytes as `awe_fuzz::awithlaknannai::settings` reads them.
            let mut head = vec![
                b as u8,
                !options.outer_lines as u8,
                !options.end_lines as u8,
                r as u8,
                limit as u8,
            ];
            let position = &game.positions()[game.positions().len() / 2];
            let mut bytes = head.clone();
            bytes.extend(position.to_string().as_bytes());
            let mut u = Unstructured::new(&bytes);
            assert_eq!(awe_fuzz::awithlaknannai::settings(&mut u).unwrap(), settings);
            corpus.write("awithlaknannai_position", &format!("{kind}-{rules}"), &bytes);

            if starts.len() > 1 {
                head.push(s as u8);
            }
            head.push((first == Side::BLACK) as u8);
            let (walk, position) = walk_bytes(start, rng, [0, 3, 12, 40][n % 4]);
            head.extend(walk);
            let decoded = awe_fuzz::awithlaknannai::position(&mut Unstructured::new(&head));
            assert_eq!(decoded.unwrap().to_string(), position.to_string());
            let moves = awe_fuzz::legal_moves(&position);
            let text = match moves.get(rng.below(moves.len().max(1))) {
                Some(&mv) if n % 4 != 3 => position.move_text(mv),
                Some(&mv) => position.move_text(mv).to_uppercase().replace('-', "x"),
                None => "m1-m2".to_owned(),
            };
            head.extend(text.as_bytes());
            corpus.write("awithlaknannai_move", &format!("{kind}-{rules}"), &head);
            n += 1;
        }
    }
}

fn awechec(corpus: &mut Corpus, rng: &mut Rng) {
    use awe_awechec::{Position as Awechec, notation, write_record};
    const SEED_MOVES: &str = "1. (1=B) e4 (2=B) 0\n2. (3=B) Fc4 (4=N) Cc6\n3. (5=N) 0 (6=B) 0\n\
        4. (7=B) Cf3 (8=B) 0\n5. (9=B) Cg5 (10=N) Ch6\n6. (11=N) 0 (12=B) 0\n\
        7. (13=B) Dh5 (14=B) 0\n8. (15=B) Fxf7+ Cxf7\n9. (16=B) Dxf7#";
    let docs = [
        format!(
            "[Game \"awechec\"]\n[Language \"fr\"]\n[Variant \"standard\"]\n\
             [Powers \"BBBNNBBBBNNBBBBB\"]\n\n{SEED_MOVES} 1-0\n"
        ),
        "[Game \"awechec\"]\n[Language \"en\"]\n[Variant \"forced\"]\n[Powers \"WWB\"]\n\n\
         1. (1)e4 (2=W)0 2. (3=B)Nc6 *\n"
            .to_owned(),
        "[Game \"awechec\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\nA b *\n".to_owned(),
        "[Game \"awechec\"]\n[Awele \"0,0,0,0,0,1/0,0,0,0,0,1 N 23 23\"]\n\n1... f 2. F *\n"
            .to_owned(),
        "[Game \"awechec\"]\n[Language \"en\"]\n[Powers \"WW\"]\n\
         [FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. (1=W)a8:Q+ Kd7 *\n"
            .to_owned(),
    ];
    for (i, text) in docs.iter().enumerate() {
        corpus.write("awechec_record", &format!("doc-{i}"), text.as_bytes());
    }
    let handicaps = ["none", "white:3/2", "black:2/1", "black:3/1,white:2/1"];
    let mut n = 0;
    for variant in Variant::ALL {
        for (h, handicap) in handicaps.iter().enumerate().take(3) {
            let settings = AwechecSettings { variant, handicaps: handicap.parse().unwrap() };
            let mut history = History::new(Awechec::new(settings));
            let limit = [160, 400, 90][n % 3];
            while history.actions().len() < limit && history.current().ending().is_none() {
                let actions = history.current().legal_actions();
                history.play(actions[rng.below(actions.len())]).unwrap();
            }
            if n % 4 == 3 {
                history.stop(Some(Side::BLACK));
            }
            let language = Language::ALL[n % 2];
            let text = write_record(&history, language, ["Ama", "Kofi"]).to_string();
            corpus.write("awechec_record", &format!("{variant}-{h}"), text.as_bytes());

            // Position texts of the game, for the strings target.
            let positions = history.positions();
            let position = &positions[rng.below(positions.len())];
            let mut bytes = vec![variant as u8, h as u8];
            bytes.extend(position.position_text().as_bytes());
            corpus.write("awechec_strings", &format!("position-{variant}-{h}"), &bytes);
            n += 1;
        }
    }
    for (i, text) in [
        "none",
        "white:3/2",
        "black:2/1,white:3/1",
        "standard",
        "forced",
        "synchronous",
        "fr",
        "en",
    ]
    .iter()
    .chain(&["(1=B)", "(12=W)e4", "(3)", "3/1", "Fxf7+", "h1:Q"])
    .enumerate()
    {
        let mut bytes = vec![(i % 3) as u8, (i % 4) as u8];
        bytes.extend(text.as_bytes());
        corpus.write("awechec_strings", &format!("text-{i}"), &bytes);
    }

    for (f, _) in awe_fuzz::awechec::FENS.iter().enumerate() {
        for (k, plies) in [0, 9, 40].into_iter().enumerate() {
            let language = Language::ALL[(f + k) % 2];
            let mut bytes = vec![language as u8, f as u8];
            let mut u0 = Unstructured::new(&bytes[1..2]);
            let mut chess = awe_fuzz::awechec::chess(&mut u0).unwrap();
            let mut choices = Vec::new();
            let mut played = 0;
            while played < plies {
                let moves = chess.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let c = rng.below(moves.len());
                if moves.len() > 1 {
                    choices.push(c as u8);
                }
                chess.play_unchecked(moves[c]);
                played += 1;
            }
            bytes.push(played as u8);
            bytes.extend(choices);
            let mut u = Unstructured::new(&bytes);
            assert_eq!(awe_fuzz::awechec::language(&mut u).unwrap(), language);
            let fen = |c: &shakmaty::Chess| {
                shakmaty::fen::Fen::from_position(c, shakmaty::EnPassantMode::Legal).to_string()
            };
            assert_eq!(fen(&awe_fuzz::awechec::chess(&mut u).unwrap()), fen(&chess));
            let moves = chess.legal_moves();
            let text = match moves.get(rng.below(moves.len().max(1))) {
                Some(mv) if k != 1 => notation::move_text(&chess, mv, language),
                Some(mv) => format!(
                    "{}{}",
                    notation::power_mark(language, 1 + f, Side::WHITE),
                    notation::move_text(&chess, mv, language)
                ),
                None => "0-0".to_owned(),
            };
            bytes.extend(text.as_bytes());
            corpus.write("awechec_move", &format!("fen{f}-{k}"), &bytes);
        }
    }
}

fn tokens(corpus: &mut Corpus) {
    // The records of the other targets, and texts made for the tokenizer.
    for target in ["awele_record", "awithlaknannai_record", "awechec_record"] {
        let mut names: Vec<PathBuf> =
            fs::read_dir(corpus.root.join(target)).unwrap().map(|e| e.unwrap().path()).collect();
        names.sort();
        for path in names.iter().step_by(3) {
            let name = format!("{target}-{}", path.file_name().unwrap().to_string_lossy());
            corpus.write("record_tokens", &name, &fs::read(path).unwrap());
        }
    }
    let texts = [
        "[A \"x\"]\n[B_2 \"a \\\\ b \\\" c\"]\n\n1.E(3) b {c}2. A\n2... c 1-0\n",
        "{only a comment\nover lines}\n12... x 1/2-1/2 *",
        "[Empty \"\"]\n",
        "1. a { b } c 0-1 { } 99999999999. z",
    ];
    for (i, text) in texts.iter().enumerate() {
        corpus.write("record_tokens", &format!("text-{i}"), text.as_bytes());
    }
}

fn main() {
    let root = std::env::args()
        .nth(1)
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"), PathBuf::from);
    let mut corpus = Corpus { root, count: 0 };
    let mut rng = Rng(0x0005_eed0_fa3e);
    awele(&mut corpus, &mut rng);
    awithlaknannai(&mut corpus, &mut rng);
    awechec(&mut corpus, &mut rng);
    tokens(&mut corpus);
    println!("{} files written under {}", corpus.count, corpus.root.display());
}
