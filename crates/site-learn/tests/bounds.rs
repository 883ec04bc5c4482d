//! What one visitor may ask of the lessons, the practice and the studies, through the site's API
//! on a real server: moves at lessons go through the per-address rate (a burst, then refused), a
//! line longer than the bound is refused, an account writes a bounded number of studies, and
//! only its author saves a study. On SQLite, or PostgreSQL where `AWE_TEST_DATABASE` names it.

use awe_site_testing as common;

use common::Browser;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lesson_moves_are_rate_limited_and_lines_bounded() {
    // Each visitor's address as a balancer in front says it.
    let limits = awe_server::limits::Settings { trust_proxy: true, ..Default::default() };
    let server = common::start_with("learn-bounds", limits).await;
    let mut visitor = Browser::at(&server, "10.9.0.1");
    let (status, _) = visitor
        .post("/api/learn/awele/sowing/move", json!({ "line": vec!["D"; 121], "move": "D" }))
        .await;
    assert_eq!(status, 400, "a line past the bound");
    let mut refused = 0;
    for _ in 0..80 {
        let (status, answer) =
            visitor.post("/api/learn/awele/sowing/move", json!({ "line": [], "move": "A" })).await;
        match status {
            200 => assert_eq!(answer["code"], "miss"),
            429 => refused += 1,
            other => panic!("{other}: {answer}"),
        }
    }
    assert!(refused >= 15, "the burst is 60: {refused} of 80 refused");
    // Another address is not held back by this one's.
    let mut other = Browser::at(&server, "10.9.0.2");
    let (status, _) = other.post("/api/practice/awele/behind/hint", json!({ "line": [] })).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_writes_a_bounded_number_of_studies_and_saves_only_its_own() {
    let limits = awe_server::limits::Settings { imports_per_minute: 10_000, ..Default::default() };
    let server = common::start_with("learn-studies", limits).await;
    let mut author = Browser::signed_up(&server, "scribe", "a long enough password").await;
    let from = json!({ "kind": "position", "spec": { "game": "awele" } });
    let mut first = String::new();
    for i in 0..awe_site_learn::studies::MAX_STUDIES {
        let (status, made) = author
            .post("/api/studies", json!({ "title": format!("Study {i}"), "from": from }))
            .await;
        assert_eq!(status, 200, "{made}");
        if i == 0 {
            first = made["id"].as_str().unwrap().to_owned();
        }
    }
    let (status, refused) =
        author.post("/api/studies", json!({ "title": "One more", "from": from })).await;
    assert_eq!(status, 400, "{refused}");
    // Another account reads it by its link, and cannot save it.
    let mut reader = Browser::signed_up(&server, "reader", "a long enough password").await;
    let (status, study) = reader.get(&format!("/api/studies/{first}")).await;
    assert_eq!((status, study["editable"].as_bool()), (200, Some(false)));
    let body = json!({ "title": "Mine", "visibility": "public", "chapters": study["source"] });
    let (status, _) = reader.post(&format!("/api/studies/{first}"), body).await;
    assert_eq!(status, 400);
    // Nor may its author save an illegal move.
    let mut chapters = study["source"].clone();
    chapters[0]["root"]["line"] = json!([{ "move": "a" }]);
    let (status, said) = author
        .post(
            &format!("/api/studies/{first}"),
            json!({ "title": "T", "visibility": "unlisted", "chapters": chapters }),
        )
        .await;
    assert_eq!(status, 400, "{said}");
    // A long chapter, every move commented, is more than the site's usual body (16 kB): it is
    // saved alone, through its own route, which takes more; the whole study in one body is not.
    let mut game =
        awe_site_core::model::Match::new(&awe_site_core::spec::Spec::Awele { rules: None }, None)
            .unwrap();
    let mut line = Vec::new();
    while line.len() < 80 && game.outcome().is_none() {
        let text = game.legal()[0]["text"].as_str().unwrap().to_owned();
        game.play(&text).unwrap();
        let said =
            format!("Move {}: {}", line.len() + 1, "a long and careful comment. ".repeat(10));
        line.push(json!({ "move": text, "comment": { "en": said, "fr": said } }));
    }
    let mut chapter = study["source"][0].clone();
    chapter["root"]["line"] = json!(line);
    let whole = json!({ "title": "T", "visibility": "unlisted", "chapters": [chapter.clone()] });
    assert!(whole.to_string().len() > 16 * 1024);
    let (status, _) = author.post(&format!("/api/studies/{first}"), whole).await;
    assert_eq!(status, 413, "the whole study in one body is too large");
    let one = json!({ "chapter": chapter });
    let (status, said) =
        author.post(&format!("/api/studies/{first}/chapters/0"), one.clone()).await;
    assert_eq!(status, 200, "{said}");
    let (_, back) = reader.get(&format!("/api/studies/{first}")).await;
    assert_eq!(back["source"][0]["root"]["line"].as_array().map(Vec::len), Some(line.len()));
    // Not by another account, not a chapter it does not have, not past the chapter's limit.
    let (status, _) = reader.post(&format!("/api/studies/{first}/chapters/0"), one.clone()).await;
    assert_eq!(status, 400);
    let (status, _) = author.post(&format!("/api/studies/{first}/chapters/1"), one).await;
    assert_eq!(status, 400);
    let huge = "x".repeat(awe_site_learn::studies::CHAPTER_BYTES);
    chapter["root"]["comment"] = json!({ "en": huge, "fr": "" });
    let (status, _) = author
        .post(&format!("/api/studies/{first}/chapters/0"), json!({ "chapter": chapter }))
        .await;
    assert_eq!(status, 413);
    // The title and visibility alone keep the chapters.
    let (status, _) = author
        .post(
            &format!("/api/studies/{first}"),
            json!({ "title": "Renamed", "visibility": "public" }),
        )
        .await;
    assert_eq!(status, 200);
    let (_, back) = reader.get(&format!("/api/studies/{first}")).await;
    assert_eq!(back["source"][0]["root"]["line"].as_array().map(Vec::len), Some(line.len()));
    assert_eq!(back["title"]["en"], "Renamed");
}
