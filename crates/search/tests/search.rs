//! The search against plain minimax, and on positions whose answer is known.

use awe_awele::{Pit, Position as Awele, RuleSet};
use awe_game::{Game, Outcome, Position};
use awe_search::awele::AweleEval;
use awe_search::awithlaknannai::SerpentEval;
use awe_search::score::{WIN, describe};
use awe_search::{Engine, Evaluator, Level, Limits, Score, Searcher};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

mod steps;

/// An evaluation without quiescence, so that plain minimax to the same depth is the reference.
struct NoQuiescence<E>(E);

impl<P: Position, E: Evaluator<P>> Evaluator<P> for NoQuiescence<E> {
    fn evaluate(&self, position: &P) -> Score {
        self.0.evaluate(position)
    }
    fn point(&self) -> Score {
        self.0.point()
    }
    fn order(&self, position: &P, mv: P::Move) -> Score {
        self.0.order(position, mv)
    }
}

/// Plain negamax to `depth`, every move searched, repetitions judged by the game's own history.
fn minimax<P: Position, E: Evaluator<P>>(game: &Game<P>, depth: u32, eval: &E, ply: u32) -> Score {
    if let Some(outcome) = game.outcome() {
        return eval.terminal(game.current(), &outcome, ply);
    }
    if depth == 0 {
        return eval.evaluate(game.current());
    }
    let mut moves = P::MoveList::default();
    game.current().legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv).unwrap();
            -minimax(&child, depth - 1, eval, ply + 1)
        })
        .max()
        .unwrap_or(0)
}

fn random_game<P: Position>(start: P, plies: usize, rng: &mut SmallRng) -> Game<P> {
    awe_game::playout::random_game(start, rng, plies)
}

#[test]
fn alpha_beta_scores_awele_positions_as_plain_minimax_does() {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut decided = 0;
    for i in 0..150 {
        let rules = RuleSet::ALL[i % 3];
        // Late positions too, where wins are within reach.
        let game = random_game(Awele::new(rules), rng.random_range(10..300), &mut rng);
        if game.outcome().is_some() {
            continue;
        }
        let depth = 1 + i as u32 % 4;
        let expected = minimax(&game, depth, &NoQuiescence(AweleEval::default()), 0);
        let mut searcher = Searcher::new(NoQuiescence(AweleEval::default()), 1);
        let found = searcher.search(&game, &Limits::depth(depth), |_| {});
        assert_eq!(found.score, expected, "{} at depth {depth}", game.current());
        decided += awe_search::score::is_decided(expected) as u32;
    }
    assert!(decided > 0, "some positions were won or lost within the depth");
}

#[test]
fn alpha_beta_scores_awithlaknannai_positions_as_plain_minimax_does() {
    use awe_awithlaknannai::{
        BoardKind, BoardOptions, Position as Serpent, RuleSet as Rules, Settings, Start,
    };
    let mut rng = SmallRng::seed_from_u64(8);
    for i in 0..40 {
        let rules = Rules::ALL[i % 4];
        let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
        let start = Serpent::start(settings, Start::Seed000, awe_game::Side::WHITE).unwrap();
        let game = random_game(start, rng.random_range(0..30), &mut rng);
        if game.outcome().is_some() {
            continue;
        }
        let depth = 1 + i as u32 % 3;
        let expected = minimax(&game, depth, &NoQuiescence(SerpentEval::default()), 0);
        let found = Searcher::new(NoQuiescence(SerpentEval::default()), 1).search(
            &game,
            &Limits::depth(depth),
            |_| {},
        );
        assert_eq!(found.score, expected, "{} ({rules}) at depth {depth}", game.current());
    }
}

