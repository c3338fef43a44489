//! One statement for both databases.
//!
//! Every statement of the store is written once, in the SQL both SQLite and PostgreSQL read,
//! with numbered placeholders (`$1`, `$2`, …): PostgreSQL's own, and a named parameter to SQLite,
//! which sqlx binds by its number. [`run!`] sends the text as written, through sqlx, to whichever
//! database the [`crate::Tx`] holds, and maps its rows with the one `sqlx::FromRow` of each row
//! type; nothing is rewritten on the way. The few statements the two dialects write differently
//! choose by `Tx::is_postgres`.
//!
//! A statement that fails on SQLite (a key already taken, say) changes nothing and leaves the
//! transaction open for the next; on PostgreSQL it would abort the whole transaction. So on
//! PostgreSQL a statement that writes runs in a savepoint of its own, rolled back if it fails
//! ([`guarded`]), and a caller sees the same on both.

/// Whether a statement writes, and so runs in a savepoint of its own on PostgreSQL.
pub(crate) fn guarded(sql: &str) -> bool {
    let head = sql.trim_start();
    ["INSERT", "UPDATE", "DELETE", "WITH"].iter().any(|verb| {
        head.get(..verb.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(verb))
    })
}

/// Opens the savepoint of a statement that writes (see [`guarded`]).
pub(crate) async fn open(conn: &mut sqlx::PgConnection) -> Result<(), sqlx::Error> {
    sqlx::raw_sql("SAVEPOINT stmt").execute(conn).await?;
    Ok(())
}

/// Closes the savepoint of a statement that writes: kept if it succeeded, undone if it failed.
pub(crate) async fn close<T>(
    conn: &mut sqlx::PgConnection,
    out: Result<T, sqlx::Error>,
) -> Result<T, sqlx::Error> {
    let end = if out.is_ok() {
        "RELEASE SAVEPOINT stmt"
    } else {
        "ROLLBACK TO SAVEPOINT stmt; RELEASE SAVEPOINT stmt"
    };
    sqlx::raw_sql(end).execute(conn).await?;
    out
}

/// What a statement that returns no rows did, on either database.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Done(pub(crate) u64);

impl Done {
    pub(crate) fn rows_affected(&self) -> u64 {
        self.0
    }
}

impl From<sqlx::sqlite::SqliteQueryResult> for Done {
    fn from(r: sqlx::sqlite::SqliteQueryResult) -> Done {
        Done(r.rows_affected())
    }
}

impl From<sqlx::postgres::PgQueryResult> for Done {
    fn from(r: sqlx::postgres::PgQueryResult) -> Done {
        Done(r.rows_affected())
    }
}

/// Runs one statement on the database `$tx` (a [`crate::Tx`]) holds, and awaits it:
/// `run!(self, fetch_one, query_as(SQL).bind(a).bind(b))`. `execute` gives a [`Done`].
macro_rules! run {
    (@on $tx:expr, $fetch:ident, $map:path, $kind:ident $(::<$($gen:ty),*>)? ($sql:expr) $(.bind($arg:expr))*) => {{
        let sql = $sql;
        match &mut $tx.tx {
            $crate::writer::Held::Pg(conn) => {
                let guarded = $crate::dialect::guarded(::std::convert::AsRef::<str>::as_ref(&sql));
                let opened = if guarded {
                    $crate::dialect::open(&mut **conn).await
                } else {
                    Ok(())
                };
                let was_opened = guarded && opened.is_ok();
                let out = match opened {
                    Err(e) => Err(e),
                    Ok(()) => sqlx::$kind $(::<$($gen),*>)? (sqlx::AssertSqlSafe(sql))
                    $(.bind($arg))*
                    .$fetch(&mut **conn)
                    .await
                    .map($map),
                };
                if was_opened {
                    $crate::dialect::close(&mut **conn, out).await
                } else {
                    out
                }
            }
            held => sqlx::$kind $(::<$($gen),*>)? (sqlx::AssertSqlSafe(sql))
                $(.bind($arg))*
                .$fetch(&mut **held)
                .await
                .map($map),
        }
    }};
    ($tx:expr, execute, $($query:tt)*) => {
        $crate::dialect::run!(@on $tx, execute, $crate::dialect::Done::from, $($query)*)
    };
    ($tx:expr, $fetch:ident, $($query:tt)*) => {
        $crate::dialect::run!(@on $tx, $fetch, ::std::convert::identity, $($query)*)
    };
}

pub(crate) use run;
