//! Text in and out of the database's encoding: [`DbText`] for every `text` argument
//! (arrays included), [`DbString`] for every result that may carry the caller's own
//! characters back (a solution in the input's layout, a picture with captions).
//!
//! PostgreSQL hands a function its text in the database's encoding, which may be
//! LATIN1, WIN1252, EUC_JP or SQL_ASCII (bytes of no stated encoding). The core reads
//! UTF-8 only, so each argument is converted once, here:
//! - ASCII (every puzzle and pencil-mark text, every option name) is taken as it is:
//!   every server encoding is a superset of ASCII, so the bytes already are UTF-8;
//! - in a UTF-8 database the bytes are checked as UTF-8;
//! - in SQL_ASCII, bytes that form UTF-8 are read as UTF-8, any others are refused with
//!   `22P02` and a DETAIL naming the byte (such a database states no encoding to
//!   convert from, and no data is guessed at);
//! - in any other encoding, PostgreSQL's own conversion to UTF-8 is used.
//!
//! Results go the other way: ASCII as it is, anything else converted from UTF-8 to the
//! database's encoding. (Error messages go through `errors::message_text`.)

use std::borrow::Cow;

use pgrx::callconv::{Arg, ArgAbi, BoxRet, FcInfo};
use pgrx::datum::{Datum, UnboxDatum};
use pgrx::pg_sys;
use pgrx::prelude::*;
use pgrx::{FromDatum, IntoDatum};
use sudoku_core::error::try_copy;

use crate::errors::{db_encoding, raise_oom, raise_with, DbEncoding};

/// A text argument type made from its datum's bytes by `$make`: its `FromDatum`, and
/// its `ArgAbi` through that (NULL handled by STRICT or an `Option`), as pgrx reads `&str`.
macro_rules! argument_from_datum {
    ($t:ident, $make:expr) => {
        impl FromDatum for $t<'_> {
            unsafe fn from_polymorphic_datum(
                datum: pg_sys::Datum,
                is_null: bool,
                _typoid: pg_sys::Oid,
            ) -> Option<Self> {
                if is_null || datum.is_null() {
                    return None;
                }
                let make: fn(&[u8]) -> $t<'_> = $make;
                Some(make(unsafe { datum_bytes(datum) }))
            }
        }

        unsafe impl<'fcx> ArgAbi<'fcx> for $t<'fcx> {
            unsafe fn unbox_arg_unchecked(arg: Arg<'_, 'fcx>) -> Self {
                let index = arg.index();
                unsafe { arg.unbox_arg_using_from_datum() }
                    .unwrap_or_else(|| panic!("argument {index} must not be null"))
            }

            unsafe fn unbox_nullable_arg(arg: Arg<'_, 'fcx>) -> pgrx::nullable::Nullable<Self> {
                unsafe { arg.unbox_arg_using_from_datum() }.into()
            }
        }
    };
}

/// A `text` argument read as UTF-8 (see the module notes). Borrowed from the datum
/// when its bytes are UTF-8 already, which every puzzle is.
pub struct DbText<'a>(Cow<'a, str>);

impl DbText<'static> {
    /// A constant argument (a default the glue passes itself).
    pub fn constant(text: &'static str) -> DbText<'static> {
        DbText(Cow::Borrowed(text))
    }
}

impl std::ops::Deref for DbText<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl DbText<'_> {
    /// The text, owned (a label kept past the call's arguments).
    pub fn into_string(self) -> String {
        self.0.into_owned()
    }
}

/// Raises `22P02` for bytes of a SQL_ASCII database that are not UTF-8.
fn refuse_bytes(bytes: &[u8], at: usize) -> ! {
    raise_with(
        PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
        format!("invalid byte sequence in text argument: 0x{:02x}", bytes[at]),
        format!(
            "Byte {} of the text is 0x{:02x}. The database's encoding is SQL_ASCII, which states no encoding: \
             sudoku_ext reads its text as UTF-8, and these bytes are not UTF-8.",
            at + 1,
            bytes[at]
        ),
    )
}