/// Under `ludii` a repetition does not end the game; the search scores a return to a position
/// of the game as half the lead it keeps (a heuristic), so that the side ahead does not shuffle.
#[test]
fn under_ludii_a_return_to_an_earlier_position_keeps_half_the_lead() {
    use awe_awithlaknannai::{
        BoardKind, BoardOptions, Position as Serpent, RuleSet as Rules, Settings, Start,
    };
    use awe_game::Side;
    use awe_search::awithlaknannai::PIECE;
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), Rules::Ludii);
    let start = Serpent::start(settings, Start::Seed000, Side::WHITE).unwrap();
    // White's three lowest pieces and Black's two highest, on a board empty enough to step back
    // and forth: Black a piece short, so that half the lead (-50) differs from the evaluation
    // (about -100).
    let points = |set: u64| (0..64).filter(move |i| set >> i & 1 == 1).map(|i| 1u64 << i);
    let white: u64 = points(start.pieces(Side::WHITE)).take(3).sum();
    let black: u64 = points(start.pieces(Side::BLACK)).rev().take(2).sum();
    let start = Serpent::from_pieces([white, black], Side::WHITE, settings).unwrap();
    // White steps away, Black too, White back: Black to move can take the game to its start.
    let [w, b, w_back, b_back] = steps::away_and_back(&start).unwrap();
    let mut game = Game::new(start);
    for mv in [w, b, w_back] {
        game.play(mv).unwrap();
    }
    assert_eq!(game.current().play(&b_back).repetition_key(), start.repetition_key());
    let search = |game: &Game<Serpent>| {
        let found =
            Searcher::new(SerpentEval::default(), 1).search(game, &Limits::depth(3), |_| {});
        (found.best().copied(), found.score)
    };
    assert_eq!(search(&game), (Some(b_back), -PIECE / 2));
    // The same position without its history: nothing to repeat, Black is a piece short.
    let fresh = Game::new(*game.current());
    let (_, score) = search(&fresh);
    assert!(score < -PIECE / 2 - 10, "{score}");
    // An exact search (the weaker levels' scores of each move) judges by the rules alone.
    let exact = |game: &Game<Serpent>| {
        let scores = Searcher::new(SerpentEval::default(), 1).root_scores(game, 3);
        scores.into_iter().find(|&(m, _)| m == b_back).unwrap().1
    };
    assert_eq!(exact(&game), exact(&fresh));
    assert!(exact(&game) < -PIECE / 2 - 10);
}

#[test]
fn under_ludii_the_side_ahead_values_the_room_it_takes() {
    use awe_awithlaknannai::{BoardKind, BoardOptions, Position as Serpent, RuleSet as Rules};
    use awe_awithlaknannai::{QuietEnd, Settings};
    let eval = |rules, text| {
        let settings = Settings::new(BoardKind::KolowisLudii, BoardOptions::default(), rules);
        let position = Serpent::parse(text, settings).unwrap();
        let [mine, theirs] = position.nearer().map(|set| set.count_ones());
        (SerpentEval::default().evaluate(&position), mine as Score - theirs as Score)
    };
    // White's three pieces across the third column; Black's one piece shut in behind them, or
    // out in the open. No piece next to another: nothing to take, nothing exposed.
    let shut_in = "..w............./b.w............./..w............. w 0";
    let in_the_open = "..w............./..w........b..../..w............. w 0";
    let (shut, shut_room) = eval(Rules::Ludii, shut_in);
    let (open, open_room) = eval(Rules::Ludii, in_the_open);
    assert!(shut_room > open_room + 20, "{shut_room} {open_room}");
    assert!(shut > open + 2 * 20, "{shut} {open}");
    // Under a rule set whose quiet games end by the pieces left, waiting wins: room counts for
    // nothing, and only the steps differ.
    assert_eq!(Rules::Bell.rules().quiet_end, QuietEnd::MorePiecesWins);
    let (shut, _) = eval(Rules::Bell, shut_in);
    let (open, _) = eval(Rules::Bell, in_the_open);
    assert!((shut - open).abs() <= 2 * 6, "{shut} {open}");
}

