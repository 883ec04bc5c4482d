//! The modules of a crate, and whether any of them uses, directly or through others, a module
//! that uses it back.
//!
//! A crate is read from its root file as the compiler reads it (`mod x;` is `x.rs` or
//! `x/mod.rs` beside it, `mod x { … }` is inline), and every path that names a module of the
//! crate is an edge: `use crate::a::B`, `crate::a::f()` in a body, `use crate::{a::B, c}`,
//! `super::x`, `self::x`, a name the root re-exports (`crate::B` where the root says
//! `pub use a::B`). Paths inside macros count too; comments and strings do not.
//!
//! The edges are checked level by level. At each module, its children are the nodes, and a use
//! anywhere below one child of a path anywhere below another is an edge between the two: the
//! children of the crate root are its top-level modules. A module that uses its own parent's
//! items, or a parent that re-exports its child's, makes no edge: a module and its children are
//! one family. A circle among the children of one module is what this reports.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// A module's path from the crate's root: empty for the root.
pub type ModPath = Vec<String>;

/// One use of a module by another, where it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Use {
    pub from: ModPath,
    pub to: ModPath,
    pub file: PathBuf,
    pub line: usize,
}

/// A crate's modules and their uses of each other.
#[derive(Debug, Default)]
pub struct Crate {
    /// Every module, with the file it is read from.
    pub modules: BTreeMap<ModPath, PathBuf>,
    pub uses: Vec<Use>,
}

/// A circle among the children of one module: the modules in it, and a use for each edge.
#[derive(Debug)]
pub struct Circle {
    /// The module whose children these are (empty: the crate's root).
    pub parent: ModPath,
    pub members: Vec<String>,
    pub evidence: Vec<Use>,
}

impl fmt::Display for Circle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at =
            if self.parent.is_empty() { "the crate".to_owned() } else { self.parent.join("::") };
        writeln!(f, "a circle among the modules of {at}: {}", self.members.join(", "))?;
        for u in &self.evidence {
            writeln!(
                f,
                "  {} uses {} ({}:{})",
                show(&u.from),
                show(&u.to),
                u.file.display(),
                u.line
            )?;
        }
        Ok(())
    }
}

fn show(path: &ModPath) -> String {
    if path.is_empty() { "crate".to_owned() } else { path.join("::") }
}

/// Why a crate could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    #[error("{0}: not Rust tokens: {1}")]
    Lex(PathBuf, String),
    #[error("{file}: `mod {name};` names neither {name}.rs nor {name}/mod.rs")]
    Missing { file: PathBuf, name: String },
}

/// Reads the crate whose root file is `root` (its `lib.rs` or `main.rs`).
pub fn read(root: &Path) -> Result<Crate, ReadError> {
    let mut krate = Crate::default();
    let mut raw = Vec::new();
    let dir = root.parent().unwrap_or(Path::new(".")).to_path_buf();
    read_file(root, &dir, Vec::new(), &mut krate, &mut raw)?;
    // The names the root re-exports (`pub use a::B;`): `crate::B` is a use of `a`.
    let reexports: BTreeMap<String, ModPath> = raw
        .iter()
        .filter(|r| r.from.is_empty() && r.reexport)
        .filter_map(|r| Some((r.segments.last()?.clone(), r.segments.clone())))
        .collect();
    for r in raw {
        let mut segments = r.segments.clone();
        if r.from.is_empty() && r.reexport {
            continue;
        }
        if let Some(first) = segments.first()
            && !krate.modules.contains_key(&vec![first.clone()])
            && let Some(target) = reexports.get(first)
        {
            segments = target.clone();
        }
        // The deepest module the path names.
        let mut to = segments;
        while !to.is_empty() && !krate.modules.contains_key(&to) {
            to.pop();
        }
        if !to.is_empty() {
            krate.uses.push(Use { from: r.from, to, file: r.file, line: r.line });
        }
    }
    Ok(krate)
}

/// A path read in a module, resolved from the crate's root but not yet to a module.
struct RawUse {
    from: ModPath,
    segments: Vec<String>,
    /// A `pub use` of the module's own (the root's re-exports).
    reexport: bool,
    file: PathBuf,
    line: usize,
}

