//! Puzzles: generated from the engine's self-play and from a stored game, every one checked here
//! by a plain search of this file's own (every move tried, the whole history kept, no table):
//! the side to move wins within the puzzle's plies and not sooner, and at each of the solver's
//! steps exactly one move keeps a win within what is left. Then the API: a puzzle without its
//! solution, a try move by move, the ratings of the player and the puzzle moved by a first try
//! only, a failure shown its solution. On SQLite, or PostgreSQL where `AWE_TEST_DATABASE` names it.

use awe_site_testing as common;

use awe_game::{Game, Position, Side};
use awe_server::model::Match;
use awe_server::puzzle;
use awe_server::spec::Spec;
use awe_server::store::{PuzzleRow, Store};
use common::{Browser, start};
use serde_json::json;

/// Whether `side` forces a win within `plies` plies.
fn forced<P: Position>(game: &mut Game<P>, side: Side, plies: u32) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner == Some(side);
    }
    if plies == 0 {
        return false;
    }
    let mut moves = P::MoveList::default();
    game.current().legal_moves(&mut moves);
    let mine = game.current().turn() == side;
    let mut results = moves.iter().map(|&mv| {
        game.play(mv).expect("a legal move");
        let won = forced(game, side, plies - 1);
        game.undo();
        won
    });
    if mine { results.any(|w| w) } else { results.all(|w| w) }
}

/// Checks a stored puzzle's claims; returns the number of solver's steps.
fn check<P: Position>(mut game: Game<P>, plies: u32, solution: &[String], id: &str) -> usize {
    let me = game.current().turn();
    assert!(forced(&mut game, me, plies), "{id}: no win within {plies} plies");
    assert!(!forced(&mut game, me, plies - 1), "{id}: the win comes sooner than {plies} plies");
    let mut left = plies;
    let mut steps = 0;
    for (i, text) in solution.iter().enumerate() {
        let mv = game.current().parse_move(text).unwrap_or_else(|_| panic!("{id}: {text}"));
        if i % 2 == 0 {
            // The solver's step: this move wins within what is left, and no other does.
            let mut moves = P::MoveList::default();
            game.current().legal_moves(&mut moves);
            if i == 0 {
                assert!(moves.iter().count() >= 2, "{id}: a forced move is no puzzle");
            }
            let winning: Vec<P::Move> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    game.play(m).unwrap();
                    let won = forced(&mut game, me, left - 1);
                    game.undo();
                    won
                })
                .collect();
            assert_eq!(winning, vec![mv], "{id}: step {steps}: one winning move only");
            steps += 1;
        }
        game.play(mv).unwrap();
        left -= 1;
        // After a reply, the shortest win left.
        if i % 2 == 1 {
            left = (0..=left).find(|&n| forced(&mut game, me, n)).expect("still won");
        }
    }
    assert_eq!(solution.len() % 2, 1, "{id}: the line ends with the solver's move");
    steps
}

/// A stored puzzle's game at its position, checked.
fn check_row(row: &PuzzleRow) -> usize {
    let spec: Spec = serde_json::from_str(&row.spec).unwrap();
    let moves: Vec<String> = serde_json::from_str(&row.moves).unwrap();
    let solution: Vec<String> = serde_json::from_str(&row.solution).unwrap();
    let mut game = Match::new(&spec, None).unwrap();
    for text in &moves {
        game.play(text).unwrap();
    }
    let plies = row.plies as u32;
    match game {
        Match::Awele(g) => check(g, plies, &solution, &row.id),
        Match::Awithlaknannai(g) => check(g, plies, &solution, &row.id),
        Match::Awechec(g) => check(g, plies, &solution, &row.id),
    }
}

