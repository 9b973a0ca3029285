//! What a set of rules means on a shape: the groups whose cells hold different digits,
//! the pairs of cells that differ (anti-knight, anti-king), the neighbours that are
//! never consecutive (nc) and the cages. Built by [`Geometry::new`] (once per set of
//! rules a thread reads in a row, [`super::memo`]), which also refuses rules that do
//! not fit the shape (22023).
//!
//! Cells of the extra groups (facts from Sukaku Explainer's and sigh's Interactive
//! Sudoku Solver's definitions, written out in `docs/variants.md`):
//! - diagonals: `diagonal-` top-left to bottom-right, `diagonal+` bottom-left to
//!   top-right;
//! - windoku: rows and columns fall in three classes, {1,5,9}, {2,3,4} and {6,7,8}; each
//!   pair of classes is a group of 9 cells. The four pairs without 1, 5 or 9 are the
//!   shaded windows (windows 1-4), the other five are the groups they imply (5-9);
//! - disjoint groups: the cells at the same place in every box;
//! - girandola, asterisk, center-dot: the nine cells listed in [`GIRANDOLA`],
//!   [`ASTERISK`], [`CENTER_DOT`].

use super::cell_lists::CellLists;
use super::error::VariantError;
use super::rules::{Cage, Cages, Regions, Rules};
use super::shape::Shape;

/// Sukaku Explainer's girandola group (9×9 cells, 0-based).
pub const GIRANDOLA: [u16; 9] = [0, 8, 13, 37, 40, 43, 67, 72, 80];
/// Sukaku Explainer's asterisk group.
pub const ASTERISK: [u16; 9] = [13, 20, 24, 37, 40, 43, 56, 60, 67];
/// Sukaku Explainer's center-dot group.
pub const CENTER_DOT: [u16; 9] = [10, 13, 16, 37, 40, 43, 64, 67, 70];

/// What kind of group a group is: its kind and index name it in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    Row,
    Column,
    Box,
    /// A jigsaw region (in place of the boxes).
    Region,
    /// Top-left to bottom-right.
    DiagonalDown,
    /// Bottom-left to top-right.
    DiagonalUp,
    /// Windows 1-4 are shaded, 5-9 the groups they imply.
    Window,
    DisjointGroup,
    Girandola,
    Asterisk,
    CenterDot,
}

/// A group: `side` cells that hold every digit once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub kind: GroupKind,
    /// 0-based within its kind.
    pub index: usize,
    /// The cells, ascending.
    pub cells: Vec<u16>,
}

impl GroupKind {
    /// The name in messages of the group of this kind with 0-based `index`: "row 3",
    /// "the main diagonal", "window 3", ...
    pub fn group_name(self, index: usize) -> String {
        let k = index + 1;
        match self {
            GroupKind::Row => format!("row {k}"),
            GroupKind::Column => format!("column {k}"),
            GroupKind::Box => format!("box {k}"),
            GroupKind::Region => format!("region {k}"),
            GroupKind::DiagonalDown => "the main diagonal".into(),
            GroupKind::DiagonalUp => "the anti-diagonal".into(),
            GroupKind::Window => format!("window {k}"),
            GroupKind::DisjointGroup => format!("disjoint group {k}"),
            GroupKind::Girandola => "the girandola group".into(),
            GroupKind::Asterisk => "the asterisk group".into(),
            GroupKind::CenterDot => "the center-dot group".into(),
        }
    }

    /// The kind's name in SQL's technique names (`window`, `disjoint_group`, ...).
    pub fn snake_name(self) -> &'static str {
        match self {
            GroupKind::Row => "row",
            GroupKind::Column => "col",
            GroupKind::Box => "box",
            GroupKind::Region => "region",
            GroupKind::DiagonalDown => "main_diagonal",
            GroupKind::DiagonalUp => "anti_diagonal",
            GroupKind::Window => "window",
            GroupKind::DisjointGroup => "disjoint_group",
            GroupKind::Girandola => "girandola",
            GroupKind::Asterisk => "asterisk",
            GroupKind::CenterDot => "center_dot",
        }
    }
}

