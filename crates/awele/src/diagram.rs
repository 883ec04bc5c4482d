//! The board as a player sees it: South at the bottom, North's row above it read from North's
//! left (so `f` stands above `A`), pit letters beside the seeds, and the captures of each side.

use std::fmt::Write;

use awe_game::Side;

use crate::{Pit, Position};

/// A picture of `position` for a terminal. `names` are the players' names, South first;
/// `last_move` is the previous move in notation, if there was one; the side to move is marked
/// unless `over` (a game can end by repetition or agreement where the position alone goes on).
///
/// ```text
///          f    e    d    c    b    a
///       +----+----+----+----+----+----+
/// North |  4 |  4 |  4 |  4 |  4 |  4 |   captured  0
///       +----+----+----+----+----+----+
/// South |  4 |  4 |  4 |  4 |  4 |  4 |   captured  0   <- to move
///       +----+----+----+----+----+----+
///          A    B    C    D    E    F
/// ```
pub fn diagram(
    position: &Position,
    names: [&str; 2],
    last_move: Option<&str>,
    over: bool,
) -> String {
    diagram_in(position, names, last_move, over, &Words::ENGLISH)
}

/// The words of a diagram, in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// South's and North's labels, six characters wide.
    pub sides: [&'static str; 2],
    pub captured: &'static str,
    pub to_move: &'static str,
    pub last_move: &'static str,
}

impl Words {
    pub const ENGLISH: Words = Words {
        sides: ["South ", "North "],
        captured: "captured",
        to_move: "<- to move",
        last_move: "last move:",
    };
    pub const FRENCH: Words = Words {
        sides: ["Sud   ", "Nord  "],
        captured: "pris",
        to_move: "<- au trait",
        last_move: "dernier coup :",
    };
}

/// [`diagram`] in the words given.
pub fn diagram_in(
    position: &Position,
    names: [&str; 2],
    last_move: Option<&str>,
    over: bool,
    words: &Words,
) -> String {
    let pits = position.board().pits();
    let turn = awe_game::Position::turn(position);
    let rule = "      +----+----+----+----+----+----+\n";
    let mut out = String::new();
    let row = |out: &mut String, side: Side| {
        out.push_str(words.sides[side.index()]);
        out.push('|');
        for k in 0..6 {
            // North's row is drawn from the right: its `a` stands above South's `F`.
            let column = if side == Side::North { 5 - k } else { k };
            let _ = write!(out, " {:>2} |", pits[Pit::of(side, column).index()]);
        }
        let name = names[side.index()];
        let _ = write!(out, "   {} {:>2}", words.captured, position.captured(side));
        if !name.is_empty() {
            let _ = write!(out, "   {name}");
        }
        if side == turn && !over {
            let _ = write!(out, "   {}", words.to_move);
        }
        out.push('\n');
    };
    out.push_str("         f    e    d    c    b    a\n");
    out.push_str(rule);
    row(&mut out, Side::North);
    out.push_str(rule);
    row(&mut out, Side::South);
    out.push_str(rule);
    out.push_str("         A    B    C    D    E    F\n");
    if let Some(mv) = last_move {
        let _ = writeln!(out, "{} {mv}", words.last_move);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;

    #[test]
    fn north_is_drawn_from_its_own_left() {
        let p = Position::parse("1,2,3,4,5,6/7,8,9,0,0,0 N 3 0", RuleSet::Awechec).unwrap();
        let picture = diagram(&p, ["Ama", "Kofi"], Some("F"), false);
        let lines: Vec<&str> = picture.lines().collect();
        assert!(
            lines[2].starts_with(
                "North |  0 |  0 |  0 |  9 |  8 |  7 |   captured  0   Kofi   <- to move"
            ),
            "{picture}"
        );
        assert!(
            lines[4].starts_with("South |  1 |  2 |  3 |  4 |  5 |  6 |   captured  3   Ama"),
            "{picture}"
        );
        assert_eq!(lines[7], "last move: F");
    }
}
