//! The rule sets, as data: each is a [`Rules`] value chosen by name.
//!
//! | | `awechec` (default) | `abapa` | `awari` |
//! |---|---|---|---|
//! | a starving opponent | must be fed; if no move feeds, the game ends (famine) | same | a move must leave the opponent seeds, unless none does |
//! | grand slam | forbidden, unless every move is one: then it captures nothing | legal, captures nothing | forbidden, unless every move is one: then it captures |
//! | ends early at | — | a score above 24 | — |
//! | seeds left at a repetition or an agreed end | shared evenly | each side takes its own | shared evenly |
//! | seeds left when the side to move cannot move | each side takes its own (the famine collector takes them all) | same | same |
//!
//! "Shared evenly" gives each player half of the seeds left; an odd seed counts for nobody. In
//! Awechec those seeds give no power to anyone, and the stand-alone result only compares the two
//! shares, which are equal, so the odd seed never decides a game.

use std::fmt;
use std::str::FromStr;

/// What a grand slam (a capture of every seed on the opponent's side) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrandSlam {
    /// Not allowed; if every move the player has is one, it is played and captures nothing.
    ForbiddenElseNoCapture,
    /// Allowed, and captures nothing.
    CapturesNothing,
    /// A move may not leave the opponent without seeds (by a grand slam or by not feeding);
    /// if every move does, any is played and captures as usual.
    ForbiddenElseCaptures,
}

/// Who gets the seeds left on the board when a game stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leftovers {
    /// Each player takes the seeds on their own row.
    OwnSide,
    /// Each player takes half; an odd seed counts for nobody.
    Shared,
}

/// A rule set: how the rules that vary between traditions are settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The name a user types (`--rules NAME`).
    pub name: &'static str,
    /// One line on where the rule set comes from.
    pub summary: &'static str,
    pub grand_slam: GrandSlam,
    /// The game ends as soon as a player has captured more than this many seeds.
    pub score_limit: Option<u8>,
    /// The seeds left when the game ends by repetition or by agreement.
    pub repetition_leftovers: Leftovers,
}

/// The rule sets awe offers, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The appendix of the Awechec rules (the default).
    #[default]
    Awechec,
    /// Abapa, the competition rules, as OpenSpiel's `oware` plays them.
    Abapa,
    /// Awari as Romein and Bal solved it.
    Awari,
}

const AWECHEC: Rules = Rules {
    name: "awechec",
    summary: "the appendix of the Awechec rules (Dubuis, 2009): grand slam forbidden, no early end",
    grand_slam: GrandSlam::ForbiddenElseNoCapture,
    score_limit: None,
    repetition_leftovers: Leftovers::Shared,
};

const ABAPA: Rules = Rules {
    name: "abapa",
    summary: "abapa as OpenSpiel, Aalina and competitions play it: grand slam captures nothing, the game ends above 24",
    grand_slam: GrandSlam::CapturesNothing,
    score_limit: Some(24),
    repetition_leftovers: Leftovers::OwnSide,
};

const AWARI: Rules = Rules {
    name: "awari",
    summary: "awari as Romein and Bal solved it: never leave the opponent without seeds unless forced",
    grand_slam: GrandSlam::ForbiddenElseCaptures,
    score_limit: None,
    repetition_leftovers: Leftovers::Shared,
};

impl RuleSet {
    /// Every rule set, the default first.
    pub const ALL: [RuleSet; 3] = [RuleSet::Awechec, RuleSet::Abapa, RuleSet::Awari];

    /// The rules this set stands for.
    #[inline]
    pub const fn rules(self) -> &'static Rules {
        match self {
            RuleSet::Awechec => &AWECHEC,
            RuleSet::Abapa => &ABAPA,
            RuleSet::Awari => &AWARI,
        }
    }

    /// The name a user types.
    pub const fn name(self) -> &'static str {
        self.rules().name
    }

    /// The grand-slam rule, read from a table (this is asked at every move).
    #[inline]
    pub const fn grand_slam(self) -> GrandSlam {
        GRAND_SLAM[self as usize]
    }

    /// The score above which the game ends, or 255 where no score ends it early, read from a
    /// table (this is asked at every move).
    #[inline]
    pub const fn score_limit(self) -> u8 {
        SCORE_LIMIT[self as usize]
    }
}

/// Each rule set's grand-slam rule, in the order of [`RuleSet::ALL`].
const GRAND_SLAM: [GrandSlam; 3] = [AWECHEC.grand_slam, ABAPA.grand_slam, AWARI.grand_slam];

/// Each rule set's score limit (255 for none), in the order of [`RuleSet::ALL`].
const SCORE_LIMIT: [u8; 3] = {
    let mut limits = [u8::MAX; 3];
    let mut i = 0;
    while i < 3 {
        if let Some(limit) = RuleSet::ALL[i].rules().score_limit {
            limits[i] = limit;
        }
        i += 1;
    }
    limits
};

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the rule sets.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown Awélé rule set `{0}` (known: awechec, abapa, awari)")]
pub struct ParseRuleSetError(pub String);

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| ParseRuleSetError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in RuleSet::ALL {
            assert_eq!(r.name().parse(), Ok(r));
        }
        assert!("oware".parse::<RuleSet>().is_err());
    }
}
