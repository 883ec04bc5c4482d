//! One position for each rule of RULES.md §1, under the rule sets it concerns. Positions are in
//! the text format: top row `t1..t8`, middle row `m1..m9`, bottom row `b1..b8` (Mosona).

use std::collections::BTreeSet;

use awe_awithlaknannai::{
    BoardKind, BoardOptions, MoveError, MoveList, Position, RuleSet, Settings,
};
use awe_game::{Game, Position as _, Side, Termination};

fn pos(text: &str, rules: RuleSet) -> Position {
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
    Position::parse(text, settings).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.iter().map(|&m| p.move_text(m)).collect()
}

/// White on m1, Black on t1 with m2 and t2 empty: m1, t1, m2 make a triangle, not a line.
const BENT: &str = "b......./w......../........ w 0";

#[test]
fn a_bent_jump_is_legal_only_under_wikipedia() {
    assert_eq!(moves(&pos(BENT, RuleSet::Wikipedia)), ["m1xm2", "m1xt2"]);
    for rules in [RuleSet::Globejoueur, RuleSet::Bell, RuleSet::Ludii] {
        assert_eq!(moves(&pos(BENT, rules)), ["m1-b1", "m1-m2"], "{rules}");
    }
}

/// t4 can take m4 (down the diagonal), b2 (along the row) and m2 (up the next diagonal): three
/// pieces, changing direction twice. m1 can take m2 and m4 along the middle row: two.
const TWO_CHAINS: &str = "...w..../wb.b...../.b...... w 0";

#[test]
fn a_chain_changes_direction() {
    let p = pos(TWO_CHAINS, RuleSet::Bell);
    assert_eq!(moves(&p), ["m1xm3xm5", "t4xb3xb1xt2"]);
    let chain = p.parse_move("t4xb3xb1xt2").unwrap();
    assert_eq!(chain.captured().count_ones(), 3);
    assert_eq!(p.play(&chain).to_string(), ".w....../w......../........ b 0");
}

#[test]
fn the_most_captures_rule_keeps_the_longest_chain() {
    assert_eq!(moves(&pos(TWO_CHAINS, RuleSet::Globejoueur)), ["t4xb3xb1xt2"]);
    let bell = pos(TWO_CHAINS, RuleSet::Bell);
    let short = bell.parse_move("m1xm3xm5").unwrap();
    assert_eq!(short.captured().count_ones(), 2, "free choice under bell");
    let globe = pos(TWO_CHAINS, RuleSet::Globejoueur);
    assert!(matches!(globe.parse_move("m1xm3xm5"), Err(MoveError::Illegal { .. })));
}

#[test]
fn a_chain_may_pass_a_point_freed_earlier_in_it() {
    // At the start, under seed 000's bent jumps, b3 takes m4 landing on m5, t4 landing on m4
    // (freed by the first capture), then m3 landing back on b3 (which it left).
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Wikipedia);
    let start = Position::start(settings, awe_awithlaknannai::Start::Seed000, Side::WHITE).unwrap();
    let list = moves(&start);
    assert!(list.contains(&"b3xm5xm4xb3".to_owned()), "{list:?}");
    let mv = start.parse_move("b3xm5xm4xb3").unwrap();
    let after = start.play(&mv);
    assert_eq!(after.to_string(), "bbb.bbbb/bb...wwww/wwwwwwww b 0");
}

#[test]
fn a_capture_must_go_on_while_it_can() {
    // Under bell, m1 may not stop on m3: m1xm3 alone is not a move.
    // The message names the chains that start so.
    let p = pos(TWO_CHAINS, RuleSet::Bell);
    let error = p.parse_move("m1xm3").unwrap_err();
    let MoveError::ChainGoesOn { chains, .. } = &error else { panic!("{error}") };
    assert!(!chains.is_empty() && chains.iter().all(|c| c.starts_with("m1xm3x")), "{chains:?}");
    assert!(chains.iter().all(|c| moves(&p).contains(c)), "{chains:?}");
    assert!(error.to_string().contains("must go on"), "{error}");
    // Under ludii a capture is one jump, and a step is allowed beside it.
    let ludii = moves(&pos(TWO_CHAINS, RuleSet::Ludii));
    assert!(
        ludii.contains(&"m1xm3".to_owned()) && ludii.contains(&"t4xb3".to_owned()),
        "{ludii:?}"
    );
    assert!(ludii.contains(&"t4-t5".to_owned()), "{ludii:?}");
    // Elsewhere captures are compulsory, and the message says so.
    let error = pos(TWO_CHAINS, RuleSet::Bell).parse_move("t4-t5").unwrap_err();
    assert_eq!(error.to_string(), "t4-t5 is not legal here: a capture is compulsory");
}

