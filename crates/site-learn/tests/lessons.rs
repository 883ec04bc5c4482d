//! Every stage file, played with the games' rules crates: it reads, its solution reaches its goal
//! move by move, its animation is legal, what it says of wrong moves is said of moves that miss,
//! and the tries the board offers are refused by the rules with a reason.

use awe_site_learn::check::{self, Verdict};
use awe_site_learn::stage::{self, Stage};

fn stages() -> Vec<Stage> {
    stage::every_file().into_iter().map(|s| s.unwrap_or_else(|e| panic!("{e}"))).collect()
}

#[test]
fn every_game_has_lessons_and_every_file_reads() {
    let stages = stages();
    assert_eq!(stages.len(), stage::all().len(), "every file reads");
    for game in stage::GAMES {
        let count = stages.iter().filter(|s| s.game == game).count();
        assert!(count >= 8, "{game} has {count} stages");
    }
    let mut ids: Vec<&str> = stages.iter().map(|s| s.id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), stages.len(), "every stage has its own name");
}

/// Plays the stage's solution through the judge; the line played (replies included).
fn solve(stage: &Stage) -> Vec<String> {
    let mut line = Vec::new();
    let solution = &stage.file.solution;
    for (i, mv) in solution.iter().enumerate() {
        match check::judge(stage, &line, mv) {
            Ok(Verdict::Played { moves, done }) => {
                assert_eq!(moves[0], stage.start().move_key(&moves[0]).unwrap_or(moves[0].clone()));
                line.extend(moves);
                assert_eq!(
                    done,
                    i + 1 == solution.len(),
                    "{}: the goal is reached at the solution's last move, not before ({mv})",
                    stage.id
                );
            }
            other => panic!("{}: the solution's move {mv} is not played: {other:?}", stage.id),
        }
    }
    line
}

#[test]
fn every_solution_reaches_its_goal() {
    for stage in stages() {
        let line = solve(&stage);
        let game = check::replay(&stage, &line).expect("the judge's line replays");
        let learner = stage.start().turn();
        assert!(check::reached(&stage, &game, learner, &stage.file.solution), "{}", stage.id);
        // The stage is over: no move is judged after it.
        assert!(check::judge(&stage, &line, &stage.file.solution[0]).is_err(), "{}", stage.id);
    }
}

#[test]
fn every_animation_plays() {
    for stage in stages() {
        let mut game = stage.start();
        assert!(!stage.file.animation.is_empty(), "{} has an animation", stage.id);
        for frame in &stage.file.animation {
            game.play(&frame.text).unwrap_or_else(|e| panic!("{}: {}: {e}", stage.id, frame.text));
        }
    }
}

#[test]
fn wrong_moves_are_refused_with_the_stages_words() {
    for stage in stages() {
        for wrong in &stage.file.wrong {
            match check::judge(&stage, &[], &wrong.text) {
                Ok(Verdict::Refused(r)) => {
                    assert_eq!(r.code, "miss", "{}: {}", stage.id, wrong.text);
                    assert_eq!(r.stage.as_ref(), Some(&wrong.why), "{}: {}", stage.id, wrong.text);
                }
                other => panic!("{}: {} should miss: {other:?}", stage.id, wrong.text),
            }
        }
    }
}

#[test]
fn every_first_move_is_judged_and_a_miss_changes_nothing() {
    for stage in stages() {
        let start = stage.start();
        for offered in check::offered(&start) {
            let text = offered["text"].as_str().expect("a move has a text");
            let verdict = check::judge(&stage, &[], text).expect("a first move is judged");
            let is_try = offered.get("try").is_some();
            match verdict {
                Verdict::Refused(r) if is_try => {
                    assert_ne!(
                        r.code, "miss",
                        "{}: the try {text} is refused by the rules",
                        stage.id
                    );
                    assert!(r.rules.is_some(), "{}: {text}: the rules say why", stage.id);
                }
                Verdict::Refused(r) => {
                    assert_eq!(r.code, "miss", "{}: the legal {text} misses the goal", stage.id);
                    assert!(r.stage.is_some());
                }
                Verdict::Played { .. } => {
                    assert!(!is_try, "{}: the try {text} was played", stage.id)
                }
            }
        }
    }
}

#[test]
fn the_rules_reasons_are_the_rules() {
    let find = |id: &str| stage::all().iter().find(|s| s.id == id).expect(id);
    let code = |id: &str, text: &str| match check::judge(find(id), &[], text) {
        Ok(Verdict::Refused(r)) => r.code,
        other => panic!("{id}: {text}: {other:?}"),
    };
    assert_eq!(code("awele/feeding", "A"), "must-feed");
    assert_eq!(code("awele/grand-slam", "E"), "grand-slam");
    assert_eq!(code("awele/capture", "B"), "empty-pit");
    assert_eq!(code("awele/capture", "a"), "not-your-pit");
    assert_eq!(code("awithlaknannai/compulsory", "b2-b3"), "must-capture");
    assert_eq!(code("awithlaknannai/most", "b8xt7"), "must-take-most");
    assert_eq!(code("awithlaknannai/chain", "m1xm3"), "chain-goes-on");
    assert_eq!(code("awechec/forced", "normal"), "illegal");
    // The same pits under abapa: the grand slam is played (and takes nothing).
    assert!(matches!(
        check::judge(find("awele/grand-slam-abapa"), &[], "E"),
        Ok(Verdict::Played { done: true, .. })
    ));
}

