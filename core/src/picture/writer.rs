//! A bounded, fallible text buffer for SVG documents, and XML escaping.
//!
//! Every byte of a picture goes through [`Svg`]: it refuses to grow past its limit
//! ([`PictureError::TooLarge`]) and asks the allocator with `try_reserve`, so a refused
//! allocation is an [`OutOfMemory`] error, never an abort.

use super::error::PictureError;
use crate::error::OutOfMemory;
use std::fmt;

/// The document being written.
pub(crate) struct Svg {
    out: String,
    limit: usize,
    /// The error a `write!` met (`fmt::Write` can only say that one happened).
    failed: Option<PictureError>,
}

impl Svg {
    /// An empty document that may grow to `limit` bytes; `expected` bytes are reserved
    /// at once (clamped to the limit).
    pub(crate) fn new(limit: usize, expected: usize) -> Result<Svg, PictureError> {
        let mut out = String::new();
        let want = expected.min(limit);
        out.try_reserve(want)
            .map_err(|_| PictureError::OutOfMemory(OutOfMemory { bytes: want }))?;
        Ok(Svg {
            out,
            limit,
            failed: None,
        })
    }

    /// Appends `s` as it is (markup written by this module's callers, never input).
    pub(crate) fn raw(&mut self, s: &str) -> Result<(), PictureError> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        if self.out.len() + s.len() > self.limit {
            return Err(PictureError::TooLarge { limit: self.limit });
        }
        self.out
            .try_reserve(s.len())
            .map_err(|_| PictureError::OutOfMemory(OutOfMemory { bytes: s.len() }))?;
        self.out.push_str(s);
        Ok(())
    }

    /// Appends `text` as XML character data or attribute value: `&`, `<`, `>`, `"` and
    /// `'` as references, and characters XML 1.0 does not allow (controls other than
    /// tab, LF and CR; U+FFFE, U+FFFF) as U+FFFD, so that any text gives a well-formed
    /// document.
    pub(crate) fn text(&mut self, text: &str) -> Result<(), PictureError> {
        let mut start = 0;
        for (i, ch) in text.char_indices() {
            let replacement = match ch {
                '&' => "&amp;",
                '<' => "&lt;",
                '>' => "&gt;",
                '"' => "&quot;",
                '\'' => "&apos;",
                '\t' | '\n' | '\r' => continue,
                c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => "\u{FFFD}",
                _ => continue,
            };
            self.raw(&text[start..i])?;
            self.raw(replacement)?;
            start = i + ch.len_utf8();
        }
        self.raw(&text[start..])
    }

    /// Appends formatted markup (numbers and names written by this module).
    pub(crate) fn fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), PictureError> {
        let r = fmt::Write::write_fmt(self, args);
        match (r, self.failed.take()) {
            (_, Some(e)) => Err(e),
            (Ok(()), None) => Ok(()),
            (Err(_), None) => Err(PictureError::OutOfMemory(OutOfMemory { bytes: 0 })),
        }
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }
}

impl fmt::Write for Svg {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.raw(s).map_err(|e| {
            self.failed = Some(e);
            fmt::Error
        })
    }
}

/// `format_args!` into an [`Svg`], returning its `Result`.
macro_rules! svg {
    ($svg:expr, $($arg:tt)*) => {
        $svg.fmt(format_args!($($arg)*))
    };
}
pub(crate) use svg;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_replaces_characters_xml_forbids() {
        let mut s = Svg::new(1000, 10).unwrap();
        s.text("a<b>&\"c'\u{1}\u{FFFF}\té").unwrap();
        assert_eq!(
            s.finish(),
            "a&lt;b&gt;&amp;&quot;c&apos;\u{FFFD}\u{FFFD}\té"
        );
    }

    #[test]
    fn refuses_to_grow_past_its_limit() {
        let mut s = Svg::new(8, 8).unwrap();
        s.raw("12345678").unwrap();
        assert_eq!(s.raw("9"), Err(PictureError::TooLarge { limit: 8 }));
        let mut s = Svg::new(8, 8).unwrap();
        assert_eq!(
            svg!(s, "{}", "123456789"),
            Err(PictureError::TooLarge { limit: 8 })
        );
    }
}
