//! Share links: the payload found in a link, URL-decoded, checked and decompressed
//! (lz-string's base64 form, by the `lz-str` crate), or written.
//!
//! Bounded memory: lz-string's decoder keeps every dictionary entry whole, and each
//! entry is at most one character longer than the one before, so `t` codes decode to at
//! most about `t²/2` characters, held twice (output and dictionary). The payload is
//! refused over [`MAX_PAYLOAD_BYTES`] before decoding; the test
//! `the_worst_payload_under_the_limit_stays_small` decodes the worst case under it
//! (a run of one character, every code one longer than the last) and checks its size.

use crate::variant::error::VariantError;
use std::borrow::Cow;

/// The longest payload decompressed (URL-encoded or not): above the payload of the
/// fullest 16×16 puzzle f-puzzles can draw (every cell given, a jigsaw, 128 cages:
/// 3.6 kB), while the worst payload under it decodes to 2.8 million UTF-16 units:
/// under 6 MB, as much again in the dictionary, for a moment inside a backend (see the
/// module doc and the test that decodes it).
pub const MAX_PAYLOAD_BYTES: usize = 4 * 1024;

/// The longest text [`super::import`] reads, JSON or link: an f-puzzles JSON of a
/// 25×25 grid with a cage on every cell takes a fraction of it.
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// The longest JSON a payload may decode to, as for a JSON text.
const MAX_JSON_CHARS: usize = MAX_TEXT_BYTES;

/// The JSON of a text: itself when it is a JSON object, else the decompressed payload
/// of the link or payload it is.
pub fn json_text(text: &str) -> Result<Cow<'_, str>, VariantError> {
    let trimmed = text.trim();
    if trimmed.starts_with('{') {
        return Ok(Cow::Borrowed(trimmed));
    }
    let payload = payload_of(trimmed);
    if payload.len() > MAX_PAYLOAD_BYTES {
        return Err(VariantError::FpuzzlesTooLong {
            bytes: payload.len(),
            limit: MAX_PAYLOAD_BYTES,
        });
    }
    let base64 = percent_decode(payload)?;
    decompress(&base64).map(Cow::Owned)
}

/// The payload in a link: after `?load=` or `&load=` (f-puzzles) up to `&` or `#`, or after
/// `/fpuzzles` (SudokuPad) up to `?` or `#`; else the whole text.
fn payload_of(text: &str) -> &str {
    let looks_like_link = text.contains("://") || text.starts_with("www.") || text.contains('?');
    if !looks_like_link {
        return text;
    }
    if let Some(start) = text.find("?load=").or_else(|| text.find("&load=")) {
        let rest = &text[start + "?load=".len()..];
        return rest.split(['&', '#']).next().unwrap_or("");
    }
    if let Some(start) = text.find("/fpuzzles") {
        let rest = &text[start + "/fpuzzles".len()..];
        return rest.split(['?', '#']).next().unwrap_or("");
    }
    text
}

/// `%XX` decoded, and a space read as `+` (a `+` a query reader turned into a space);
/// only base64 characters may remain.
fn percent_decode(payload: &str) -> Result<String, VariantError> {
    let bytes = payload.as_bytes();
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = match bytes[i] {
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok());
                let value = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
                let Some(value) = value else {
                    return Err(syntax(format!(
                        "the payload has a '%' not followed by two hexadecimal digits at byte {}",
                        i + 1
                    )));
                };
                i += 2;
                value
            }
            b' ' => b'+',
            b => b,
        };
        if !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')) {
            return Err(syntax(format!(
                "the payload has {} near byte {}, not a base64 character",
                described(b),
                i + 1
            )));
        }
        out.push(char::from(b));
        i += 1;
    }
    Ok(out)
}

/// A byte of the payload for a message: itself when printable ASCII, else in hex.
fn described(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", char::from(b))
    } else {
        format!("byte 0x{b:02X}")
    }
}

/// lz-string's base64 form decompressed into text.
fn decompress(base64: &str) -> Result<String, VariantError> {
    let units = lz_str::decompress_from_base64(base64)
        .ok_or_else(|| syntax("the payload is not lz-string's base64 form".into()))?;
    if units.len() > MAX_JSON_CHARS {
        return Err(VariantError::FpuzzlesTooLong {
            bytes: units.len(),
            limit: MAX_JSON_CHARS,
        });
    }
    let text = String::from_utf16(&units)
        .map_err(|_| syntax("the payload decompresses to invalid UTF-16".into()))?;
    if !text.trim_start().starts_with('{') {
        return Err(syntax(
            "the payload does not decompress to a JSON object".into(),
        ));
    }
    Ok(text)
}

/// `+`, `/` and `=` as `%2B`, `%2F`, `%3D`: the other base64 characters are safe in a
/// query.
pub fn percent_encode(payload: &str) -> String {
    let mut out = String::with_capacity(payload.len() + 16);
    for ch in payload.chars() {
        match ch {
            '+' => out.push_str("%2B"),
            '/' => out.push_str("%2F"),
            '=' => out.push_str("%3D"),
            _ => out.push(ch),
        }
    }
    out
}

fn syntax(reason: String) -> VariantError {
    VariantError::FpuzzlesSyntax { reason }
}