#[test]
fn a_line_that_is_not_the_stages_is_refused() {
    let stage = stage::all().iter().find(|s| s.id == "awele/famine").expect("famine");
    assert!(check::judge(stage, &["B".into()], "A").is_err(), "an illegal move in the line");
    assert!(check::judge(stage, &vec!["A".to_string(); 500], "A").is_err(), "too long");
    assert!(matches!(check::judge(stage, &[], "zz"), Ok(Verdict::Refused(_))), "not a move");
}

#[test]
fn every_openings_file_reads() {
    use awe_site_learn::openings;
    let files = openings::every_file();
    assert_eq!(files.len(), 3);
    for file in files {
        let (game, file) = file.unwrap_or_else(|e| panic!("{e}"));
        let view = openings::view(game).expect("the openings of a game");
        let moves = view["moves"].as_array().expect("moves");
        eprintln!(
            "{game}: {}",
            moves
                .iter()
                .map(|m| format!("{} {}", m["move"], m["value"]))
                .collect::<Vec<_>>()
                .join(", ")
        );
        // Every first move is there, the named ones among them.
        let start = awe_site_core::model::Match::new(&file.spec, None).expect("the start");
        assert_eq!(moves.len(), start.legal().len(), "{game}");
        assert!(file.moves.len() >= 3, "{game}: the main first moves are named");
    }
}

#[test]
fn every_study_reads_and_its_records_replay() {
    use awe_site_learn::study;
    let studies: Vec<_> =
        study::every_file().into_iter().map(|s| s.unwrap_or_else(|e| panic!("{e}"))).collect();
    assert!(studies.len() >= 3);
    let mut games = std::collections::BTreeSet::new();
    for s in &studies {
        for (i, chapter) in s.chapters.iter().enumerate() {
            games.insert(chapter.spec.game());
            let view = study::chapter_view(chapter);
            assert!(view["nodes"].as_array().unwrap().len() > 1, "{}: chapter {i}", s.name);
            // The record of each chapter, in each language, is read back by the games' own
            // replay: the same main line, to the same end.
            for language in ["en", "fr"] {
                let text = study::record(chapter, &s.title.en, language);
                let (_, game) =
                    awe_site_core::model::Match::from_record(&text).unwrap_or_else(|e| {
                        panic!("{}: chapter {i} ({language}): {e}\n{text}", s.name)
                    });
                let mut line = Vec::new();
                let mut node = &chapter.root;
                while let Some(next) = node.children.first() {
                    line.push(next.text.clone());
                    node = next;
                }
                assert_eq!(game.move_texts(), line, "{}: chapter {i}", s.name);
                fn branches(n: &awe_site_learn::study::Node) -> bool {
                    n.children.len() > 1 || n.children.iter().any(branches)
                }
                if branches(&chapter.root) {
                    assert!(text.contains("( "), "{}: the variations are written: {text}", s.name);
                }
                // Every comment of the main line is written (records wrap their lines).
                let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
                let written = flat(&text);
                let mut node = &chapter.root;
                while let Some(next) = node.children.first() {
                    if let Some(c) = &next.comment {
                        let said = if language == "fr" { &c.fr } else { &c.en };
                        assert!(
                            written.contains(&format!("{{{}}}", flat(said))),
                            "{}: {said}\n{text}",
                            s.name
                        );
                    }
                    node = next;
                }
            }
        }
    }
    assert_eq!(games.len(), 3, "a study of each game");
}

#[test]
fn a_studys_moves_are_the_rules() {
    use awe_site_core::spec::Spec;
    use awe_site_learn::study::parse_moves;
    let spec = Spec::Awele { rules: None };
    let root =
        parse_moves(&spec, None, "1. F {en: one}{fr: un} ( 1. E b ( 1... c ) ) b [arrow F b] 2. A")
            .unwrap();
    assert_eq!(root.children.len(), 2, "F and the variation E");
    assert_eq!(root.children[0].comment.as_ref().map(|c| c.fr.as_str()), Some("un"));
    assert_eq!(root.children[1].children.len(), 2, "after E: b, and the variation c");
    assert_eq!(root.children[0].children[0].shapes.len(), 1);
    for bad in ["1. F F", "1. F ( b )", "1. F ( E", "1. F )", "( E )", "1. G", "{never closed"] {
        assert!(parse_moves(&spec, None, bad).is_err(), "{bad}");
    }
    // A drawing names places only: one on `}` would end the comment its record writes it in
    // (found by fuzzing), one on a long or odd name is no place.
    for bad in ["1. F [mark `}`]", "1. F [arrow F }]", "1. F [mark abcde]", "1. F [mark]"] {
        let error = parse_moves(&spec, None, bad).unwrap_err();
        assert!(error.contains("is no shape"), "{bad}: {error}");
    }
}

