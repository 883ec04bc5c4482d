//! Small crates written to a folder and read back: each way a module can name another makes an
//! edge, a circle is found at the level where it closes, and families (a module and its
//! children) make none.

use std::path::{Path, PathBuf};

use awe_layers::{circles, read};

/// A crate of `files` (path, text) in a folder of its own; its root is `lib.rs`.
fn write(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("awe-layers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir.join("lib.rs")
}

fn circles_of(root: &Path) -> Vec<Vec<String>> {
    circles(&read(root).unwrap()).into_iter().map(|c| c.members).collect()
}

#[test]
fn a_use_each_way_is_a_circle() {
    let root = write(
        "use",
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("a.rs", "use crate::b::B;\npub struct A;\n"),
            ("b.rs", "pub struct B;\nfn f() { let _ = crate::a::A; }\n"),
            ("c.rs", "use crate::a::A;\n"),
        ],
    );
    assert_eq!(circles_of(&root), vec![vec!["a".to_owned(), "b".to_owned()]]);
    let krate = read(&root).unwrap();
    let text = circles(&krate)[0].to_string();
    assert!(text.contains("a uses b") && text.contains("b uses a"), "{text}");
    assert!(text.contains("b.rs:2"), "where the use is: {text}");
}

#[test]
fn groups_nested_paths_and_reexports_are_uses() {
    let root = write(
        "group",
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\npub use c::C;\n"),
            ("a.rs", "use crate::{b::{B, x::X}, C};\npub struct A;\n"),
            ("b.rs", "mod x;\npub struct B;\n"),
            ("b/x.rs", "pub struct X;\n"),
            ("c.rs", "pub struct C;\nconst _: () = { let _ = super::a::A; };\n"),
        ],
    );
    // a -> b, a -> c (through the root's re-export), c -> a: a circle of a and c; b is out of it.
    assert_eq!(circles_of(&root), vec![vec!["a".to_owned(), "c".to_owned()]]);
}

#[test]
fn a_circle_closes_at_its_own_level() {
    let root = write(
        "level",
        &[
            ("lib.rs", "mod store;\nmod rating;\n"),
            ("store/mod.rs", "mod chat;\nmod puzzles;\npub use chat::Line;\n"),
            ("store/chat.rs", "use super::puzzles::P;\nuse super::Error;\npub struct Line;\n"),
            (
                "store/puzzles.rs",
                "use self::inner::Q;\nmod inner { pub struct Q; }\npub struct P;\nfn f() { let _ = crate::store::chat::Line; }\n",
            ),
            ("rating.rs", "pub struct Rating;\n"),
        ],
    );
    let krate = read(&root).unwrap();
    let found = circles(&krate);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].parent, vec!["store".to_owned()]);
    assert_eq!(found[0].members, vec!["chat".to_owned(), "puzzles".to_owned()]);
}

#[test]
fn families_comments_strings_and_other_crates_are_no_edge() {
    let root = write(
        "quiet",
        &[
            ("lib.rs", "mod a;\nmod b;\npub use a::A;\n/// See [`crate::b`].\npub fn f() {}\n"),
            (
                "a.rs",
                "mod child;\npub struct A;\n// crate::b::B in a comment\nconst S: &str = \"crate::b::B\";\nuse std::fmt;\nuse other::b::B;\n",
            ),
            ("a/child.rs", "use super::A;\nuse crate::a::A as Same;\n"),
            (
                "b.rs",
                "use crate::a::A;\npub(crate) struct B;\n#[cfg(test)]\nmod tests { use super::*; }\n",
            ),
        ],
    );
    assert!(circles_of(&root).is_empty());
    let krate = read(&root).unwrap();
    assert!(krate.modules.contains_key(&vec!["a".to_owned(), "child".to_owned()]));
    assert!(krate.modules.contains_key(&vec!["b".to_owned(), "tests".to_owned()]));
}

#[test]
fn a_missing_module_file_is_named() {
    let root = write("missing", &[("lib.rs", "mod gone;\n")]);
    let error = read(&root).unwrap_err().to_string();
    assert!(error.contains("mod gone;") && error.contains("gone.rs"), "{error}");
}

#[test]
fn the_workspace_has_no_circle() {
    // This workspace itself: every library and binary of its crates.
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for entry in std::fs::read_dir(&here).unwrap() {
        let dir = entry.unwrap().path();
        for root in ["src/lib.rs", "src/main.rs"] {
            let root = dir.join(root);
            if root.is_file() {
                let found = circles(&read(&root).unwrap());
                assert!(found.is_empty(), "{}: {}", root.display(), found[0]);
            }
        }
    }
}
