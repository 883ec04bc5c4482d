//! Annotated games (`studies/NN-name.toml`, docs/learn.md): a study is a sequence of chapters,
//! each a game or a position with its moves as a tree (the main line and variations), comments
//! in both languages, and marks on the board. The viewer shows them; its "guess the move" mode
//! asks the reader for each move of the main line.
//!
//! A chapter's moves are written in the site's move texts, with a small syntax of our own:
//!
//! ```text
//! 1. F {en: The classic start.}{fr: Le début classique.} b 2. A ( 2. E [arrow E b] {…} ) c
//! ```
//!
//! - move numbers (`1.`, `2...`) are for the reader, and skipped;
//! - `{…}` is a comment for both languages, `{en: …}{fr: …}` one for each; it follows the move it
//!   speaks of (a comment before the first move speaks of the position);
//! - `(` and `)`, standing alone, open and close a variation: other moves in place of the move
//!   before it;
//! - `[arrow FROM TO]` and `[mark AT]` draw on the board after the move (pits, points or squares).

use std::sync::OnceLock;

use awe_site_core::model::{Match, board_state};
use awe_site_core::spec::Spec;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::stage::{GAMES, Text};

mod files {
    include!(concat!(env!("OUT_DIR"), "/studies.rs"));
}

/// The most moves a chapter may hold, variations included.
pub const MAX_NODES: usize = 2_000;

/// A drawing on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    Arrow { from: String, to: String },
    Mark { at: String },
}

impl Shape {
    /// The shape of a command's words (`arrow F b`, `mark e`), if they are one. A place is a pit,
    /// a point or a square (`F`, `m5`, `e4`): a few ASCII letters and digits, nothing that could
    /// close the comment or the bracket a record writes it in (found by fuzzing: a mark on
    /// `` `}`` ended its comment early, and the record no longer read).
    pub fn from_words(words: &[&str]) -> Option<Shape> {
        let shape = match *words {
            ["arrow", from, to] => Shape::Arrow { from: from.into(), to: to.into() },
            ["mark", at] => Shape::Mark { at: at.into() },
            _ => return None,
        };
        shape.names_places().then_some(shape)
    }

    /// Whether the shape names only places (as an account's chapter must, too).
    pub fn names_places(&self) -> bool {
        let place =
            |p: &str| (1..=4).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric());
        match self {
            Shape::Arrow { from, to } => place(from) && place(to),
            Shape::Mark { at } => place(at),
        }
    }

    /// The shape as a record writes it inside a comment, as PGN writers put arrows in theirs:
    /// `[%arrow F b]`, `[%mark e]`.
    pub fn in_comment(&self) -> String {
        match self {
            Shape::Arrow { from, to } => format!("[%arrow {from} {to}]"),
            Shape::Mark { at } => format!("[%mark {at}]"),
        }
    }
}

/// The shapes a record's comment carries (`[%arrow FROM TO]`, `[%mark AT]`), and the comment
/// without them.
pub fn shapes_in(comment: &str) -> (Vec<Shape>, String) {
    let mut shapes = Vec::new();
    let mut rest = String::new();
    let mut text = comment;
    while let Some(open) = text.find("[%") {
        let Some(close) = text[open..].find(']').map(|c| open + c) else { break };
        let words: Vec<&str> = text[open + 2..close].split_whitespace().collect();
        let shape = Shape::from_words(&words);
        rest.push_str(&text[..open]);
        match shape {
            Some(shape) => shapes.push(shape),
            // Another writer's command (`[%clk …]`): left in the comment.
            None => rest.push_str(&text[open..=close]),
        }
        text = &text[close + 1..];
    }
    rest.push_str(text);
    (shapes, rest.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The shapes of a move as a comment of their own, as records carry them: `{[%arrow F b]}`.
fn shapes_comment(shapes: &[Shape]) -> Option<String> {
    (!shapes.is_empty()).then(|| {
        format!("{{{}}}", shapes.iter().map(Shape::in_comment).collect::<Vec<_>>().join(" "))
    })
}

/// A move of a chapter, with what is said of it and what follows: `children[0]` continues the
/// line, the others are variations. As JSON it is a [`Step`] list (see there).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Line", into = "Line")]
pub struct Node {
    pub text: String,
    pub comment: Option<Text>,
    pub shapes: Vec<Shape>,
    pub children: Vec<Node>,
}

/// A move as JSON keeps it, with the moves that could replace it. A line is a list, not a
/// nesting: JSON readers stop at a depth of 128, and a game is longer; only a variation nests.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    #[serde(rename = "move", default)]
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<Text>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Shape>,
    /// Other moves in place of this one, each the line it begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<Step>>,
}

/// A node as JSON keeps it: itself, and the line that follows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    #[serde(rename = "move", default)]
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<Text>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Shape>,
    #[serde(default)]
    pub line: Vec<Step>,
}

