//! The endgame databases against plain search on small boards.

use awe_awele::{Board, Position, RuleSet};
use awe_game::{Game, Side};
use awe_search::endgame::{Endgame, layer_size};
use awe_search::score::is_decided;
use awe_search::{Limits, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

mod steps;

fn random_board(n: usize, rng: &mut SmallRng) -> [u8; 12] {
    let mut pits = [0u8; 12];
    for _ in 0..n {
        pits[rng.random_range(0..12)] += 1;
    }
    pits
}

#[test]
fn layers_have_the_sizes_of_the_combinations() {
    assert_eq!(layer_size(0), 1);
    assert_eq!(layer_size(1), 12);
    assert_eq!(layer_size(2), 78);
    assert_eq!(layer_size(20), 84_672_315);
}

#[test]
fn database_values_agree_with_a_search_to_the_end() {
    for rules in RuleSet::ALL {
        let db = Endgame::build(rules, 6, |_, _, _| {}).unwrap();
        assert_eq!(db.len() as u64, (0..=6).map(layer_size).sum::<u64>());
        let mut rng = SmallRng::seed_from_u64(2);
        let (mut checked, mut exact, mut mismatches) = (0, 0, Vec::new());
        for _ in 0..300 {
            let n = rng.random_range(1..=6);
            let pits = random_board(n, &mut rng);
            let turn = if rng.random_bool(0.5) { Side::South } else { Side::North };
            // Neither side above 24, and either may be the one nearer to `abapa`'s stop.
            let k = rng.random_range(0..=n as u8);
            let captured = [24 - k, 24 - n as u8 + k];
            let position =
                Position::from_parts(Board::from_pits(pits), captured, turn, rules).unwrap();
            let game = Game::new(position);
            if game.outcome().is_some() {
                continue;
            }
            let found = Searcher::new(awe_search::awele::AweleEval::default(), 8).search(
                &game,
                &Limits::depth(30),
                |_| {},
            );
            if !is_decided(found.score) && found.score != 0 {
                continue;
            }
            let me = turn.index();
            let now = captured[me] as i32 - captured[1 - me] as i32;
            let known = db.probe(&position).unwrap();
            assert!(known.low <= known.high);
            assert!(rules == RuleSet::Abapa || known.is_exact());
            let (low, high) = (now + known.low as i32, now + known.high as i32);
            checked += 1;
            exact += (low.signum() == high.signum()) as u32;
            if !(low.signum()..=high.signum()).contains(&found.score.signum()) {
                mismatches.push(format!("{position}: db {low}..={high}, search {}", found.score));
            }
        }
        assert!(checked > 100, "{checked}");
        // Where a cycle is worth 0 every result is known. Under `abapa` a cycle is worth the
        // rows of the board where it closes, so some results depend on the history, and these
        // close random boards (neither side above 24 seeds) are the hardest case.
        if rules == RuleSet::Abapa {
            assert!(exact * 10 > checked * 4, "{rules}: {exact} of {checked} known");
        } else {
            assert_eq!(exact, checked, "{rules}");
        }
        assert!(
            mismatches.is_empty(),
            "{rules}: {} of {checked}: {:#?}",
            mismatches.len(),
            &mismatches[..mismatches.len().min(5)]
        );
    }
}

#[test]
fn with_the_database_the_search_plays_perfectly_inside_it() {
    let db = std::sync::Arc::new(Endgame::build(RuleSet::Awechec, 5, |_, _, _| {}).unwrap());
    let eval = awe_search::awele::AweleEval::with_endgame(db.clone());
    let mut rng = SmallRng::seed_from_u64(4);
    for _ in 0..200 {
        let n = rng.random_range(1..=5);
        let position = Position::from_parts(
            Board::from_pits(random_board(n, &mut rng)),
            [20, 28 - n as u8],
            Side::South,
            RuleSet::Awechec,
        )
        .unwrap();
        let game = Game::new(position);
        if game.outcome().is_some() {
            continue;
        }
        let found = Searcher::new(eval.clone(), 1).search(&game, &Limits::depth(1), |_| {});
        let best = *found.best().unwrap();
        let value = |p: &Position| db.probe(p).unwrap().low as i32;
        let chosen = position.seeds_taken(best) as i32 - value(&position.play(best));
        assert_eq!(chosen, value(&position), "{position}: {best:?}");
    }
}

/// A path of its own under the system's temporary folder.
/// A file of its own in a folder of this process: tests run at once, and two that wrote the same
/// name would read each other's bytes.
fn temp_path(name: &str) -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("awe-endgame-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{n}-{name}"))
}

