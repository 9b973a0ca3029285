//! The rules f-puzzles knows only as extra regions: windoku, girandola, asterisk and
//! center-dot (and, besides their flags, the diagonals and disjoint groups, so that an
//! extra region with their cells reads as the rule).
//!
//! A rule's groups come from [`Geometry`] itself, so the cells are the ones the solver
//! uses. Written: the groups a rule `needs`. Read: a rule holds when every group it
//! needs is an extra region; the groups it `implies` are then absorbed too (windoku's
//! five groups beside the four shaded windows: with the rows and columns, the four
//! windows force them, and a maker may draw them all).

use crate::variant::geometry::{Geometry, GroupKind};
use crate::variant::rules::Rules;
use crate::variant::shape::Shape;

/// A rule's flag in [`Rules`].
type Flag = fn(&mut Rules) -> &mut bool;

/// A rule's groups, each as ascending cells.
pub struct RuleGroups {
    /// The groups the rule needs (written on export, all required on import).
    pub needs: Vec<Vec<u16>>,
    /// The groups the rule implies (absorbed on import).
    pub implies: Vec<Vec<u16>>,
}

/// One rule made of extra groups.
pub struct GroupRule {
    /// Its name in the rules notation.
    pub name: &'static str,
    /// Whether f-puzzles has a flag for it (then export writes the flag).
    pub has_flag: bool,
    flag: Flag,
    kind: GroupKind,
}

impl GroupRule {
    /// Whether the rule is set.
    pub fn is_set(&self, rules: &Rules) -> bool {
        let mut copy = rules.clone();
        *(self.flag)(&mut copy)
    }

    /// Sets the rule.
    pub fn set(&self, rules: &mut Rules) {
        *(self.flag)(rules) = true;
    }

    /// The groups the rule needs and the groups it implies; `None` when the rule has
    /// no meaning on the shape.
    pub fn groups(&self, shape: Shape) -> Option<RuleGroups> {
        let mut rules = Rules::default();
        self.set(&mut rules);
        let geometry = Geometry::new(shape, &rules).ok()?;
        let mut needs = Vec::new();
        let mut implies = Vec::new();
        for group in geometry.groups.iter().filter(|g| g.kind == self.kind) {
            // Windows 1-4 are the shaded ones; 5-9 follow from them.
            if self.kind == GroupKind::Window && group.index >= 4 {
                implies.push(group.cells.clone());
            } else {
                needs.push(group.cells.clone());
            }
        }
        Some(RuleGroups { needs, implies })
    }
}

const fn rule(name: &'static str, has_flag: bool, flag: Flag, kind: GroupKind) -> GroupRule {
    GroupRule {
        name,
        has_flag,
        flag,
        kind,
    }
}

/// Every rule made of extra groups, in the order import tries them.
pub const GROUP_RULES: [GroupRule; 7] = [
    rule("windoku", false, |r| &mut r.windoku, GroupKind::Window),
    rule(
        "dg",
        true,
        |r| &mut r.disjoint_groups,
        GroupKind::DisjointGroup,
    ),
    rule(
        "diagonal-",
        true,
        |r| &mut r.diagonal_down,
        GroupKind::DiagonalDown,
    ),
    rule(
        "diagonal+",
        true,
        |r| &mut r.diagonal_up,
        GroupKind::DiagonalUp,
    ),
    rule(
        "girandola",
        false,
        |r| &mut r.girandola,
        GroupKind::Girandola,
    ),
    rule("asterisk", false, |r| &mut r.asterisk, GroupKind::Asterisk),
    rule(
        "center-dot",
        false,
        |r| &mut r.center_dot,
        GroupKind::CenterDot,
    ),
];

/// Reads extra regions (each as ascending cells) into rules: sets every rule whose
/// groups are all there and returns the regions that no rule took, in their order.
pub fn absorb(shape: Shape, regions: &[Vec<u16>], rules: &mut Rules) -> Vec<Vec<u16>> {
    let mut taken = vec![false; regions.len()];
    for rule in &GROUP_RULES {
        let Some(RuleGroups { needs, implies }) = rule.groups(shape) else {
            continue;
        };
        if !needs.iter().all(|g| regions.contains(g)) {
            continue;
        }
        rule.set(rules);
        for (k, region) in regions.iter().enumerate() {
            if needs.contains(region) || implies.contains(region) {
                taken[k] = true;
            }
        }
    }
    regions
        .iter()
        .zip(taken)
        .filter(|(_, t)| !t)
        .map(|(r, _)| r.clone())
        .collect()
}

/// The extra regions that write the rules f-puzzles has no flag for.
pub fn extra_regions(shape: Shape, rules: &Rules) -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    for rule in GROUP_RULES
        .iter()
        .filter(|r| !r.has_flag && r.is_set(rules))
    {
        if let Some(groups) = rule.groups(shape) {
            out.extend(groups.needs);
        }
    }
    out
}
