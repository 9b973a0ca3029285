//! A chain of three strong links written as a step, shared by the classic search
//! (`strong_links::three_strong_links`) and the one over jigsaw regions
//! (`strong_links::variant::three`): the same sentence, the same fields.

use crate::logic::geometry::{cells_of, CellSet};
use crate::logic::marks::Marks;
use crate::logic::step::{eliminations_of, make_step, StepParts};
use crate::logic::step::{Step, Technique};
use crate::logic::wording::*;

/// A chain of three strong links as a step, under classic rules or others: its digit
/// and rating, its `links` in chain order (E1 = B1, X = Y, B3 = E3: nodes, the group's
/// number and name), the candidates it removes, and what the links share where they
/// join ("units", "groups").
pub(super) fn three_links_step_of(
    m: &Marks,
    (digit, rating): (u8, u16),
    links: [(CellSet, CellSet, usize, String); 3],
    victims: CellSet,
    shared: &str,
) -> Step {
    let size = m.size;
    let eliminations = eliminations_of(m, victims, digit);
    let cells = |set: CellSet| cell_list(size, cells_of(set));
    let [(a1, b1, _, n1), (a2, b2, _, n2), (a3, b3, _, n3)] = &links;
    let explanation = sentence!(
        "Three strong links on {}: {} = {} in {}, {} = {} in {}, {} = {} in {}, joined where they share {}; so {} or {} holds {} ({}).",
        digit,
        cells(*a1),
        cells(*b1),
        n1,
        cells(*a2),
        cells(*b2),
        n2,
        cells(*a3),
        cells(*b3),
        n3,
        shared,
        cells(*a1),
        cells(*b3),
        digit,
        elimination_text(size, &eliminations)
    );
    make_step(StepParts {
        technique: Technique::StrongLinks(3),
        rating,
        placements: Vec::new(),
        eliminations,
        cells: links.iter().fold(0, |s, l| s | l.0 | l.1),
        units: links.iter().map(|l| l.2 as u8).collect(),
        digits: 1 << (digit - 1),
        explanation,
    })
}
