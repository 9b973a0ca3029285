//! The containers of the caches kept with the nested searches (the level-1 hints, the
//! inner rules' hint lists and the X pass's planes of levels 2 to 4): a map bounded by
//! its entry count and by the total weight of what it holds ([`WeighedMap`]), started
//! afresh whole once either bound would be passed, and the same for the values of one
//! source grid ([`PerSource`]), started afresh when the source changes. What is kept is
//! decided, and argued exact, where each is used; these only hold it and bound it.

use std::collections::HashMap;
use std::hash::Hash;

/// A map of at most `max_len` entries whose weights sum to at most `max_weight`.
pub(crate) struct WeighedMap<K, V> {
    map: HashMap<K, V>,
    weight: usize,
    max_len: usize,
    max_weight: usize,
}

impl<K: Hash + Eq, V> WeighedMap<K, V> {
    pub(crate) fn new(max_len: usize, max_weight: usize) -> Self {
        WeighedMap {
            map: HashMap::new(),
            weight: 0,
            max_len,
            max_weight,
        }
    }

    #[inline]
    pub(crate) fn get(&self, key: &K) -> Option<&V> {
        self.map.get(key)
    }

    /// Keeps `value` under `key`, weighing `weight`: once the map holds `max_len`
    /// entries, or the weight would pass `max_weight`, everything is forgotten first.
    pub(crate) fn insert(&mut self, key: K, value: V, weight: usize) {
        if self.map.len() >= self.max_len || self.weight + weight > self.max_weight {
            self.forget();
        }
        self.weight += weight;
        self.map.insert(key, value);
    }

    pub(crate) fn forget(&mut self) {
        self.map.clear();
        self.weight = 0;
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// Values per grid while one source grid stays: at most `max_len` grids, forgotten when
/// the source changes.
pub(crate) struct PerSource<V> {
    source: [u16; 81],
    map: WeighedMap<[u16; 81], V>,
}

impl<V: Clone> PerSource<V> {
    pub(crate) fn new(max_len: usize) -> Self {
        PerSource {
            source: [0; 81],
            map: WeighedMap::new(max_len, usize::MAX),
        }
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The value of `grid` from `source`: kept, or made by `make` and kept.
    pub(crate) fn get_or_make(
        &mut self,
        source: &[u16; 81],
        grid: &[u16; 81],
        make: impl FnOnce() -> V,
    ) -> V {
        if self.source != *source {
            self.map.forget();
            self.source = *source;
        }
        if let Some(v) = self.map.get(grid) {
            return v.clone();
        }
        let v = make();
        self.map.insert(*grid, v.clone(), 0);
        v
    }
}
