//! For the tests and the measuring examples: a fresh database for each, on the server
//! `AWE_TEST_DATABASE` names (`postgres://127.0.0.1/test`: CI runs the server's tests once so),
//! else a SQLite file; and long records to import.

use sqlx::Connection;

/// The address of a new, empty database named after `name`: on PostgreSQL, the database
/// `awe_t_NAME` made anew (dropped first if an earlier run left it); else a SQLite file in a
/// folder of its own under the temporary folder.
pub async fn database_url(name: &str) -> String {
    let name: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .take(50)
        .collect();
    match std::env::var("AWE_TEST_DATABASE") {
        Ok(server) if server.starts_with("postgres") => {
            let mut admin = sqlx::postgres::PgConnection::connect(&server)
                .await
                .unwrap_or_else(|e| panic!("AWE_TEST_DATABASE={server}: {e}"));
            let database = format!("awe_t_{name}");
            for sql in [
                format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"),
                format!("CREATE DATABASE {database}"),
            ] {
                sqlx::raw_sql(sqlx::AssertSqlSafe(sql.clone()))
                    .execute(&mut admin)
                    .await
                    .unwrap_or_else(|e| panic!("{sql}: {e}"));
            }
            let _ = admin.close().await;
            let (base, query) = server.split_once('?').unwrap_or((&server, ""));
            let base = base.rsplit_once('/').map_or(base, |(base, _)| base);
            let query = if query.is_empty() { String::new() } else { format!("?{query}") };
            format!("{base}/{database}{query}")
        }
        _ => {
            let dir = std::env::temp_dir().join(format!("awe-test-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("a temporary folder");
            format!("sqlite://{}?mode=rwc", dir.join("awe.db").display())
        }
    }
}

/// The record of an Awélé game (`abapa`) of `plies` moves, or fewer if it ends first: random
/// moves that capture nothing where there is one, so that it goes on (a long game to import).
pub fn long_record(plies: usize, seed: u64) -> String {
    use crate::model::Match;
    use crate::spec::Spec;
    let spec = Spec::Awele { rules: Some("abapa".into()) };
    let Ok(mut game) = Match::new(&spec, None) else { return String::new() };
    let mut x = seed;
    while game.outcome().is_none() && game.plies() < plies {
        let legal = game.legal();
        let quiet: Vec<&serde_json::Value> = legal.iter().filter(|m| m["takes"] == 0).collect();
        let choices: Vec<&serde_json::Value> =
            if quiet.is_empty() { legal.iter().collect() } else { quiet };
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let Some(text) = choices[(x >> 33) as usize % choices.len()]["text"].as_str() else {
            break;
        };
        if game.play(text).is_err() {
            break;
        }
    }
    game.record(["ada", "bob"], awe_awechec::Language::English)
}
