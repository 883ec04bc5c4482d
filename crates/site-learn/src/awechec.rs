//! An Awechec record read into a study's tree: its main line, its comments and its variations,
//! as [`study::record`](crate::study::record) writes them. Each comment or variation is placed by
//! replaying the text before it with the game's own reader, which counts the actions (a power's
//! decision and its move, written as one word, are two). A variation is written from where it
//! branches, with its own comments and variations, and is read the same way from there.

use awe_awechec::record::replay_line;
use awe_awechec::{Language, Position};
use awe_game::Position as _;
use awe_game::record::Record;

use crate::stage::Text;
use crate::study::{Node, shapes_in};

/// The writer's own marks (`{Awélé 2}`, `{échecs}`): not comments of a reader's.
fn is_mark(comment: &str) -> bool {
    let lower = comment.to_lowercase();
    lower == "échecs"
        || lower == "chess"
        || lower.starts_with("awélé ")
        || lower.starts_with("awele ")
}

/// What stands at the top level of a movetext besides the moves.
enum Aside<'a> {
    Comment(&'a str),
    Variation(&'a str),
}

/// The comments and variations at the top level of `text` (not inside a variation), each with
/// the offset where it begins.
fn asides(text: &str) -> Vec<(usize, Aside<'_>)> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut open: Option<usize> = None;
    let mut depth = 0usize;
    while at < text.len() {
        let rest = &text[at..];
        if rest.starts_with('{') {
            let end = rest.find('}').map_or(text.len(), |e| at + e + 1);
            if depth == 0 {
                let inner = text.get(at + 1..end.saturating_sub(1)).unwrap_or("");
                out.push((at, Aside::Comment(inner.trim())));
            }
            at = end;
            continue;
        }
        let word_end =
            rest.find(|c: char| c.is_whitespace() || c == '{').map_or(text.len(), |e| at + e);
        match &text[at..word_end] {
            "(" => {
                if depth == 0 {
                    open = Some(at);
                }
                depth += 1;
            }
            ")" if depth > 0 => {
                depth -= 1;
                if depth == 0
                    && let Some(start) = open.take()
                {
                    out.push((start, Aside::Variation(text[start + 1..at].trim())));
                }
            }
            _ => {}
        }
        at = word_end.max(at + rest.chars().next().map_or(1, char::len_utf8));
    }
    out
}

/// The positions of a line from `start`: before its first action, then after each.
fn positions(start: &Position, history: &awe_awechec::History) -> Vec<Position> {
    let mut all = vec![start.clone()];
    for &action in history.actions() {
        let next = awe_game::Position::play(all.last().expect("one at least"), action);
        all.push(next);
    }
    all
}

/// The line of `text` read from `start` (its actions in the site's move texts), with its
/// comments and variations; `None` if its moves do not play from there.
fn line(start: &Position, language: Language, text: &str, depth: usize) -> Option<Node> {
    let history = replay_line(start, text, language).ok()?;
    let positions = positions(start, &history);
    let texts: Vec<String> =
        positions.iter().zip(history.actions()).map(|(p, &a)| p.move_text(a)).collect();
    let mut root = Node::default();
    {
        let mut node = &mut root;
        for text in texts {
            node.children.push(Node { text, ..Node::default() });
            node = &mut node.children[0];
        }
    }
    for (offset, aside) in asides(text) {
        // The actions written before it.
        let Ok(before) = replay_line(start, &text[..offset], language) else { continue };
        let n = before.actions().len();
        match aside {
            Aside::Comment(comment) if !comment.is_empty() && !is_mark(comment) => {
                let node = walk(&mut root, n);
                // The drawings it carries (`[%arrow e2 e4]`), then what it says.
                let (shapes, comment) = shapes_in(comment);
                node.shapes.extend(shapes);
                if comment.is_empty() {
                    continue;
                }
                let said = match node.comment.take() {
                    Some(c) => format!("{} {comment}", c.en),
                    None => comment,
                };
                node.comment = Some(Text { en: said.clone(), fr: said });
            }
            Aside::Variation(inner) if depth < 16 => {
                // In place of the last action written before it; or, where that is the move
                // a normal decision brought (the two written as one word), of the decision.
                for k in [n.checked_sub(1), n.checked_sub(2)].into_iter().flatten() {
                    let Some(mut branch) = line(&positions[k], language, inner, depth + 1) else {
                        continue;
                    };
                    if branch.children.is_empty() {
                        continue;
                    }
                    // A comment before the variation's first move speaks of that move.
                    if let Some(c) = branch.comment.take() {
                        let first = &mut branch.children[0];
                        first.comment = Some(match first.comment.take() {
                            Some(after) => Text {
                                en: format!("{} {}", c.en, after.en),
                                fr: format!("{} {}", c.fr, after.fr),
                            },
                            None => c,
                        });
                    }
                    walk(&mut root, k).children.append(&mut branch.children);
                    break;
                }
            }
            _ => {}
        }
    }
    Some(root)
}

/// The node `n` moves down the main line (the root for 0).
fn walk(root: &mut Node, n: usize) -> &mut Node {
    let mut node = root;
    for _ in 0..n {
        if node.children.is_empty() {
            break;
        }
        node = &mut node.children[0];
    }
    node
}

/// An Awechec record as a study's tree: the main line from the record's start, each comment on
/// the action it follows (a decision's and its move's on the move, which Awechec writes with
/// it), each variation in place of the action it follows, read from where it branches, with its
/// own comments and variations. The writer's marks (`{Awélé 2}`, `{échecs}`) are left out.
/// `None` if the record's moves do not play.
pub fn read(record: &Record) -> Option<Node> {
    let history = awe_awechec::replay(record).ok()?;
    let language: Language =
        record.tag("Language").map_or(Some(Language::French), |l| l.parse().ok())?;
    line(history.start(), language, record.movetext(), 0)
}