/// Where the values start in a database file: after its first line.
fn body_start(bytes: &[u8]) -> usize {
    bytes.iter().position(|&b| b == b'\n').unwrap() + 1
}

/// Why the Awélé database of `rules` up to `seeds` seeds in `bytes` is refused.
fn awele_refusal(bytes: &[u8], rules: RuleSet, seeds: usize) -> String {
    let path = temp_path(&format!("refused-{rules}-{seeds}.db"));
    std::fs::write(&path, bytes).unwrap();
    let loaded = Endgame::load(&path, rules, seeds);
    let read = Endgame::from_bytes(bytes, rules, seeds);
    let _ = std::fs::remove_file(&path);
    assert_eq!(loaded.is_ok(), read.is_ok(), "a file is checked however it is read");
    match loaded {
        Ok(_) => panic!("a damaged database of {rules} loaded"),
        Err(error) => error.to_string(),
    }
}

/// A small database of each rule set (`abapa` keeps two bounds a board), saved and read.
fn saved_awele(rules: RuleSet) -> (Endgame, Vec<u8>) {
    let db = Endgame::build(rules, 4, |_, _, _| {}).unwrap();
    let path = temp_path(&format!("saved-{rules}.db"));
    db.save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    (db, bytes)
}

#[test]
fn a_saved_database_loads_back_equal() {
    for rules in RuleSet::ALL {
        let db = Endgame::build(rules, 5, |_, _, _| {}).unwrap();
        let path = temp_path(&format!("round-trip-{rules}.db"));
        db.save(&path).unwrap();
        let loaded = Endgame::load(&path, rules, 5).unwrap();
        assert!(loaded == db, "{rules}");
        assert_eq!(loaded.bytes(), db.bytes());
        // The last 8 bytes are XXH64 of the others, as `xxhsum -H64` prints it.
        let bytes = std::fs::read(&path).unwrap();
        let (content, checksum) = bytes.split_at(bytes.len() - 8);
        assert_eq!(checksum, awe_search::endgame::xxh64(content).to_be_bytes());
        let _ = std::fs::remove_file(&path);
    }
}

#[test]
fn a_database_with_one_byte_changed_is_refused_for_its_checksum() {
    for rules in RuleSet::ALL {
        let (_, bytes) = saved_awele(rules);
        let start = body_start(&bytes);
        // The first value, one in the middle, the last: each caught alone.
        for at in [start, (start + bytes.len()) / 2, bytes.len() - 9] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            let reason = awele_refusal(&damaged, rules, 4);
            assert!(reason.contains("checksum mismatch"), "{rules}, byte {at}: {reason}");
        }
        // So is a damaged checksum.
        let mut damaged = bytes.clone();
        *damaged.last_mut().unwrap() ^= 1;
        assert!(awele_refusal(&damaged, rules, 4).contains("checksum mismatch"));
    }
}