impl Group {
    /// The name in messages: "row 3", "the main diagonal", "window 3", ...
    pub fn name(&self) -> String {
        self.kind.group_name(self.index)
    }
}

/// A set of rules laid on a shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub shape: Shape,
    pub rules: Rules,
    /// Rows, columns, boxes or regions, then the extra groups.
    pub groups: Vec<Group>,
    /// The groups of each cell, ascending.
    pub groups_of: CellLists,
    /// Cells a knight's move away, for `anti-knight` (else empty).
    pub knight: CellLists,
    /// Cells diagonally adjacent, for `anti-king` (else empty).
    pub king: CellLists,
    /// Cells orthogonally adjacent, for `nc` (else empty).
    pub neighbours: CellLists,
    /// The killer cages.
    pub cages: Vec<Cage>,
    /// The cage of each cell.
    pub cage_of: Vec<Option<u16>>,
    /// Every cell that must hold another digit than this one: group mates, knight's
    /// moves, king's steps, cage mates; ascending, without repeats.
    pub peers: CellLists,
    /// Each group's cells as a set (cell `c` is bit `c % 64` of word `c / 64`),
    /// [`Geometry::words`] words per group.
    pub(crate) group_sets: Vec<u64>,
    /// Each cell's [`Geometry::peers`] as a set, [`Geometry::words`] words per cell.
    pub(crate) peer_sets: Vec<u64>,
}

