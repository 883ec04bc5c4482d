//! What a client sends the web server, as the server reads it: a WebSocket message (or the body
//! of `POST /api/games/ID/act`), played into a game of the kind the first byte chooses; the same
//! text as a game's spec, an account's name, and a `Cookie` header.
//!
//! Checks: nothing panics; a message read as a move is played only if its text is one of the
//! position's legal moves, and then the game has one more move; a spec read normalises to a spec
//! that reads back the same and names its rating category; a name accepted has the allowed
//! characters only; a secret or session token read from a cookie is 32 hexadecimal digits.

#![no_main]

use awe_server::message::Message;
use awe_server::model::Match;
use awe_server::room::Action;
use awe_server::spec::Spec;
use libfuzzer_sys::fuzz_target;
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let spec: Spec = match choice % 3 {
        0 => serde_json::from_value(json!({ "game": "awele", "rules": "abapa" })),
        1 => serde_json::from_value(json!({ "game": "awithlaknannai", "board": "kolowis" })),
        _ => serde_json::from_value(json!({ "game": "awechec" })),
    }
    .expect("a spec");
    let mut game = Match::new(&spec, None).expect("the usual start");

    if let Ok(message) = serde_json::from_str::<Message>(text)
        && let Some(Action::Move { text: mv, .. }) = message.action()
    {
        let legal: Vec<String> =
            game.legal().iter().filter_map(|m| m["text"].as_str().map(str::to_owned)).collect();
        let before = game.plies();
        match game.play(&mv) {
            Ok(()) => assert_eq!(game.plies(), before + 1),
            Err(_) => assert_eq!(game.plies(), before),
        }
        if game.plies() > before {
            // Played: its text read as a legal move (possibly written another way, as
            // notations allow, such as Awélé's `E(3)` for `E`).
            assert!(!legal.is_empty(), "a move played where none is legal: {mv:?}");
        }
    }

    if let Ok(spec) = serde_json::from_str::<Spec>(text)
        && let Ok(normal) = spec.normalized()
    {
        let again: Spec = serde_json::from_str(&serde_json::to_string(&normal).unwrap()).unwrap();
        assert_eq!(again.normalized().unwrap(), normal);
        let category = normal.category().expect("a normalized spec reads");
        if let Some(category) = category {
            assert!(Spec::categories().contains(&category), "{category}");
        }
        let _ = Match::new(&normal, None);
    }

    if awe_server::accounts::check_name(text).is_ok() {
        assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
        assert!((3..=20).contains(&text.len()));
    }

    let mut headers = http::HeaderMap::new();
    if let Ok(value) = http::HeaderValue::from_str(text) {
        headers.insert(http::header::COOKIE, value);
        for found in [awe_server::request::secret(&headers), awe_server::request::session_token(&headers)]
            .into_iter()
            .flatten()
        {
            assert!(found.len() == 32 && found.bytes().all(|b| b.is_ascii_hexdigit()), "{found}");
        }
        let _ = awe_server::request::same_origin(&headers);
    }
});
