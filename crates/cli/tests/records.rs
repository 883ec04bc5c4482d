//! `awe replay` on records that are too large, cut short, or wrong in a tag: each is refused with
//! one clear message naming the file, and a record a user's editor marked as UTF-8 is read.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The awe command, with an empty cache: the tests see no database the machine has built.
fn awe(args: &[&str]) -> Output {
    let cache = std::env::temp_dir().join("awe-records-test-empty-cache");
    Command::new(env!("CARGO_BIN_EXE_awe"))
        .env("AWE_CACHE", cache)
        .env("AWE_ENDGAME", "off")
        .args(args)
        .output()
        .expect("awe runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn last_line(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).lines().last().unwrap_or("").to_owned()
}

/// A file in a folder of its own under the system's temporary folder.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let folder =
        std::env::temp_dir().join(format!("awe-records-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// Removes a file made by [`temp_file`] and its folder.
fn remove(path: &Path) {
    if let Some(folder) = path.parent() {
        let _ = std::fs::remove_dir_all(folder);
    }
}

/// `awe replay` on a record, which must be refused: its message, without `awe: FILE: `.
fn refusal(name: &str, record: &str) -> String {
    let path = temp_file(name, record.as_bytes());
    let out = awe(&["replay", path.to_str().unwrap()]);
    remove(&path);
    assert!(!out.status.success(), "{name} was read");
    let message = stderr(&out);
    let prefix = format!("awe: {}: ", path.display());
    match message.strip_prefix(&prefix) {
        Some(rest) => rest.trim_end().to_owned(),
        None => panic!("{message} does not start with {prefix}"),
    }
}

#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_without_filling_the_memory() {
    let out = awe(&["replay", "/dev/zero"]);
    assert!(!out.status.success());
    assert_eq!(
        stderr(&out),
        "awe: /dev/zero is larger than 4194304 bytes, the most a record may be\n"
    );
}

#[test]
fn a_file_larger_than_the_limit_is_refused() {
    let mut text = b"[Game \"awele\"]\n\n1. E b *\n".to_vec();
    text.resize(4 * 1024 * 1024 + 1, b' ');
    let path = temp_file("large.awe", &text);
    let out = awe(&["replay", path.to_str().unwrap()]);
    remove(&path);
    assert!(!out.status.success());
    assert_eq!(
        stderr(&out),
        format!("awe: {} is larger than 4194304 bytes, the most a record may be\n", path.display())
    );
}

#[test]
fn unreadable_files_are_named() {
    let path = temp_file("latin1.awe", b"[Game \"awele\"]\n[South \"Am\xe9\"]\n");
    let out = awe(&["replay", path.to_str().unwrap()]);
    assert_eq!(
        stderr(&out),
        format!("awe: {} is not UTF-8 text (invalid byte at offset 25)\n", path.display())
    );
    let missing = path.with_file_name("missing.awe");
    let out = awe(&["replay", missing.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr(&out).starts_with(&format!("awe: cannot read {}: ", missing.display())));
    remove(&path);
}

#[test]
fn a_record_with_a_byte_order_mark_is_read() {
    let path = temp_file("bom.awe", "\u{feff}[Game \"awele\"]\n\n1. E b *\n".as_bytes());
    let out = awe(&["replay", path.to_str().unwrap()]);
    remove(&path);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&out), "result: *");
}

#[test]
fn a_record_of_many_tags_is_refused_at_once() {
    let tags: String = (0..200_000).map(|i| format!("[T{i} \"{i}\"]\n")).collect();
    assert_eq!(refusal("tags.awe", &tags), "line 1001: more than 1000 tags");
}

#[test]
fn records_cut_short_are_refused_by_their_termination_tag() {
    // The rules' example cut before its mate, its tags still saying how it ended.
    let study = "[Game \"awechec\"]\n[Powers \"BBBNNBBBBNNBBBBB\"]\n[Result \"0-1\"]\n\
                 [Termination \"checkmate\"]\n\n1. (1=B) e4 (2=B) 0 2. (3=B) Fc4 (4=N) Cc6 0-1\n";
    assert_eq!(
        refusal("study.awe", study),
        "tag Termination: the record says checkmate but the moves end by resignation"
    );
    let awele = "[Game \"awele\"]\n[Result \"0-1\"]\n[Termination \"repetition\"]\n\
                 [Score \"7-40\"]\n\n1. A b 0-1\n";
    assert!(refusal("awele.awe", awele).starts_with("tag Termination: the record says repetition"));
    let bogus = "[Game \"awele\"]\n[Score \"999-999\"]\n[Termination \"bogus\"]\n\n1. A b *\n";
    assert!(refusal("bogus.awe", bogus).starts_with("tag Termination: unknown ending `bogus`"));
    let zero = "[Game \"awithlaknannai\"]\n[PlyLimit \"0\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n";
    assert_eq!(
        refusal("zero.awe", zero),
        "tag PlyLimit: `0` is not a number of plies from 1 to 65535"
    );
}

#[test]
fn a_tag_error_is_printed_once() {
    let cases = [
        (
            "[Game \"awele\"]\n[Rules \"kalah\"]\n",
            "tag Rules: unknown Awélé rule set `kalah` (known: awechec, abapa, awari)",
        ),
        ("[Game \"awele\"]\n[Position \"1,2 S 0 0\"]\n", "tag Position: "),
        (
            "[Game \"awithlaknannai\"]\n[Board \"square\"]\n",
            "tag Board: unknown Awithlaknannai board `square` \
             (known: mosona, kolowis, kolowis-ludii)",
        ),
        ("[Game \"awithlaknannai\"]\n[Rules \"chess\"]\n", "tag Rules: "),
        (
            "[Game \"awithlaknannai\"]\n[Start \"seed002\"]\n",
            "tag Start: the start seed002 does not exist on the board mosona",
        ),
        ("[Game \"awithlaknannai\"]\n[Position \"w b 1\"]\n", "tag Position: "),
        ("[Game \"awechec\"]\n[Variant \"blitz\"]\n", "tag Variant: "),
        ("[Game \"awechec\"]\n[Handicap \"white:x\"]\n", "tag Handicap: "),
        ("[Game \"awechec\"]\n[Language \"de\"]\n", "tag Language: "),
    ];
    for (record, start) in cases {
        let message = refusal("tag.awe", record);
        assert!(message.starts_with(start), "{record}: {message}");
        // Printed twice, the tag's error would follow itself after `: `.
        let (_, inner) = message.split_once(": ").unwrap();
        for (at, _) in inner.match_indices(": ") {
            assert_ne!(&inner[..at], &inner[at + 2..], "{message}");
        }
    }
}
