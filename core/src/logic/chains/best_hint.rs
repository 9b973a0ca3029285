//! The best hint a chain search has offered so far ([`BestHint`]): the ordering of hints
//! (difficulty, complexity, Sukaku Explainer's sort key of the hint kind, then the
//! first found) and the step the winner becomes.

use super::difficulty::*;
use super::kind::{kind_name, ChainKind};
use crate::grid::cell_name;
use crate::logic::marks;
use crate::logic::primitives::*;
use crate::logic::step::{Link, Step, Technique};

/// Sukaku Explainer's sort keys of the hints of a group of propagations (its
/// `getSortKey`): double forcing chains sort first, then cell forcing chains, region
/// forcing chains, contradictions.
pub(crate) const KEY_DOUBLE: u8 = 1;
pub(crate) const KEY_CELL: u8 = 5;
pub(crate) const KEY_REGION: u8 = 6;
pub(crate) const KEY_CONTRADICTION: u8 = 7;

/// The shape of a hint, for its pattern and explanation.
#[derive(Clone, Debug)]
pub(crate) enum HintShape {
    /// A cycle: its potentials from the start round to the start.
    Cycle(Vec<Potential>),
    /// A forcing chain: its potentials from the assumption to the target.
    Chain(Vec<Potential>),
    /// The assumption `source` (a potential) makes candidate `both` both on and off.
    Contradiction { source: Potential, both: Candidate },
    /// Both states of candidate `source` imply the target.
    Double { source: Candidate },
    /// Every digit of `cell` implies the target.
    Cell { cell: Cell },
    /// Every place of a digit in `unit` implies the target.
    Region { unit: u8, digit: Digit },
}

#[derive(Clone, Debug)]
struct Hint {
    difficulty: f64,
    complexity: u32,
    key: u8,
    kind: ChainKind,
    /// The potential the hint proves (None for cycles).
    target: Option<Potential>,
    eliminations: Vec<Candidate>,
    shape: HintShape,
    /// The distinct inner chains a nested hint rests on (levels 2-4): each one's kind and
    /// the candidates it removes.
    inner: Vec<(ChainKind, Vec<Candidate>)>,
}

/// How a hint offered rates and sorts: its difficulty, its complexity, Sukaku
/// Explainer's sort key of its kind, and its kind.
#[derive(Clone, Copy)]
pub(crate) struct Rated {
    pub(crate) difficulty: f64,
    pub(crate) complexity: u32,
    pub(crate) key: u8,
    pub(crate) kind: ChainKind,
}

impl Rated {
    #[inline]
    pub(crate) fn new(difficulty: f64, complexity: u32, key: u8, kind: ChainKind) -> Rated {
        Rated {
            difficulty,
            complexity,
            key,
            kind,
        }
    }
}

/// The best hint offered so far: lowest difficulty, then complexity, then Sukaku
/// Explainer's sort key of the hint kind, then the first found.
#[derive(Default)]
pub(crate) struct BestHint {
    best: Option<Hint>,
}

impl BestHint {
    /// True when a hint of this difficulty, complexity and key would beat the best.
    pub(crate) fn worth(&self, d: f64, complexity: u32, key: u8) -> bool {
        match &self.best {
            None => true,
            Some(b) => (d, complexity, key) < (b.difficulty, b.complexity, b.key),
        }
    }

    /// True once a hint was offered.
    pub(crate) fn is_some(&self) -> bool {
        self.best.is_some()
    }

    /// The largest complexity a hint of this base difficulty and sort key may have to
    /// beat the best (`u32::MAX` without a best).
    pub(crate) fn max_complexity(&self, base: f64, key: u8) -> u32 {
        if self.best.is_none() {
            return u32::MAX;
        }
        let mut l = 0;
        while l < 4096 && self.worth(base + length_bonus(l + 1), l + 1, key) {
            l += 1;
        }
        l
    }

    /// Offers a hint that proves potential `target` (on: the cell's other digits go;
    /// off: the candidate goes).
    pub(crate) fn offer(
        &mut self,
        rated: Rated,
        grid: &[u16; 81],
        target: Potential,
        shape: HintShape,
    ) {
        let c = target.candidate();
        let cell = c.cell().index();
        let eliminations: Vec<Candidate> = if target.is_on() {
            (0..9)
                .filter(|&e| e != c.digit().index() && grid[cell] >> e & 1 != 0)
                .map(|e| Candidate::new(cell, e))
                .collect()
        } else {
            vec![c]
        };
        if eliminations.is_empty() || !self.worth(rated.difficulty, rated.complexity, rated.key) {
            return;
        }
        self.best = Some(Hint {
            difficulty: rated.difficulty,
            complexity: rated.complexity,
            key: rated.key,
            kind: rated.kind,
            target: Some(target),
            eliminations,
            shape,
            inner: Vec::new(),
        });
    }