impl Node {
    fn of(step: &Step) -> Node {
        Node {
            text: step.text.clone(),
            comment: step.comment.clone(),
            shapes: step.shapes.clone(),
            children: Vec::new(),
        }
    }

    /// Hangs `line` below this node: each step the main move, its variations beside it.
    fn hang(&mut self, line: &[Step]) {
        let mut at = self;
        for step in line {
            let mut moves = vec![Node::of(step)];
            for variation in &step.variations {
                if let Some((first, rest)) = variation.split_first() {
                    let mut alternative = Node::of(first);
                    alternative.hang(rest);
                    moves.push(alternative);
                    // A variation's own first alternatives stand beside it.
                    for more in &first.variations {
                        if let Some((f, r)) = more.split_first() {
                            let mut other = Node::of(f);
                            other.hang(r);
                            moves.push(other);
                        }
                    }
                }
            }
            at.children.extend(moves);
            let Some(next) = at.children.first_mut() else { return };
            at = next;
        }
    }

    /// The line below this node, as steps.
    fn line(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut at = self;
        while let Some((main, others)) = at.children.split_first() {
            let variations = others
                .iter()
                .map(|v| {
                    let mut line = vec![Step {
                        text: v.text.clone(),
                        comment: v.comment.clone(),
                        shapes: v.shapes.clone(),
                        variations: Vec::new(),
                    }];
                    line.extend(v.line());
                    line
                })
                .collect();
            steps.push(Step {
                text: main.text.clone(),
                comment: main.comment.clone(),
                shapes: main.shapes.clone(),
                variations,
            });
            at = main;
        }
        steps
    }
}

impl From<Line> for Node {
    fn from(line: Line) -> Node {
        let mut node = Node {
            text: line.text,
            comment: line.comment,
            shapes: line.shapes,
            children: Vec::new(),
        };
        node.hang(&line.line);
        node
    }
}

impl From<Node> for Line {
    fn from(node: Node) -> Line {
        let line = node.line();
        Line { text: node.text, comment: node.comment, shapes: node.shapes, line }
    }
}

/// A chapter as its file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChapterFile {
    pub title: Text,
    pub spec: Spec,
    #[serde(default)]
    pub position: Option<String>,
    pub moves: String,
}

/// A study file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudyFile {
    pub title: Text,
    pub intro: Text,
    pub chapters: Vec<ChapterFile>,
}

/// A chapter, read: the root stands for the position before the first move (its `text` empty).
/// An account's study keeps its chapters so, as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chapter {
    pub title: Text,
    pub spec: Spec,
    #[serde(default)]
    pub position: Option<String>,
    pub root: Node,
}

/// The most chapters a study may have.
pub const MAX_CHAPTERS: usize = 64;
/// The longest comment, in characters.
pub const MAX_COMMENT: usize = 2_000;
/// The most drawings on one move.
pub const MAX_SHAPES: usize = 16;

/// Checks a chapter an account sends: its game and position, every move legal from the one
/// before (and written as the game writes it), the comments and drawings within bounds.
pub fn check(chapter: &mut Chapter) -> Result<(), String> {
    let start =
        Match::new(&chapter.spec, chapter.position.as_deref()).map_err(|e| e.to_string())?;
    start.check_size().map_err(|e| e.to_string())?;
    if chapter.title.en.chars().count() > 200 || chapter.title.fr.chars().count() > 200 {
        return Err("a chapter's title is 200 characters at most".into());
    }
    chapter.root.text.clear();
    let mut count = 0;
    check_node(&mut chapter.root, &start, &mut count)
}