/// The contempt for simplifying: while the sides are within a piece, each piece on the board is
/// worth the contempt to the side the search plays (the root's side to move) and as much against
/// the other; nothing two pieces apart, under a rule set whose quiet games end by the pieces
/// left, or without a root.
#[test]
fn the_contempt_keeps_pieces_on_for_the_side_the_search_plays() {
    use awe_awithlaknannai::{BoardKind, BoardOptions, Position as Serpent, RuleSet as Rules};
    use awe_awithlaknannai::{Settings, Start};
    use awe_game::Side;
    let settings = |rules| Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
    let start = Serpent::start(settings(Rules::Ludii), Start::Ludii, Side::WHITE).unwrap();
    let white_first = Serpent::from_pieces(
        [start.pieces(Side::WHITE), start.pieces(Side::BLACK)],
        Side::WHITE,
        settings(Rules::Ludii),
    )
    .unwrap();
    let black_first = Serpent::from_pieces(
        [start.pieces(Side::WHITE), start.pieces(Side::BLACK)],
        Side::BLACK,
        settings(Rules::Ludii),
    )
    .unwrap();
    let on_board = (start.pieces(Side::WHITE) | start.pieces(Side::BLACK)).count_ones() as Score;
    let eval = SerpentEval::default().with_contempt(3);
    let plain = SerpentEval::default();
    // No root yet: nothing.
    assert_eq!(eval.evaluate(&white_first), plain.evaluate(&white_first));
    // The root White: White to move gains, Black to move loses, as much.
    eval.prepare(&white_first);
    assert_eq!(eval.evaluate(&white_first), plain.evaluate(&white_first) + 3 * on_board);
    assert_eq!(eval.evaluate(&black_first), plain.evaluate(&black_first) - 3 * on_board);
    // The root Black: the other way round.
    eval.prepare(&black_first);
    assert_eq!(eval.evaluate(&black_first), plain.evaluate(&black_first) + 3 * on_board);
    // One piece off each side keeps it level: two pieces fewer on the board.
    let low = |set: u64| set & set.wrapping_neg();
    let fewer = Serpent::from_pieces(
        [
            start.pieces(Side::WHITE) & !low(start.pieces(Side::WHITE)),
            start.pieces(Side::BLACK) & !low(start.pieces(Side::BLACK)),
        ],
        Side::BLACK,
        settings(Rules::Ludii),
    )
    .unwrap();
    assert_eq!(eval.evaluate(&fewer), plain.evaluate(&fewer) + 3 * (on_board - 2));
    // Two pieces apart: nothing.
    let white = start.pieces(Side::WHITE);
    let two_short = low(white) | low(white & !low(white));
    let apart = Serpent::from_pieces(
        [white & !two_short, start.pieces(Side::BLACK)],
        Side::BLACK,
        settings(Rules::Ludii),
    )
    .unwrap();
    assert_eq!(eval.evaluate(&apart), plain.evaluate(&apart));
    // Under `wikipedia` a quiet game ends by the pieces left: nothing.
    let wikipedia = Serpent::start(settings(Rules::Wikipedia), Start::Ludii, Side::BLACK).unwrap();
    assert_eq!(eval.evaluate(&wikipedia), plain.evaluate(&wikipedia));
}

#[test]
fn a_capture_that_wins_is_found_at_once() {
    // Abapa: South has 24 seeds; taking two more passes half of them and wins.
    let position = Awele::parse("0,0,0,0,0,1/1,3,0,0,0,0 S 24 19", RuleSet::Abapa).unwrap();
    let game = Game::new(position);
    let found = Searcher::new(AweleEval::default(), 1).search(&game, &Limits::depth(5), |_| {});
    assert_eq!(found.score, WIN - 1, "{}", describe(found.score));
    assert_eq!(found.best(), Some(&Pit::F));
}

#[test]
fn the_search_reports_every_depth_and_a_principal_variation_of_legal_moves() {
    let game = Game::new(Awele::new(RuleSet::Awechec));
    let mut depths = Vec::new();
    let found = Searcher::new(AweleEval::default(), 4)
        .search(&game, &Limits::depth(6), |r| depths.push(r.depth));
    assert_eq!(depths, (1..=6).collect::<Vec<_>>());
    let mut replay = game.clone();
    for &mv in &found.pv {
        replay.play(mv).expect("the principal variation is legal");
    }
    assert!(!found.pv.is_empty() && found.nodes > 0);
}

#[test]
fn a_time_limit_is_kept() {
    let game = Game::new(Awele::new(RuleSet::Abapa));
    let started = std::time::Instant::now();
    let found = Searcher::new(AweleEval::default(), 4).search(
        &game,
        &Limits::time(std::time::Duration::from_millis(200)),
        |_| {},
    );
    assert!(started.elapsed() < std::time::Duration::from_millis(1500));
    assert!(found.best().is_some() && found.depth >= 1);
}

