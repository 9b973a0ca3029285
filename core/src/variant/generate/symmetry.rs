//! The symmetries of a pattern of givens on any shape, and which rules allow them.
//!
//! The maps are the classic generator's ([`Symmetry`]: a quarter turn, a half turn, a
//! mirror, a flip), on a side of `n`: `r,c -> c,n-1-r`, `n-1-r,n-1-c`, `r,n-1-c`,
//! `n-1-r,c`. A symmetric puzzle is dug an orbit at a time (a cell and its images).
//!
//! A rule allows a symmetry when the map sends each of its groups onto one of its groups
//! (and each cage onto a cage): then the puzzle seen through the map is a puzzle of the
//! same rules. Rows, columns, boxes, knight's moves, king's steps and orthogonal
//! neighbours map onto themselves under all four maps, and so do `x` (both diagonals),
//! windoku, disjoint groups and Sukaku Explainer's three single groups; one diagonal
//! alone (`diagonal+`, `diagonal-`) keeps only the half turn. A jigsaw or killer layout
//! allows a symmetry when the layout itself is symmetric: a fresh jigsaw layout is made
//! symmetric, a given one is checked; fresh killer cages are made without symmetry, so
//! they refuse every map (22023 naming `killer`). The check is made on the groups of the
//! geometry themselves, so a rule added later is judged by the same test.

use super::super::error::VariantError;
use super::super::geometry::{Geometry, GroupKind};
use super::super::shape::Shape;
use crate::generate::{Rng, Symmetry};
use std::collections::HashSet;

/// The four maps a symmetry can be, in the classic generator's order.
pub const MAPS: [Symmetry; 4] = [
    Symmetry::Rotate90,
    Symmetry::Rotate180,
    Symmetry::Mirror,
    Symmetry::Flip,
];

/// The SQL name of a symmetry.
pub fn symmetry_name(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::None => "none",
        Symmetry::Rotate90 => "rotate90",
        Symmetry::Rotate180 => "rotate180",
        Symmetry::Mirror => "mirror",
        Symmetry::Flip => "flip",
        Symmetry::Random => "random",
    }
}

/// The image of a cell under a map on a shape (`None` and `Random`: the cell itself).
pub fn image(shape: Shape, symmetry: Symmetry, cell: usize) -> usize {
    let n = shape.side();
    let (r, c) = (shape.row(cell), shape.col(cell));
    match symmetry {
        Symmetry::Rotate90 => shape.cell(c, n - 1 - r),
        Symmetry::Rotate180 => shape.cell(n - 1 - r, n - 1 - c),
        Symmetry::Mirror => shape.cell(r, n - 1 - c),
        Symmetry::Flip => shape.cell(n - 1 - r, c),
        Symmetry::None | Symmetry::Random => cell,
    }
}

/// The orbit of a cell: the cell and its images, ascending, without repeats.
pub fn orbit(shape: Shape, symmetry: Symmetry, cell: usize) -> Vec<usize> {
    let mut out = vec![cell];
    let mut next = image(shape, symmetry, cell);
    while next != cell {
        out.push(next);
        next = image(shape, symmetry, next);
    }
    out.sort_unstable();
    out
}

/// The rule a group belongs to, as the rules text names it.
fn rule_of(kind: GroupKind) -> &'static str {
    match kind {
        GroupKind::Row | GroupKind::Column | GroupKind::Box => "classic",
        GroupKind::Region => "jigsaw",
        GroupKind::DiagonalDown => "diagonal-",
        GroupKind::DiagonalUp => "diagonal+",
        GroupKind::Window => "windoku",
        GroupKind::DisjointGroup => "dg",
        GroupKind::Girandola => "girandola",
        GroupKind::Asterisk => "asterisk",
        GroupKind::CenterDot => "center-dot",
    }
}

/// The image of a set of cells, ascending.
fn image_of_set(shape: Shape, symmetry: Symmetry, cells: &[u16]) -> Vec<u16> {
    let mut out: Vec<u16> = cells
        .iter()
        .map(|&c| image(shape, symmetry, usize::from(c)) as u16)
        .collect();
    out.sort_unstable();
    out
}

/// The first rule whose groups or cages the map does not send onto themselves.
pub fn first_asymmetric_rule(geometry: &Geometry, symmetry: Symmetry) -> Option<&'static str> {
    let shape = geometry.shape;
    let groups: HashSet<&[u16]> = geometry.groups.iter().map(|g| &g.cells[..]).collect();
    for group in &geometry.groups {
        if !groups.contains(&image_of_set(shape, symmetry, &group.cells)[..]) {
            return Some(rule_of(group.kind));
        }
    }
    let cages: HashSet<&[u16]> = geometry.cages.iter().map(|c| &c.cells[..]).collect();
    geometry
        .cages
        .iter()
        .any(|cage| !cages.contains(&image_of_set(shape, symmetry, &cage.cells)[..]))
        .then_some("killer")
}

