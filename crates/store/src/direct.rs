//! Statements run on the calling thread, on the connection's own SQLite handle.
//!
//! sqlx runs every SQLite connection on a thread of its own and hands each statement over to it
//! and the result back. For the few statements every action makes (reading its game, writing the
//! action, queueing its notifications, recording its delivery, and the savepoints and commits
//! around them) those hand-offs cost more than SQLite does. A connection therefore takes
//! the handle from sqlx's thread ([`sqlx::sqlite::SqliteConnection::lock_handle`], the one
//! hand-off) and keeps it while statements run directly through rusqlite on that handle; it gives
//! it back before anything else goes through sqlx. On the writer connection the handle stays taken
//! from one command to the next, so an action makes no hand-off at all.
//!
//! Values are written and read as sqlx writes and reads them (times as RFC 3339 text), so a row
//! reads the same whichever way it was written.

use chrono::{DateTime, FixedOffset, NaiveDateTime, Offset, SecondsFormat, TimeZone, Utc};
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use sqlx::error::{DatabaseError, ErrorKind};
use sqlx::sqlite::{LockedSqliteHandle, SqliteConnection};
use std::borrow::Cow;
use std::fmt;

/// A connection's SQLite handle taken from sqlx's thread, with the statements prepared on it.
#[derive(Default)]
pub(crate) struct Handle {
    /// Declared first: dropped (its statements finalized) before the handle is given back.
    db: Option<rusqlite::Connection>,
    lock: Option<LockedSqliteHandle<'static>>,
}

impl Handle {
    /// The handle, taken from sqlx's thread if it is not held already.
    pub(crate) async fn take<'a>(
        &'a mut self,
        conn: &mut SqliteConnection,
    ) -> Result<&'a rusqlite::Connection, sqlx::Error> {
        if self.lock.is_none() {
            let mut lock = conn.lock_handle().await?;
            let handle = lock.as_raw_handle();
            // SAFETY: the guard points into the state sqlx shares between the connection and its
            // thread (kept alive by both); it is dropped (`give_back`) before the connection is
            // used through sqlx again or closed, which every holder of a `Held` ensures.
            let lock: LockedSqliteHandle<'static> = unsafe { std::mem::transmute(lock) };
            if self.db.is_none() {
                // SAFETY: the handle stays valid while the connection is open, and is used only
                // while the guard is held; the wrapper does not close it when dropped.
                let db = unsafe { rusqlite::Connection::from_handle(handle.as_ptr().cast()) }
                    .map_err(error)?;
                db.set_prepared_statement_cache_capacity(64);
                self.db = Some(db);
            }
            self.lock = Some(lock);
        }
        Ok(self.db.as_ref().expect("set above"))
    }

    /// Gives the handle back to sqlx's thread (keeping the prepared statements).
    pub(crate) fn give_back(&mut self) {
        self.lock = None;
    }

    /// Gives the handle back and forgets the statements: before the connection closes.
    pub(crate) fn forget(&mut self) {
        self.db = None;
        self.lock = None;
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.forget();
    }
}

/// A time as sqlx writes it.
pub(crate) struct Time(pub(crate) DateTime<Utc>);

impl ToSql for Time {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(
            self.0.to_rfc3339_opts(SecondsFormat::AutoSi, false),
        ))
    }
}

impl FromSql for Time {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Time> {
        let text = value.as_str()?;
        parse_time(text)
            .map(|t| Time(t.with_timezone(&Utc)))
            .ok_or_else(|| FromSqlError::Other(format!("invalid datetime: {text}").into()))
    }
}

/// An optional time as sqlx writes it.
pub(crate) fn time(t: Option<DateTime<Utc>>) -> Option<Time> {
    t.map(Time)
}

