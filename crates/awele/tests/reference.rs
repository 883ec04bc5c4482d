//! The move generator against a slow reference written straight from the rules, seed by seed and
//! move by move, in a different style: every generated move is legal, every legal move is
//! generated, and every move leads to the same position and the same end.

use awe_awele::{MoveList, Pit, Position, RuleSet};
use awe_game::{Game, Position as _, Side, Termination};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A position as plain numbers.
#[derive(Clone, Debug, PartialEq)]
struct Slow {
    pits: [u8; 12],
    captured: [u8; 2],
    turn: usize,
    rules: RuleSet,
}

impl Slow {
    fn of(p: &Position) -> Slow {
        Slow {
            pits: p.board().pits(),
            captured: [p.captured(Side::South), p.captured(Side::North)],
            turn: p.turn().index(),
            rules: p.rule_set(),
        }
    }

    fn own(&self) -> std::ops::Range<usize> {
        6 * self.turn..6 * self.turn + 6
    }

    fn theirs(&self) -> std::ops::Range<usize> {
        6 * (1 - self.turn)..6 * (1 - self.turn) + 6
    }

    fn their_seeds(pits: &[u8; 12], theirs: std::ops::Range<usize>) -> u32 {
        theirs.map(|i| pits[i] as u32).sum()
    }

    /// Sows `from` seed by seed; returns the pits and where the last seed fell.
    fn sow(&self, from: usize) -> ([u8; 12], usize) {
        let mut pits = self.pits;
        let mut hand = pits[from];
        pits[from] = 0;
        let mut at = from;
        while hand > 0 {
            at = (at + 1) % 12;
            if at == from {
                continue;
            }
            pits[at] += 1;
            hand -= 1;
        }
        (pits, at)
    }

    /// The full move before the grand-slam rule: pits after sowing and capturing, seeds taken.
    fn sow_and_take(&self, from: usize) -> ([u8; 12], [u8; 12], u8) {
        let (sown, mut at) = self.sow(from);
        let mut taken_pits = sown;
        let mut taken = 0;
        while self.theirs().contains(&at) && (taken_pits[at] == 2 || taken_pits[at] == 3) {
            taken += taken_pits[at];
            taken_pits[at] = 0;
            if at == self.theirs().start {
                break;
            }
            at -= 1;
        }
        (sown, taken_pits, taken)
    }

    fn is_grand_slam(&self, from: usize) -> bool {
        let (_, after, taken) = self.sow_and_take(from);
        taken > 0 && Self::their_seeds(&after, self.theirs()) == 0
    }

    fn gives_them_seeds(&self, from: usize) -> bool {
        let (sown, _) = self.sow(from);
        Self::their_seeds(&sown, self.theirs()) > 0
    }

    fn legal(&self) -> Vec<usize> {
        if self.rules == RuleSet::Abapa && self.captured.iter().any(|&c| c > 24) {
            return vec![];
        }
        let with_seeds: Vec<usize> = self.own().filter(|&i| self.pits[i] > 0).collect();
        let starving = Self::their_seeds(&self.pits, self.theirs()) == 0;
        match self.rules {
            RuleSet::Abapa | RuleSet::Awechec => {
                let candidates: Vec<usize> = with_seeds
                    .into_iter()
                    .filter(|&i| !starving || self.gives_them_seeds(i))
                    .collect();
                if self.rules == RuleSet::Abapa {
                    return candidates;
                }
                let fine: Vec<usize> =
                    candidates.iter().copied().filter(|&i| !self.is_grand_slam(i)).collect();
                if fine.is_empty() { candidates } else { fine }
            }
            RuleSet::Awari => {
                let leaves_them_seeds = |i: usize| {
                    let (_, after, _) = self.sow_and_take(i);
                    Self::their_seeds(&after, self.theirs()) > 0
                };
                let fine: Vec<usize> =
                    with_seeds.iter().copied().filter(|&i| leaves_them_seeds(i)).collect();
                if fine.is_empty() { with_seeds } else { fine }
            }
        }
    }

    fn play(&self, from: usize) -> Slow {
        let (sown, after, taken) = self.sow_and_take(from);
        let keeps_capture = !self.is_grand_slam(from) || self.rules == RuleSet::Awari;
        let mut next = self.clone();
        if keeps_capture {
            next.pits = after;
            next.captured[self.turn] += taken;
        } else {
            next.pits = sown;
        }
        next.turn = 1 - self.turn;
        next
    }

    /// The final score if the game is over here by the position alone.
    fn end(&self) -> Option<[u16; 2]> {
        if !self.legal().is_empty() {
            return None;
        }
        let south: u16 = self.pits[..6].iter().map(|&s| s as u16).sum();
        let north: u16 = self.pits[6..].iter().map(|&s| s as u16).sum();
        Some([self.captured[0] as u16 + south, self.captured[1] as u16 + north])
    }
}

fn legal(p: &Position) -> Vec<usize> {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    moves.iter().map(|pit| pit.index()).collect()
}