#[test]
fn a_truncated_database_is_refused() {
    let (_, bytes) = saved_awele(RuleSet::Awechec);
    for len in [bytes.len() - 1, bytes.len() / 2, body_start(&bytes)] {
        let reason = awele_refusal(&bytes[..len], RuleSet::Awechec, 4);
        assert!(reason.contains("truncated"), "{len} bytes: {reason}");
        assert!(reason.contains(&format!("{len} bytes of the {}", bytes.len())), "{reason}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(awele_refusal(&longer, RuleSet::Awechec, 4).contains("more than"));
    // Cut within the first line, it is no database at all.
    assert!(awele_refusal(&bytes[..5], RuleSet::Awechec, 4).contains("not an awe endgame"));
}

#[test]
fn a_database_of_the_previous_format_is_refused_as_old() {
    for rules in RuleSet::ALL {
        let (_, bytes) = saved_awele(rules);
        // Version 1: the game's name straight after `awe endgame`, the values, no checksum.
        let mut old = format!("awe endgame awele {} 4\n", rules.name()).into_bytes();
        old.extend_from_slice(&bytes[body_start(&bytes)..bytes.len() - 8]);
        let reason = awele_refusal(&old, rules, 4);
        assert!(reason.contains("old format (version 1"), "{rules}: {reason}");
    }
}

#[test]
fn a_database_of_other_rules_or_size_is_refused_naming_both() {
    let (_, bytes) = saved_awele(RuleSet::Awari);
    let reason = awele_refusal(&bytes, RuleSet::Awechec, 4);
    assert!(reason.contains("`awele awari 4`, not of `awele awechec 4`"), "{reason}");
    let reason = awele_refusal(&bytes, RuleSet::Awari, 3);
    assert!(reason.contains("not of `awele awari 3`"), "{reason}");
}

mod serpents {
    use awe_awithlaknannai::{BoardKind, BoardOptions, Position, QuietEnd, RuleSet, Settings};
    use awe_game::{Game, Side};
    use awe_search::awithlaknannai::SerpentEval;
    use awe_search::endgame::SerpentEndgame;
    use awe_search::endgame::awithlaknannai::Value;
    use awe_search::score::{WIN, describe, is_decided, plies_to_end};
    use awe_search::{Limits, Score, Searcher};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// A random position of `a` pieces to move and `b` others.
    fn random_position(settings: Settings, a: usize, b: usize, rng: &mut SmallRng) -> Position {
        let mut points: Vec<usize> = (0..settings.board.len()).collect();
        for i in 0..a + b {
            let j = rng.random_range(i..points.len());
            points.swap(i, j);
        }
        let set = |points: &[usize]| points.iter().fold(0u64, |set, &p| set | 1 << p);
        let sets = [set(&points[..a]), set(&points[a..a + b])];
        Position::from_pieces(sets, Side::South, settings).unwrap()
    }

    /// Wins and losses the database announces are found by a search to their end, at the same
    /// distance, and no result the search sees contradicts the database. Where a repetition
    /// ends the game (more pieces wins), the side with more pieces may win sooner by repeating,
    /// which the database leaves to the search.
    fn check(settings: Settings, pieces: usize, seed: u64) {
        let db = SerpentEndgame::build(settings, pieces, |_, _, _| {}).unwrap();
        assert_eq!(db.len() as u64, SerpentEndgame::positions(settings, pieces));
        let repeats = settings.rules.rules().quiet_end == QuietEnd::MorePiecesWins;
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut decided, mut quiet) = (0, 0);
        for _ in 0..400 {
            let a = rng.random_range(1..pieces);
            let b = rng.random_range(1..=pieces - a);
            let position = random_position(settings, a, b, &mut rng);
            let value = db.probe(&position).unwrap();
            let found = Searcher::new(SerpentEval::default(), 4).search(
                &Game::new(position),
                &Limits::depth(9),
                |_| {},
            );
            // What the search sees: a win (true) or a loss, and in how many plies.
            let seen = plies_to_end(found.score).map(|plies| (found.score > 0, plies as u16));
            let context = format!("{position}: {value:?}, search {}", found.score);
            let (win, plies) = match value {
                Value::Win(plies) => (Some(true), Some(plies)),
                Value::Loss(plies) => (Some(false), Some(plies)),
                Value::QuietWin => (Some(true), None),
                Value::QuietLoss => (Some(false), None),
                Value::Draw => (None, None),
            };
            decided += plies.is_some_and(|p| p <= 9) as u32;
            quiet += plies.is_none() as u32;
            match (seen, plies) {
                // A win or loss by moves, found at its distance, or sooner by a repetition.
                (Some((w, p)), Some(plies)) => {
                    assert_eq!(Some(w), win, "{context}");
                    assert!(p == plies || repeats && p < plies, "{context}");
                }
                (None, Some(plies)) => assert!(plies > 9, "{context}"),
                // A quiet result, which only a repetition makes a win the search sees.
                (Some((w, _)), None) => assert!(repeats && Some(w) == win, "{context}"),
                (None, None) => {}
            }
        }
        assert!(decided > 20 && quiet > 20, "{decided} decided, {quiet} quiet");
    }

    fn settings(kind: BoardKind, rules: RuleSet) -> Settings {
        let mut settings = Settings::new(kind, BoardOptions::default(), rules);
        // Far enough that the search meets no limit the database leaves out.
        settings.ply_limit = 1000;
        settings
    }

    #[test]
    fn a_saved_database_loads_back_equal_and_damage_is_refused() {
        let settings = settings(BoardKind::Mosona, RuleSet::Wikipedia);
        let db = SerpentEndgame::build(settings, 3, |_, _, _| {}).unwrap();
        let path = super::temp_path("serpents-round-trip.db");
        db.save(&path).unwrap();
        assert!(SerpentEndgame::load(&path, settings, 3).unwrap() == db);
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let refusal = |bytes: &[u8]| match SerpentEndgame::from_bytes(bytes, settings, 3) {
            Ok(_) => panic!("a damaged database loaded"),
            Err(error) => error.to_string(),
        };
        let mut damaged = bytes.clone();
        damaged[(super::body_start(&bytes) + bytes.len()) / 2] ^= 0x40;
        assert!(refusal(&damaged).contains("checksum mismatch"), "{}", refusal(&damaged));
        assert!(refusal(&bytes[..bytes.len() - 3]).contains("truncated"));
        let mut old =
            b"awe endgame awithlaknannai mosona outer-lines=true end-lines=true wikipedia 3\n"
                .to_vec();
        old.extend_from_slice(&bytes[super::body_start(&bytes)..bytes.len() - 8]);
        assert!(refusal(&old).contains("old format (version 1"), "{}", refusal(&old));
        // Another board's rules.
        let bell = self::settings(BoardKind::Mosona, RuleSet::Bell);
        let reason = SerpentEndgame::from_bytes(&bytes, bell, 3).unwrap_err().to_string();
        assert!(reason.contains("wikipedia 3`, not of"), "{reason}");
    }

    #[test]
    fn mosona_values_agree_with_a_search_to_the_end() {
        check(settings(BoardKind::Mosona, RuleSet::Wikipedia), 4, 1);
        check(settings(BoardKind::Mosona, RuleSet::Globejoueur), 4, 2);
    }

    #[test]
    fn kolowis_values_agree_with_a_search_to_the_end() {
        check(settings(BoardKind::KolowisLudii, RuleSet::Ludii), 3, 3);
        check(settings(BoardKind::Kolowis, RuleSet::Bell), 3, 4);
    }

    /// Under `ludii` a repetition ends nothing, so a database's win holds whatever came before:
    /// the search takes it after a quiet move too, where an earlier position could be repeated.
    #[test]
    fn under_ludii_a_database_win_is_seen_after_a_quiet_move() {
        let settings = settings(BoardKind::Mosona, RuleSet::Ludii);
        let db = std::sync::Arc::new(SerpentEndgame::build(settings, 3, |_, _, _| {}).unwrap());
        let mut rng = SmallRng::seed_from_u64(46);
        let mut seen = 0;
        for _ in 0..20_000 {
            let position = random_position(settings, 2, 1, &mut rng);
            let Value::Win(plies) = db.probe(&position).unwrap() else { continue };
            let mut moves = Default::default();
            position.legal_moves(&mut moves);
            if plies < 3 || moves.iter().any(|m| m.is_capture()) {
                continue;
            }
            // Every move is quiet: the database is reached only where the root could repeat.
            let eval = SerpentEval::with_endgame(db.clone());
            let found =
                Searcher::new(eval, 1).search(&Game::new(position), &Limits::depth(1), |_| {});
            assert_eq!(plies_to_end(found.score), Some(plies as i32), "{position}: {plies}");
            seen += 1;
        }
        assert!(seen >= 20, "only {seen} wins with every move quiet");
    }

    /// A loss the database finds in exactly the plies left before Ludii's turn limit is a loss:
    /// Ludii checks its end rule before its turn limit, so the last ply's move wins. One that
    /// needs more plies than are left is a draw, and the search does not announce it. (A loss,
    /// not a win: a win takes an odd number of plies, and the plies played before it are made by
    /// each side stepping away and back, four at a time.)
    #[test]
    fn under_ludii_a_database_loss_that_the_turn_limit_would_cut_is_not_announced() {
        let settings = settings(BoardKind::Mosona, RuleSet::Ludii);
        let db = std::sync::Arc::new(SerpentEndgame::build(settings, 3, |_, _, _| {}).unwrap());
        let QuietEnd::DrawAfter(limit) = settings.rules.rules().quiet_end else { unreachable!() };
        let search = |position: Position| {
            let eval = SerpentEval::with_endgame(db.clone());
            Searcher::new(eval, 1).search(&Game::new(position), &Limits::depth(2), |_| {}).score
        };
        let mut rng = SmallRng::seed_from_u64(47);
        let mut seen = 0;
        for _ in 0..100_000 {
            let position = random_position(settings, 1, 2, &mut rng);
            let Value::Loss(plies) = db.probe(&position).unwrap() else { continue };
            if plies < 4 {
                continue;
            }
            // Four plies too few left: a draw, not announced.
            let Some(late) = shuffled(position, limit - plies + 4) else { continue };
            assert_eq!(late.plies_left(), plies - 4);
            let score = search(late);
            assert!(!is_decided(score), "{late}: loss in {plies}, search {}", describe(score));
            // Exactly as many left as the loss takes: announced.
            let just = shuffled(position, limit - plies).unwrap();
            assert_eq!(just.plies_left(), plies);
            assert_eq!(search(just), -(WIN - plies as Score), "{position}: loss in {plies}");
            seen += 1;
            if seen == 20 {
                break;
            }
        }
        assert!(seen == 20, "only {seen} losses checked");
    }

    /// `position` after `plies` plies (a multiple of four) of each side stepping a piece away and
    /// back, if both can.
    fn shuffled(position: Position, plies: u16) -> Option<Position> {
        if !plies.is_multiple_of(4) {
            return None;
        }
        let round = crate::steps::away_and_back(&position)?;
        let mut late = position;
        for _ in 0..plies / 4 {
            for mv in &round {
                late = late.play(mv);
            }
        }
        Some(late)
    }

    /// The sets of `k` points among the first `n`, as bits.
    fn subsets(n: usize, k: usize) -> Vec<u64> {
        if k == 0 {
            return vec![0];
        }
        (k - 1..n)
            .flat_map(|top| subsets(top, k - 1).into_iter().map(move |s| s | 1 << top))
            .collect()
    }

    /// Each layer's summary counts its positions by the value `probe` gives each, placement by
    /// placement, under a rule set with a quiet count (wikipedia) and one without (ludii).
    #[test]
    fn the_layers_count_every_placement_by_its_value() {
        for rules in [RuleSet::Wikipedia, RuleSet::Ludii] {
            let settings = settings(BoardKind::Mosona, rules);
            let db = SerpentEndgame::build(settings, 3, |_, _, _| {}).unwrap();
            let n = settings.board.len();
            let mut seen = 0;
            for layer in db.layers() {
                let mut counts = [0u64; 5];
                for mine in subsets(n, layer.mine) {
                    for theirs in subsets(n, layer.theirs).into_iter().filter(|t| t & mine == 0) {
                        let position =
                            Position::from_pieces([mine, theirs], Side::South, settings).unwrap();
                        counts[match db.probe(&position).unwrap() {
                            Value::Win(_) => 0,
                            Value::Loss(_) => 1,
                            Value::QuietWin => 2,
                            Value::QuietLoss => 3,
                            Value::Draw => 4,
                        }] += 1;
                    }
                }
                let summary =
                    [layer.wins, layer.losses, layer.quiet_wins, layer.quiet_losses, layer.draws];
                assert_eq!(summary, counts, "{rules:?} {} v {}", layer.mine, layer.theirs);
                seen += layer.len();
            }
            assert_eq!(seen, db.len() as u64);
        }
    }
}
