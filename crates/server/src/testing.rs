//! For the tests: a fresh database for each, on the server `AWE_TEST_DATABASE` names
//! (`postgres://127.0.0.1/test`: CI runs the server's tests once so), else a SQLite file.

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
