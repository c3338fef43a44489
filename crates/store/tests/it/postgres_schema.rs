//! The PostgreSQL schema (`migrations/postgres`) against the SQLite one: both are built from their
//! migrations on real servers (a fresh SQLite file, a fresh database on the PostgreSQL named by
//! `AGORA_TEST_POSTGRES_URL`) and compared table by table, so a migration added to one folder and
//! not the other fails here.
//!
//! `.ci/run` starts a throwaway PostgreSQL (`tests/postgres/server.sh`) and sets
//! `AGORA_REQUIRE_POSTGRES=1`, so there a missing server fails the test. Elsewhere, without the
//! variable, the test prints SKIPPED.

use agora_testkit::store as common;

use common::TestDb;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::SqlitePool;
use sqlx::{Executor, Row};
use std::collections::{BTreeMap, BTreeSet};

/// One column as both engines can describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Column {
    /// The type as the engine names it (SQLite's declared type, upper case; PostgreSQL's
    /// `udt_name`).
    kind: String,
    not_null: bool,
}

#[derive(Debug, Default)]
struct Schema {
    /// Table → column → column.
    tables: BTreeMap<String, BTreeMap<String, Column>>,
    /// Table → its primary key's columns, in order.
    keys: BTreeMap<String, Vec<String>>,
    /// Table → the column lists of its unique constraints (other than the key).
    unique: BTreeMap<String, BTreeSet<Vec<String>>>,
    /// The names of the indexes made with `CREATE INDEX`.
    indexes: BTreeSet<String>,
}

/// A fresh database on the test server, or `None` (the test is skipped) when none is named.
async fn postgres(name: &str) -> Option<(PgPool, String, String)> {
    let Ok(url) = std::env::var("AGORA_TEST_POSTGRES_URL") else {
        assert!(
            std::env::var("AGORA_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "AGORA_REQUIRE_POSTGRES=1 but AGORA_TEST_POSTGRES_URL is not set: \
             start one with tests/postgres/server.sh and source its env"
        );
        println!(
            "SKIPPED: no PostgreSQL (set AGORA_TEST_POSTGRES_URL; see tests/postgres/server.sh)"
        );
        return None;
    };
    let admin = PgPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .expect("the test PostgreSQL answers");
    let database = format!("agora_{name}_{}", std::process::id());
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {database}"
        )))
        .await
        .unwrap();
    admin
        .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {database}")))
        .await
        .unwrap();
    admin.close().await;
    let (base, _) = url.rsplit_once('/').expect("the URL names a database");
    let pool = PgPoolOptions::new()
        .max_connections(2)
        .connect(&format!("{base}/{database}"))
        .await
        .unwrap();
    Some((pool, url, database))
}

async fn drop_database(url: &str, database: &str) {
    let admin = PgPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap();
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {database}"
        )))
        .await
        .unwrap();
}

async fn sqlite_schema(pool: &SqlitePool) -> Schema {
    let mut schema = Schema::default();
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table'
           AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for table in tables {
        let rows = sqlx::query("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)")
            .bind(&table)
            .fetch_all(pool)
            .await
            .unwrap();
        let mut columns = BTreeMap::new();
        let mut key: Vec<(i64, String)> = Vec::new();
        for row in rows {
            let name: String = row.get(0);
            let pk: i64 = row.get(3);
            if pk > 0 {
                key.push((pk, name.clone()));
            }
            // A key column is never NULL on PostgreSQL; on SQLite an INTEGER PRIMARY KEY is the
            // rowid and a WITHOUT ROWID key is NOT NULL too.
            let not_null = row.get::<i64, _>(2) == 1 || pk > 0;
            let kind = row.get::<String, _>(1).to_ascii_uppercase();
            columns.insert(name, Column { kind, not_null });
        }
        key.sort();
        schema
            .keys
            .insert(table.clone(), key.into_iter().map(|(_, c)| c).collect());
        let unique = sqlx::query(
            "SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1 AND origin = 'u'",
        )
        .bind(&table)
        .fetch_all(pool)
        .await
        .unwrap();
        let mut sets = BTreeSet::new();
        for index in unique {
            let index: String = index.get(0);
            let cols: Vec<String> =
                sqlx::query_scalar("SELECT name FROM pragma_index_info(?) ORDER BY seqno")
                    .bind(&index)
                    .fetch_all(pool)
                    .await
                    .unwrap();
            sets.insert(cols);
        }
        schema.unique.insert(table.clone(), sets);
        schema.tables.insert(table, columns);
    }
    schema.indexes = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
    )
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    schema
}