fn read_file(
    file: &Path,
    dir: &Path,
    module: ModPath,
    krate: &mut Crate,
    raw: &mut Vec<RawUse>,
) -> Result<(), ReadError> {
    let text = std::fs::read_to_string(file).map_err(|e| ReadError::Io(file.to_owned(), e))?;
    let tokens =
        TokenStream::from_str(&text).map_err(|e| ReadError::Lex(file.to_owned(), e.to_string()))?;
    krate.modules.insert(module.clone(), file.to_owned());
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    read_tokens(&tokens, file, dir, &module, krate, raw)
}

fn read_tokens(
    tokens: &[TokenTree],
    file: &Path,
    dir: &Path,
    module: &ModPath,
    krate: &mut Crate,
    raw: &mut Vec<RawUse>,
) -> Result<(), ReadError> {
    let mut i = 0;
    while i < tokens.len() {
        // `mod name;` and `mod name { … }`.
        if is_ident(&tokens[i], "mod")
            && let Some(TokenTree::Ident(name)) = tokens.get(i + 1)
        {
            let name = name.to_string();
            let mut child = module.clone();
            child.push(name.clone());
            match tokens.get(i + 2) {
                Some(TokenTree::Punct(p)) if p.as_char() == ';' => {
                    let beside = dir.join(format!("{name}.rs"));
                    let (path, child_dir) = if beside.is_file() {
                        (beside, dir.join(&name))
                    } else {
                        let inner = dir.join(&name).join("mod.rs");
                        if !inner.is_file() {
                            return Err(ReadError::Missing { file: file.to_owned(), name });
                        }
                        (inner, dir.join(&name))
                    };
                    read_file(&path, &child_dir, child, krate, raw)?;
                    i += 3;
                    continue;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                    krate.modules.insert(child.clone(), file.to_owned());
                    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                    read_tokens(&inner, file, &dir.join(&name), &child, krate, raw)?;
                    i += 3;
                    continue;
                }
                _ => {}
            }
        }
        // A path: `crate::…`, `super::…`, `self::…` where no `::` comes before it; and in the
        // root, `use a::…` (a re-export or a use of its own module `a`).
        let starts_path = matches!(&tokens[i], TokenTree::Ident(id)
            if ["crate", "super", "self"].contains(&id.to_string().as_str()))
            && !(i >= 1 && is_punct(&tokens[i - 1], ':'))
            && is_colons(tokens, i + 1);
        let root_use = module.is_empty()
            && i >= 1
            && is_ident(&tokens[i - 1], "use")
            && matches!(&tokens[i], TokenTree::Ident(id) if krate_module_name(id))
            && is_colons(tokens, i + 1);
        if starts_path || root_use {
            let line = tokens[i].span().start().line;
            let reexport = root_use && i >= 2 && is_ident(&tokens[i - 2], "pub");
            let base: Vec<String> = if root_use {
                vec![tokens[i].to_string()]
            } else {
                match tokens[i].to_string().as_str() {
                    "crate" => Vec::new(),
                    "self" => module.clone(),
                    _ => {
                        // `super::super::x`…
                        let mut base = module.clone();
                        base.pop();
                        let mut j = i + 3;
                        while is_ident_at(tokens, j, "super") && is_colons(tokens, j + 1) {
                            base.pop();
                            j += 3;
                        }
                        base
                    }
                }
            };
            let mut j = i + 3;
            if !root_use && tokens[i].to_string() == "super" {
                while is_ident_at(tokens, j, "super") && is_colons(tokens, j + 1) {
                    j += 3;
                }
            }
            let mut found = Vec::new();
            tree(tokens, j, base, &mut found);
            for segments in found {
                raw.push(RawUse {
                    from: module.clone(),
                    segments,
                    reexport,
                    file: file.to_owned(),
                    line,
                });
            }
            i += 1;
            continue;
        }
        if let TokenTree::Group(g) = &tokens[i] {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            read_tokens(&inner, file, dir, module, krate, raw)?;
        }
        i += 1;
    }
    Ok(())
}

/// Any identifier may name one of the root's modules in `use a::…`; whether it does is known
/// once every module is read.
fn krate_module_name(id: &proc_macro2::Ident) -> bool {
    let name = id.to_string();
    !["crate", "super", "self", "std", "core", "alloc"].contains(&name.as_str())
}