fn check_node(node: &mut Node, game: &Match, count: &mut usize) -> Result<(), String> {
    if let Some(c) = &node.comment
        && (c.en.chars().count() > MAX_COMMENT || c.fr.chars().count() > MAX_COMMENT)
    {
        return Err(format!("a comment is {MAX_COMMENT} characters at most"));
    }
    if node.shapes.len() > MAX_SHAPES {
        return Err(format!("{MAX_SHAPES} drawings a move at most"));
    }
    if !node.shapes.iter().all(Shape::names_places) {
        return Err("a drawing names pits, points or squares".into());
    }
    let mut seen = Vec::new();
    for child in &mut node.children {
        *count += 1;
        if *count > MAX_NODES {
            return Err(format!("more than {MAX_NODES} moves"));
        }
        let key = game.move_key(&child.text).ok_or_else(|| {
            format!("{} is not legal here ({})", child.text, game.position_text())
        })?;
        if seen.contains(&key) {
            return Err(format!("{key} is there twice"));
        }
        seen.push(key.clone());
        child.text = key;
        let mut after = game.clone();
        after.play(&child.text).map_err(|e| e.to_string())?;
        check_node(child, &after, count)?;
    }
    Ok(())
}

/// A study, read and checked.
#[derive(Clone, Debug)]
pub struct Study {
    pub name: String,
    pub title: Text,
    pub intro: Text,
    pub chapters: Vec<Chapter>,
}

/// A token of a chapter's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Move(String),
    Comment(Text),
    Shape(Shape),
    Open,
    Close,
}

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('{') {
            let end = after.find('}').ok_or("a comment opened with { is never closed")?;
            // Shapes a record carries in its comments (`[%arrow F b]`) are drawn, not said.
            let (shapes, inner) = shapes_in(after[..end].trim());
            out.extend(shapes.into_iter().map(Token::Shape));
            let inner = inner.as_str();
            if inner.is_empty() {
                rest = after[end + 1..].trim_start();
                continue;
            }
            let said = |t: &str| t.trim().to_owned();
            // `{en: …}` then `{fr: …}`: one comment in two parts.
            let comment = match (inner.strip_prefix("en:"), inner.strip_prefix("fr:")) {
                (Some(en), _) => Text { en: said(en), fr: String::new() },
                (_, Some(fr)) => Text { en: String::new(), fr: said(fr) },
                _ => Text { en: said(inner), fr: said(inner) },
            };
            match (out.last_mut(), comment) {
                (Some(Token::Comment(last)), c)
                    if last.fr.is_empty() && !c.fr.is_empty() && c.en.is_empty() =>
                {
                    last.fr = c.fr;
                }
                (_, c) => out.push(Token::Comment(c)),
            }
            rest = after[end + 1..].trim_start();
            continue;
        }
        if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']').ok_or("a shape opened with [ is never closed")?;
            let words: Vec<&str> = after[..end].split_whitespace().collect();
            let Some(shape) = Shape::from_words(&words) else {
                return Err(format!(
                    "`[{}]` is no shape ([arrow FROM TO] or [mark AT], each place a pit, point \
                     or square such as F, m5 or e4)",
                    &after[..end]
                ));
            };
            out.push(Token::Shape(shape));
            rest = after[end + 1..].trim_start();
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        rest = rest[end..].trim_start();
        match word {
            "(" => out.push(Token::Open),
            ")" => out.push(Token::Close),
            _ => {
                let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                let number =
                    digits > 0 && word[digits..].bytes().all(|b| b == b'.') && word.len() > digits;
                if !number {
                    out.push(Token::Move(word.to_owned()));
                }
            }
        }
    }
    Ok(out)
}

/// Reads a chapter's moves into a tree, each move checked by the game's rules from the position
/// before it, and written as the game writes it.
pub fn parse_moves(spec: &Spec, position: Option<&str>, text: &str) -> Result<Node, String> {
    let start = Match::new(spec, position).map_err(|e| e.to_string())?;
    let tokens = tokens(text)?;
    let mut at = 0;
    let mut count = 0;
    let mut root = Node::default();
    if parse_line(&tokens, &mut at, &start, &mut root, &mut count)? {
        return Err("a `)` closes no variation".into());
    }
    Ok(root)
}