/// Reads a time column.
pub(crate) fn get_time(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<DateTime<Utc>> {
    Ok(row.get::<_, Time>(i)?.0)
}

/// Reads an optional time column.
pub(crate) fn get_opt_time(
    row: &rusqlite::Row<'_>,
    i: usize,
) -> rusqlite::Result<Option<DateTime<Utc>>> {
    Ok(row.get::<_, Option<Time>>(i)?.map(|t| t.0))
}

/// The text forms sqlx reads a time from (RFC 3339 first, then SQLite's own).
fn parse_time(value: &str) -> Option<DateTime<FixedOffset>> {
    if let Ok(t) = DateTime::parse_from_rfc3339(value) {
        return Some(t);
    }
    const FORMATS: &[&str] = &[
        "%F %T%.f",
        "%F %R",
        "%F %RZ",
        "%F %R%:z",
        "%F %T%.fZ",
        "%F %T%.f%:z",
        "%FT%R",
        "%FT%RZ",
        "%FT%R%:z",
        "%FT%T%.f",
        "%FT%T%.fZ",
        "%FT%T%.f%:z",
    ];
    FORMATS.iter().find_map(|format| {
        DateTime::parse_from_str(value, format).ok().or_else(|| {
            NaiveDateTime::parse_from_str(value, format)
                .ok()
                .map(|t| Utc.fix().from_utc_datetime(&t))
        })
    })
}

/// A rusqlite error as the sqlx error the same statement would have given, so callers see one
/// kind of database error whichever way a statement ran.
pub(crate) fn error(e: rusqlite::Error) -> sqlx::Error {
    match e {
        rusqlite::Error::SqliteFailure(failure, message) => {
            sqlx::Error::Database(Box::new(DirectError {
                code: failure.extended_code,
                message: message.unwrap_or_else(|| failure.to_string()),
            }))
        }
        rusqlite::Error::QueryReturnedNoRows => sqlx::Error::RowNotFound,
        other => sqlx::Error::Decode(Box::new(other)),
    }
}

impl From<rusqlite::Error> for crate::StoreError {
    fn from(e: rusqlite::Error) -> crate::StoreError {
        crate::StoreError::Db(error(e))
    }
}

#[derive(Debug)]
struct DirectError {
    code: i32,
    message: String,
}

impl fmt::Display for DirectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DirectError {}

impl DatabaseError for DirectError {
    fn message(&self) -> &str {
        &self.message
    }

    fn code(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.code.to_string()))
    }

    fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        self
    }

    fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
        self
    }

    fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
        self
    }

    fn kind(&self) -> ErrorKind {
        use rusqlite::ffi;
        match self.code {
            ffi::SQLITE_CONSTRAINT_UNIQUE | ffi::SQLITE_CONSTRAINT_PRIMARYKEY => {
                ErrorKind::UniqueViolation
            }
            ffi::SQLITE_CONSTRAINT_FOREIGNKEY => ErrorKind::ForeignKeyViolation,
            ffi::SQLITE_CONSTRAINT_NOTNULL => ErrorKind::NotNullViolation,
            ffi::SQLITE_CONSTRAINT_CHECK => ErrorKind::CheckViolation,
            _ => ErrorKind::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::{Connection, Row};

    /// A time written one way reads back the same the other way, fractions and all, and the
    /// forms SQLite writes itself (`CURRENT_TIMESTAMP`) read as sqlx reads them.
    #[tokio::test]
    async fn times_and_errors_are_the_same_either_way() {
        let mut conn = sqlx::SqliteConnection::connect("sqlite::memory:")
            .await
            .unwrap();
        sqlx::query("CREATE TABLE t (id INTEGER PRIMARY KEY, at TEXT)")
            .execute(&mut conn)
            .await
            .unwrap();
        let whole = Utc.with_ymd_and_hms(2026, 12, 4, 12, 0, 0).unwrap();
        let fine = whole + chrono::Duration::microseconds(123_456);
        sqlx::query("INSERT INTO t (id, at) VALUES (1, ?), (2, ?)")
            .bind(whole)
            .bind(fine)
            .execute(&mut conn)
            .await
            .unwrap();
        let mut handle = Handle::default();
        {
            let db = handle.take(&mut conn).await.unwrap();
            let read = |id: i64| {
                db.query_row("SELECT at FROM t WHERE id = ?", [id], |r| get_time(r, 0))
                    .unwrap()
            };
            assert_eq!((read(1), read(2)), (whole, fine));
            db.execute("INSERT INTO t (id, at) VALUES (3, ?)", [Time(fine)])
                .unwrap();
            db.execute(
                "INSERT INTO t (id, at) VALUES (4, '2026-12-04 12:00:00')",
                [],
            )
            .unwrap();
            assert_eq!(read(4), whole);
            let again = db
                .execute("INSERT INTO t (id, at) VALUES (1, NULL)", [])
                .unwrap_err();
            let sqlx::Error::Database(e) = error(again) else {
                panic!("not a database error");
            };
            assert_eq!(e.kind(), ErrorKind::UniqueViolation);
        }
        handle.give_back();
        let row = sqlx::query("SELECT at FROM t WHERE id = 3")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        assert_eq!(row.get::<DateTime<Utc>, _>(0), fine);
        // The prepared statements stay for the next time the handle is taken.
        assert!(handle.take(&mut conn).await.is_ok());
        handle.forget();
        conn.close().await.unwrap();
    }

    /// The writer connection commits durably by default and keeps the sub-journal of each
    /// command's savepoint in memory, not in a temporary file written on every first change of
    /// a page.
    #[tokio::test]
    async fn the_writer_is_durable_and_keeps_its_savepoint_journal_in_memory() {
        let dir = std::env::temp_dir().join(format!("agora-writer-pragmas-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = crate::Store::open(&dir.join("agora.db"), &crate::StoreOptions::default())
            .await
            .unwrap();
        let mut tx = store.write().await.unwrap();
        let db = tx.db().await.unwrap();
        let pragma = |name: &str| -> i64 {
            db.query_row(&format!("PRAGMA {name}"), [], |r| r.get(0))
                .unwrap()
        };
        assert_eq!(pragma("synchronous"), 2, "synchronous = FULL");
        assert_eq!(pragma("temp_store"), 2, "temp_store = MEMORY");
        drop(tx);
        store.close().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
