//! The one place where the core's typed errors become PostgreSQL errors, in
//! PostgreSQL's wording: malformed text is `22P02` (invalid_text_representation),
//! contradictory givens and arguments out of range are `22023`
//! (invalid_parameter_value), a puzzle the engine cannot answer yet is `0A000`
//! (feature_not_supported), refused memory is `53200` (out_of_memory). Every error
//! carries a DETAIL; its text goes through [`message_text`], so that it can be sent in
//! any database encoding. A leaf: every other module of the glue may import it.

use pgrx::pg_sys::panic::ErrorReport;
use pgrx::prelude::*;
use sudoku_core::variant::VariantError;
use sudoku_core::variant_explain::position::PositionError;
use sudoku_core::{ErrorKind, OutOfMemory, PuzzleError};

/// Raises `code` with `message` and `detail`.
pub fn raise_with(code: PgSqlErrorCode, message: String, detail: String) -> ! {
    ErrorReport::new(code, message_text(message), "sudoku_ext")
        .set_detail(message_text(detail))
        .report(PgLogLevel::ERROR);
    unreachable!("an ERROR report does not return")
}

/// The SQLSTATE of a core error's kind.
fn code_of(kind: ErrorKind) -> PgSqlErrorCode {
    match kind {
        ErrorKind::Malformed => PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
        ErrorKind::Contradictory => PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
        ErrorKind::NotSupported => PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED,
    }
}

/// Raises the PostgreSQL error of a core error; the DETAIL names the character or the
/// cells.
pub fn raise(err: PuzzleError) -> ! {
    raise_with(code_of(err.kind()), err.message(), err.detail())
}

/// Raises a core error read from `what` (an argument, or an element of one: "marks",
/// "puzzles[3]"), the DETAIL starting with that name.
pub fn raise_in(what: &str, err: PuzzleError) -> ! {
    raise_with(
        code_of(err.kind()),
        err.message(),
        format!("{what}: {}", err.detail()),
    )
}

/// Raises the PostgreSQL error of a variant puzzle's or its rules' error; `what`
/// (an argument's name: "rules") starts the DETAIL when given.
pub fn raise_variant(what: Option<&str>, err: VariantError) -> ! {
    let detail = match what {
        Some(what) => format!("{what}: {}", err.detail()),
        None => err.detail(),
    };
    raise_with(code_of(err.kind()), err.message(), detail)
}

/// Raises the error of a player's position under rules, the DETAIL starting with the
/// argument at fault.
pub fn raise_position(err: PositionError) -> ! {
    raise_with(
        code_of(err.kind()),
        err.message(),
        format!("{}: {}", err.argument(), err.detail()),
    )
}

/// Raises `53200` (out_of_memory) for memory the core asked for and did not get, as
/// PostgreSQL does when palloc fails: the query fails, the server goes on.
pub fn raise_oom(err: OutOfMemory) -> ! {
    raise_with(
        PgSqlErrorCode::ERRCODE_OUT_OF_MEMORY,
        "out of memory".to_string(),
        format!("Failed on request of size {} in sudoku_ext.", err.bytes),
    )
}

/// Raises `22023` (invalid_parameter_value) for an argument out of its range, with a
/// DETAIL saying what the argument takes.
pub fn raise_argument(message: String, detail: &str) -> ! {
    raise_with(
        PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
        message,
        detail.to_string(),
    )
}

/// Query cancel and `statement_timeout`, for the core's searches: the fast search
/// checks before every guess, the human-logic engine between techniques and during
/// chains.
pub struct Interruptible;

impl sudoku_core::Observer for Interruptible {
    #[inline(always)]
    fn check_interrupt(&mut self) {
        pg_sys::check_for_interrupts!();
    }
}

/// The interrupt hook of the human-logic engine (a closure's form of [`Interruptible`]).
pub fn check_interrupts() {
    pg_sys::check_for_interrupts!();
}

/// The database's encoding, as the glue treats it (see `encoding`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DbEncoding {
    Utf8,
    SqlAscii,
    /// Any other server encoding (its `pg_enc` number), converted by PostgreSQL.
    Other(i32),
}

/// The encoding of the database this backend serves.
pub fn db_encoding() -> DbEncoding {
    // SAFETY: reads a backend global set when the backend connected to its database.
    let enc = unsafe { pg_sys::GetDatabaseEncoding() };
    match enc as u32 {
        pg_sys::pg_enc::PG_UTF8 => DbEncoding::Utf8,
        pg_sys::pg_enc::PG_SQL_ASCII => DbEncoding::SqlAscii,
        _ => DbEncoding::Other(enc),
    }
}

/// `text` for an error message or DETAIL: as it is in a UTF-8 database or when ASCII;
/// otherwise each non-ASCII character written as `U+00E9`, which every encoding holds
/// (the message is sent in the database's encoding, which may lack the character).
pub fn message_text(text: String) -> String {
    if text.is_ascii() || db_encoding() == DbEncoding::Utf8 {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("U+{:04X}", c as u32));
        }
    }
    out
}
