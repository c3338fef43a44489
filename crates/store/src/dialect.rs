//! One statement for both databases.
//!
//! Every statement of the store is written once, in the SQL both SQLite and PostgreSQL read, with
//! SQLite's `?` placeholders. [`run!`] sends it to whichever database the [`crate::Tx`] holds: as
//! written to SQLite, and with its placeholders numbered (`$1`, `$2`, …; see [`numbered`]) to
//! PostgreSQL. The few statements the two dialects write differently choose by
//! `Tx::is_postgres`.
//!
//! A statement that fails on SQLite (a key already taken, say) changes nothing and leaves the
//! transaction open for the next; on PostgreSQL it would abort the whole transaction. So on
//! PostgreSQL a statement that writes runs in a savepoint of its own, rolled back if it fails
//! ([`guarded`]), and a caller sees the same on both.

/// The statement with SQLite's placeholders (`?`, `?N`) as PostgreSQL's (`$N`). Quoted text
/// (`'…'`, `"…"`) and comments are left alone.
pub(crate) fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut next = 0u32;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                out.push(c);
                for inner in chars.by_ref() {
                    out.push(inner);
                    if inner == c {
                        break;
                    }
                }
            }
            '-' if chars.peek() == Some(&'-') => {
                out.push(c);
                for inner in chars.by_ref() {
                    out.push(inner);
                    if inner == '\n' {
                        break;
                    }
                }
            }
            '?' => {
                let mut digits = String::new();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                out.push('$');
                if digits.is_empty() {
                    next += 1;
                    out.push_str(&next.to_string());
                } else {
                    out.push_str(&digits);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

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
                let sql = $crate::dialect::numbered(::std::convert::AsRef::<str>::as_ref(&sql));
                let guarded = $crate::dialect::guarded(&sql);
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

#[cfg(test)]
mod tests {
    use super::numbered;

    #[test]
    fn placeholders_are_numbered_in_order() {
        assert_eq!(
            numbered("SELECT a FROM t WHERE b = ? AND c IN (?, ?)"),
            "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
        );
    }

    #[test]
    fn numbered_placeholders_keep_their_numbers() {
        assert_eq!(
            numbered("UPDATE t SET a = ?2 WHERE id = ?1 AND b < ?2"),
            "UPDATE t SET a = $2 WHERE id = $1 AND b < $2"
        );
    }

    #[test]
    fn quoted_text_and_comments_are_left_alone() {
        assert_eq!(
            numbered("SELECT '?', \"a?\" FROM t -- why?\nWHERE x = ?"),
            "SELECT '?', \"a?\" FROM t -- why?\nWHERE x = $1"
        );
    }
}
