//! Backups of a site on SQLite: `awe backup --to FILE` while the server runs, `awe restore
//! --from FILE` into a data folder while no server runs on it. PostgreSQL has its own tools
//! (`pg_dump`, `pg_restore`: docs/deploy.md).
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction, so a consistent copy of the
//! database as it was when it began (every acknowledged move until then), made while the server
//! goes on writing (write-ahead logging lets it), compacted, in one file of its own.

use std::path::{Path, PathBuf};

use sqlx::Connection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};

/// What a backup or a restore refused.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "{0} is a PostgreSQL database: back it up with pg_dump and restore it with pg_restore \
         (docs/deploy.md)"
    )]
    Postgres(String),
    #[error("{0} is not a SQLite database address (sqlite://FILE)")]
    NotSqlite(String),
    #[error("{0} exists already: give another file, or remove it first")]
    Exists(PathBuf),
    #[error("{0} is not a backup of awe: {1}")]
    NotABackup(PathBuf, String),
    #[error(
        "{0} exists: stop the server, then restore with --force (the database there is kept \
         beside it, renamed)"
    )]
    WouldReplace(PathBuf),
    #[error("{path}: {error}")]
    Io { path: PathBuf, error: std::io::Error },
    #[error("the database: {0}")]
    Database(#[from] sqlx::Error),
}

/// The file of a `sqlite://FILE?…` address.
pub fn sqlite_file(url: &str) -> Result<PathBuf, BackupError> {
    // The address in an error with its password hidden.
    let shown = crate::store::redacted(url);
    if url.starts_with("postgres") {
        return Err(BackupError::Postgres(shown));
    }
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .ok_or_else(|| BackupError::NotSqlite(shown.clone()))?;
    let file = rest.split('?').next().unwrap_or_default();
    if file.is_empty() || file == ":memory:" {
        return Err(BackupError::NotSqlite(shown));
    }
    Ok(PathBuf::from(file))
}

/// Copies the site's database (`url`) into the new file `to`, while a server may be running on
/// it. Returns the backup's size in bytes.
pub async fn backup(url: &str, to: &Path) -> Result<u64, BackupError> {
    let from = sqlite_file(url)?;
    if to.exists() {
        return Err(BackupError::Exists(to.to_owned()));
    }
    let options = SqliteConnectOptions::new()
        .filename(&from)
        .read_only(true)
        .busy_timeout(std::time::Duration::from_secs(30));
    let mut db = SqliteConnection::connect_with(&options).await?;
    // Made empty first, its owner's alone: it holds the accounts' password hashes from its
    // first page (SQLite writes into an empty file).
    create_private(to).map_err(|error| BackupError::Io { path: to.into(), error })?;
    let target = to.to_string_lossy().replace('\'', "''");
    let vacuum = format!("VACUUM INTO '{target}'");
    if let Err(error) = sqlx::raw_sql(sqlx::AssertSqlSafe(vacuum)).execute(&mut db).await {
        let _ = std::fs::remove_file(to);
        return Err(error.into());
    }
    db.close().await?;
    let size = std::fs::metadata(to).map_err(|error| BackupError::Io { path: to.into(), error })?;
    Ok(size.len())
}

/// Makes the new, empty file `path`, readable by its owner alone.
fn create_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map(drop)
}

/// What a backup holds, as `awe restore` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contents {
    pub games: i64,
    pub accounts: i64,
    /// The latest migration applied.
    pub schema: i64,
}

/// Checks that `file` is a sound SQLite database made by awe: its contents.
pub async fn check(file: &Path) -> Result<Contents, BackupError> {
    let not = |why: String| BackupError::NotABackup(file.to_owned(), why);
    if !file.is_file() {
        return Err(not("no such file".into()));
    }
    let options = SqliteConnectOptions::new().filename(file).read_only(true);
    let mut db = SqliteConnection::connect_with(&options).await.map_err(|e| not(e.to_string()))?;
    let integrity: (String,) = sqlx::query_as("PRAGMA integrity_check")
        .fetch_one(&mut db)
        .await
        .map_err(|e| not(e.to_string()))?;
    if integrity.0 != "ok" {
        return Err(not(format!("its integrity check says {}", integrity.0)));
    }
    let count = |sql: &'static str| sqlx::query_as::<_, (i64,)>(sql);
    let schema = count("SELECT COALESCE(MAX(version), 0) FROM _sqlx_migrations WHERE success")
        .fetch_one(&mut db)
        .await
        .map_err(|_| not("it has no schema of awe".into()))?
        .0;
    if schema > crate::store::latest_migration() {
        return Err(not(format!(
            "its schema ({schema}) is newer than this awe's ({}): restore it with the awe that \
             made it",
            crate::store::latest_migration()
        )));
    }
    let games = count("SELECT COUNT(*) FROM games").fetch_one(&mut db).await?.0;
    let accounts = count("SELECT COUNT(*) FROM users").fetch_one(&mut db).await?.0;
    db.close().await?;
    Ok(Contents { games, accounts, schema })
}

