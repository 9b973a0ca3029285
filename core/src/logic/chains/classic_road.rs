//! The classic road to a producer's step on a 9×9 grid: the searches over rows,
//! columns and boxes (`cycles`, `multiple`, `levels2to4`), the best hint, and the links
//! of its chains where asked. `chains::find` takes it from a position; the road under
//! rules (`ruled::RuledChains`) takes it where the rules' links are the classic ones and
//! the producer reads nothing else of them.

use super::best_hint::BestHint;
use super::producer::Producer;
use super::propagation::{no_nested_rules, Mode};
use super::{cycles, level1, levels2to4, links, multiple};
use crate::logic::geometry::CellSet;
use crate::logic::memo::slots;
use crate::logic::step::Step;

/// The step `producer` finds on the candidates of a 9×9 grid (0 for a placed cell), with
/// the links of its chains where `with_links` (`chains::find_with_links`).
pub(super) fn find_on_grid(
    grid: &[u16; 81],
    producer: Producer,
    check: &mut dyn FnMut(),
    with_links: bool,
) -> Option<Step> {
    let mut best = BestHint::default();
    // The propagations of the search, for the links of its best hint.
    let mut propagated = Propagated::Not;
    match producer {
        Producer::Cycles => {
            let mut w = cycles::CycleWork::default();
            cycles::search(grid, &mut w, &mut best, check);
        }
        Producer::Nested2 | Producer::Nested3 | Producer::Nested4(_) => {
            let (level, limit) = producer.nesting().expect("a nested producer");
            levels2to4::search(grid, (level, limit), None, &mut best, check);
            propagated = Propagated::Deep { level, limit };
        }
        _ => {
            let (dynamic, cell_rule, level, multiple, nishio, base) = match producer {
                Producer::Nishio => (true, false, 0, false, true, 7.5),
                Producer::Multiple => (false, true, 0, true, false, 8.0),
                Producer::Dynamic => (true, true, 0, true, false, 8.5),
                Producer::DynamicPlus => (true, true, 1, true, false, 9.0),
                _ => unreachable!("handled above"),
            };
            let params = multiple::Params {
                mode: Mode {
                    dynamic,
                    cell_rule,
                    level,
                    nested_rules: if level > 0 {
                        level1::advanced
                    } else {
                        no_nested_rules
                    },
                },
                multiple,
                nishio,
                base,
            };
            // The propagations' storage is kept per thread between calls (`memo::slots`).
            slots::with(|pool: &mut multiple::PropagationPool| {
                multiple::search(grid, params, pool, &mut best, check)
            });
            propagated = Propagated::Flat(params.mode);
        }
    }
    // The links of the best hint only, once the search is over (see `links` and
    // `levels2to4::links`).
    let links = match (propagated, best.shape()) {
        (Propagated::Flat(mode), Some((shape, target))) if with_links => {
            links::hint_links(grid, mode, shape, target)
        }
        (Propagated::Deep { level, limit }, Some((shape, target))) if with_links => {
            levels2to4::hint_links(grid, (level, limit), None, (shape, target), check)
        }
        _ => Vec::new(),
    };
    let mut step = best.into_step()?;
    if !links.is_empty() {
        step.links = links;
    }
    Some(step)
}

/// How a search propagated, for the links of its best hint: not at all (cycles), with
/// `propagation::Propagation` in a mode, or with the nested producer of a level and
/// nesting limit (`levels2to4`).
#[derive(Clone, Copy)]
enum Propagated {
    Not,
    Flat(Mode),
    Deep { level: u8, limit: u8 },
}

/// The cycles and forcing chains producer's step on a 9×9 grid's candidates, each cycle
/// eliminating by `peers` (`cycles::search_under`): a variant's whose links are the
/// classic ones.
pub(super) fn cycles_under(
    grid: &[u16; 81],
    peers: &[CellSet; 81],
    check: &mut dyn FnMut(),
) -> Option<Step> {
    let mut best = BestHint::default();
    let mut w = cycles::CycleWork::default();
    cycles::search_under(grid, peers, &mut w, &mut best, check);
    best.into_step()
}
