//! `awe-layers`: checks every crate of the workspace for a circle among its modules (see the
//! library's documentation), and that no crate's source outgrows `--max-lines`. Run by CI
//! (`scripts/layers.sh`). Exits 1 on a circle or an outgrown crate, 2 if it cannot read the
//! workspace.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};
use clap::Parser;

/// Checks that no module of any crate of the workspace uses one that uses it back.
#[derive(Parser)]
struct Args {
    /// The workspace's Cargo.toml.
    #[arg(long, default_value = "Cargo.toml")]
    manifest_path: PathBuf,
    /// The most lines of source a crate may hold (its library's and binaries' modules).
    #[arg(long)]
    max_lines: Option<usize>,
}

fn main() -> ExitCode {
    match run(&Args::parse()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("awe-layers: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<bool> {
    let output = Command::new(std::env::var_os("CARGO").unwrap_or("cargo".into()))
        .args(["metadata", "--no-deps", "--format-version", "1", "--manifest-path"])
        .arg(&args.manifest_path)
        .output()
        .context("running cargo metadata")?;
    if !output.status.success() {
        bail!("cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    }
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).context("reading cargo metadata's answer")?;
    let mut clean = true;
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let name = package["name"].as_str().unwrap_or("?");
        let mut files = BTreeSet::new();
        for target in package["targets"].as_array().into_iter().flatten() {
            let kinds: Vec<&str> = target["kind"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|k| k.as_str())
                .collect();
            if !kinds.iter().any(|k| ["lib", "rlib", "cdylib", "bin", "proc-macro"].contains(k)) {
                continue;
            }
            let root = PathBuf::from(target["src_path"].as_str().unwrap_or_default());
            let krate = awe_layers::read(&root)
                .with_context(|| format!("{name}: reading {}", root.display()))?;
            for circle in awe_layers::circles(&krate) {
                clean = false;
                print!("{name} ({}): {circle}", target["name"].as_str().unwrap_or("?"));
            }
            files.extend(krate.modules.into_values());
        }
        let mut lines = 0;
        for file in &files {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("reading {}", file.display()))?;
            lines += text.lines().count();
        }
        let over = args.max_lines.is_some_and(|most| lines > most);
        println!(
            "{name}: {} modules' files, {lines} lines{}",
            files.len(),
            if over { " (too many)" } else { "" }
        );
        clean &= !over;
    }
    if clean {
        println!("no circle among any crate's modules");
    }
    Ok(clean)
}
