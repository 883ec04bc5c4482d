//! Players' names as the screen shows them.

use awe_game::record::Record;

/// A name as the screen shows it: without control characters (a terminal would obey them).
pub fn printable(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).collect()
}

/// A player's name from a tag, as the screen shows it; `?` (unknown) shows as nothing.
pub fn player(record: &Record, tag: &str) -> String {
    printable(record.tag(tag).filter(|&name| name != "?").unwrap_or(""))
}
