//! Sukaku Explainer's chaining producers ([`Producer`]), in the order its solver tries
//! them: a leaf the search roads (classic and under rules) and the ladder share.

/// Sukaku Explainer's chaining producers under serate's default settings, in the order
/// its solver tries them (aligned triple exclusion, which SE tries between the first
/// and the second, is not a chain and lives elsewhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Producer {
    /// Cycles and forcing chains (static, X and Y links): ER 6.5-7.0 plus length.
    Cycles,
    /// Nishio forcing chains: ER 7.5 plus length.
    Nishio,
    /// Multiple (cell and region) forcing chains: ER 8.0 plus length.
    Multiple,
    /// Dynamic forcing chains: ER 8.5 plus length.
    Dynamic,
    /// Dynamic forcing chains with level-1 nested chains (Dynamic +): ER 9.0 plus length.
    DynamicPlus,
    /// Nested forcing chains of level 2 (inner forcing chains and cycles): ER 9.5 plus
    /// length.
    Nested2,
    /// Level 3 (inner multiple forcing chains too): ER 10.0 plus length.
    Nested3,
    /// Level 4 (inner dynamic forcing chains of the given nesting limit, 0 to 3, tried
    /// in that order): ER 10.5 plus length.
    Nested4(u8),
}

impl Producer {
    /// Every producer, in the order the ladder tries them.
    pub const ALL: [Producer; 11] = [
        Producer::Cycles,
        Producer::Nishio,
        Producer::Multiple,
        Producer::Dynamic,
        Producer::DynamicPlus,
        Producer::Nested2,
        Producer::Nested3,
        Producer::Nested4(0),
        Producer::Nested4(1),
        Producer::Nested4(2),
        Producer::Nested4(3),
    ];

    /// The nesting level and limit of a nested producer (levels 2 to 4); `None` for the
    /// others.
    pub(crate) fn nesting(self) -> Option<(u8, u8)> {
        match self {
            Producer::Nested2 => Some((2, 0)),
            Producer::Nested3 => Some((3, 0)),
            Producer::Nested4(limit) => Some((4, limit)),
            _ => None,
        }
    }
}
