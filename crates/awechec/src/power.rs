//! Powers: the list of who owns each power, in the order they are used, and the handicaps that
//! turn captured seeds into fewer powers.

use std::fmt;
use std::str::FromStr;

use awe_game::Side;

/// The most powers a list can hold: one per seed of an Awélé game.
pub const MAX_POWERS: usize = 48;

/// A list of powers, each owned by White (South) or Black (North), with the next one to use.
/// Small and `Copy`: the owners are bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Powers {
    /// Bit `i` set: power `i` is Black's.
    black: u64,
    len: u8,
    next: u8,
}

impl Powers {
    /// An empty list.
    pub const fn new() -> Powers {
        Powers { black: 0, len: 0, next: 0 }
    }

    /// A list of the given owners, none used yet.
    ///
    /// ```
    /// use awe_awechec::Powers;
    /// use awe_game::Side;
    /// let powers = Powers::from_owners(&[Side::WHITE, Side::BLACK]).unwrap();
    /// assert_eq!(powers.next_owner(), Some(Side::WHITE));
    /// ```
    pub fn from_owners(owners: &[Side]) -> Option<Powers> {
        let mut powers = Powers::new();
        for &owner in owners {
            powers.push(owner).then_some(())?;
        }
        Some(powers)
    }

    /// Adds a power at the end; `false` if the list is full.
    pub fn push(&mut self, owner: Side) -> bool {
        if self.len as usize >= MAX_POWERS {
            return false;
        }
        if owner == Side::BLACK {
            self.black |= 1 << self.len;
        }
        self.len += 1;
        true
    }

    /// Every power of the list, used or not.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list has no power at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The owner of power `i` (0-based).
    pub fn owner(&self, i: usize) -> Option<Side> {
        (i < self.len()).then(|| if self.black >> i & 1 == 1 { Side::BLACK } else { Side::WHITE })
    }

    /// How many have been used.
    pub fn used(&self) -> usize {
        self.next as usize
    }

    /// How many are left.
    pub fn remaining(&self) -> usize {
        (self.len - self.next) as usize
    }

    /// The owner of the next power, if one is left.
    pub fn next_owner(&self) -> Option<Side> {
        self.owner(self.used())
    }

    /// Uses the next power: its number (1-based, as records write it) and owner.
    pub fn take(&mut self) -> Option<(usize, Side)> {
        let owner = self.next_owner()?;
        self.next += 1;
        Some((self.used(), owner))
    }

    /// The owners in order, used or not.
    pub fn owners(&self) -> impl Iterator<Item = Side> + '_ {
        (0..self.len()).filter_map(|i| self.owner(i))
    }
}

/// A handicap for the stronger player: `powers` powers for each `seeds` seeds captured; the
/// seeds not yet turned into powers wait for the next capture of the same Awélé game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Handicap {
    pub seeds: u8,
    pub powers: u8,
}

impl Handicap {
    /// The handicaps of the rules: 3/2, 2/1 and 3/1.
    pub const ALL: [Handicap; 3] = [
        Handicap { seeds: 3, powers: 2 },
        Handicap { seeds: 2, powers: 1 },
        Handicap { seeds: 3, powers: 1 },
    ];

    /// The powers for `seeds` seeds on top of `carried` ones, and the seeds carried on.
    ///
    /// ```
    /// use awe_awechec::Handicap;
    /// let three_two: Handicap = "3/2".parse().unwrap();
    /// assert_eq!(three_two.convert(0, 5), (2, 2));
    /// assert_eq!(three_two.convert(2, 1), (2, 0));
    /// ```
    pub fn convert(self, carried: u8, seeds: u8) -> (u8, u8) {
        let all = carried + seeds;
        (all / self.seeds * self.powers, all % self.seeds)
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.seeds, self.powers)
    }
}

/// A handicap that is none of the rules'.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown handicap `{0}` (known: 3/2, 2/1, 3/1)")]
pub struct ParseHandicapError(pub String);