/// The whole line a try ends with, to the game's end: the solution first, every move legal, a
/// board after each, the game over and won by the puzzle's side.
fn check_finale(row: &PuzzleRow, finale: &serde_json::Value) {
    let solution: Vec<String> = serde_json::from_str(&row.solution).unwrap();
    let moves: Vec<String> = serde_json::from_value(finale["moves"].clone()).unwrap();
    assert_eq!(moves[..solution.len()], solution[..], "{finale}");
    assert_eq!(finale["states"].as_array().unwrap().len(), moves.len());
    let spec: Spec = serde_json::from_str(&row.spec).unwrap();
    let mut game = Match::new(&spec, None).unwrap();
    for m in serde_json::from_str::<Vec<String>>(&row.moves).unwrap() {
        game.play(&m).unwrap();
    }
    let solver = game.side_name(game.turn());
    for m in &moves {
        game.play(m).unwrap_or_else(|e| panic!("{spec:?}: {m}: {e:?}"));
    }
    assert!(game.outcome().is_some(), "{}: the line ends the game: {finale}", row.id);
    assert_eq!(finale["end"]["winner"], solver, "{finale}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_proved_and_rate_their_solvers() {
    let server = start("puzzles").await;
    let store = Store::open(&server.database).await.unwrap();
    // A finished game of the site: its best puzzle is looked for once.
    let mut ada = Browser::signed_up(&server, "ada", "a long password").await;
    let (id, _) = ada
        .create(json!({ "spec": { "game": "awithlaknannai" }, "opponent": { "kind": "computer", "level": 1 } }))
        .await;
    let (status, _) = ada.post(&format!("/api/games/{id}/act"), json!({ "t": "resign" })).await;
    assert_eq!(status, 200);
    let spec =
        |s: serde_json::Value| serde_json::from_value::<Spec>(s).unwrap().normalized().unwrap();
    let specs = [
        spec(json!({ "game": "awele", "rules": "abapa" })),
        spec(json!({ "game": "awithlaknannai" })),
    ];
    let (_, looked) = puzzle::generate(&store, 100, 4, &specs, 7, 1).await.unwrap();
    assert_eq!(looked, 1 + 4 * 2, "the stored game and the self-play");
    // Awechec's searches are the slowest: two games.
    let (_, looked) =
        puzzle::generate(&store, 0, 2, &[spec(json!({ "game": "awechec" }))], 7, 1).await.unwrap();
    assert_eq!(looked, 2);
    let (_, again) = puzzle::generate(&store, 100, 0, &specs, 7, 1).await.unwrap();
    assert_eq!(again, 0, "a stored game is looked at once");
    let rows = store.puzzles(1000).await.unwrap();
    assert!(rows.len() >= 3, "{} puzzles", rows.len());
    let mut steps = 0;
    for row in &rows {
        steps += check_row(row);
        assert!(row.plies >= 1 && row.plies as u32 <= awe_search::puzzle::MAX_PLIES);
    }
    assert!(steps > rows.len(), "some puzzles go on past their first move: {steps} steps");
    eprintln!("{} puzzles checked, {steps} steps", rows.len());
    // The same positions again: kept once.
    let (kept, _) = puzzle::generate(&store, 0, 4, &specs, 7, 1).await.unwrap();
    assert_eq!(kept, 0);

    // The API: a puzzle without its solution.
    let mut kofi = Browser::signed_up(&server, "kofi", "kofi's password").await;
    let (status, next) = kofi.get("/api/puzzles/next?game=awele").await;
    assert_eq!(status, 200, "{next}");
    let first = next["puzzle"].clone();
    assert_eq!(next["you"]["rating"], 1500.0);
    let row = rows.iter().find(|r| r.id == first["id"]).expect("a stored puzzle");
    let solution: Vec<String> = serde_json::from_str(&row.solution).unwrap();
    assert!(!first.to_string().contains("solution"), "{first}");
    assert!(first["themes"].is_null() && first["source"].is_null(), "told at the end: {first}");
    assert!(first["state"]["legal"].as_array().is_some_and(|l| !l.is_empty()));
    let path = format!("/api/puzzles/{}/move", row.id);
    // Solved, step by step; the reply comes with each right move.
    for (step, pair) in solution.chunks(2).enumerate() {
        let (status, answer) = kofi.post(&path, json!({ "step": step, "move": pair[0] })).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["correct"], true);
        assert_eq!(answer["reply"].as_str(), pair.get(1).map(String::as_str));
        let last = step + 1 == solution.len().div_ceil(2);
        assert_eq!(answer["done"], last);
        if last {
            assert!(answer["rating"]["diff"].as_i64().unwrap() > 0, "{answer}");
            assert_eq!(answer["solution"], json!(solution));
            check_finale(row, &answer["finale"]);
        } else {
            assert!(answer["solution"].is_null(), "no solution before the end");
        }
    }
    let stored = store.puzzle(&row.id).await.unwrap().unwrap();
    assert!(stored.rating < 1500.0 && (stored.attempts, stored.solved) == (1, 1));
    // Once more: the ratings stay.
    let (_, answer) = kofi.post(&path, json!({ "step": 0, "move": solution[0] })).await;
    assert_eq!(answer["tried_before"], solution.len() == 1);
    assert_eq!(answer["rating"], serde_json::Value::Null);

    // Failed: another puzzle, a legal move that is not the solution's.
    let (_, next) = kofi.get("/api/puzzles/next?game=awele").await;
    let other = next["puzzle"].clone();
    assert_ne!(other["id"], row.id, "a puzzle tried is not offered again");
    {
        let row = rows.iter().find(|r| r.id == other["id"]).expect("a second Awélé puzzle");
        let solution: Vec<String> = serde_json::from_str(&row.solution).unwrap();
        let spec: Spec = serde_json::from_str(&row.spec).unwrap();
        let mut game = Match::new(&spec, None).unwrap();
        for text in serde_json::from_str::<Vec<String>>(&row.moves).unwrap() {
            game.play(&text).unwrap();
        }
        let wrong = other["state"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap().to_owned())
            .find(|t| game.move_key(t) != game.move_key(&solution[0]))
            .expect("a puzzle's position has another legal move than its solution's");
        let path = format!("/api/puzzles/{}/move", row.id);
        // A first try is played in order: its second step cannot come first.
        if solution.len() >= 3 {
            let (status, answer) =
                kofi.post(&path, json!({ "step": 1, "move": solution[2] })).await;
            assert_eq!((status, answer["code"].as_str()), (409, Some("puzzle_order")), "{answer}");
        }
        let (_, answer) = kofi.post(&path, json!({ "step": 0, "move": wrong })).await;
        assert_eq!(
            (answer["correct"].as_bool(), answer["done"].as_bool()),
            (Some(false), Some(true))
        );
        assert_eq!(answer["solution"], json!(solution));
        assert_eq!(answer["themes"], json!(row.themes.split_whitespace().collect::<Vec<_>>()));
        assert!(answer["rating"]["diff"].as_i64().unwrap() < 0, "{answer}");
    }
    // Bad tries: a step past the line, a move that is none, an unknown puzzle, an unknown game.
    let (status, _) = kofi.post(&path, json!({ "step": 99, "move": solution[0] })).await;
    assert_eq!(status, 400);
    let (status, answer) = kofi.post(&path, json!({ "step": 0, "move": "Z9" })).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("illegal")));
    let (status, _) = kofi.get("/api/puzzles/nothing").await;
    assert_eq!(status, 404);
    let (status, _) = kofi.get("/api/puzzles/next?game=chess").await;
    assert_eq!(status, 400);
    // Anyone may try one; only accounts are rated.
    let mut guest = Browser::new(&server);
    let game = &rows.last().unwrap().game;
    let (_, next) = guest.get(&format!("/api/puzzles/next?game={game}")).await;
    assert!(next["you"].is_null());
    let id = next["puzzle"]["id"].as_str().expect("a puzzle");
    let row = rows.iter().find(|r| r.id == id).unwrap();
    let solution: Vec<String> = serde_json::from_str(&row.solution).unwrap();
    let (_, answer) = guest
        .post(&format!("/api/puzzles/{id}/move"), json!({ "step": 0, "move": solution[0] }))
        .await;
    assert_eq!(answer["correct"], true);
    assert!(answer["rating"].is_null());

    // Farming (issue 41): a solution learnt from a try that counts for nothing, or a puzzle the
    // server never offered, moves no rating.
    let mut ama = Browser::signed_up(&server, "ama", "ama's password").await;
    let solved = |id: &str| {
        let row = rows.iter().find(|r| r.id == id).unwrap();
        serde_json::from_str::<Vec<String>>(&row.solution).unwrap()
    };
    let never_offered = &rows[0];
    let (status, answer) = ama
        .post(
            &format!("/api/puzzles/{}/move", never_offered.id),
            json!({ "step": 0, "move": solved(&never_offered.id)[0] }),
        )
        .await;
    assert_eq!((status, answer["correct"].as_bool()), (200, Some(true)), "{answer}");
    assert!(answer["rating"].is_null(), "a puzzle never offered is not rated: {answer}");
    let (_, next) = ama.get(&format!("/api/puzzles/next?game={game}")).await;
    let offered = next["puzzle"]["id"].as_str().expect("a puzzle offered").to_owned();
    let (_, again) = ama.get(&format!("/api/puzzles/next?game={game}")).await;
    assert_eq!(again["puzzle"]["id"], offered.as_str(), "offered until tried");
    // A browser without cookies, on the same address, gives up at once and is shown the line.
    let mut spy = Browser::new(&server);
    let legal = next["puzzle"]["state"]["legal"].as_array().unwrap().clone();
    let solution = solved(&offered);
    let spec: Spec =
        serde_json::from_str(&rows.iter().find(|r| r.id == offered).unwrap().spec).unwrap();
    let mut position = Match::new(&spec, None).unwrap();
    let offered_row = rows.iter().find(|r| r.id == offered).unwrap();
    for text in serde_json::from_str::<Vec<String>>(&offered_row.moves).unwrap() {
        position.play(&text).unwrap();
    }
    let wrong = legal
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_owned())
        .find(|t| position.move_key(t) != position.move_key(&solution[0]))
        .expect("another legal move");
    let path = format!("/api/puzzles/{offered}/move");
    let (_, shown) = spy.post(&path, json!({ "step": 0, "move": wrong })).await;
    assert_eq!(shown["solution"], json!(solution));
    let before = store.puzzle(&offered).await.unwrap().unwrap();
    for (step, pair) in solution.chunks(2).enumerate() {
        let (status, answer) = ama.post(&path, json!({ "step": step, "move": pair[0] })).await;
        assert_eq!((status, answer["correct"].as_bool()), (200, Some(true)), "{answer}");
        assert!(answer["rating"].is_null(), "a solution shown to the address: {answer}");
    }
    let after = store.puzzle(&offered).await.unwrap().unwrap();
    assert_eq!(before.rating, after.rating, "the puzzle's rating did not move");
    let (_, rating) = ama.get(&format!("/api/puzzles/next?game={game}")).await;
    assert_eq!(rating["you"]["rating"], 1500.0, "nor the account's");

    // Every puzzle's line, played as practice by a visitor (last: it shows the solutions to
    // this address): its finale ends the game, won by the
    // puzzle's side (where the puzzle's line stops before the end, the plain search goes on).
    let mut visitor = Browser::new(&server);
    for row in &rows {
        let solution: Vec<String> = serde_json::from_str(&row.solution).unwrap();
        let path = format!("/api/puzzles/{}/move", row.id);
        let mut last = serde_json::Value::Null;
        for (step, pair) in solution.chunks(2).enumerate() {
            let (status, answer) =
                visitor.post(&path, json!({ "step": step, "move": pair[0] })).await;
            assert_eq!((status, &answer["correct"]), (200, &json!(true)), "{answer}");
            last = answer;
        }
        assert_eq!(last["done"], true);
        check_finale(row, &last["finale"]);
    }
}