/// Two engines of `level` play a game from `start` to its end (or 400 plies): every move legal.
fn play_out<P: Position, E: Evaluator<P> + Clone>(start: P, eval: E, level: Level) {
    let mut engines = [Engine::new(eval.clone(), level, 1), Engine::new(eval, level, 2)];
    let mut game = Game::new(start);
    let limit = Some(std::time::Duration::from_millis(5));
    while game.outcome().is_none() && game.moves().len() < 400 {
        let turn = game.current().turn().index();
        let mv = engines[turn].choose(&game, limit, |_| {}).expect("a move while the game goes on");
        game.play(mv).unwrap();
    }
}

#[test]
fn every_level_plays_legal_moves_to_the_end() {
    use awe_awithlaknannai::{BoardKind, BoardOptions, Position as Serpent, Settings, Start};
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), Default::default());
    let serpents = Serpent::start(settings, Start::Seed000, awe_game::Side::WHITE).unwrap();
    for n in 1..=10 {
        let level = Level::new(n).unwrap();
        play_out(Awele::new(RuleSet::Abapa), AweleEval::default(), level);
        play_out(serpents, SerpentEval::default(), level);
    }
    assert!(Level::new(0).is_none() && Level::new(11).is_none());
    assert_eq!("7".parse::<Level>().map(Level::get), Ok(7));
}

/// A level's moves: never worse than its tolerance allows, as its depth sees them, and the
/// search's best where it has none.
#[test]
fn levels_err_only_within_their_tolerance() {
    let eval = AweleEval::default();
    let mut rng = SmallRng::seed_from_u64(21);
    for _ in 0..30 {
        let game = random_game(Awele::new(RuleSet::Awechec), rng.random_range(0..40), &mut rng);
        if game.outcome().is_some() {
            continue;
        }
        for n in [1, 3, 5, 6] {
            let level = Level::new(n).unwrap();
            let strength = eval.strength(level);
            let scores = Searcher::new(eval.clone(), 1).root_scores(&game, strength.depth);
            let best = scores[0].1;
            let mut engine = Engine::new(eval.clone(), level, rng.random());
            let chosen = engine.choose(&game, None, |_| {}).unwrap();
            if strength.tolerance == 0.0 {
                // The search's move. (Its score need not be the one the move gets searched alone:
                // late-move reductions depend on the window.)
                let found = Searcher::new(eval.clone(), 32).search(
                    &game,
                    &Limits::depth(strength.depth),
                    |_| {},
                );
                assert_eq!(found.best(), Some(&chosen), "level {n} plays the best");
                continue;
            }
            let score = scores.iter().find(|&&(mv, _)| mv == chosen).unwrap().1;
            let slack = (strength.tolerance * eval.point() as f64) as Score;
            assert!(score >= best - slack, "level {n} chose {chosen:?} ({score}, best {best})");
        }
    }
}

/// Awithlaknannai spaces its levels two plies apart from level 3 up; Awélé keeps the shared levels;
/// an engine searches as deep as its game's level says.
#[test]
fn a_game_sets_how_far_its_levels_look() {
    use awe_awithlaknannai::{BoardKind, BoardOptions, Position as Serpent, Settings, Start};
    let serpent = SerpentEval::default();
    let depths: Vec<u32> =
        (1..=10).map(|n| serpent.strength(Level::new(n).unwrap()).depth).collect();
    assert_eq!(depths[..3], [1, 2, 3]);
    assert!(depths[2..].windows(2).all(|w| w[1] >= w[0] + 2), "{depths:?}");
    for n in 1..=10 {
        let level = Level::new(n).unwrap();
        assert_eq!(AweleEval::default().strength(level), level.strength());
        assert_eq!(serpent.strength(level).tolerance, level.strength().tolerance);
    }
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), Default::default());
    let start = Serpent::start(settings, Start::Seed000, awe_game::Side::WHITE).unwrap();
    let mut engine = Engine::new(serpent.clone(), Level::new(5).unwrap(), 1);
    let mut deepest = 0;
    engine.choose(&Game::new(start), None, |report| deepest = deepest.max(report.depth));
    assert_eq!(deepest, depths[4]);
}