/// Plays a random game from `start`, checking every position against the reference.
fn check_game(start: Position, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(start);
    loop {
        let p = *game.current();
        let slow = Slow::of(&p);
        let moves = legal(&p);
        prop_assert_eq!(&moves, &slow.legal(), "legal moves of {}", p);
        for pit in Pit::ALL {
            prop_assert_eq!(p.is_legal(pit), moves.contains(&pit.index()), "{} in {}", pit, p);
        }
        // Feeding: a starving opponent gets seeds from every legal move, when a move can give
        // some (under awari: every legal move leaves them seeds, when a move can).
        let feeds: &dyn Fn(usize) -> bool = if slow.rules == RuleSet::Awari {
            &|m| Slow::their_seeds(&slow.sow_and_take(m).1, slow.theirs()) > 0
        } else {
            &|m| slow.gives_them_seeds(m)
        };
        let starving = Slow::their_seeds(&slow.pits, slow.theirs()) == 0;
        if starving && slow.own().any(|i| slow.pits[i] > 0 && feeds(i)) {
            prop_assert!(moves.iter().all(|&m| feeds(m)), "every move must feed in {}", p);
        }
        for &m in &moves {
            let next = p.play(Pit::ALL[m]);
            prop_assert_eq!(Slow::of(&next), slow.play(m), "{} from {}", Pit::ALL[m], p);
            let total = next.board().total() as u32
                + next.captured(Side::South) as u32
                + next.captured(Side::North) as u32;
            prop_assert_eq!(total, 48, "seeds conserved after {} from {}", Pit::ALL[m], p);
            prop_assert!(next.captured(p.turn()) >= p.captured(p.turn()));
        }
        if let Some(outcome) = game.outcome() {
            if outcome.termination != Termination::Repetition {
                prop_assert_eq!(Some(outcome.score), slow.end(), "end of {}", p);
            }
            prop_assert!(outcome.score[0] + outcome.score[1] <= 48);
            return Ok(());
        }
        prop_assert!(slow.end().is_none(), "{} ends by the reference", p);
        let m = moves[rng.random_range(0..moves.len())];
        game.play(Pit::ALL[m]).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    }
}

/// Calls `visit` with every way of putting at most `seeds` seeds in the pits `from..12`.
fn each_board(pits: &mut [u8; 12], from: usize, seeds: u8, visit: &mut impl FnMut(&[u8; 12])) {
    if from == 12 {
        visit(pits);
        return;
    }
    for n in 0..=seeds {
        pits[from] = n;
        each_board(pits, from + 1, seeds - n, visit);
    }
    pits[from] = 0;
}

/// Compares one position with the reference: its legal moves and where each leads.
fn compare(pits: &[u8; 12], turn: Side, rules: RuleSet) {
    let on_board: u8 = pits.iter().sum();
    let rest = 48 - on_board;
    let p = Position::from_parts(
        awe_awele::Board::from_pits(*pits),
        [rest / 2, rest - rest / 2],
        turn,
        rules,
    )
    .unwrap();
    let slow = Slow::of(&p);
    let moves = legal(&p);
    assert_eq!(moves, slow.legal(), "legal moves of {p} under {rules}");
    for m in moves {
        assert_eq!(
            Slow::of(&p.play(Pit::ALL[m])),
            slow.play(m),
            "{} from {p} under {rules}",
            Pit::ALL[m]
        );
    }
}

#[test]
fn every_board_with_at_most_eight_seeds_matches_the_reference() {
    let mut count = 0;
    each_board(&mut [0; 12], 0, 8, &mut |pits| {
        for turn in Side::ALL {
            for rules in RuleSet::ALL {
                compare(pits, turn, rules);
            }
        }
        count += 1;
    });
    // Twelve pits, at most eight seeds: C(20, 8) boards.
    assert_eq!(count, 125_970);
}

#[test]
fn boards_with_a_lap_match_the_reference() {
    // One pit of 11 to 24 seeds (one or two laps) and at most four seeds elsewhere.
    for big in 0..12 {
        for n in 11..=24 {
            each_board(&mut [0; 12], 0, 4, &mut |pits| {
                let mut pits = *pits;
                pits[big] = n;
                for turn in Side::ALL {
                    for rules in RuleSet::ALL {
                        compare(&pits, turn, rules);
                    }
                }
            });
        }
    }
}

fn rules() -> impl Strategy<Value = RuleSet> {
    prop_oneof![Just(RuleSet::Awechec), Just(RuleSet::Abapa), Just(RuleSet::Awari)]
}

/// A position with 48 seeds spread at random, few of them on the board so that the rare rules
/// (feeding, grand slams, laps) come up often.
fn sparse_position() -> impl Strategy<Value = (Vec<u8>, bool, u8)> {
    (
        prop::collection::vec(prop_oneof![3 => Just(0u8), 3 => 1u8..=3, 1 => 4u8..=14], 12),
        any::<bool>(),
        0u8..=48,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_the_start_match_the_reference(seed in any::<u64>(), rules in rules()) {
        check_game(Position::new(rules), seed)?;
    }

    #[test]
    fn random_games_from_sparse_positions_match_the_reference(
        (pits, north, share) in sparse_position(),
        seed in any::<u64>(),
        rules in rules(),
    ) {
        let on_board: u32 = pits.iter().map(|&s| s as u32).sum();
        prop_assume!(on_board <= 48);
        let rest = 48 - on_board as u8;
        let south = share.min(rest);
        let pits: [u8; 12] = pits.try_into().unwrap();
        let turn = if north { Side::North } else { Side::South };
        let start = Position::from_parts(awe_awele::Board::from_pits(pits), [south, rest - south], turn, rules).unwrap();
        check_game(start, seed)?;
    }

    #[test]
    fn no_move_from_an_empty_pit_or_the_other_row(seed in any::<u64>(), rules in rules()) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(Position::new(rules));
        while game.outcome().is_none() {
            let p = *game.current();
            let moves = legal(&p);
            for &m in &moves {
                prop_assert!(p.board().seeds(Pit::ALL[m]) > 0);
                prop_assert_eq!(Pit::ALL[m].side(), p.turn());
            }
            game.play(Pit::ALL[moves[rng.random_range(0..moves.len())]]).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        }
    }
}
