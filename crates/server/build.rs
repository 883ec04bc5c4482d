//! Builds the pages (web/, TypeScript, with npm) into this build's output folder and writes the
//! list of their files, which the server embeds: `awe serve` is one file.
//!
//! `npm ci` runs first where web/node_modules is missing. `AWE_WEB_DIST=FOLDER` embeds an
//! already built folder instead, and runs no npm.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let web = manifest.join("../../web");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    for path in [
        "src",
        "index.html",
        "favicon.svg",
        "package.json",
        "package-lock.json",
        "build.mjs",
        "tsconfig.json",
    ] {
        println!("cargo:rerun-if-changed={}", web.join(path).display());
    }
    println!("cargo:rerun-if-env-changed=AWE_WEB_DIST");
    let dist = match std::env::var_os("AWE_WEB_DIST") {
        Some(dist) => PathBuf::from(dist),
        None => {
            let dist = out.join("web");
            if !web.join("node_modules").is_dir() {
                npm(&web, &["ci", "--no-audit", "--no-fund"], None);
            }
            npm(&web, &["run", "build"], Some(&dist));
            dist
        }
    };
    let mut files = Vec::new();
    collect(&dist, &dist, &mut files);
    files.sort();
    let mut code = String::from(
        "/// The pages' files: their path on the site, their type, their bytes, compressed where \
         web/build.mjs compressed them, and their entity tag.\n",
    );
    code.push_str("pub static ASSETS: &[Asset] = &[\n");
    let embed = |file: &Path| format!("include_bytes!({:?})", file.display().to_string());
    for (path, file) in &files {
        let kind = match file.extension().and_then(|e| e.to_str()) {
            Some("html") => "text/html; charset=utf-8",
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("svg") => "image/svg+xml",
            Some("png") => "image/png",
            // The compressed copies go with their file; the manifest is read below.
            Some("br" | "gz" | "json") => continue,
            _ => "application/octet-stream",
        };
        let beside = |suffix: &str| {
            let mut name = file.as_os_str().to_owned();
            name.push(suffix);
            let path = PathBuf::from(name);
            if path.is_file() { format!("Some({})", embed(&path)) } else { "None".to_owned() }
        };
        let bytes = std::fs::read(file).expect("a built file is read");
        code.push_str(&format!(
            "    Asset {{ path: {path:?}, kind: {kind:?}, bytes: {}, brotli: {}, gzip: {}, etag: \"\\\"{:016x}\\\"\" }},\n",
            embed(file),
            beside(".br"),
            beside(".gz"),
            fnv(&bytes)
        ));
    }
    code.push_str("];\n");
    // The files named after their content, by their plain names (`app.css`).
    let manifest = std::fs::read_to_string(dist.join("manifest.json")).unwrap_or_default();
    for (plain, constant) in [("app.js", "SCRIPT"), ("app.css", "STYLE"), ("favicon.svg", "ICON")] {
        let key = format!("\"{plain}\":\"");
        let named = manifest
            .split_once(&key)
            .and_then(|(_, rest)| rest.split_once('"'))
            .map_or(format!("/{plain}"), |(named, _)| named.to_owned());
        code.push_str(&format!(
            "/// Where `/{plain}` is now.\npub const {constant}: &str = {named:?};\n"
        ));
    }
    std::fs::write(out.join("assets.rs"), code).expect("the list of assets is written");
}

/// A 64-bit FNV-1a hash: the entity tag of a file.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Runs npm in `web`, building into `dist` if given; stops the build with npm's own output if
/// it fails.
fn npm(web: &Path, args: &[&str], dist: Option<&Path>) {
    let mut command = Command::new("npm");
    command.args(args).current_dir(web);
    if let Some(dist) = dist {
        command.env("AWE_WEB_OUT", dist);
    }
    match command.output() {
        Ok(output) if output.status.success() => {}
        Ok(output) => panic!(
            "`npm {}` in {} failed (the pages are built with Node.js and npm):\n{}\n{}",
            args.join(" "),
            web.display(),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ),
        Err(error) => panic!(
            "cannot run npm ({error}): the pages of awe serve are built with Node.js and npm; \
             install them, or set AWE_WEB_DIST to a built folder"
        ),
    }
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if let Ok(relative) = path.strip_prefix(root) {
            let site = format!("/{}", relative.display());
            files.push((site, path.canonicalize().unwrap_or(path)));
        }
    }
}