#[test]
fn terminal_scores_prefer_quicker_wins_and_count_draws_by_points() {
    let position = Awele::new(RuleSet::Abapa);
    let win = Outcome {
        winner: Some(awe_game::Side::South),
        score: [25, 23],
        termination: awe_game::Termination::ScoreLimit,
    };
    assert!(
        AweleEval::default().terminal(&position, &win, 3)
            > AweleEval::default().terminal(&position, &win, 5)
    );
    let draw =
        Outcome { winner: None, score: [24, 24], termination: awe_game::Termination::Repetition };
    assert_eq!(AweleEval::default().terminal(&position, &draw, 3), 0);
}

#[test]
fn the_tree_search_finds_a_winning_capture_and_plays_legal_games() {
    let position = Awele::parse("0,0,0,0,0,1/1,3,0,0,0,0 S 24 19", RuleSet::Abapa).unwrap();
    let mut rng = SmallRng::seed_from_u64(1);
    let report =
        awe_search::Mcts::default().search(&Game::new(position), Some(300), None, &mut rng);
    assert_eq!(report.best, Some(Pit::F));
    assert!(report.win_rate > 0.9 && report.playouts == 300);
    let mut game = Game::new(Awele::new(RuleSet::Awechec));
    while game.outcome().is_none() && game.moves().len() < 300 {
        let mv = awe_search::Mcts::default().search(&game, Some(50), None, &mut rng).best.unwrap();
        game.play(mv).unwrap();
    }
}

/// Nodes a second of the tests' clock: the limits are looked at every 2,048 nodes, so a search
/// may pass a limit by that much.
const SPEED: u64 = 1_000_000;
const GRANULARITY: std::time::Duration = std::time::Duration::from_micros(2_049);

/// Searches of random positions of every rule set, each with budgets of 20, 100 and 300 ms on a
/// clock of nodes (so that a test sees exactly what a search spends), a budget a move's own or
/// a clock's share as `spend_all` says: each search's budget and what it found.
fn budgeted_searches(
    seed: u64,
    positions: usize,
    spend_all: bool,
) -> Vec<(std::time::Duration, awe_search::Report<Pit>)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut searches = Vec::new();
    for i in 0..positions {
        let rules = RuleSet::ALL[i % 3];
        let game = random_game(Awele::new(rules), rng.random_range(0..40), &mut rng);
        if game.outcome().is_some() {
            continue;
        }
        for budget_ms in [20, 100, 300] {
            let budget = std::time::Duration::from_millis(budget_ms);
            let limits = Limits {
                time: Some(budget),
                spend_all,
                simulated_speed: Some(SPEED),
                ..Limits::default()
            };
            let found = Searcher::new(AweleEval::default(), 1).search(&game, &limits, |_| {});
            assert!(found.best().is_some());
            searches.push((budget, found));
        }
    }
    searches
}

/// A clock's share is spent, never more than the limits' granularity past it, and a search
/// that is not sure of its move spends at least the stable share of it.
#[test]
fn a_search_spends_its_budget_and_no_more() {
    for (budget, found) in budgeted_searches(33, 20, false) {
        assert!(found.elapsed <= budget + GRANULARITY, "{:?} for {budget:?}", found.elapsed);
        if !awe_search::score::is_decided(found.score) && found.depth < 64 {
            let least = budget.mul_f64(awe_search::time::STABLE);
            assert!(found.elapsed >= least, "{:?} of {budget:?}", found.elapsed);
        }
    }
}

/// Issue 29: a move's own time (`go movetime`) is spent, at least 90 % of it on average and
/// never past the budget less its margin.
#[test]
fn a_moves_own_time_is_spent_but_the_margin() {
    let (mut spent, mut given, mut searches) = (0.0, 0.0, 0);
    for (budget, found) in budgeted_searches(29, 24, true) {
        let hard = budget - awe_search::time::margin(budget);
        assert!(found.elapsed <= hard + GRANULARITY, "{:?} for {budget:?}", found.elapsed);
        // A search that found the end within its depth has nothing left to spend.
        if !awe_search::score::is_decided(found.score) {
            spent += found.elapsed.as_secs_f64();
            given += budget.as_secs_f64();
            searches += 1;
        }
    }
    assert!(searches >= 40, "{searches} searches");
    assert!(spent / given >= 0.9, "{:.1} % of the time spent", 100.0 * spent / given);
}
