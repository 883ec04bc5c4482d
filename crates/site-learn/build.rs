//! Embeds every stage file under `lessons/`, every practice position under `practice/`
//! (`GAME/NN-name.toml`), every game's openings (`openings/GAME.toml`) and every annotated game
//! (`studies/NN-name.toml`): a new one needs a file, never code.

use std::fmt::Write;
use std::path::Path;

/// Writes `OUT_DIR/NAME.rs`: `FILES`, every `GAME/*.toml` under `folder`, sorted, with its text.
fn embed(folder: &str, name: &str) {
    // Each game's folder, then its files.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for game in std::fs::read_dir(&root).expect("the folder is readable") {
        let game = game.expect("the folder is readable").path();
        if !game.is_dir() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", game.display());
        for file in std::fs::read_dir(&game).expect("a game's folder is readable") {
            let path = file.expect("a game's folder is readable").path();
            if path.extension().is_some_and(|e| e == "toml") {
                println!("cargo:rerun-if-changed={}", path.display());
                files.push(path);
            }
        }
    }
    files.sort();
    write(&root, folder, name, &files);
}

/// Writes `OUT_DIR/NAME.rs`: `FILES`, each of `files` by its path under `root`, with its text.
fn write(root: &Path, folder: &str, name: &str, files: &[std::path::PathBuf]) {
    let mut out = format!(
        "/// Every file under `{folder}/`: its path there, and its text.\npub static FILES: &[(&str, &str)] = &[\n"
    );
    for path in files {
        let under =
            path.strip_prefix(root).expect("under the folder").to_string_lossy().replace('\\', "/");
        writeln!(out, "    ({under:?}, include_str!({:?})),", path.display().to_string())
            .expect("a String takes writes");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join(format!("{name}.rs"));
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// Writes `OUT_DIR/NAME.rs`: `FILES`, every `*.toml` right under `folder`.
fn embed_flat(folder: &str, name: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .expect("the folder is readable")
        .map(|f| f.expect("the folder is readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    write(&root, folder, name, &files);
}

fn main() {
    embed("lessons", "files");
    embed("practice", "practice");
    embed_flat("openings", "openings");
    embed_flat("studies", "studies");
}
