//! Why a picture could not be made, and the bound on chain arrows it names.

use crate::error::OutOfMemory;

/// The most chain links one picture draws.
pub const MAX_LINKS: usize = 2 * 729;

/// Why a picture could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureError {
    /// The document would pass its byte limit (see the module's bounds).
    TooLarge {
        limit: usize,
    },
    /// More chain links than [`MAX_LINKS`].
    TooManyLinks {
        found: usize,
    },
    OutOfMemory(OutOfMemory),
    /// A variant picture's puzzle (or placed digits) has `cells` cells where its
    /// rules' shape has `expected`.
    ShapeMismatch {
        cells: usize,
        expected: usize,
    },
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PictureError::TooLarge { limit } => write!(f, "picture larger than {limit} bytes"),
            PictureError::TooManyLinks { found } => {
                write!(f, "{found} chain links, at most {MAX_LINKS} are drawn")
            }
            PictureError::OutOfMemory(e) => e.fmt(f),
            PictureError::ShapeMismatch { cells, expected } => {
                write!(f, "{cells} cells drawn on a grid of {expected}")
            }
        }
    }
}