/// The points that a straight jump can take: those standing in the middle of a line.
fn capturable(options: BoardOptions) -> BTreeSet<String> {
    let settings = Settings::new(BoardKind::Mosona, options, RuleSet::Bell);
    let board = settings.board;
    board
        .points()
        .flat_map(|p| board.straight_jumps(p).iter().map(|&(over, _)| board.name(over).to_owned()))
        .collect()
}

#[test]
fn under_straight_jumps_some_points_can_never_be_captured() {
    let all = |options| {
        let settings = Settings::new(BoardKind::Mosona, options, RuleSet::Bell);
        settings.board.points().map(|p| settings.board.name(p).to_owned()).collect::<BTreeSet<_>>()
    };
    let safe = |options| all(options).difference(&capturable(options)).cloned().collect::<Vec<_>>();
    // The four corners are at the end of every line through them.
    assert_eq!(safe(BoardOptions::default()), ["b1", "b8", "t1", "t8"]);
    // Without the end lines, the ends of the middle row too.
    assert_eq!(
        safe(BoardOptions { outer_lines: true, end_lines: false }),
        ["b1", "b8", "m1", "m9", "t1", "t8"]
    );
    // Without the outer lines, no outer point is ever between two others.
    let bare = safe(BoardOptions { outer_lines: false, end_lines: true });
    assert_eq!(bare.len(), 16);
    assert!(bare.iter().all(|name| !name.starts_with('m')), "{bare:?}");
}

/// White's last piece in the corner b8, boxed in by Black's.
const BOXED: &str = "......bb/.......bb/.....bbw w 0";

#[test]
fn a_player_who_cannot_move_loses() {
    for rules in [RuleSet::Globejoueur, RuleSet::Bell, RuleSet::Ludii] {
        let p = pos(BOXED, rules);
        assert!(moves(&p).is_empty(), "{rules}");
        let outcome = p.outcome().unwrap();
        assert_eq!(outcome.winner, Some(Side::BLACK));
        assert_eq!(outcome.termination, Termination::NoLegalMove);
        // Fewer pieces or more, the blocked player loses: the score says 1 against 6.
        assert_eq!(outcome.score, [1, 6]);
    }
    // With bent jumps the corner piece has captures.
    assert!(!moves(&pos(BOXED, RuleSet::Wikipedia)).is_empty());
}

#[test]
fn a_player_without_pieces_loses() {
    let p = pos("......../........./....b... w 3", RuleSet::Bell);
    assert_eq!(
        p.outcome().map(|o| (o.winner, o.termination)),
        Some((Some(Side::BLACK), Termination::NoLegalMove))
    );
}

#[test]
fn the_ply_limit_ends_a_quiet_game_and_counts_from_the_last_capture() {
    // White: two pieces, Black: one, far apart; 49 plies without a capture so far.
    let p = pos("b......./........./ww...... w 49", RuleSet::Bell);
    assert_eq!(p.outcome(), None);
    let mut game = Game::new(p);
    game.play(p.parse_move("b1-m1").unwrap()).unwrap();
    let outcome = game.outcome().expect("50 plies without a capture");
    assert_eq!(outcome.termination, Termination::PlyLimit);
    assert_eq!((outcome.winner, outcome.score), (Some(Side::WHITE), [2, 1]));
    // A capture starts the count again.
    let p = pos("b......./w......../........ w 49", RuleSet::Wikipedia);
    let after = p.play(&p.parse_move("m1xm2").unwrap());
    assert_eq!(after.quiet_plies(), 0);
    // The limit is a setting.
    let mut settings = *p.settings();
    settings.ply_limit = 10;
    let p = Position::parse("b......./........./ww...... w 10", settings).unwrap();
    assert_eq!(p.outcome().map(|o| o.termination), Some(Termination::PlyLimit));
}