    /// Offers a hint of a nested producer that rests on inner chains of these kinds.
    pub(crate) fn offer_nested(
        &mut self,
        rated: Rated,
        grid: &[u16; 81],
        target: Potential,
        shape: HintShape,
        inner: &[(ChainKind, Vec<Candidate>)],
    ) {
        let was = self
            .best
            .as_ref()
            .map(|b| (b.difficulty, b.complexity, b.key));
        self.offer(rated, grid, target, shape);
        let now = self
            .best
            .as_ref()
            .map(|b| (b.difficulty, b.complexity, b.key));
        if now != was {
            if let Some(b) = self.best.as_mut() {
                b.inner = inner.to_vec();
            }
        }
    }

    /// Offers a cycle (its potentials from the start round to the start) that removes
    /// `eliminations`.
    pub(crate) fn offer_cycle(
        &mut self,
        rated: Rated,
        eliminations: Vec<Candidate>,
        pots: Vec<Potential>,
    ) {
        if eliminations.is_empty() || !self.worth(rated.difficulty, rated.complexity, rated.key) {
            return;
        }
        self.best = Some(Hint {
            difficulty: rated.difficulty,
            complexity: rated.complexity,
            key: rated.key,
            kind: rated.kind,
            target: None,
            eliminations,
            shape: HintShape::Cycle(pots),
            inner: Vec::new(),
        });
    }

    /// Offers a forcing chain (its potentials from the assumption to `target`).
    pub(crate) fn offer_target(
        &mut self,
        rated: Rated,
        grid: &[u16; 81],
        target: Potential,
        pots: Vec<Potential>,
    ) {
        self.offer(rated, grid, target, HintShape::Chain(pots));
    }

    /// The shape of the best hint and the potential it proves (None for a cycle): what
    /// `links::hint_links` draws.
    pub(crate) fn shape(&self) -> Option<(&HintShape, Option<Potential>)> {
        self.best.as_ref().map(|h| (&h.shape, h.target))
    }

    pub(crate) fn into_step(self) -> Option<Step> {
        self.into_step_naming(&|unit| {
            crate::logic::wording::unit_name(crate::grid::Size::Nine, unit)
        })
    }

    /// [`BestHint::into_step`], region forcing chains naming their unit with
    /// `unit_name` (slots beyond the classic 27 under a variant's rules).
    pub(crate) fn into_step_naming(self, unit_name: &dyn Fn(usize) -> String) -> Option<Step> {
        let h = self.best?;
        let mut cells: Vec<u8> = Vec::new();
        let mut units: Vec<u8> = Vec::new();
        let mut digits = 0u16;
        let conclusion = match h.target {
            Some(t) => {
                let c = t.candidate();
                if t.is_on() {
                    format!(
                        "{} must be {}",
                        cell_name(c.cell().index()),
                        c.digit().value()
                    )
                } else {
                    format!(
                        "{} cannot be {}",
                        cell_name(c.cell().index()),
                        c.digit().value()
                    )
                }
            }
            None => {
                let list: Vec<String> = h.eliminations.iter().map(|&c| cand_words(c)).collect();
                format!("{} can be removed", list.join(", "))
            }
        };
        if let Some(t) = h.target {
            let c = t.candidate();
            cells.push(c.cell().index() as u8);
            digits |= 1 << c.digit().index();
        }
        let parts = StepParts {
            cells: &mut cells,
            units: &mut units,
            digits: &mut digits,
        };
        let explanation = explain(&h, &conclusion, parts, unit_name);
        let explanation = match inner_chains_sentence(&h.inner) {
            Some(s) => format!("{explanation} {s}"),
            None => explanation,
        };
        cells.sort_unstable();
        cells.dedup();
        let eliminations: Vec<marks::Candidate> =
            h.eliminations.iter().map(|&c| marked(c)).collect();
        // A proven "on" places its digit, as Sukaku Explainer does (its other candidates
        // are listed as eliminations too).
        let placements = match h.target {
            Some(t) if t.is_on() => {
                let c = t.candidate();
                vec![marked(c)]
            }
            _ => Vec::new(),
        };
        let links = match &h.shape {
            HintShape::Cycle(pots) => links_of(pots, true),
            HintShape::Chain(pots) => links_of(pots, false),
            _ => Vec::new(),
        };
        Some(Step {
            technique: Technique::Chain(h.kind),
            rating: tenths(h.difficulty),
            placements,
            eliminations,
            cells,
            units,
            digits,
            explanation,
            links,
        })
    }
}

/// A potential in words: "r1c2 is 3", "r1c2 is not 3".
fn pot_words(p: Potential) -> String {
    let c = p.candidate();
    format!(
        "{} is {}{}",
        cell_name(c.cell().index()),
        if p.is_on() { "" } else { "not " },
        c.digit().value()
    )
}

/// A candidate in words: "r1c2=3".
/// The candidate `c` as a step names it.
pub(crate) fn marked(c: Candidate) -> marks::Candidate {
    marks::Candidate {
        cell: c.cell().index() as u8,
        digit: c.digit().value(),
    }
}

fn cand_words(c: Candidate) -> String {
    format!("{}={}", cell_name(c.cell().index()), c.digit().value())
}