/// Puts the backup `from` in place of the database file `to` (no server may be running on
/// it). An existing database is replaced only if `force`, and then kept beside, renamed
/// `NAME.before-restore-SECONDS`, with its write-ahead log. Returns what was restored.
pub async fn restore(from: &Path, to: &Path, force: bool) -> Result<Contents, BackupError> {
    let contents = check(from).await?;
    let io = |path: &Path| {
        let path = path.to_owned();
        move |error| BackupError::Io { path, error }
    };
    if to.exists() {
        if !force {
            return Err(BackupError::WouldReplace(to.to_owned()));
        }
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        for suffix in ["", "-wal", "-shm"] {
            let file = PathBuf::from(format!("{}{suffix}", to.display()));
            if file.exists() {
                let kept =
                    PathBuf::from(format!("{}.before-restore-{stamp}{suffix}", to.display()));
                std::fs::rename(&file, &kept).map_err(io(&file))?;
            }
        }
    }
    if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    // Copied beside, then renamed: a restore cut halfway leaves no half database.
    let partial = PathBuf::from(format!("{}.restoring", to.display()));
    std::fs::copy(from, &partial).map_err(io(&partial))?;
    give_to_folder_owner(&partial).map_err(io(&partial))?;
    std::fs::rename(&partial, to).map_err(io(to))?;
    Ok(contents)
}

/// Makes a file its folder owner's, as the server that opens it runs as that user (`sudo awe
/// restore` would leave it root's, and the server could not write it). Private to that owner.
#[cfg(unix)]
fn give_to_folder_owner(file: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let folder = file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let owner = std::fs::metadata(folder)?;
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o600))?;
    let mine = std::fs::metadata(file)?;
    if (mine.uid(), mine.gid()) != (owner.uid(), owner.gid()) {
        std::os::unix::fs::chown(file, Some(owner.uid()), Some(owner.gid()))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn give_to_folder_owner(_file: &Path) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_address_names_its_file() {
        assert_eq!(
            sqlite_file("sqlite:///tmp/a/awe.db?mode=rwc").unwrap(),
            Path::new("/tmp/a/awe.db")
        );
        assert_eq!(sqlite_file("sqlite:awe.db").unwrap(), Path::new("awe.db"));
        assert!(matches!(sqlite_file("postgres://x@y/z"), Err(BackupError::Postgres(_))));
        assert!(matches!(sqlite_file("sqlite::memory:"), Err(BackupError::NotSqlite(_))));
        assert!(matches!(sqlite_file("mysql://x"), Err(BackupError::NotSqlite(_))));
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn a_restored_database_is_its_folder_owners_alone() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = std::env::temp_dir().join(format!("awe-backup-owner-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("site")).unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.join("live.db").display());
        crate::store::Store::open(&url).await.unwrap().close().await;
        let file = dir.join("backup.db");
        backup(&url, &file).await.unwrap();
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
        // The service's folder belongs to its user (nobody here) where this test may say so.
        let site = dir.join("site");
        let nobody = std::os::unix::fs::chown(&site, Some(65534), Some(65534)).is_ok();
        let restored = site.join("awe.db");
        let contents = restore(&file, &restored, false).await.unwrap();
        assert_eq!((contents.games, contents.accounts), (0, 0));
        let meta = std::fs::metadata(&restored).unwrap();
        let folder = std::fs::metadata(&site).unwrap();
        assert_eq!((meta.uid(), meta.gid()), (folder.uid(), folder.gid()));
        if nobody {
            assert_eq!(meta.uid(), 65534);
        }
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        // Not over a database without --force; with it, the old one kept beside.
        assert!(matches!(
            restore(&file, &restored, false).await,
            Err(BackupError::WouldReplace(_))
        ));
        restore(&file, &restored, true).await.unwrap();
        let kept = std::fs::read_dir(&site)
            .unwrap()
            .filter(|e| {
                e.as_ref().unwrap().file_name().to_string_lossy().contains("before-restore")
            })
            .count();
        assert_eq!(kept, 1);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn what_is_not_a_backup_is_refused() {
        let dir = std::env::temp_dir().join(format!("awe-backup-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = dir.join("notes.txt");
        std::fs::write(&text, "not a database at all, but long enough to be read").unwrap();
        assert!(matches!(check(&text).await, Err(BackupError::NotABackup(..))));
        assert!(matches!(check(&dir.join("missing")).await, Err(BackupError::NotABackup(..))));
        let target = dir.join("awe.db");
        assert!(restore(&text, &target, false).await.is_err());
        assert!(!target.exists(), "nothing put in place");
        let _ = std::fs::remove_dir_all(dir);
    }
}