impl FromStr for Handicap {
    type Err = ParseHandicapError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Handicap::ALL
            .into_iter()
            .find(|h| h.to_string() == s)
            .ok_or_else(|| ParseHandicapError(s.to_owned()))
    }
}

/// The handicap of each side, if any (White first), as `white:3/2` or `black:2/1,white:3/1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Handicaps(pub [Option<Handicap>; 2]);

impl Handicaps {
    /// No handicap.
    pub const NONE: Handicaps = Handicaps([None, None]);

    /// The handicap of `side`.
    pub fn of(&self, side: Side) -> Option<Handicap> {
        self.0[side.index()]
    }
}

impl fmt::Display for Handicaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = [(Side::WHITE, "white"), (Side::BLACK, "black")]
            .into_iter()
            .filter_map(|(side, name)| self.of(side).map(|h| format!("{name}:{h}")))
            .collect();
        f.write_str(if parts.is_empty() { "none" } else { "" })?;
        f.write_str(&parts.join(","))
    }
}

/// A handicap text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseHandicapsError {
    #[error("`{0}`: expected SIDE:RATIO, such as white:3/2")]
    Shape(String),
    #[error("`{0}` is no side (expected white or black)")]
    Side(String),
    #[error(transparent)]
    Handicap(#[from] ParseHandicapError),
    #[error("{0} has two handicaps")]
    Twice(&'static str),
}

impl FromStr for Handicaps {
    type Err = ParseHandicapsError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut handicaps = Handicaps::NONE;
        if s == "none" || s.is_empty() {
            return Ok(handicaps);
        }
        for part in s.split(',') {
            let (side, ratio) =
                part.split_once(':').ok_or_else(|| ParseHandicapsError::Shape(part.to_owned()))?;
            let (side, name) = match side.trim() {
                "white" => (Side::WHITE, "white"),
                "black" => (Side::BLACK, "black"),
                other => return Err(ParseHandicapsError::Side(other.to_owned())),
            };
            let slot = &mut handicaps.0[side.index()];
            if slot.is_some() {
                return Err(ParseHandicapsError::Twice(name));
            }
            *slot = Some(ratio.trim().parse()?);
        }
        Ok(handicaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_are_used_in_order() {
        let mut powers = Powers::from_owners(&[Side::WHITE, Side::BLACK, Side::BLACK]).unwrap();
        assert_eq!(powers.take(), Some((1, Side::WHITE)));
        assert_eq!(powers.take(), Some((2, Side::BLACK)));
        assert_eq!(powers.remaining(), 1);
        assert_eq!(powers.take(), Some((3, Side::BLACK)));
        assert_eq!(powers.take(), None);
        assert_eq!(powers.owners().count(), 3);
    }

    #[test]
    fn a_list_holds_one_power_a_seed() {
        let mut powers = Powers::new();
        assert!((0..MAX_POWERS).all(|_| powers.push(Side::BLACK)));
        assert!(!powers.push(Side::WHITE));
    }

    #[test]
    fn handicaps_convert_by_whole_blocks() {
        let [three_two, two_one, three_one] = Handicap::ALL;
        assert_eq!(three_two.convert(0, 5), (2, 2));
        assert_eq!(two_one.convert(1, 3), (2, 0));
        assert_eq!(three_one.convert(0, 2), (0, 2));
        assert_eq!(three_one.convert(2, 7), (3, 0));
    }

    #[test]
    fn handicap_texts_round_trip() {
        for text in ["none", "white:3/2", "black:2/1", "white:3/1,black:3/2"] {
            let handicaps: Handicaps = text.parse().unwrap();
            assert_eq!(handicaps.to_string(), text);
        }
        assert!("white:4/3".parse::<Handicaps>().is_err());
        assert!("white:3/2,white:2/1".parse::<Handicaps>().is_err());
        assert!("red:3/2".parse::<Handicaps>().is_err());
        assert!("3/2".parse::<Handicaps>().is_err());
    }
}