#[test]
fn ludii_ignores_repetitions_and_draws_at_its_turn_limit() {
    const SHUFFLE: [&str; 4] = ["b2-b3", "t1-t2", "b3-b2", "t2-t1"];
    let start = "b......./........./ww...... w 0";
    // Under bell the shuffle ends by repetition, White ahead on pieces.
    let mut game = Game::new(pos(start, RuleSet::Bell));
    for text in SHUFFLE {
        let mv = game.current().parse_move(text).unwrap();
        game.play(mv).unwrap();
    }
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.termination, outcome.winner), (Termination::Repetition, Some(Side::WHITE)));
    // Under ludii it goes on until 1250 turns each, then it is a draw whatever the pieces.
    let mut game = Game::new(pos(start, RuleSet::Ludii));
    for ply in 0..2500 {
        assert_eq!(game.outcome(), None, "ply {ply}");
        let mv = game.current().parse_move(SHUFFLE[ply % 4]).unwrap();
        game.play(mv).unwrap();
    }
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.termination, outcome.winner), (Termination::PlyLimit, None));
}

/// Ludii checks its end rule after each move before its turn limit (`Game.apply` in Ludii's
/// Core): a capture of the last piece on the 2,500th ply wins, where any other last move draws.
#[test]
fn under_ludii_the_last_ply_can_still_win() {
    // White's one piece steps b1-m2 and back while Black's t8 steps to t7 and back; Black's b3
    // waits. Then White steps next to it, and Black jumps it on the last ply.
    const SHUFFLE: [&str; 4] = ["b1-m2", "t8-t7", "m2-b1", "t7-t8"];
    let mut game = Game::new(pos(".......b/........./w.b..... w 0", RuleSet::Ludii));
    for ply in 0..2496 {
        let mv = game.current().parse_move(SHUFFLE[ply % 4]).unwrap();
        game.play(mv).unwrap();
    }
    for text in ["b1-m2", "t8-t7", "m2-b2"] {
        let mv = game.current().parse_move(text).unwrap();
        game.play(mv).unwrap();
    }
    assert_eq!(game.outcome(), None);
    let last = *game.current();
    let taken = last.play(&last.parse_move("b3xb1").unwrap());
    let outcome = taken.outcome().unwrap();
    assert_eq!(
        (outcome.termination, outcome.winner),
        (Termination::NoLegalMove, Some(Side::BLACK))
    );
    let quiet = last.play(&last.parse_move("t7-t8").unwrap());
    let outcome = quiet.outcome().unwrap();
    assert_eq!((outcome.termination, outcome.winner), (Termination::PlyLimit, None));
}

#[test]
fn move_texts_name_what_is_wrong() {
    let p = pos(TWO_CHAINS, RuleSet::Bell);
    assert_eq!(p.parse_move(""), Err(MoveError::Empty));
    assert_eq!(p.parse_move("z9-m1"), Err(MoveError::UnknownPoint("z9".into())));
    assert!(matches!(p.parse_move("m1-m2xm3"), Err(MoveError::Malformed(_))));
    assert!(matches!(p.parse_move("m1"), Err(MoveError::Malformed(_))));
    assert!(matches!(p.parse_move("m1xm3xm5(m2"), Err(MoveError::Malformed(_))));
    assert_eq!(p.parse_move(" M1xM3xM5 ").map(|m| m.captured().count_ones()), Ok(2));
}

#[test]
fn position_texts_name_what_is_wrong() {
    use awe_awithlaknannai::ParsePositionError as E;
    let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Bell);
    let parse = |t| Position::parse(t, settings);
    assert_eq!(parse("......../........./........ w"), Err(E::FieldCount(2)));
    assert_eq!(parse("......../......... w 0"), Err(E::RowCount(2)));
    assert_eq!(
        parse("......../......../........ w 0"),
        Err(E::RowLength { row: "middle", expected: 9, found: 8 })
    );
    assert_eq!(parse("......../........x/........ w 0"), Err(E::Content('x')));
    assert_eq!(parse("......../........./........ s 0"), Err(E::Turn("s".into())));
    assert_eq!(parse("......../........./........ w -1"), Err(E::Plies("-1".into())));
}

