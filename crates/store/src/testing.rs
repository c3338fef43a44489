//! How the tests of the crates above the store (and the benchmark) open a database, so that one switch runs them all
//! on either engine: with `AGORA_TEST_STORE=postgres` (and `AGORA_TEST_POSTGRES_URL`, see
//! `tests/postgres/server.sh`) a test's database is a schema of its own on that PostgreSQL;
//! otherwise it is the SQLite file the test names.
//!
//! The schema is named after the file, so a test that opens "the same file" twice (two
//! processes on one database, a restart) opens the same schema twice. It is made new when the
//! file does not exist yet; an empty file is left in its place to say the schema is in use.

use crate::{Result, Store, StoreOptions};
use std::path::Path;

/// Whether the tests run on PostgreSQL, and where: the URL of the test server.
pub fn postgres_under_test() -> Option<String> {
    if std::env::var("AGORA_TEST_STORE").as_deref() != Ok("postgres") {
        return None;
    }
    Some(std::env::var("AGORA_TEST_POSTGRES_URL").expect(
        "AGORA_TEST_STORE=postgres needs AGORA_TEST_POSTGRES_URL: start one with \
         tests/postgres/server.sh and source its env",
    ))
}

/// Opens the test database "at" `path`: that SQLite file, or its schema on the test PostgreSQL.
pub async fn open(path: &Path, options: &StoreOptions) -> Result<Store> {
    let Some(url) = postgres_under_test() else {
        return Store::open(path, options).await;
    };
    let schema = schema_for(path);
    if !path.exists() {
        reset_schema(&url, &schema, true).await?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(sqlx::Error::Io)?;
        }
        std::fs::write(path, b"").map_err(sqlx::Error::Io)?;
    }
    Store::connect(&url_with_schema(&url, &schema), options).await
}

/// The URL of the test database "at" `path` (see [`open`]), for a test that reads it beside the
/// store.
pub fn url_of(path: &Path) -> String {
    match postgres_under_test() {
        Some(url) => url_with_schema(&url, &schema_for(path)),
        None => format!("sqlite://{}", path.display()),
    }
}

/// Drops `schema` on the PostgreSQL at `url` with everything in it, and makes it anew and empty
/// if `create` (the benchmark's runs use this too). `schema` is a plain identifier.
pub async fn reset_schema(url: &str, schema: &str, create: bool) -> Result<()> {
    use sqlx::Executor;
    if !schema
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(crate::StoreError::Corrupt(format!(
            "schema name `{schema}`"
        )));
    }
    let admin = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await?;
    let mut sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
    if create {
        sql.push_str(&format!("; CREATE SCHEMA {schema}"));
    }
    admin.execute(sqlx::AssertSqlSafe(sql)).await?;
    admin.close().await;
    Ok(())
}

/// The URL of `schema` on the server at `url`.
pub fn url_with_schema(url: &str, schema: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options[search_path]={schema}")
}

/// A schema name for a path: letters, digits and `_`, short enough for PostgreSQL (63 bytes),
/// and distinct for distinct paths.
fn schema_for(path: &Path) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    path.hash(&mut hasher);
    let tail: String = path
        .to_string_lossy()
        .chars()
        .rev()
        .take(30)
        .collect::<String>()
        .chars()
        .rev()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    format!("t{:016x}_{tail}", hasher.finish())
}

/// A statement written with SQLite's placeholders (`?`, `?N`) as PostgreSQL reads it (`$N`), as
/// the store sends it: for tests that read the database beside the store on either engine.
pub fn numbered(sql: &str) -> String {
    crate::dialect::numbered(sql)
}
