//! The one sanitiser of what users write that others read: game and tournament names, chat
//! lines, report reasons, token descriptions. Control characters go, and so do the marks that
//! turn text around (a name with U+202E shows its letters reversed, and the rest of the line
//! after it), which a page cannot be trusted to isolate everywhere a name is shown.

/// Whether `c` is an invisible mark that changes the direction of the text around it.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` without control characters or direction marks, trimmed, cut to `max_chars`
/// characters; `None` if nothing is left.
///
/// ```
/// use awe_site_core::text::clean;
/// assert_eq!(clean("  Friday\u{202e} blitz\n", 60).as_deref(), Some("Friday blitz"));
/// assert_eq!(clean("abcdef", 3).as_deref(), Some("abc"));
/// assert_eq!(clean(" \u{2066}\u{200f} ", 60), None);
/// ```
pub fn clean(text: &str, max_chars: usize) -> Option<String> {
    let kept: String = text.chars().filter(|&c| !c.is_control() && !is_bidi_control(c)).collect();
    let cut: String = kept.trim().chars().take(max_chars).collect();
    let cut = cut.trim_end();
    (!cut.is_empty()).then(|| cut.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_direction_mark_and_control_goes() {
        let marks = ['\u{061c}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}'];
        let more = ['\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'];
        for c in marks.into_iter().chain(more).chain(['\0', '\u{7}', '\u{1b}', '\u{85}']) {
            assert_eq!(clean(&format!("a{c}b"), 10).as_deref(), Some("ab"), "{:x}", c as u32);
        }
        // Letters of every script stay, and so do joiners inside words.
        assert_eq!(clean("Awélé مرحبا \u{200d}x", 60).as_deref(), Some("Awélé مرحبا \u{200d}x"));
    }

    #[test]
    fn a_cut_never_leaves_a_trailing_space() {
        assert_eq!(clean("ab cd", 3).as_deref(), Some("ab"));
        assert_eq!(clean("", 3), None);
    }
}