proptest::proptest! {
    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in "\\PC*", kind in 0usize..3, rules in 0usize..4) {
        let settings = Settings::new(BoardKind::ALL[kind], BoardOptions::default(), RuleSet::ALL[rules]);
        let _ = Position::parse(&text, settings);
        let p = pos(TWO_CHAINS, RuleSet::ALL[rules]);
        let _ = p.parse_move(&text);
    }

    #[test]
    fn move_like_text_is_read_or_refused_without_panicking(text in "[bmtx0-9(),-]{0,24}") {
        for rules in RuleSet::ALL {
            let _ = pos(TWO_CHAINS, rules).parse_move(&text);
        }
    }

    #[test]
    fn position_texts_round_trip(cells in proptest::collection::vec(0u8..3, 25), white in proptest::bool::ANY, quiet in 0u16..60) {
        let row = |range: std::ops::Range<usize>| cells[range].iter().map(|&c| ['.', 'w', 'b'][c as usize]).collect::<String>();
        let text = format!("{}/{}/{} {} {quiet}", row(0..8), row(8..17), row(17..25), if white { "w" } else { "b" });
        let p = pos(&text, RuleSet::Bell);
        proptest::prop_assert_eq!(p.to_string(), text);
    }
}

/// Positions with the same pieces but not the same plies left before the game's limit may end
/// differently: a transposition table keyed by the hash must tell them apart. Under Ludii's turn
/// limit that is the plies in all, not those since the last capture.
#[test]
fn the_hash_tells_apart_the_plies_left() {
    let play = |game: &mut Game<Position>, texts: &[&str]| {
        for text in texts {
            let mv = game.current().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            game.play(mv).unwrap();
        }
    };
    // Ludii's captures are not compulsory: the capture at once, or after going out and back.
    let start = pos("b......./.wb....../.......w w 0", RuleSet::Ludii);
    let (mut at_once, mut later) = (Game::new(start), Game::new(start));
    play(&mut at_once, &["m2xm4"]);
    play(&mut later, &["b8-b7", "t1-t2", "b7-b8", "t2-t1", "m2xm4"]);
    let (a, b) = (*at_once.current(), *later.current());
    assert_eq!((a.repetition_key(), a.quiet_plies()), (b.repetition_key(), b.quiet_plies()));
    assert_ne!(a.plies_left(), b.plies_left());
    assert_ne!(awe_game::Position::hash(&a), awe_game::Position::hash(&b));
}

/// A crowded board under bent jumps has thousands of chains (found by fuzzing: 25,301 here,
/// whose listing took a minute when each was compared with all before it): each comes once, and
/// their texts, made at once, are the texts made one by one.
#[test]
fn thousands_of_chains_are_listed_once_each_with_their_texts() {
    let settings =
        Settings::new(BoardKind::KolowisLudii, BoardOptions::default(), RuleSet::Wikipedia);
    let crowded =
        Position::parse("bbbbbbbb..bbbbbb/w.w.w.wbbbb.b..b/.wwwwww....b..b. w 0", settings)
            .unwrap();
    let mut list = MoveList::new();
    crowded.legal_moves(&mut list);
    assert_eq!(list.len(), 25_301);
    let unique: std::collections::HashSet<_> = list.iter().collect();
    assert_eq!(unique.len(), list.len());
    let texts = awe_awithlaknannai::notation::move_texts(&crowded, &list);
    for i in (0..list.len()).step_by(997) {
        assert_eq!(texts[i], crowded.move_text(list[i]));
    }
    // On ordinary positions too.
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(4);
    for rules in RuleSet::ALL {
        let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), rules);
        let start =
            Position::start(settings, awe_awithlaknannai::Start::Seed000, Side::WHITE).unwrap();
        let game = awe_game::playout::random_game(start, &mut rng, 12);
        let position = game.current();
        let mut list = MoveList::new();
        position.legal_moves(&mut list);
        let texts = awe_awithlaknannai::notation::move_texts(position, &list);
        let one_by_one: Vec<String> = list.iter().map(|&m| position.move_text(m)).collect();
        assert_eq!(texts, one_by_one, "{rules}");
    }
}

#[test]
fn a_position_standing_again_has_the_same_repetition_hash() {
    // The shuffle comes back to its start with four more plies without a capture: the whole
    // hash differs, the repetition's must not (the repetition rule compares it first).
    const SHUFFLE: [&str; 4] = ["b2-b3", "t1-t2", "b3-b2", "t2-t1"];
    for rules in [RuleSet::Bell, RuleSet::Wikipedia, RuleSet::Globejoueur] {
        let first = pos("b......./........./ww...... w 0", rules);
        let mut p = first;
        for text in SHUFFLE {
            p = p.play(&p.parse_move(text).unwrap());
        }
        assert_eq!(p.repetition_key(), first.repetition_key());
        assert_ne!(p.hash(), first.hash(), "the plies left differ");
        assert_eq!(p.repetition_hash(), first.repetition_hash(), "{rules}");
    }
}