/// Reads moves into `node`'s line until a `)` or the end: each move a child of the one before;
/// a variation, a sibling of the move it replaces. Whether a `)` ended it.
fn parse_line(
    tokens: &[Token],
    at: &mut usize,
    game: &Match,
    node: &mut Node,
    count: &mut usize,
) -> Result<bool, String> {
    // The path from `node` down the line being read.
    let mut here: Vec<usize> = Vec::new();
    let mut game = game.clone();
    let mut before: Option<Match> = None;
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        match token {
            Token::Move(text) => {
                let key = game.move_key(text).ok_or_else(|| {
                    format!("{text} is not legal here ({})", game.position_text())
                })?;
                *count += 1;
                if *count > MAX_NODES {
                    return Err(format!("more than {MAX_NODES} moves"));
                }
                let parent = walk(node, &here);
                parent.children.push(Node { text: key.clone(), ..Node::default() });
                here.push(parent.children.len() - 1);
                before = Some(game.clone());
                game.play(&key).map_err(|e| e.to_string())?;
            }
            Token::Comment(c) => {
                let target = walk(node, &here);
                target.comment = Some(match target.comment.take() {
                    Some(old) => Text { en: join(&old.en, &c.en), fr: join(&old.fr, &c.fr) },
                    None => c.clone(),
                });
            }
            Token::Shape(s) => walk(node, &here).shapes.push(s.clone()),
            Token::Open => {
                // Other moves in place of the last one read: from the position before it.
                let (Some(from), Some(_)) = (before.clone(), here.last()) else {
                    return Err("a variation must follow a move".into());
                };
                let parent_path = here[..here.len() - 1].to_vec();
                let parent = walk(node, &parent_path);
                let mut holder = Node::default();
                if !parse_line(tokens, at, &from, &mut holder, count)? {
                    return Err("a variation opened with ( is never closed".into());
                }
                parent.children.extend(holder.children);
            }
            Token::Close => return Ok(true),
        }
    }
    Ok(false)
}

fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_owned(),
        (_, true) => a.to_owned(),
        _ => format!("{a} {b}"),
    }
}

fn walk<'a>(node: &'a mut Node, path: &[usize]) -> &'a mut Node {
    path.iter().fold(node, |n, &i| &mut n.children[i])
}

/// Reads a study file (`NN-name.toml`).
pub fn read(path: &str, text: &str) -> Result<Study, String> {
    let stem = path.strip_suffix(".toml").ok_or("not a .toml file")?;
    let name =
        stem.split_once('-').map(|(_, n)| n).filter(|n| !n.is_empty()).ok_or("NN-name.toml")?;
    let file: StudyFile = toml::from_str(text).map_err(|e| e.to_string())?;
    if file.chapters.is_empty() {
        return Err("a study has chapters".into());
    }
    let mut chapters = Vec::new();
    for (i, c) in file.chapters.iter().enumerate() {
        if !GAMES.contains(&c.spec.game()) {
            return Err(format!("chapter {}: no such game", i + 1));
        }
        let root = parse_moves(&c.spec, c.position.as_deref(), &c.moves)
            .map_err(|e| format!("chapter {}: {e}", i + 1))?;
        chapters.push(Chapter {
            title: c.title.clone(),
            spec: c.spec.clone(),
            position: c.position.clone(),
            root,
        });
    }
    Ok(Study { name: name.to_owned(), title: file.title, intro: file.intro, chapters })
}

/// Every study the build holds.
pub fn all() -> &'static [Study] {
    static ALL: OnceLock<Vec<Study>> = OnceLock::new();
    ALL.get_or_init(|| files::FILES.iter().filter_map(|(p, t)| read(p, t).ok()).collect())
}

/// Every study file, read: for the tests.
pub fn every_file() -> Vec<Result<Study, String>> {
    files::FILES.iter().map(|(p, t)| read(p, t).map_err(|e| format!("{p}: {e}"))).collect()
}

pub fn find(name: &str) -> Option<&'static Study> {
    all().iter().find(|s| s.name == name)
}

