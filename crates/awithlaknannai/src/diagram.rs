//! The board as a player sees it: White at the bottom, the lines drawn, point names around it.

use std::fmt::Write;

use awe_game::Side;

use crate::{Position, Row};

/// A picture of `position` for a terminal (`W` White, `B` Black, `.` empty), with the players'
/// names (White first) and the previous move if there was one; the side to move is marked unless
/// `over`.
///
/// ```text
///          t1  t2  t3  t4  t5  t6  t7  t8
///          B---B---B---B---B---B---B---B      Black
///         / \ / \ / \ / \ / \ / \ / \ / \
///   m1   B---B---B---B---.---W---W---W---W   m9
///         \ / \ / \ / \ / \ / \ / \ / \ /
///          W---W---W---W---W---W---W---W      White  <- to move
///          b1  b2  b3  b4  b5  b6  b7  b8
/// ```
pub fn diagram(
    position: &Position,
    names: [&str; 2],
    last_move: Option<&str>,
    over: bool,
) -> String {
    let board = position.board();
    let (n, middle) = (board.outer_len(), board.middle_len());
    let outer_lines = board.options().outer_lines;
    let piece = |row: Row, column: usize| match board.at(row, column).and_then(|p| position.at(p)) {
        Some(Side::South) => 'W',
        Some(Side::North) => 'B',
        None => '.',
    };
    let margin = "       ";
    let outer = |row: Row| {
        let link = if outer_lines { "---" } else { "   " };
        (1..=n).map(|c| piece(row, c).to_string()).collect::<Vec<_>>().join(link)
    };
    let names_row = |letter: char| {
        (1..=n).map(|c| format!("{:<4}", format!("{letter}{c}"))).collect::<String>()
    };
    let slopes = |up: bool| {
        (0..n)
            .map(|k| {
                let right = k + 1 < middle;
                match (up, right) {
                    (true, true) => "/ \\ ",
                    (true, false) => "/   ",
                    (false, true) => "\\ / ",
                    (false, false) => "\\   ",
                }
            })
            .collect::<String>()
    };
    let side_label = |side: Side| {
        let name = names[side.index()];
        let mut label = format!("      {}", if name.is_empty() { side_name(side) } else { name });
        if side == position.turn() && !over {
            label.push_str("  <- to move");
        }
        label
    };
    let mut out = String::new();
    let _ = writeln!(out, "{margin}  {}", names_row('t').trim_end());
    let _ = writeln!(out, "{margin}  {}{}", outer(Row::Top), side_label(Side::BLACK));
    let _ = writeln!(out, "{margin} {}", slopes(true).trim_end());
    let middle_row =
        (1..=middle).map(|c| piece(Row::Middle, c).to_string()).collect::<Vec<_>>().join("---");
    let _ = writeln!(out, "{:<7}{middle_row}   m{middle}", "  m1");
    let _ = writeln!(out, "{margin} {}", slopes(false).trim_end());
    let _ = writeln!(out, "{margin}  {}{}", outer(Row::Bottom), side_label(Side::WHITE));
    let _ = writeln!(out, "{margin}  {}", names_row('b').trim_end());
    if let Some(mv) = last_move {
        let _ = writeln!(out, "last move: {mv}");
    }
    out
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::South => "White",
        Side::North => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardKind, BoardOptions, RuleSet, Settings, Start};

    #[test]
    fn mosona_start_as_white_sees_it() {
        let settings = Settings::new(BoardKind::Mosona, BoardOptions::default(), RuleSet::Bell);
        let start = Position::start(settings, Start::Seed000, Side::WHITE).unwrap();
        let picture = diagram(&start, ["", ""], None, false);
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines[0], "         t1  t2  t3  t4  t5  t6  t7  t8");
        assert_eq!(lines[1], "         B---B---B---B---B---B---B---B      Black");
        assert_eq!(lines[2], "        / \\ / \\ / \\ / \\ / \\ / \\ / \\ / \\");
        assert_eq!(lines[3], "  m1   B---B---B---B---.---W---W---W---W   m9");
        assert_eq!(lines[4], "        \\ / \\ / \\ / \\ / \\ / \\ / \\ / \\ /");
        assert_eq!(lines[5], "         W---W---W---W---W---W---W---W      White  <- to move");
        assert_eq!(lines[6], "         b1  b2  b3  b4  b5  b6  b7  b8");
    }
}