async fn postgres_schema(pool: &PgPool) -> Schema {
    let mut schema = Schema::default();
    let rows = sqlx::query(
        "SELECT table_name::text, column_name::text, udt_name::text, is_nullable = 'NO'
         FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name NOT LIKE '\\_%'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for row in rows {
        let table: String = row.get(0);
        schema.tables.entry(table).or_default().insert(
            row.get(1),
            Column {
                kind: row.get(2),
                not_null: row.get(3),
            },
        );
    }
    // Keys and unique constraints, with their columns in order.
    let rows = sqlx::query(
        "SELECT c.conrelid::regclass::text, c.contype::text,
                array_agg(a.attname::text ORDER BY k.n)
         FROM pg_constraint c
         CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
         WHERE c.contype IN ('p', 'u') AND c.connamespace = 'public'::regnamespace
         GROUP BY c.oid, c.conrelid, c.contype",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for table in schema.tables.keys() {
        schema.keys.insert(table.clone(), Vec::new());
        schema.unique.insert(table.clone(), BTreeSet::new());
    }
    for row in rows {
        let (table, kind, columns): (String, String, Vec<String>) =
            (row.get(0), row.get(1), row.get(2));
        if kind == "p" {
            schema.keys.insert(table, columns);
        } else {
            schema.unique.entry(table).or_default().insert(columns);
        }
    }
    // Indexes of their own (not those behind a key or a unique constraint).
    schema.indexes = sqlx::query_scalar(
        "SELECT i.relname::text FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_namespace n ON n.oid = i.relnamespace
         WHERE n.nspname = 'public'
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)",
    )
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    schema
}

/// Whether a column's PostgreSQL type holds what its SQLite type holds, the way the store uses
/// it: times (named `…_at`, and the few other times) as `timestamptz`, flags as `boolean`.
fn same_kind(table: &str, column: &str, sqlite: &str, postgres: &str) -> Result<(), String> {
    const OTHER_TIMES: [&str; 7] = [
        "at",
        "window_start",
        "code_window_start",
        "vacation_from",
        "vacation_until",
        "claimed_until",
        "read_through",
    ];
    let time = column.ends_with("_at") || OTHER_TIMES.contains(&column);
    let fits = match sqlite {
        "TEXT" if time => postgres == "timestamptz",
        "TEXT" => postgres == "text",
        "INTEGER" => postgres == "int8" || postgres == "bool",
        "REAL" => postgres == "float8",
        "BLOB" => postgres == "bytea",
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        Err(format!(
            "{table}.{column}: {sqlite} on SQLite, {postgres} on PostgreSQL"
        ))
    }
}

#[tokio::test]
async fn the_postgres_schema_has_every_table_column_key_and_index_of_the_sqlite_one() {
    let Some((pg, url, database)) = postgres("schema").await else {
        return;
    };
    agora_store::POSTGRES_MIGRATIONS.run(&pg).await.unwrap();
    // Every migration is applied once: running again finds nothing to do.
    agora_store::POSTGRES_MIGRATIONS.run(&pg).await.unwrap();
    let postgres = postgres_schema(&pg).await;

    let db = TestDb::sqlite("schema").await;
    let lite = SqlitePool::connect(&format!("sqlite:{}", db.path().display()))
        .await
        .unwrap();
    let sqlite = sqlite_schema(&lite).await;
    lite.close().await;

    let names = |s: &Schema| s.tables.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&postgres), names(&sqlite), "the same tables");
    let mut differences = Vec::new();
    for (table, columns) in &sqlite.tables {
        let theirs = &postgres.tables[table];
        let (ours_names, their_names): (BTreeSet<_>, BTreeSet<_>) =
            (columns.keys().collect(), theirs.keys().collect());
        if ours_names != their_names {
            differences.push(format!(
                "{table}: columns {ours_names:?} on SQLite, {their_names:?} on PostgreSQL"
            ));
            continue;
        }
        for (name, column) in columns {
            let other = &theirs[name];
            if let Err(e) = same_kind(table, name, &column.kind, &other.kind) {
                differences.push(e);
            }
            if column.not_null != other.not_null {
                differences.push(format!(
                    "{table}.{name}: NOT NULL is {} on SQLite, {} on PostgreSQL",
                    column.not_null, other.not_null
                ));
            }
        }
        if sqlite.keys[table] != postgres.keys[table] {
            differences.push(format!(
                "{table}: key {:?} on SQLite, {:?} on PostgreSQL",
                sqlite.keys[table], postgres.keys[table]
            ));
        }
        let mut unique = sqlite.unique[table].clone();
        if table == "players" {
            // Case-blind on SQLite (NOCASE); an index on `lower(name)` on PostgreSQL.
            assert!(unique.remove(&vec!["name".to_owned()]));
        }
        if unique != postgres.unique[table] {
            differences.push(format!(
                "{table}: unique {unique:?} on SQLite, {:?} on PostgreSQL",
                postgres.unique[table]
            ));
        }
    }
    let mut indexes = postgres.indexes.clone();
    assert!(indexes.remove("players_name"), "names are unique there");
    if indexes != sqlite.indexes {
        differences.push(format!(
            "indexes: {:?} only on SQLite, {:?} only on PostgreSQL",
            sqlite.indexes.difference(&indexes).collect::<Vec<_>>(),
            indexes.difference(&sqlite.indexes).collect::<Vec<_>>()
        ));
    }
    assert!(differences.is_empty(), "{differences:#?}");

    // Names compare as SQLite's NOCASE compares them: ASCII letters without regard to case,
    // every other letter as it is.
    let insert = |name: &'static str| {
        sqlx::query("INSERT INTO players (name, created_at) VALUES ($1, now())").bind(name)
    };
    insert("Alice").execute(&pg).await.unwrap();
    assert!(insert("ALICE").execute(&pg).await.is_err());
    insert("Åsa").execute(&pg).await.unwrap();
    insert("åsa").execute(&pg).await.unwrap();

    pg.close().await;
    drop_database(&url, &database).await;
}