/// `bytes` (a text's, in the database's encoding) as UTF-8.
fn utf8_of(bytes: &[u8]) -> Cow<'_, str> {
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        return Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    match db_encoding() {
        DbEncoding::Utf8 | DbEncoding::SqlAscii => match std::str::from_utf8(bytes) {
            Ok(s) => Cow::Borrowed(s),
            Err(e) => refuse_bytes(bytes, e.valid_up_to()),
        },
        DbEncoding::Other(enc) => {
            let len = i32::try_from(bytes.len()).expect("a text is under 1 GB");
            // SAFETY: PostgreSQL reads `len` bytes of `bytes` and returns either them
            // (no conversion needed) or a palloc'd, NUL-terminated conversion; it raises
            // an ERROR (untranslatable character) rather than return anything else.
            let converted = unsafe {
                pg_sys::pg_do_encoding_conversion(
                    bytes.as_ptr().cast_mut(),
                    len,
                    enc,
                    pg_sys::pg_enc::PG_UTF8 as i32,
                )
            };
            let out: &[u8] = if std::ptr::eq(converted, bytes.as_ptr()) {
                bytes
            } else {
                // SAFETY: a NUL-terminated string PostgreSQL allocated for this call.
                unsafe { std::ffi::CStr::from_ptr(converted.cast()) }.to_bytes()
            };
            match std::str::from_utf8(out) {
                // A copy the size of the input: fallible, as every allocation sized by
                // input is (53200 when refused).
                Ok(s) => Cow::Owned(try_copy(s).unwrap_or_else(|e| raise_oom(e))),
                Err(e) => refuse_bytes(out, e.valid_up_to()),
            }
        }
    }
}

/// The bytes of a text datum (detoasted in the current memory context).
///
/// # Safety
/// `datum` is a non-null datum of a varlena type.
unsafe fn datum_bytes<'a>(datum: pg_sys::Datum) -> &'a [u8] {
    unsafe {
        let varlena = pg_sys::pg_detoast_datum_packed(datum.cast_mut_ptr());
        let len = pgrx::varlena::varsize_any_exhdr(varlena);
        let data = pgrx::varlena::vardata_any(varlena);
        std::slice::from_raw_parts(data.cast::<u8>(), len)
    }
}

argument_from_datum!(DbText, |bytes| DbText(utf8_of(bytes)));

unsafe impl UnboxDatum for DbText<'_> {
    type As<'src>
        = DbText<'src>
    where
        Self: 'src;

    unsafe fn unbox<'src>(datum: Datum<'src>) -> DbText<'src>
    where
        Self: 'src,
    {
        DbText(utf8_of(unsafe { datum_bytes(datum.sans_lifetime()) }))
    }
}

pgrx::impl_sql_translatable!(DbText<'_>, arg_only = "text");

/// A `text` argument as its bytes, unconverted, for a function that must never raise
/// on its text (`sudoku_is_valid`): every puzzle and pencil-mark text is ASCII, so a
/// text with another byte is none, in any encoding.
pub struct RawText<'a>(&'a [u8]);

impl<'a> RawText<'a> {
    /// The text when it is ASCII, `None` otherwise.
    pub fn ascii(&self) -> Option<&'a str> {
        self.0
            .is_ascii()
            // SAFETY: ASCII is UTF-8.
            .then(|| unsafe { std::str::from_utf8_unchecked(self.0) })
    }
}

argument_from_datum!(RawText, |bytes| RawText(bytes));

pgrx::impl_sql_translatable!(RawText<'_>, arg_only = "text");

/// A `text` result, written in the database's encoding when it is returned.
pub struct DbString(pub String);

impl IntoDatum for DbString {
    fn into_datum(self) -> Option<pg_sys::Datum> {
        if self.0.is_ascii() {
            return self.0.into_datum();
        }
        let DbEncoding::Other(_) = db_encoding() else {
            return self.0.into_datum();
        };
        let len = i32::try_from(self.0.len()).expect("a result is under 1 GB");
        // SAFETY: PostgreSQL reads `len` bytes and returns them, or a palloc'd,
        // NUL-terminated conversion; a character the encoding lacks is an ERROR.
        unsafe {
            let converted = pg_sys::pg_any_to_server(
                self.0.as_ptr().cast(),
                len,
                pg_sys::pg_enc::PG_UTF8 as i32,
            );
            let out_len = if std::ptr::eq(converted.cast_const(), self.0.as_ptr().cast()) {
                len
            } else {
                std::ffi::CStr::from_ptr(converted).to_bytes().len() as i32
            };
            Some(pg_sys::Datum::from(pg_sys::cstring_to_text_with_len(
                converted, out_len,
            )))
        }
    }

    fn type_oid() -> pg_sys::Oid {
        pg_sys::TEXTOID
    }
}

unsafe impl BoxRet for DbString {
    unsafe fn box_into<'fcx>(self, fcinfo: &mut FcInfo<'fcx>) -> Datum<'fcx> {
        match self.into_datum() {
            Some(datum) => unsafe { fcinfo.return_raw_datum(datum) },
            None => fcinfo.return_null(),
        }
    }
}

pgrx::impl_sql_translatable!(DbString, "text");