/// A chapter as the page walks it: its nodes in order, each with its parent, its children, the
/// board after it and what is said of it (node 0 is the position before the first move).
pub fn chapter_view(chapter: &Chapter) -> Value {
    let start = Match::new(&chapter.spec, chapter.position.as_deref()).expect("checked when read");
    let mut nodes = Vec::new();
    flatten(&chapter.root, None, &start, &mut nodes);
    json!({
        "title": chapter.title,
        "spec": chapter.spec,
        "side": start.side_name(start.turn()),
        "nodes": nodes,
    })
}

fn flatten(node: &Node, parent: Option<usize>, game: &Match, out: &mut Vec<Value>) -> usize {
    let id = out.len();
    out.push(json!({
        "id": id,
        "parent": parent,
        "move": node.text,
        "comment": node.comment,
        "shapes": node.shapes,
        "children": [],
        "state": board_state(game),
        "turn": game.side_name(game.turn()),
    }));
    let mut children = Vec::new();
    for child in &node.children {
        let mut after = game.clone();
        if after.play(&child.text).is_err() {
            continue;
        }
        children.push(flatten(child, Some(id), &after, out));
    }
    out[id]["children"] = json!(children);
    id
}

/// The chapter as a record of its game, in the game's own notation (`awe replay` reads it): its
/// tags, then the main line with the comments (in `language`) and the variations in `( … )`.
/// Awechec's record (powers numbered, decisions folded into their moves) is written by the game's
/// own writer: its main line with its comments, without the variations yet.
pub fn record(chapter: &Chapter, title: &str, language: &str) -> String {
    let start = Match::new(&chapter.spec, chapter.position.as_deref()).expect("checked when read");
    let mut mainline = start.clone();
    let mut node = &chapter.root;
    while let Some(next) = node.children.first() {
        if mainline.play(&next.text).is_err() {
            break;
        }
        node = next;
    }
    if let Match::Awechec(game) = &mainline {
        // The game's own writer, each main-line action followed by its comment and by the
        // variations that replace it, each written by the same writer from where it branches.
        let lang = if language == "fr" {
            awe_awechec::Language::French
        } else {
            awe_awechec::Language::English
        };
        let history = awe_awechec::History::of_game(game);
        let mut record = awe_awechec::write_record(&history, lang, ["", ""]);
        let braced = |c: &Option<Text>| {
            say_in(c, language).map(|c| format!("{{{}}}", c.replace(['{', '}'], "")))
        };
        let mut after: Vec<Vec<String>> = Vec::new();
        let mut node = &chapter.root;
        let mut position = game.start().clone();
        while let Some(next) = node.children.first() {
            let mut words: Vec<String> = braced(&next.comment).into_iter().collect();
            words.extend(shapes_comment(&next.shapes));
            for variation in &node.children[1..] {
                words.extend(awechec_variation(&position, variation, lang, &braced));
            }
            after.push(words);
            let Ok(action) = awe_game::Position::parse_move(&position, &next.text) else { break };
            position = awe_game::Position::play(&position, action);
            node = next;
        }
        let mut before: Vec<String> = braced(&chapter.root.comment).into_iter().collect();
        before.extend(shapes_comment(&chapter.root.shapes));
        let moves = awe_awechec::record::movetext_annotated(&history, lang, &|i| {
            after.get(i).cloned().unwrap_or_default()
        });
        record.set_movetext([before, vec![moves]].concat().join(" "));
        return record.to_string();
    }
    let mut tags: Vec<(String, String)> = vec![("Game".into(), chapter.spec.game().into())];
    match &chapter.spec {
        Spec::Awele { rules } => {
            tags.push(("Rules".into(), rules.clone().unwrap_or_else(|| "awechec".into())))
        }
        Spec::Awithlaknannai { board, rules, outer_lines, end_lines } => {
            tags.push(("Board".into(), board.clone().unwrap_or_else(|| "mosona".into())));
            tags.push(("Rules".into(), rules.clone().unwrap_or_else(|| "wikipedia".into())));
            // As the game's record writes a board drawn without some of its lines.
            if *outer_lines == Some(false) {
                tags.push(("OuterLines".into(), "no".into()));
            }
            if *end_lines == Some(false) {
                tags.push(("EndLines".into(), "no".into()));
            }
        }
        Spec::Awechec { .. } => {}
    }
    tags.push(("Event".into(), title.to_owned()));
    tags.push(("Annotator".into(), "awe".into()));
    if let Some(text) = start.start_text(&chapter.spec) {
        tags.push(("Position".into(), text));
    }
    let result = match mainline.outcome() {
        Some(o) => match o.winner {
            Some(awe_game::Side::South) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        },
        None => "*",
    };
    tags.push(("Result".into(), result.into()));
    let mut text = String::new();
    for (name, value) in &tags {
        text += &format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""));
    }
    text.push('\n');
    let say = |c: &Option<Text>| {
        say_in(c, language).map(|s| format!("{{{}}}", s.replace(['{', '}'], "")))
    };
    let mut words = Vec::new();
    words.extend(say(&chapter.root.comment));
    words.extend(shapes_comment(&chapter.root.shapes));
    // Moves are numbered in pairs from the first side's: a start with the second side to move
    // begins at `1...`.
    let offset = (start.turn() != awe_game::Side::South) as usize;
    movetext(&chapter.root, &start, offset, true, &mut words, &say);
    words.push(result.into());
    text += &words.join(" ");
    text.push('\n');
    text
}

