//! The levels of play, 1 to 10, and what each does: how far it looks, and how much worse than
//! the best a move it may choose. The engine plays them (`engine.rs`); each game's evaluation
//! may space them differently (`Evaluator::strength`).

/// The deepest search (plies), whatever the limits: level 10's horizon.
pub const MAX_DEPTH: u32 = 64;

/// A level of play, 1 (a beginner) to 10 (everything the engine has).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// The strongest level.
    pub const MAX: Level = Level(10);

    /// Level `n`, if it is one of 1 to 10.
    pub fn new(n: u8) -> Option<Level> {
        (1..=10).contains(&n).then_some(Level(n))
    }

    /// Its number.
    pub fn get(self) -> u8 {
        self.0
    }

    /// What it does in the levels every game starts from (Awélé's and Awechec's): it looks
    /// further from level to level, and levels 1 to 4 choose among nearly best moves.
    pub fn strength(self) -> Strength {
        let i = self.0 as usize - 1;
        Strength {
            depth: [1, 2, 3, 4, 5, 7, 9, 11, 14, MAX_DEPTH][i],
            tolerance: [2.5, 1.2, 0.6, 0.3, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0][i],
        }
    }
}

/// What a level does, in a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    /// How many plies it looks ahead at most.
    pub depth: u32,
    /// How much worse than the best a move it may choose can be, in the evaluation's points
    /// (seeds or pieces, as a fraction: 1.5 is one and a half). Above 0 the level searches each
    /// move to its depth and ignores the time.
    pub tolerance: f64,
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("`{s}` is no level (1 to 10)"))
    }
}