#[test]
fn an_awechec_records_comments_and_variations_come_back_into_a_study() {
    use awe_site_learn::study::{self, Node};
    let s = study::find("the-rules-example").expect("the rules' example");
    let chapter = &s.chapters[0];
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let said = |root: &Node, fr: bool| {
        let mut all = Vec::new();
        let mut node = root;
        while let Some(next) = node.children.first() {
            if let Some(c) = &next.comment {
                all.push(flat(if fr { &c.fr } else { &c.en }));
            }
            node = next;
        }
        all.join(" ")
    };
    // The tree's moves, its variations in parentheses.
    fn moves(node: &Node) -> String {
        let mut out = String::new();
        let mut node = node;
        while let Some(next) = node.children.first() {
            out += &format!(" {}", next.text);
            for v in &node.children[1..] {
                let mut alone = Node::default();
                alone.children.push(v.clone());
                out += &format!(" ({} )", moves(&alone));
            }
            node = next;
        }
        out
    }
    fn comments(node: &Node, fr: bool, out: &mut Vec<String>) {
        for child in &node.children {
            if let Some(c) = &child.comment {
                out.push(if fr { c.fr.clone() } else { c.en.clone() });
            }
            comments(child, fr, out);
        }
    }
    for (language, fr) in [("en", false), ("fr", true)] {
        let text = study::record(chapter, &s.title.en, language);
        let record = awe_game::record::Record::parse(&text).unwrap();
        let root = awe_site_learn::awechec::read(&record).expect("the record reads");
        // The same words in the same order (a decision's comment and its move's come back on
        // the move, which Awechec writes with it).
        assert_eq!(said(&root, fr), said(&chapter.root, fr), "{language}");
        assert!(!said(&root, fr).is_empty());
        // The same tree of moves: every variation back in place of the action it replaces,
        // its moves and its comments.
        assert_eq!(moves(&root), moves(&chapter.root), "{language}: {text}");
        assert!(moves(&root).contains('('), "the example has variations");
        let (mut back, mut written) = (Vec::new(), Vec::new());
        comments(&root, fr, &mut back);
        comments(&chapter.root, fr, &mut written);
        for c in &written {
            // Records wrap their lines: compared with the spaces made one.
            let c = flat(c);
            assert!(back.iter().any(|b| flat(b).contains(&c)), "{language}: {c} comes back");
        }
    }
}

#[test]
fn a_long_chapter_goes_through_json() {
    use awe_site_learn::study::{Chapter, check};
    // The Awechec game: 442 moves, a line far deeper than JSON readers nest; and variations.
    for s in awe_site_learn::study::all() {
        for chapter in &s.chapters {
            let text = serde_json::to_string(chapter).unwrap();
            let mut back: Chapter =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", s.name));
            assert_eq!(&back, chapter, "{}", s.name);
            check(&mut back).unwrap();
        }
    }
}

#[test]
fn a_chapters_drawings_go_through_its_record() {
    use awe_site_core::spec::Spec;
    use awe_site_learn::study::{self, Node, Shape};
    fn shapes(node: &Node, out: &mut Vec<Shape>) {
        out.extend(node.shapes.iter().cloned());
        for child in &node.children {
            shapes(child, out);
        }
    }
    let mut drawn = 0;
    for s in study::all() {
        for chapter in &s.chapters {
            let mut written = Vec::new();
            shapes(&chapter.root, &mut written);
            for language in ["en", "fr"] {
                let text = study::record(chapter, &s.title.en, language);
                let record = awe_game::record::Record::parse(&text).unwrap();
                let back = match chapter.spec {
                    Spec::Awechec { .. } => awe_site_learn::awechec::read(&record).unwrap(),
                    _ => {
                        let moves: Vec<&str> = record
                            .movetext()
                            .split_whitespace()
                            .filter(|w| !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*"))
                            .collect();
                        study::parse_moves(
                            &chapter.spec,
                            chapter.position.as_deref(),
                            &moves.join(" "),
                        )
                        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", s.name))
                    }
                };
                let mut read = Vec::new();
                shapes(&back, &mut read);
                assert_eq!(
                    read, written,
                    "{} ({language}): the drawings come back\n{text}",
                    s.name
                );
                // And `awe replay`'s reader still reads the record.
                awe_site_core::model::Match::from_record(&text).unwrap();
            }
            drawn += written.len();
        }
    }
    assert!(drawn >= 4, "the shipped studies draw: {drawn}");
    // Another writer's commands in a comment stay in it.
    let (found, rest) = study::shapes_in("[%clk 0:01:00] a fine move [%arrow F b]");
    assert_eq!(found, vec![Shape::Arrow { from: "F".into(), to: "b".into() }]);
    assert_eq!(rest, "[%clk 0:01:00] a fine move");
}
