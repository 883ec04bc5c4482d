//! Embeds every stage file under `lessons/` (`lessons/GAME/NN-name.toml`): a new stage needs a
//! file, never code.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for game in std::fs::read_dir(&root).expect("lessons/ is readable") {
        let game = game.expect("lessons/ is readable").path();
        if !game.is_dir() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", game.display());
        for file in std::fs::read_dir(&game).expect("a game's lessons are readable") {
            let path = file.expect("a game's lessons are readable").path();
            if path.extension().is_some_and(|e| e == "toml") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut out = String::from("/// Every stage file: its path under `lessons/`, and its text.\npub static FILES: &[(&str, &str)] = &[\n");
    for path in &files {
        let name = path.strip_prefix(&root).expect("under lessons/").to_string_lossy().replace('\\', "/");
        writeln!(out, "    ({name:?}, include_str!({:?})),", path.display().to_string()).unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("files.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