/// A variation of an Awechec chapter, from `position`: `( … )`, its line written by the game's
/// own writer (its comments, not its own variations), `None` if a move of it does not play.
fn awechec_variation(
    position: &awe_awechec::Position,
    first: &Node,
    language: awe_awechec::Language,
    braced: &dyn Fn(&Option<Text>) -> Option<String>,
) -> Option<String> {
    let mut game = awe_game::Game::new(position.clone());
    let mut notes = Vec::new();
    let mut node = first;
    loop {
        let action = awe_game::Position::parse_move(game.current(), &node.text).ok()?;
        game.play(action).ok()?;
        let mut note: Vec<String> = braced(&node.comment).into_iter().collect();
        note.extend(shapes_comment(&node.shapes));
        notes.push(note);
        match node.children.first() {
            Some(next) => node = next,
            None => break,
        }
    }
    let history = awe_awechec::History::of_game(&game);
    let text = awe_awechec::record::movetext_annotated(&history, language, &|i| {
        notes.get(i).cloned().unwrap_or_default()
    });
    // Without the result the writer ends with: the variation's end is not the game's.
    let text = text.rsplit_once(' ').map_or(text.as_str(), |(moves, _)| moves);
    Some(format!("( {text} )"))
}

/// A comment in `language` (the other where it has none).
fn say_in(comment: &Option<Text>, language: &str) -> Option<String> {
    let c = comment.as_ref()?;
    let s = if language == "fr" && !c.fr.is_empty() { &c.fr } else { &c.en };
    (!s.is_empty()).then(|| s.clone())
}

/// Writes the line below `node` (whose position is `game`, `ply` half-moves into the numbering):
/// each move with its number where the record wants one, its comment, then its variations.
fn movetext(
    node: &Node,
    game: &Match,
    ply: usize,
    numbered: bool,
    words: &mut Vec<String>,
    say: &dyn Fn(&Option<Text>) -> Option<String>,
) {
    let Some(main) = node.children.first() else { return };
    let first = ply.is_multiple_of(2);
    let number = ply / 2 + 1;
    let label = if first { format!("{number}.") } else { format!("{number}...") };
    if first || numbered {
        words.push(label.clone());
    }
    words.push(main.text.clone());
    words.extend(say(&main.comment));
    words.extend(shapes_comment(&main.shapes));
    let mut varied = false;
    for variation in node.children.iter().skip(1) {
        let mut alt = game.clone();
        if alt.play(&variation.text).is_err() {
            continue;
        }
        words.push("(".into());
        words.push(label.clone());
        words.push(variation.text.clone());
        words.extend(say(&variation.comment));
        words.extend(shapes_comment(&variation.shapes));
        let said = variation.comment.is_some() || !variation.shapes.is_empty();
        movetext(variation, &alt, ply + 1, said, words, say);
        words.push(")".into());
        varied = true;
    }
    let mut after = game.clone();
    if after.play(&main.text).is_ok() {
        let said = main.comment.is_some() || !main.shapes.is_empty();
        movetext(main, &after, ply + 1, varied || said, words, say);
    }
}