/// The explanation of hint `h` (its conclusion in words), adding the cells, units and
/// digits its shape shows to the step's.
/// The cells, units and digits a step shows, as its explanation fills them.
struct StepParts<'a> {
    cells: &'a mut Vec<u8>,
    units: &'a mut Vec<u8>,
    digits: &'a mut u16,
}

fn explain(
    h: &Hint,
    conclusion: &str,
    parts: StepParts,
    unit_name: &dyn Fn(usize) -> String,
) -> String {
    let StepParts {
        cells,
        units,
        digits,
    } = parts;
    let name = kind_name(h.kind);
    let n = h.complexity;
    match &h.shape {
        HintShape::Cycle(pots) => {
            for &p in pots {
                cells.push(p.candidate().cell().index() as u8);
                *digits |= 1 << p.candidate().digit().index();
            }
            let path: Vec<String> = pots
                .iter()
                .filter(|&&p| p.is_on())
                .map(|&p| cand_words(p.candidate()))
                .collect();
            format!(
                "The {name} of {n} links through {} alternates true and false, so {conclusion}.",
                path.join(", ")
            )
        }
        HintShape::Chain(pots) => {
            for &p in pots {
                cells.push(p.candidate().cell().index() as u8);
                *digits |= 1 << p.candidate().digit().index();
            }
            format!(
                "If {} then, by a {name} of {n} links, {}, so {conclusion}.",
                pot_words(pots[0]),
                pot_words(*pots.last().unwrap())
            )
        }
        HintShape::Contradiction { source, both } => {
            cells.push(source.candidate().cell().index() as u8);
            cells.push(both.cell().index() as u8);
            *digits |= 1 << both.digit().index();
            format!(
                "If {} then {} would be both {} and not {} ({name}, complexity {n}), so {conclusion}.",
                pot_words(*source),
                cell_name(both.cell().index()),
                both.digit().value(),
                both.digit().value()
            )
        }
        HintShape::Double { source } => {
            cells.push(source.cell().index() as u8);
            *digits |= 1 << source.digit().index();
            let t = h.target.unwrap();
            format!(
                "Whether or not {} ({name}, complexity {n}), {}, so {conclusion}.",
                cand_words(*source),
                pot_words(t)
            )
        }
        HintShape::Cell { cell } => {
            cells.push(cell.index() as u8);
            let t = h.target.unwrap();
            format!(
                "Whichever digit {} holds, {} ({name}, complexity {n}), so {conclusion}.",
                cell_name(cell.index()),
                pot_words(t)
            )
        }
        HintShape::Region { unit, digit } => {
            units.push(*unit);
            *digits |= digit.bit();
            let t = h.target.unwrap();
            format!(
                "Wherever {} goes in {}, {} ({name}, complexity {n}), so {conclusion}.",
                digit.value(),
                unit_name(usize::from(*unit)),
                pot_words(t)
            )
        }
    }
}

/// What a nested hint's chains rest on, in words: how many inner chains, of which kinds,
/// and what each removes (`None` without any).
fn inner_chains_sentence(inner: &[(ChainKind, Vec<Candidate>)]) -> Option<String> {
    if inner.is_empty() {
        return None;
    }
    let mut kinds: Vec<(ChainKind, usize)> = Vec::new();
    for &(k, _) in inner {
        match kinds.iter_mut().find(|(x, _)| *x == k) {
            Some((_, n)) => *n += 1,
            None => kinds.push((k, 1)),
        }
    }
    let parts: Vec<String> = kinds
        .iter()
        .map(|&(k, n)| {
            let name = kind_name(k);
            if n == 1 {
                format!("1 {name}")
            } else if let Some((head, tail)) = name.split_once(" (") {
                format!("{n} {head}s ({tail}")
            } else {
                format!("{n} {name}s")
            }
        })
        .collect();
    let removals: Vec<String> = inner
        .iter()
        .map(|(_, removes)| {
            let list: Vec<String> = removes
                .iter()
                .map(|&c| format!("{} from {}", c.digit().value(), cell_name(c.cell().index())))
                .collect();
            list.join(", ")
        })
        .collect();
    let total = inner.len();
    Some(format!(
        "Its links rest on {total} inner chain{} ({}): each holds once the outer chain has removed candidates, and removes others the outer chain goes on from (in turn: {}).",
        if total == 1 { "" } else { "s" },
        parts.join(", "),
        removals.join("; ")
    ))
}

/// The links between consecutive potentials of a chain (and, for a cycle, from its last
/// potential back to its first, unless it ends where it starts). A link into an "on"
/// potential is strong (its source "off" makes it true), a link into an "off" one weak
/// (its source "on" makes it false): the rules of the implications (see `chains`).
fn links_of(pots: &[Potential], closed: bool) -> Vec<Link> {
    let candidate = |p: Potential| marked(p.candidate());
    let link = |a: Potential, b: Potential| Link {
        from: candidate(a),
        to: candidate(b),
        strong: b.is_on(),
    };
    let mut links: Vec<Link> = pots.windows(2).map(|w| link(w[0], w[1])).collect();
    if closed && pots.len() > 2 && pots.first() != pots.last() {
        links.push(link(pots[pots.len() - 1], pots[0]));
    }
    links
}