impl Geometry {
    /// Lays the rules on the shape, or says why they do not fit (22023).
    pub fn new(shape: Shape, rules: &Rules) -> Result<Geometry, VariantError> {
        let n = shape.side();
        let mut groups = lines(shape);
        groups.extend(regions(shape, &rules.regions)?);
        groups.extend(extra_groups(shape, rules)?);
        let cages = cages(shape, &rules.cages)?;
        let cells = shape.cells();
        let groups_of = groups_by_cell(cells, &groups);
        let moves = |on: bool, steps: &[(i32, i32)]| {
            if on {
                CellLists::build(cells, cells * steps.len(), |c, push| {
                    steps_from(shape, c, steps, push)
                })
            } else {
                CellLists::empty(cells)
            }
        };
        let knight = moves(rules.anti_knight, &KNIGHT);
        let king = moves(rules.anti_king, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
        let neighbours = moves(rules.non_consecutive, &[(0, 1), (0, -1), (1, 0), (-1, 0)]);
        let mut cage_of = vec![None; cells];
        for (k, cage) in cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[usize::from(c)] = Some(k as u16);
            }
        }
        let words = cells.div_ceil(64);
        let mut group_sets = vec![0u64; groups.len() * words];
        for (g, group) in groups.iter().enumerate() {
            for &c in &group.cells {
                group_sets[g * words + usize::from(c) / 64] |= 1 << (c % 64);
            }
        }
        let mut geometry = Geometry {
            shape,
            rules: rules.clone(),
            groups,
            groups_of,
            knight,
            king,
            neighbours,
            cages,
            cage_of,
            peers: CellLists::empty(0),
            group_sets,
            peer_sets: Vec::with_capacity(cells * words),
        };
        for c in 0..cells {
            let set = geometry.peer_set(c);
            geometry.peer_sets.extend_from_slice(&set[..words]);
        }
        // The peer lists read in order from the sets: the same lists as sorting and
        // deduplicating every group mate, move and cage mate, without the sort (a test
        // compares them).
        let sets = &geometry.peer_sets;
        geometry.peers = CellLists::build(
            cells,
            sets.iter().map(|w| w.count_ones() as usize).sum(),
            |c, push| {
                for (i, &word) in sets[c * words..(c + 1) * words].iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        push.push((i * 64) as u16 + word.trailing_zeros() as u16);
                        word &= word - 1;
                    }
                }
            },
        );
        debug_assert!(geometry.groups.iter().all(|g| g.cells.len() == n));
        Ok(geometry)
    }

    /// Words of 64 bits in a set of cells.
    pub(crate) fn words(&self) -> usize {
        self.shape.cells().div_ceil(64)
    }

    /// The peers of a cell as a set of cells (cell `c` is bit `c % 64` of word `c /
    /// 64`): its groups' cells, its knight's moves and king's steps, its cage mates,
    /// less itself.
    fn peer_set(&self, cell: usize) -> [u64; MAX_WORDS] {
        let words = self.words();
        let mut set = [0u64; MAX_WORDS];
        for &g in self.groups_of.of(cell) {
            let g = usize::from(g);
            for (a, b) in set
                .iter_mut()
                .zip(&self.group_sets[g * words..(g + 1) * words])
            {
                *a |= b;
            }
        }
        let mut mark = |cells: &[u16]| {
            for &c in cells {
                set[usize::from(c) / 64] |= 1 << (c % 64);
            }
        };
        mark(self.knight.of(cell));
        mark(self.king.of(cell));
        if let Some(k) = self.cage_of[cell] {
            mark(&self.cages[usize::from(k)].cells);
        }
        set[cell / 64] &= !(1 << (cell % 64));
        set
    }

    /// Why two cells must hold different digits, for messages: the first group they
    /// share ("row 3"), else "a knight's move apart", "diagonally adjacent", "cage B";
    /// `None` when they may hold the same digit.
    pub fn why_different(&self, a: usize, b: usize) -> Option<String> {
        let shared = self.groups_of[a]
            .iter()
            .find(|g| self.groups_of[b].contains(g));
        if let Some(&g) = shared {
            return Some(format!("both in {}", self.groups[usize::from(g)].name()));
        }
        if self.knight[a].contains(&(b as u16)) {
            return Some("a knight's move apart".into());
        }
        if self.king[a].contains(&(b as u16)) {
            return Some("diagonally adjacent".into());
        }
        match (self.cage_of[a], self.cage_of[b]) {
            (Some(x), Some(y)) if x == y => {
                Some(format!("both in cage {}", cage_name(usize::from(x))))
            }
            _ => None,
        }
    }
}