/// The paths of a use tree (or of a plain path) starting at `tokens[j]`, each after `base`.
fn tree(tokens: &[TokenTree], mut j: usize, mut base: Vec<String>, found: &mut Vec<Vec<String>>) {
    loop {
        match tokens.get(j) {
            Some(TokenTree::Ident(id)) => {
                base.push(id.to_string());
                if is_colons(tokens, j + 1) {
                    j += 3;
                    continue;
                }
                found.push(base);
                return;
            }
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                for part in inner.split(|t| is_punct(t, ',')) {
                    if !part.is_empty() {
                        tree(part, 0, base.clone(), found);
                    }
                }
                return;
            }
            _ => {
                found.push(base);
                return;
            }
        }
    }
}

fn is_ident(token: &TokenTree, name: &str) -> bool {
    matches!(token, TokenTree::Ident(id) if *id == name)
}

fn is_ident_at(tokens: &[TokenTree], i: usize, name: &str) -> bool {
    tokens.get(i).is_some_and(|t| is_ident(t, name))
}

fn is_punct(token: &TokenTree, c: char) -> bool {
    matches!(token, TokenTree::Punct(p) if p.as_char() == c)
}

/// Whether `tokens[i..]` begins with `::`.
fn is_colons(tokens: &[TokenTree], i: usize) -> bool {
    tokens.get(i).is_some_and(|t| is_punct(t, ':'))
        && tokens.get(i + 1).is_some_and(|t| is_punct(t, ':'))
}

/// The circles of `krate`, level by level.
pub fn circles(krate: &Crate) -> Vec<Circle> {
    // At each parent: the edges between its children, with a use for each.
    let mut levels: BTreeMap<ModPath, BTreeMap<(String, String), Use>> = BTreeMap::new();
    for u in &krate.uses {
        let common = u.from.iter().zip(&u.to).take_while(|(a, b)| a == b).count();
        if common >= u.from.len() || common >= u.to.len() {
            continue; // A module and its own ancestor or descendant: one family.
        }
        let parent = u.from[..common].to_vec();
        let edge = (u.from[common].clone(), u.to[common].clone());
        levels.entry(parent).or_default().entry(edge).or_insert_with(|| u.clone());
    }
    let mut out = Vec::new();
    for (parent, edges) in levels {
        let graph: BTreeMap<&str, BTreeSet<&str>> =
            edges.keys().fold(BTreeMap::new(), |mut g, (a, b)| {
                g.entry(a.as_str()).or_default().insert(b.as_str());
                g
            });
        for members in strongly_connected(&graph) {
            let evidence = edges
                .iter()
                .filter(|((a, b), _)| members.contains(a) && members.contains(b))
                .map(|(_, u)| u.clone())
                .collect();
            out.push(Circle { parent: parent.clone(), members, evidence });
        }
    }
    out
}

/// The strongly connected components of more than one node (Tarjan's algorithm).
fn strongly_connected(graph: &BTreeMap<&str, BTreeSet<&str>>) -> Vec<Vec<String>> {
    struct State<'a> {
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(n: &'a str, graph: &BTreeMap<&'a str, BTreeSet<&'a str>>, s: &mut State<'a>) {
        let i = s.index.len();
        s.index.insert(n, i);
        s.low.insert(n, i);
        s.stack.push(n);
        s.on_stack.insert(n);
        for &m in graph.get(n).into_iter().flatten() {
            if !s.index.contains_key(m) {
                visit(m, graph, s);
                let low = s.low[n].min(s.low[m]);
                s.low.insert(n, low);
            } else if s.on_stack.contains(m) {
                let low = s.low[n].min(s.index[m]);
                s.low.insert(n, low);
            }
        }
        if s.low[n] == s.index[n] {
            let mut component = Vec::new();
            while let Some(m) = s.stack.pop() {
                s.on_stack.remove(m);
                component.push(m.to_owned());
                if m == n {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for &n in graph.keys() {
        if !s.index.contains_key(n) {
            visit(n, graph, &mut s);
        }
    }
    s.out
}
