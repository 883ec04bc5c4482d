//! The studies the site ships, each chapter written as a record in each language and read back by
//! `awe replay`: the record a reader downloads is one the command line checks move by move.

use std::process::Command;

#[test]
fn every_shipped_studys_records_replay() {
    let dir = std::env::temp_dir().join(format!("awe-studies-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut count = 0;
    for study in awe_site_learn::study::all() {
        for (i, chapter) in study.chapters.iter().enumerate() {
            for language in ["en", "fr"] {
                let text = awe_site_learn::study::record(chapter, &study.title.en, language);
                let path = dir.join(format!("{}-{i}-{language}.txt", study.name));
                std::fs::write(&path, &text).unwrap();
                let out = Command::new(env!("CARGO_BIN_EXE_awe"))
                    .arg("replay")
                    .arg(&path)
                    .output()
                    .unwrap();
                let said = String::from_utf8_lossy(&out.stdout);
                assert!(
                    out.status.success(),
                    "{}: {}\n{text}",
                    study.name,
                    String::from_utf8_lossy(&out.stderr)
                );
                // The main line, to its end.
                let mut moves = 0;
                let mut node = &chapter.root;
                while let Some(next) = node.children.first() {
                    moves += 1;
                    node = next;
                }
                if chapter.spec.game() != "awechec" {
                    assert!(said.contains(&format!("moves: {moves}\n")), "{}: {said}", study.name);
                }
                count += 1;
            }
        }
    }
    assert!(count >= 8, "{count} records");
    std::fs::remove_dir_all(&dir).ok();
}
