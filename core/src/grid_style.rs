//! The text styles of a grid and their one writer, shared by classic puzzles
//! (`explain::format`) and every variant shape (`variant::text`): a leaf both import, so
//! that the variant layer needs nothing of the explanations.

/// The styles a grid is written in ([`format_cells`], `explain::format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// One line, `.` for a blank.
    Line,
    /// One line, `0` for a blank.
    Digits,
    /// The contest's layout: a line per row, `?` for a blank.
    Contest,
    /// A boxed grid for reading in psql.
    Grid,
}

impl Style {
    pub fn from_name(name: &str) -> Option<Style> {
        match name {
            "line" => Some(Style::Line),
            "digits" => Some(Style::Digits),
            "contest" => Some(Style::Contest),
            "grid" => Some(Style::Grid),
            _ => None,
        }
    }
}

/// The one writer of every grid in `style`: `cells` row by row (0 blank, else a digit
/// written `1`-`9` then `A`, `B`, ... as on 16×16 and 25×25 grids) on a grid of `side`,
/// its boxes `box_side` wide in the drawn style (`side` itself: no box lines but the
/// frame). Classic puzzles and every variant shape are written through it.
pub fn format_cells(cells: &[u8], side: usize, box_side: usize, style: Style) -> String {
    let (n, b) = (side, box_side);
    let cell = |d: u8, blank: char| match d {
        1..=9 => (b'0' + d) as char,
        10..=35 => (b'A' + d - 10) as char,
        _ => blank,
    };
    let rows: Vec<&[u8]> = cells.chunks(n).collect();
    match style {
        Style::Line => cells.iter().map(|&d| cell(d, '.')).collect(),
        Style::Digits => cells.iter().map(|&d| cell(d, '0')).collect(),
        Style::Contest => rows
            .iter()
            .map(|r| r.iter().map(|&d| cell(d, '?')).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n"),
        Style::Grid => {
            let border = format!("+{}", format!("{}+", "-".repeat(2 * b + 1)).repeat(n / b));
            let mut lines = vec![border.clone()];
            for (r, row) in rows.iter().enumerate() {
                let mut line = String::from("|");
                for (c, &d) in row.iter().enumerate() {
                    line.push(' ');
                    line.push(cell(d, '.'));
                    if c % b == b - 1 {
                        line.push_str(" |");
                    }
                }
                lines.push(line);
                if r % b == b - 1 {
                    lines.push(border.clone());
                }
            }
            lines.join("\n")
        }
    }
}