/// The map the digging uses: `None` stays `None`; a map the rules do not allow is
/// 22023 naming the rule; `Random` draws one of the maps the rules allow (one draw from
/// `rng` whatever the rules, so the draws after it do not depend on them), and is
/// `None` when the rules allow none.
pub fn choose(
    geometry: &Geometry,
    asked: Symmetry,
    rng: &mut Rng,
) -> Result<Symmetry, VariantError> {
    match asked {
        Symmetry::None => Ok(Symmetry::None),
        Symmetry::Random => {
            let draw = rng.below(MAPS.len() as u64) as usize;
            let allowed: Vec<Symmetry> = MAPS
                .into_iter()
                .filter(|&m| first_asymmetric_rule(geometry, m).is_none())
                .collect();
            Ok(if allowed.is_empty() {
                Symmetry::None
            } else {
                allowed[draw % allowed.len()]
            })
        }
        map => match first_asymmetric_rule(geometry, map) {
            None => Ok(map),
            Some(rule) => Err(VariantError::Asymmetric {
                rule,
                symmetry: symmetry_name(map),
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;

    fn geometry(shape: Shape, rules: &str) -> Geometry {
        Geometry::new(shape, &Rules::parse(rules).unwrap()).unwrap()
    }

    #[test]
    fn on_nine_the_maps_are_the_classic_generators() {
        for map in MAPS {
            for cell in 0..81 {
                assert_eq!(image(Shape::NINE, map, cell), map.image(cell), "{map:?}");
                assert_eq!(orbit(Shape::NINE, map, cell), map.orbit(cell));
            }
        }
    }

    #[test]
    fn every_map_is_a_permutation_on_every_shape() {
        for shape in Shape::ALL {
            for map in MAPS {
                let mut seen = vec![false; shape.cells()];
                for cell in 0..shape.cells() {
                    seen[image(shape, map, cell)] = true;
                    assert!(orbit(shape, map, cell).contains(&cell));
                }
                assert!(seen.iter().all(|&s| s), "{shape:?} {map:?}");
            }
        }
    }

    #[test]
    fn groups_and_relations_allow_the_maps_the_module_doc_says() {
        let all = "x,windoku,dg,girandola,asterisk,center-dot,anti-knight,anti-king,nc";
        for map in MAPS {
            assert_eq!(
                first_asymmetric_rule(&geometry(Shape::NINE, all), map),
                None
            );
            let x16 = geometry(Shape::SIXTEEN, "x,dg,anti-knight");
            assert_eq!(first_asymmetric_rule(&x16, map), None);
        }
        let one = geometry(Shape::NINE, "diagonal+");
        assert_eq!(first_asymmetric_rule(&one, Symmetry::Rotate180), None);
        for map in [Symmetry::Rotate90, Symmetry::Mirror, Symmetry::Flip] {
            assert_eq!(first_asymmetric_rule(&one, map), Some("diagonal+"));
        }
    }

    #[test]
    fn layouts_allow_a_map_when_they_are_symmetric() {
        // AAAB/ABBB/CCCD/CDDD: the half turn sends A onto D and B onto C; the mirror
        // sends A onto no group.
        let l = geometry(Shape::FOUR, "jigsaw=AAABABBBCCCDCDDD");
        assert_eq!(first_asymmetric_rule(&l, Symmetry::Rotate180), None);
        assert_eq!(first_asymmetric_rule(&l, Symmetry::Mirror), Some("jigsaw"));
        // Rows as regions: a quarter turn sends them onto the columns, a group of the
        // same grid, so the rules seen through the map are the same rules.
        let rows = geometry(Shape::FOUR, "jigsaw=AAAABBBBCCCCDDDD");
        assert_eq!(first_asymmetric_rule(&rows, Symmetry::Rotate90), None);
        let cage = geometry(Shape::FOUR, "killer=AA..............;3");
        assert_eq!(first_asymmetric_rule(&cage, Symmetry::Flip), Some("killer"));
        let mut rng = Rng::new(1);
        let err = choose(&cage, Symmetry::Flip, &mut rng).unwrap_err();
        assert_eq!(err.message(), "rule \"killer\" is not symmetric under flip");
        assert_eq!(err.kind(), crate::ErrorKind::Contradictory);
        assert_eq!(
            choose(&cage, Symmetry::Random, &mut rng),
            Ok(Symmetry::None)
        );
        let one = geometry(Shape::NINE, "diagonal-");
        for _ in 0..8 {
            assert_eq!(
                choose(&one, Symmetry::Random, &mut rng),
                Ok(Symmetry::Rotate180)
            );
        }
    }
}