/// A cage's name in messages: its letter (`A`-`Z`, `a`-`z`), or its number past 52.
pub fn cage_name(k: usize) -> String {
    match k {
        0..=25 => ((b'A' + k as u8) as char).to_string(),
        26..=51 => ((b'a' + (k - 26) as u8) as char).to_string(),
        _ => (k + 1).to_string(),
    }
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The most 64-bit words in a set of cells (625 cells, 25×25).
pub(crate) const MAX_WORDS: usize = Shape::MAX_CELLS.div_ceil(64);

/// Pushes the cells reached from `cell` by each step (row, column) that stays on the
/// grid, ascending.
fn steps_from(shape: Shape, cell: usize, steps: &[(i32, i32)], out: &mut Vec<u16>) {
    let n = shape.side() as i32;
    let (r, c) = (shape.row(cell) as i32, shape.col(cell) as i32);
    let from = out.len();
    out.extend(
        steps
            .iter()
            .map(|&(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
            .map(|(r, c)| (r * n + c) as u16),
    );
    out[from..].sort_unstable();
}

/// The groups of each cell, ascending: one pass to count them, one to fill.
fn groups_by_cell(cells: usize, groups: &[Group]) -> CellLists {
    let mut start = vec![0u32; cells + 1];
    for group in groups {
        for &c in &group.cells {
            start[usize::from(c) + 1] += 1;
        }
    }
    for c in 0..cells {
        start[c + 1] += start[c];
    }
    let mut next = start.clone();
    let mut items = vec![0u16; start[cells] as usize];
    for (g, group) in groups.iter().enumerate() {
        for &c in &group.cells {
            let at = &mut next[usize::from(c)];
            items[*at as usize] = g as u16;
            *at += 1;
        }
    }
    CellLists::from_parts(start, items)
}

fn group(kind: GroupKind, index: usize, mut cells: Vec<u16>) -> Group {
    cells.sort_unstable();
    Group { kind, index, cells }
}

/// Rows then columns.
fn lines(shape: Shape) -> Vec<Group> {
    let n = shape.side();
    let rows = (0..n).map(|r| {
        group(
            GroupKind::Row,
            r,
            (0..n).map(|c| shape.cell(r, c) as u16).collect(),
        )
    });
    let cols = (0..n).map(|c| {
        group(
            GroupKind::Column,
            c,
            (0..n).map(|r| shape.cell(r, c) as u16).collect(),
        )
    });
    rows.chain(cols).collect()
}

/// The boxes, or the jigsaw regions (checked to be `side` regions of `side` cells).
fn regions(shape: Shape, regions: &Regions) -> Result<Vec<Group>, VariantError> {
    let n = shape.side();
    let (kind, of): (GroupKind, Vec<usize>) = match regions {
        Regions::Boxes => (
            GroupKind::Box,
            (0..shape.cells()).map(|c| shape.box_of(c)).collect(),
        ),
        Regions::FreshJigsaw => return Err(VariantError::NeedsLayout { rule: "jigsaw" }),
        Regions::Jigsaw(map) => {
            if map.len() != shape.cells() {
                return Err(VariantError::MapLength {
                    rule: "jigsaw",
                    found: map.len(),
                    expected: shape.cells(),
                });
            }
            (
                GroupKind::Region,
                map.iter().map(|&r| usize::from(r)).collect(),
            )
        }
    };
    let count = of.iter().max().map_or(0, |m| m + 1);
    let mut out: Vec<Group> = (0..count)
        .map(|k| Group {
            kind,
            index: k,
            cells: Vec::with_capacity(n),
        })
        .collect();
    for (cell, &r) in of.iter().enumerate() {
        out[r].cells.push(cell as u16);
    }
    let smallest = out.iter().map(|g| g.cells.len()).min().unwrap_or(0);
    let largest = out.iter().map(|g| g.cells.len()).max().unwrap_or(0);
    if count != n || smallest != n || largest != n {
        return Err(VariantError::RegionShape {
            regions: count,
            smallest,
            largest,
            side: n,
        });
    }
    Ok(out)
}

/// The diagonals, windows, disjoint groups and Sukaku Explainer's single groups.
fn extra_groups(shape: Shape, rules: &Rules) -> Result<Vec<Group>, VariantError> {
    let n = shape.side();
    let nine_only = |on: bool, rule: &'static str| {
        if on && shape != Shape::NINE {
            Err(VariantError::NotOnShape { rule, shape })
        } else {
            Ok(())
        }
    };
    nine_only(rules.windoku, "windoku")?;
    nine_only(rules.girandola, "girandola")?;
    nine_only(rules.asterisk, "asterisk")?;
    nine_only(rules.center_dot, "center-dot")?;
    if rules.disjoint_groups && rules.regions != Regions::Boxes {
        return Err(VariantError::Incompatible {
            rule: "dg",
            with: "jigsaw",
        });
    }
    let mut out = Vec::new();
    if rules.diagonal_down {
        out.push(group(
            GroupKind::DiagonalDown,
            0,
            (0..n).map(|i| shape.cell(i, i) as u16).collect(),
        ));
    }
    if rules.diagonal_up {
        out.push(group(
            GroupKind::DiagonalUp,
            0,
            (0..n).map(|i| shape.cell(n - 1 - i, i) as u16).collect(),
        ));
    }
    if rules.windoku {
        out.extend(windows());
    }
    if rules.disjoint_groups {
        for place in 0..n {
            let cells = (0..shape.cells()).filter(|&c| shape.place_in_box(c) == place);
            out.push(group(
                GroupKind::DisjointGroup,
                place,
                cells.map(|c| c as u16).collect(),
            ));
        }
    }
    for (on, kind, cells) in [
        (rules.girandola, GroupKind::Girandola, GIRANDOLA),
        (rules.asterisk, GroupKind::Asterisk, ASTERISK),
        (rules.center_dot, GroupKind::CenterDot, CENTER_DOT),
    ] {
        if on {
            out.push(group(kind, 0, cells.to_vec()));
        }
    }
    Ok(out)
}

/// The nine windoku groups of a 9×9 grid: windows 1-4 (shaded), then the five implied.
fn windows() -> Vec<Group> {
    const CLASSES: [[usize; 3]; 3] = [[1, 2, 3], [5, 6, 7], [0, 4, 8]];
    let order = [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
        (2, 2),
        (2, 0),
        (2, 1),
        (0, 2),
        (1, 2),
    ];
    order
        .iter()
        .enumerate()
        .map(|(k, &(rc, cc))| {
            let cells = CLASSES[rc]
                .iter()
                .flat_map(|&r| CLASSES[cc].iter().map(move |&c| (r * 9 + c) as u16));
            group(GroupKind::Window, k, cells.collect())
        })
        .collect()
}

/// The cages, checked against the shape: map length, size, sums within reach.
fn cages(shape: Shape, cages: &Cages) -> Result<Vec<Cage>, VariantError> {
    let (map_cells, cages) = match cages {
        Cages::None => return Ok(Vec::new()),
        Cages::FreshKiller => return Err(VariantError::NeedsLayout { rule: "killer" }),
        Cages::Killer { map_cells, cages } => (*map_cells, cages),
    };
    if map_cells != shape.cells() {
        return Err(VariantError::MapLength {
            rule: "killer",
            found: map_cells,
            expected: shape.cells(),
        });
    }
    let n = shape.side() as u16;
    for (k, cage) in cages.iter().enumerate() {
        let size = cage.cells.len() as u16;
        if size > n {
            return Err(VariantError::CageTooLarge {
                cage: cage_name(k),
                cells: size.into(),
                side: n.into(),
            });
        }
        let (min, max) = (
            size * (size + 1) / 2,
            size * n - size * size.saturating_sub(1) / 2,
        );
        if let Some(sum) = cage.sum.filter(|s| !(min..=max).contains(s)) {
            return Err(VariantError::ImpossibleSum {
                cage: cage_name(k),
                cells: size.into(),
                sum,
                min,
                max,
            });
        }
    }
    Ok(cages.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(shape: Shape, rules: &str) -> Result<Geometry, VariantError> {
        Geometry::new(shape, &Rules::parse(rules).unwrap())
    }

    #[test]
    fn classic_nine_has_27_groups_and_20_peers() {
        let g = geometry(Shape::NINE, "classic").unwrap();
        assert_eq!(g.groups.len(), 27);
        assert!(g.peers.iter().all(|p| p.len() == 20));
        let g = geometry(Shape::SIXTEEN, "classic").unwrap();
        assert!(g.peers.iter().all(|p| p.len() == 39));
    }

    #[test]
    fn windows_partition_the_grid_and_four_are_shaded() {
        let w = windows();
        let mut seen = [0; 81];
        for g in &w {
            for &c in &g.cells {
                seen[usize::from(c)] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 1));
        // Window 1 is r2-4 c2-4.
        assert_eq!(w[0].cells, vec![10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(w[3].cells[0], 5 * 9 + 5);
    }

    #[test]
    fn diagonals_and_moves_name_their_cells() {
        let g = geometry(Shape::NINE, "x,anti-knight,anti-king").unwrap();
        let down = &g.groups[27];
        let up = &g.groups[28];
        assert_eq!(down.cells, (0..9).map(|i| i * 10).collect::<Vec<u16>>());
        assert_eq!(up.name(), "the anti-diagonal");
        assert!(up.cells.contains(&72) && up.cells.contains(&8));
        assert_eq!(g.knight[0], vec![11, 19]);
        assert_eq!(g.king[10], vec![0, 2, 18, 20]);
        assert_eq!(g.why_different(4, 15).unwrap(), "a knight's move apart");
        assert_eq!(g.why_different(0, 11).unwrap(), "both in box 1");
        assert_eq!(g.why_different(0, 80).unwrap(), "both in the main diagonal");
        assert_eq!(g.why_different(0, 41), None);
    }

    #[test]
    fn rules_that_do_not_fit_the_shape_are_refused() {
        assert!(matches!(
            geometry(Shape::SIXTEEN, "windoku"),
            Err(VariantError::NotOnShape { .. })
        ));
        assert!(matches!(
            geometry(Shape::NINE, "jigsaw"),
            Err(VariantError::NeedsLayout { .. })
        ));
        assert!(matches!(
            geometry(Shape::FOUR, "jigsaw=AABBAABBCCDDCCDD,dg"),
            Err(VariantError::Incompatible { .. })
        ));
        assert!(geometry(Shape::FOUR, "jigsaw=AAABABBBCCCDCDDD").is_ok());
        assert!(matches!(
            geometry(Shape::FOUR, "jigsaw=AAAAABBBCCCDCDDD"),
            Err(VariantError::RegionShape {
                regions: 4,
                smallest: 3,
                largest: 5,
                side: 4
            })
        ));
        assert!(matches!(
            geometry(Shape::FOUR, "jigsaw=AAAB"),
            Err(VariantError::MapLength { .. })
        ));
        assert!(matches!(
            geometry(Shape::FOUR, "killer=AA..............;8"),
            Err(VariantError::ImpossibleSum { min: 3, max: 7, .. })
        ));
        assert!(matches!(
            geometry(Shape::FOUR, "killer=AAAAA...........;10"),
            Err(VariantError::CageTooLarge { .. })
        ));
    }

    /// The groups of each cell (counted, then filled) against the groups that hold it;
    /// the peers read from a set of cells against the plain way: every group's cells,
    /// moves and cage mates, sorted, deduplicated, the cell itself taken out.
    #[test]
    fn peers_are_the_sorted_union_of_groups_moves_and_cages() {
        let cases = [
            (Shape::NINE, "x,windoku,anti-knight,anti-king,nc"),
            (Shape::NINE, "dg,killer=AAB......A.B...................................................................CC;10,9,12"),
            (Shape::NINE, "jigsaw=AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII,diagonal+"),
            (Shape::SIXTEEN, "x,anti-knight"),
            (Shape::TWENTY_FIVE, "anti-king"),
        ];
        for (shape, rules) in cases {
            let g = geometry(shape, rules).unwrap();
            for cell in 0..shape.cells() {
                let holding: Vec<u16> = (0..g.groups.len() as u16)
                    .filter(|&k| g.groups[usize::from(k)].cells.contains(&(cell as u16)))
                    .collect();
                assert_eq!(g.groups_of[cell], holding, "{rules}, cell {cell}");
                let mut plain: Vec<u16> = Vec::new();
                for &k in &g.groups_of[cell] {
                    plain.extend(&g.groups[usize::from(k)].cells);
                }
                plain.extend(&g.knight[cell]);
                plain.extend(&g.king[cell]);
                if let Some(k) = g.cage_of[cell] {
                    plain.extend(&g.cages[usize::from(k)].cells);
                }
                plain.sort_unstable();
                plain.dedup();
                plain.retain(|&c| usize::from(c) != cell);
                assert_eq!(g.peers[cell], plain, "{rules}, cell {cell}");
            }
        }
    }
}
