//! Tests of the chain producers: positions where each kind fires (taken from Sukaku
//! Explainer v1.15.10's own path on public puzzles, with its rating and its conclusion),
//! where it must not (the earlier producers find nothing there), synthetic patterns, and
//! soundness against the puzzle's solution.

// The tests walk every cell of a grid and index several arrays with it.
#![allow(clippy::needless_range_loop)]

use super::closure::{ClosureTable, Links};
use super::dynamic_closure::DynamicClosure;
use super::propagation::{no_nested_rules, Mode, Propagation};
use super::work_grid::{regions_of, WorkGrid};
use super::*;
use crate::grid::Size;
use crate::logic::marks::{self, Candidate};
use crate::logic::primitives::{self, each, CandSet, Potential, NCAND};
use crate::logic::step::Technique;
use crate::puzzle::Puzzle;

/// The link drawn for the (parent, child) potentials of a chain, written out here
/// (not with `links`' own): strong into an "on", weak into an "off".
pub(super) fn drawn_link(p: Potential, q: Potential) -> crate::logic::step::Link {
    let candidate = |x: Potential| marks::Candidate {
        cell: (x.index() / 18) as u8,
        digit: (x.index() / 2 % 9) as u8 + 1,
    };
    crate::logic::step::Link {
        from: candidate(p),
        to: candidate(q),
        strong: q.index() % 2 == 1,
    }
}

/// Asserts that the (parent, child) links of one chain are an unbroken path from its
/// assumption `start` to its conclusion `end`: no link into the assumption, at least one
/// into every other potential, and the conclusion met from every potential.
pub(super) fn assert_unbroken_path(
    pairs: &[(Potential, Potential)],
    start: Potential,
    end: Potential,
    what: &str,
) {
    let into = |x: Potential| pairs.iter().filter(move |l| l.1 == x).map(|l| l.0);
    assert_eq!(into(start).count(), 0, "{what}");
    let mut potentials: Vec<Potential> = pairs.iter().flat_map(|&(p, q)| [p, q]).collect();
    potentials.sort_unstable();
    potentials.dedup();
    assert!(
        potentials.contains(&start) && potentials.contains(&end),
        "{what}"
    );
    for &x in &potentials {
        assert!(x == start || into(x).count() > 0, "{what}: a loose end");
    }
    let mut to_end = vec![end];
    while let Some(x) = to_end.pop() {
        for y in into(x) {
            if !to_end.contains(&y) {
                to_end.push(y);
            }
        }
        potentials.retain(|&z| z != x);
    }
    assert!(potentials.is_empty(), "{what}: arrows leading nowhere");
}

/// A position (Sukaku Explainer's 729-character pencil marks: a cell with one candidate
/// is a placed digit) where Sukaku Explainer took a chain step.
pub(crate) struct Fixture {
    pub(crate) puzzle: &'static str,
    pub(super) marks: &'static str,
    pub(super) producer: Producer,
    pub(super) kind: ChainKind,
    /// Sukaku Explainer's rating of the step, in tenths.
    pub(super) rating: u16,
    /// Its conclusion when it names one: `r7c4-8` (8 goes from r7c4) or `r4c3=1`.
    pub(super) target: &'static str,
    /// Its own description (for failures).
    pub(super) se: &'static str,
}

pub(crate) const FIXTURES: &[Fixture] = &[
    Fixture {
        puzzle: "600000002000104000390000085007030900120000078030000020000709000000080000063000190",
        marks: ".....6......45.......45......3....8.........9..3....8.......7..1.........2........2....7........78..2.....8.1............5.......4..........6.....3..............9..3..............91.........2...6....2...67...2...67.....4............8.....5.......45.......45..8.......7...2.456.8...3......12..56.8.........9...4.6...1..4.6...1.........2..........456..9...456..9...4.6.......56.....3............7.........8....4....9..3.........4.6.89...4.6.891..4.67..1....678.....5.....2.......1..4.6....2.45....1..45.....2.45..........7..1....6...........9.......8....456.....3.........45.7.91..45.7.....45...9..3..6..........8.1.3..6....2..........456......4.6..........8......6.....3.......2.45.....2.4......2..5....1................9......7..",
        producer: Producer::Cycles,
        kind: ChainKind::YCycle,
        rating: 66,
        target: "",
        se: "Bidirectional Y-Cycle: E9,F9,F5,E5",
    },
    Fixture {
        puzzle: "000000000007195200400000005069000830000080000700203001300709006004020100076030980",
        marks: ".......8.12...........5......3.........4.6....2.4.6.........7..1....6...........9.....6.....3............7..1................9....5.....2..........4............8....4.............912..............8......67...2....7....3......1....6.......5.....2..5.........6...........9...4.....1...5.7..1.....7.........8...3.......2....7..1...5....12.........3..............9.......8......67.....4.6....2..5.......4..7........7.....4............8..2...........56.....3..........56...........91..........3.............8.12.............7..1..4.............9...45.....2..5.........6...........9....5.......4..........6....2..............8.1..............7....3......12.............7.......6.......5......3......1..4.............9.......8..2.4.....",
        producer: Producer::Cycles,
        kind: ChainKind::YCycle,
        rating: 66,
        target: "",
        se: "Bidirectional Y-Cycle: F9,I9,I4,F4",
    },
    Fixture {
        puzzle: "908006054030500800050070000000700500270000041003001000000020080006009070890600105",
        marks: "........912..............8..23......1.3...........6.........7......5.......4.....1..4.67....3......12.4..7......5....1..4....9.2.4............8.12...6..9.2...6..91..4.6.......5....12.4......2.4...89......7.....4...8..23..6..9123..6..9.23..6..91..4..........6...1..4....9......7....34....9.234.........5.....23.....9.......8..2.............7......5...9..3....89.....6.8...3.5..8...3..6..9...4.....1...........45...........8...3.......2.4....9....56...1.........2...6..9.2...6..9......7..1.3...7.....4.........5.7..1.3.......2.........3.5.7.......6..9.......8......6..91.3.5....12............6...1.3....8.....5..8.........9...4...........7...23.............8.........9.2....7.......6.....34.......34..7..1.........23..........5....",
        producer: Producer::Cycles,
        kind: ChainKind::XYCycle,
        rating: 70,
        target: "",
        se: "Bidirectional Cycle: F4,D6,D3,F2",
    },
    Fixture {
        puzzle: "500907020000400070400080106030006007207000809800700030103070002040009000020608003",
        marks: "....5....1......8.1......8.........9.....6.........7....3.......2..........4.......3...........6..9.2...6..9...4......2..5....1............5...9......7.........8....4...........7...2......9.23.............8..23.5....1............5...9.....6...........9..3......1..4............8..2.45.........6....2..5....1..45..........7...2...........56.........7..1..........345......3.5...........8....4.6...........9.......8.1...56...1..4.6.........7..........9.2..5.....2.4.6.....3......1...5....1...............89..3..........5..........7.....4..........6..9.....6.8..2............6......4.........5..8..23.......23..............9......7..1...5..8.1...5..........7...2...........5...9.....6...1...............8....4....9...45...9..3......",
        producer: Producer::Cycles,
        kind: ChainKind::XYCycle,
        rating: 70,
        target: "",
        se: "Bidirectional Cycle: G2,G4,E4,E2",
    },
    Fixture {
        puzzle: "050709000070600039006010500600000018001090700840000003003050100710004050000102080",
        marks: "..3..........5.....2.4...8.......7...2.4...8.........9...4.6.8..2...6...1........1..............7...2.4..........6....2.4...8.....5.......4...8...3..............9........9.2.....8......6....234...8.1..........3....8.....5.....2.4..7.....4..7.......6...........9....5.7...2.45......34..7....3...7...2.4.....1...............8..2.........3......1...........4...8.........9.....6.8.......7.....4.6.......5...........8....4.........5.7...2..5.....2...67..1.........2...6..9.....6..9..3.........4......2.....8...3.............89....5.........678.1..............7.9.2...6.........7..1.........2.....8...3.....9.....6.8....4.......3.....9....5.....2...6.......5.........6...........91..........3...7...2.........34............8....4..7..",
        producer: Producer::Cycles,
        kind: ChainKind::ForcingChain,
        rating: 71,
        target: "r7c4-8",
        se: "Forcing Chain: D7.8 off",
    },
    Fixture {
        puzzle: "060805010002000600100090008320000069540907032006030800005000900000502000200010003",
        marks: "...4..7.9.....6......4..7.9.......8..2...........5......3......1...........4..7.....4..78...3.5.78..2.......1.34..7.....4..7..1.34..........6...........9...45.7..1..........3.5.7....34..7....34..7..........9.....6....2..........45.7.........8...3.......2.......1.....7..1..4.........5...........8....4..7.......6...........9....5.......4............8.........9.....6.........7..1..........3.......2.............7.91.....7.9.....6....2.........3......1..4............8....45.7.....45.7.....4.678.1.....78.....5......34..7.....4..78...34.............9.2.......1....6........6..91.3.....91.3.....9....5.......4..78..2..........4..7.....4..78.1....6....2.............78....4..7.......6...1................9....5.......4..78...3......",
        producer: Producer::Cycles,
        kind: ChainKind::ForcingChain,
        rating: 71,
        target: "r4c3=1",
        se: "Forcing Chain: C4.1 on",
    },
    Fixture {
        puzzle: "009007080540000070003050401600708000005020800000605009407090300050000047030800900",
        marks: "12.......12...6...........91.34.....1.34...........7...2..56..........8..23.5........5.......4.....12...6...1.......9.......8.1.3.....9.2...6.........7...23............78.......78...3.......2...........5.........6......4.............91.............6...........912.4...........7..1.34............8.12..5....123.5.....2.4.......3...7..1.....7......5....1..4....9.2.........3.....9.......8.1.3..6......4.6.....3....8.12.....8.12.4..........6...1.34.........5..........7..123..............9...4.....12...6.........7......5............912.........3.......2...6..........8.........9....5...........8.1.3...........6...123......12..........4...........7..12.........3......12...6..........8.......7.....4.............912..5.....2..56...",
        producer: Producer::Nishio,
        kind: ChainKind::Nishio,
        rating: 77,
        target: "r8c4-1",
        se: "Nishio Forcing Chain: D8.1 on ==> H5.1 both on & off",
    },
    Fixture {
        puzzle: "002610000006703000000004012018000064400000007960000820670300000000106500000092700",
        marks: "....5..8....45..8..2............6...1............5...9..34...........7....3.5..891...........45..89.....6.........7...2.........3.........4....9....5..89....5..89......7....3.5...9..3.5...9....5..89....5..8....4..........6...1.........2........23.5....1...............8..2......9..3.5..........7....3.....9.....6......4........4......23.5......3.5.....2.....89.....6..........891..........3.5...9......7..........9.....6.........7.....45......345....1...............8..2.........3.5.........6.........7.....45...9..3.........45..8.....5..8..2..........4...891.........23....8..2.....89...4....91..............7.......6.......5......34...89..3....89..3.5..8...3.5..8.1...........45..8.........9.2.............7....34...8......6...",
        producer: Producer::Nishio,
        kind: ChainKind::Nishio,
        rating: 77,
        target: "r3c5-5",
        se: "Nishio Forcing Chain: E3.5 on ==> C5.5 both on & off",
    },
    Fixture {
        puzzle: "000000000003801500500020007207000401050000060300902005000000000620080074800765003",
        marks: "1..4....91....67...2.........3456.....345...9...4.67.9..3....8.1.34....9.......89...4....9.....67....3.............8....4..7.91............5.....2.4....9.2...6.......5....1....6.89...4...89..34.6....2.........34.6..91....6...1.34....9......7...2..............89......7....3.56.....3.5.........6.8....4.......3.....91........1..4....9....5.......4...891..4.......3...7........78..23...........6....2......9..3......1..4..........6...........91..4......2.............7.........8.....5..........7....3......1.......9.2.......1..4....9...4....9.....6.8.....5.........6.8......6....2...........5....1.3.............8...3.....91.......9......7.....4............8....4....91..4...........7.......6.......5....12......912.........3......",
        producer: Producer::Cycles,
        kind: ChainKind::ForcingXChain,
        rating: 68,
        target: "r1c6-9",
        se: "Forcing X-Chain: F1.9 off",
    },
    Fixture {
        puzzle: "200000009000010000074803210090000080405000701002030400001040900000708000700109008",
        marks: ".2.......1..........3..6.8.....56.........7.....456.....3.5..8...345............9..3..6..9..3.56.....3..6.89.2..56...1.........2.4.6.....3.56.8.......7....34.........56.........7.....4............8.........9..3.......2.......1............56.....3..6...........9......7.....4.........56...1..........3.56..........8..2..........4.......3..6.......5.....2...6..9.......8..2...6.........7....3..6..91........1...............8..2...........56..9..3............7.....4..........6..9....56..........8..2..56...1..........3.........4.........56...........9.2..56.........7....3.56..9.23456........6..9......7...2...6..........8.1.........23456.....34...........7...23456.....3..6...1.........2..56...........9..3.56....23456..........8.",
        producer: Producer::Cycles,
        kind: ChainKind::ForcingXChain,
        rating: 68,
        target: "r7c2-5",
        se: "Forcing X-Chain: B7.5 off",
    },
    Fixture {
        puzzle: "700010030930702000000006002070000680001060300028000090800500000000607059060080004",
        marks: "......7.....45..8..2..........4...891...........45..89....5...9..3...........6...........9..3...........6.........7.....45.....2.......1...5....1..4............8.1...5....1..45..8....45......34...89..34....9.....6.......5.7.9...4..7...2.........3............7......5...912.4....9.2.45...9...45...9.....6..........8.1...5.......45.......45...91...............89.....6.......5..89..3.......2.............7.......6....2..............8.1.3............7..1.3.5.......4.............91...5...........8....4....9...4..7.9....5.....2.4....91..4.....12....7.......6.....3......12.4.....1..4.......34..........6....234...........7.........8.....5............9.2..5.........6.....3.5.7.9123.....9.......8.1.3.....912....7..1.....7.....4.....",
        producer: Producer::Multiple,
        kind: ChainKind::RegionForcingChains,
        rating: 82,
        target: "r2c5-4",
        se: "Region Forcing Chains: 4 in column ==> E2.4 off",
    },
    Fixture {
        puzzle: "005100090300065000007300064050000000406000901000000040920001800000720003030004600",
        marks: ".....6......4...8.....5....1...........4..78..2....78...3..............9.2.....8...3.........4...89.2......9...4...89.....6.......5....1..............78..2....78.12.....8.1.......9......7....3.............89.2.....8.....5.........6......4.....12.....8.....5.....2......9...4...891..4..7....3..678..2....7....3....8......6.8....4...........78......6....2...........5.78...3...78.........9..3.5..8.1........12.....8.1.....789..3..........5..891...5.7.9.....678..2....7.....4.........56.8.........9.2..........4..........6.....3......1...............8.....5.7......5.7......5.........6..........8.......7...2...............9...4.....1..........3............7....3......1............5..8.....5..8....4..........6....2...............9",
        producer: Producer::Multiple,
        kind: ChainKind::RegionForcingChains,
        rating: 82,
        target: "r2c4-8",
        se: "Region Forcing Chains: 8 in row ==> D2.8 off",
    },
    Fixture {
        puzzle: "800947000000000700000002093007060050500304009060050100920400000006000000000125008",
        marks: ".......8...3......12..5............9...4...........7...2..5....12............6....2.4.6...1..45...9...45...9....56...1.3....8.1.3....8.......7..1..4...8.12.45.........67..1.....7..1..45........56...1......8..2..........4...8.........9..3........34.....1.......9......7...2.....8......6...1.......9.234...8.....5.....2.4.........5....1......8.12.........3......1.....7.....4..........6....2....78.........9.234..........6....2.4...89.2....78.....5...........891..........34..78..2.4..7..........9.2...........5..8....4.......3...78......6.....3.5....1.3...7..1...5.7..1............5..8......6.........78.........9..3....8..234......234......2.45.7.....4..7.....4..7....3......1.........2...........5............9.....6..........8.",
        producer: Producer::Multiple,
        kind: ChainKind::CellForcingChains,
        rating: 83,
        target: "r2c1-4",
        se: "Cell Forcing Chains: C3 ==> A2.4 off",
    },
    Fixture {
        puzzle: "800947000000000700000002093007060050500304009060050100920400000006000000000125008",
        marks: ".......8...3......12..5............9...4...........7...2..5....12............6....2...6...1..45...9...45...9....56...1.3....8.1.3....8.......7..1..4...8.12.45.........67..1.....7..1..45........56...1......8..2..........4...8.........9..3........34.....1.......9......7...2.....8......6...1.......9.234...8.....5.....2.4.........5....1......8.12.........3......1.....7.....4..........6....2....78.........9.234..........6......4...89.2....78.....5...........891..........34..78..2.4..7..........9.2...........5..8....4.......3...78......6.....3.5....1.3...7..1...5.7..1............5..8......6.........78.........9..3....8..234......234......2.45.7.....4..7.....4..7....3......1.........2...........5............9.....6..........8.",
        producer: Producer::Multiple,
        kind: ChainKind::CellForcingChains,
        rating: 83,
        target: "r6c8-8",
        se: "Cell Forcing Chains: C6 ==> H6.8 off",
    },
    Fixture {
        puzzle: "000100067000000204000090100800005041094030570350700008003070000509000000170008000",
        marks: ".2.4....9..34......2..5..8.1...........45..8..234............89.....6.........7.......67.91............56.8...3.56.......5..8...3..67...2.........3.5..89...4........4.67...234.6....2..56.8..2.456...........9.234.67..1..........3.5..8...3.5...........8..2...6.........7..........9.2...6.......5......3.........4.....1.........2...6...........9...4............8...3......1............5..........7...2...6.....3..........5....1..............7...2.4.6....2.4..........6..9.2......9.......8..2.4.6......4.6.8...3.......2.456.........7..........9...4.6.8.1.........2..56.......5.....2.4...8.........9.234.6...1..........34.6.........7...2.....8..23..6...1..............7...2...6....23456....2.45...........8....4.6.....3.5............9",
        producer: Producer::Dynamic,
        kind: ChainKind::DynamicContradiction,
        rating: 88,
        target: "r8c6-4",
        se: "Contradiction Forcing Chain: F8.4 on ==> F3.2 both on & off",
    },
    Fixture {
        puzzle: "007038060000002030500940000050000100008000300003000070000069003090400000010570400",
        marks: ".2.4....9.2.4...........7..1..........3.............8..2..5...9.....6......45.........6.89.....6.8.1..4..........67......5.....2.............7.9..3......1..4.........5......3......12...6...........9...4..........67...2....78..2.....8.12....78..2.4.67......5............9..3.......2.....8....4.67..1.........2.4...8..2...6.8.12.4..7...2.4.67.........8..2...67..1.......9...45.7....3.......2.45...9.2..56..912.4.6....2.4.6.....3.......2...6.8.1.......9...45.....2...6.8.......7...2..56.89.2.4..78..2.4..78....45.....2.....8......6...........9.2..5..8.1..........3........3..............9.2..56......4......2.....8.1.........2...678..2..5..8..2..567...2...6.8.1.........2...6.......5..........7....3.........4......2......9.2...6.89",
        producer: Producer::Dynamic,
        kind: ChainKind::DynamicContradiction,
        rating: 89,
        target: "r9c1-2",
        se: "Contradiction Forcing Chain: A9.2 on ==> H4.8 both on & off",
    },
    Fixture {
        puzzle: "208700300007006000490030000020003970700010003061900020000060039000300800003005702",
        marks: ".2.......1...5...........8.......7.....45...91..4....9..3......1..456..9...4.6...1...5......3............7...2.4...8..2..5...9.....6...12.45.......4...89...4...8....4.............9.....6...12..5..8...3......1......8.12.......1...5..8.......7......5..8..2..........45.........6......45..8...3..............9......7..1..............7.....45..8.........9.2.45..8.1.........2.4...8......6......45..8...3........3...........6...1................9...45.78....4..78....45.....2..........45..8.1...5..8.1.....78..2.45....12.4...8......6....2.4..78.1..45......3..............9.....6..91..45.7...2.45......3.......2....7.912.4..7.9.......8.1..4.6......456........6..91..4...8...3......1..4...8....4...89....5..........7..1..4.6....2.......",
        producer: Producer::Dynamic,
        kind: ChainKind::DynamicDoubleForcing,
        rating: 90,
        target: "r8c3-5",
        se: "Double Forcing Chain: I8.5 on & off ==> C8.5 off",
    },
    Fixture {
        puzzle: "430700000000002007900300610070900040000000000010006020042003005500100000000004086",
        marks: "...4.......3......1...56.8.......7..1....6.891......89.2.....89....5...9.2.....891....6.8.....56.8.1...56.8....4.6.8.1..4.6..9.2.........34...89..3.5...9......7..........9.2.............7....3.........45..8.....5..8......6...1...........4...8..23..6.8.......7......56.8.........9123......1...5..8...3.5..8....4.....1.3....8..23....8.....5..8....4....9.2.45..8.1234..78.1.....78...3.5.789.....6...1.3....89..3....8.1...........4....9...45..8...345.78......6.......5.78..2.........3....891.....78....4......2............6.8......6789..3......1.......9......7.9....5........5.........6.8...3..6.8.1.........2....789......789.234.......3...7.9.234.....1.....7..........91.3.......2..5.....2..5.7.....4.....123.............8......6...",
        producer: Producer::Dynamic,
        kind: ChainKind::DynamicDoubleForcing,
        rating: 91,
        target: "r5c5-8",
        se: "Double Forcing Chain: A4.6 on & off ==> E5.8 off",
    },
    Fixture {
        puzzle: "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        marks: "1..4.67.91.3...7.9...4.67.9...456.89...456.89...45678.1...567..1.3.567...2..........4.67...23...7.........8..2.456...1.........2.4567..........9..3.567....3..67......5....12....7.9.2...67.9.2...6..9.2...6..9..3......1....67.....4............8....4..78..2..5.78..2.45.7..1.........2.456.8.........9..3.......2..567.....4.67..1..4..7.9.....6....2.45.7.9.2.45......3.......2.45....12.45.7.........8.1..4..7.91..4...8912..5..89..3............7...2.456.8..2.456.8.12.456...12..56..91..4.6..9.....6789...4..........67.9.23..6.89.2...6.8912...6.8.12...67..123..67.9....5......3..........5...91.........2.456..9......7...2.456..........8..2...6..9...4.6..9.2...........5.789....567.9..3456.89...456.891..456.8.1..4.67..1.3..67.91.34.67.9",
        producer: Producer::DynamicPlus,
        kind: ChainKind::Nested(1),
        rating: 99,
        target: "r1c2-7",
        se: "Contradiction Forcing Chain: B1.7 on ==> I5.9 both on & off (Dynamic Contradiction Forcing Chains (+))",
    },
    Fixture {
        puzzle: "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        marks: "1..4.67.91.3.....9...4.6..9...456.89...456.89...45678.1...567..1.3.567...2..........4.67...23...7.........8..2.456...1.........2.4567..........9..3.567....3..67......5....12....7.9.2...67.9.2...6..9.2...6..9..3......1....67.....4............8....4..78..2..5.78..2.45.7..1.........2.456.8.........9..3.......2..567.....4.67..1..4..7.9.....6....2.45.7.9.2.45......3.......2.45....12.45.7.........8.1..4..7.91..4...8912..5..89..3............7...2.456.8..2.456.8.12.456...12..56..91..4.6..9.....6789...4..........67.9.23..6.89.2...6.8912...6.8.12...67..123..67.9....5......3..........5...91.........2.456..9......7...2.456..........8..2...6..9...4.6..9.2...........5.789....567.9..3456.89...456.891..456.8.1..4.67..1.3..67.91.34.67.9",
        producer: Producer::DynamicPlus,
        kind: ChainKind::Nested(1),
        rating: 101,
        target: "r3c2-9",
        se: "Contradiction Forcing Chain: B3.9 on ==> E7.9 both on & off (Dynamic Contradiction Forcing Chains (+))",
    },
    Fixture {
        puzzle: "040601090001000004200000800800005400000378000002400003004000006300000900050706040",
        marks: "....5.7.....4.......3.5.78......6....23....8.1.........23...7..........9.2..5.7......567.9..3..6.8.1.........2..5..89.23.5..89.23...7...23.567...23.567.....4......2.........3..67.9..3..67.9....5...9..345...9..34..7.........8.1.3.567..1...5.7.........8.1.3..6..9..3..6..912.......12...6.......5.......4.....1.....7..1.....7.9...4.....1....6..9....5...9..3............7.........8.12..56...12...6...12..5...91...567..1....67...2..........4.....1....6...........91...56..........8...3......1.....7.912....789...4.....12..5..89123.5..89.23......123...7..123.5.7.......6.....3......12...678......678.12..5..8.12.45..8..2.4.............912..5.7..12..5.78.1.......9....5...........89......7..123....89.....6...123.........4.....12.....8.",
        producer: Producer::Dynamic,
        kind: ChainKind::DynamicRegionForcingChains,
        rating: 89,
        target: "r2c7-2",
        se: "Region Forcing Chains: 2 in row ==> G2.2 off",
    },
    Fixture {
        puzzle: "040601090001000004200000800800005400000378000002400003004000006300000900050706040",
        marks: "....5.7.....4.......3.5.78......6....23....8.1.........23...7..........9.2..5.7......567.9..3..6.8.1.........2..5..89.23.5..89.23...7....3.567...23.567.....4......2.........3..67.9..3..67.9....5...9..345...9..34..7.........8.1.3.567..1...5.7.........8.1.3..6..9..3..6..912.......12...6.......5.......4.....1.....7..1.....7.9...4.....1....6..9....5...9..3............7.........8.12..56...12...6...12..5...91...567..1....67...2..........4.....1....6...........91...56..........8...3......1.....7.912....789...4.....12..5..89123.5..89.23......123...7..123.5.7.......6.....3......12...678......678.12..5..8.12.45..8..2.4.............912..5.7...2..5.78.1.......9....5...........89......7..123....89.....6...123.........4.....12.....8.",
        producer: Producer::Dynamic,
        kind: ChainKind::DynamicDoubleForcing,
        rating: 90,
        target: "r7c4-2",
        se: "Double Forcing Chain: C1.8 on & off ==> D7.2 off",
    },
    Fixture {
        puzzle: "800700040504001000000030200002000005400802001700000600005060000000100302010009004",
        marks: ".......8..23..6..91.3.....9......7...2..5...9....56...1...5.......4.......3..6..9....5.....23..67.9...4......2...6..9.2.....891..............789..3...789..3..67891....6..9.....67.91....67.9...456..9..3.........456.8..2.......1...5.........67891.3.....9..3....89.2.........3..6..91.....7.9..3..67.....4.......3...789....5.......4.........56..9..3..6..9.......8.....5.7.9.2.............7.9..3...7.91..............7....3.5..891.3....89..345...91..4....9..345.........6....2.........3....89.23.....9..34..7.9....5.....234..........6.....34..78.1.....7891.....7.9......789.....6..9...4.6789.....67891...........45.78....45.78...3..........567.9.2........23..6...1..........3..678..23.5.....2..5.78.........9....5.78.....567.....4.....",
        producer: Producer::Dynamic,
        kind: ChainKind::DynamicCellForcingChains,
        rating: 89,
        target: "r9c7-7",
        se: "Cell Forcing Chains: G2 ==> G9.7 off",
    },
];

pub(super) fn marks_from_729(s: &str) -> Marks {
    let b = s.as_bytes();
    assert_eq!(b.len(), 729);
    let mut m = Marks {
        size: Size::Nine,
        values: [0; 81],
        cands: [0; 81],
    };
    for cell in 0..81 {
        let mut mask = 0u16;
        for d in 0..9 {
            if b[cell * 9 + d] != b'.' {
                mask |= 1 << d;
            }
        }
        if mask.count_ones() == 1 {
            m.values[cell] = mask.trailing_zeros() as u8 + 1;
        } else {
            m.cands[cell] = mask;
        }
    }
    m
}

fn solution_of(puzzle: &str) -> Vec<u8> {
    let p = Puzzle::parse(puzzle).unwrap();
    crate::solver::solve(&p, 2)
        .unwrap()
        .solution
        .unwrap()
        .to_vec()
}

fn name(c: &Candidate) -> String {
    format!("r{}c{}", c.cell / 9 + 1, c.cell % 9 + 1)
}

#[test]
fn each_kind_fires_where_sukaku_explainer_fires_it() {
    for f in FIXTURES {
        let m = marks_from_729(f.marks);
        let solution = solution_of(f.puzzle);
        // The earlier producers find nothing: this one must not fire before its turn.
        for &p in Producer::ALL.iter().take_while(|&&p| p != f.producer) {
            assert!(
                find(&m, p, &mut || {}).is_none(),
                "{:?} fired before {:?} on {}",
                p,
                f.producer,
                f.se
            );
        }
        let step =
            find(&m, f.producer, &mut || {}).unwrap_or_else(|| panic!("nothing for {}", f.se));
        assert_eq!(
            step.technique,
            Technique::Chain(f.kind),
            "{} / {}",
            f.se,
            step.explanation
        );
        assert_eq!(step.rating, f.rating, "{} / {}", f.se, step.explanation);
        assert!(step.is_sound(&solution), "{} / {:?}", f.se, step);
        assert!(!step.eliminations.is_empty());
        if f.target.contains('-') || f.target.is_empty() {
            assert!(
                step.placements.is_empty() || f.target.is_empty(),
                "{:?}",
                step
            );
        }
        assert!(step.explanation.ends_with('.') && step.explanation.contains('r'));
        // A contradiction names the candidate found both true and false, as Sukaku
        // Explainer does ("... ==> H5.1 both on & off": r5c8 is 1).
        if let Some(i) = f.se.find(" both on & off") {
            let se_cell = &f.se[i - 4..i - 2];
            let se_digit = &f.se[i - 1..i];
            let name = format!("r{}c{}", &se_cell[1..], (se_cell.as_bytes()[0] - b'A' + 1));
            let claim = format!("{name} would be both {se_digit} and not {se_digit}");
            assert!(
                step.explanation.contains(&claim),
                "{} / {}",
                f.se,
                step.explanation
            );
        }
        if let Some((cell, digit)) = f.target.split_once('-') {
            let names: Vec<String> = step
                .eliminations
                .iter()
                .map(|c| format!("{}-{}", name(c), c.digit))
                .collect();
            assert_eq!(
                names,
                vec![format!("{cell}-{digit}")],
                "{} / {}",
                f.se,
                step.explanation
            );
        } else if let Some((cell, digit)) = f.target.split_once('=') {
            let digit: u8 = digit.parse().unwrap();
            assert!(
                step.eliminations
                    .iter()
                    .all(|c| name(c) == cell && c.digit != digit),
                "{} / {:?}",
                f.se,
                step
            );
            let c = step.eliminations[0].cell as usize;
            assert_eq!(step.eliminations.len() as u32, m.cands[c].count_ones() - 1);
            assert_eq!(
                step.placements,
                vec![Candidate {
                    cell: c as u8,
                    digit
                }]
            );
        }
    }
}

#[test]
fn later_producers_also_find_steps_and_stay_sound() {
    // The two producers after the one Sukaku Explainer used, at each fixture: every step
    // they find is sound and rated no lower than their base. Multiple chains include the
    // static forcing chains (both link kinds, cells and regions), and dynamic chains
    // (with or without nesting) include every earlier producer, so those find a step at
    // every fixture where they come later; nishio (one digit, no cell rule) need not
    // find what the cycles found; nested chains (levels 2 to 4) apply every rule of
    // Dynamic (+) first, so they find a step wherever they come later too.
    let (mut should_find, mut found_there) = (Vec::new(), Vec::new());
    let mut nested_found = 0;
    for (i, f) in FIXTURES.iter().enumerate() {
        let m = marks_from_729(f.marks);
        let solution = solution_of(f.puzzle);
        let later = Producer::ALL
            .iter()
            .skip_while(|&&p| p != f.producer)
            .skip(1)
            .take(2);
        for &p in later {
            let includes_earlier = matches!(
                p,
                Producer::Multiple
                    | Producer::Dynamic
                    | Producer::DynamicPlus
                    | Producer::Nested2
                    | Producer::Nested3
                    | Producer::Nested4(_)
            );
            if includes_earlier {
                should_find.push((i, p));
            }
            if let Some(step) = find(&m, p, &mut || {}) {
                if includes_earlier {
                    found_there.push((i, p));
                }
                if matches!(
                    p,
                    Producer::Nested2 | Producer::Nested3 | Producer::Nested4(_)
                ) {
                    nested_found += 1;
                }
                assert!(step.is_sound(&solution), "{:?} {:?}", p, step);
                let base = match p {
                    Producer::Nishio => 75,
                    Producer::Multiple => 80,
                    Producer::Dynamic => 85,
                    Producer::Nested2 => 95,
                    Producer::Nested3 => 100,
                    Producer::Nested4(_) => 105,
                    _ => 90,
                };
                assert!(step.rating >= base, "{:?} {:?}", p, step);
            }
        }
    }
    assert!(!should_find.is_empty());
    assert_eq!(found_there, should_find);
    assert!(nested_found > 0);
}

/// A synthetic grid: every cell blank with candidates {2, 3, 4}, except the cells given.
fn synthetic(cells: &[(usize, u16)]) -> Marks {
    let mut m = Marks {
        size: Size::Nine,
        values: [0; 81],
        cands: [0b1110; 81],
    };
    for &(cell, mask) in cells {
        m.cands[cell] = mask;
    }
    m
}

#[test]
fn x_cycle_of_four_links() {
    // Digit 1 in r1c1, r1c5, r5c1, r5c5 and r3c1: rows 1 and 5 and column 5 hold it twice,
    // so r1c1 - r5c1 - r5c5 - r1c5 is an X-cycle and r3c1, which sees r1c1 and r5c1, loses 1.
    let with1 = 0b1111;
    let m = synthetic(&[
        (0, with1),
        (4, with1),
        (36, with1),
        (40, with1),
        (18, with1),
    ]);
    let step = find(&m, Producer::Cycles, &mut || {}).unwrap();
    assert_eq!(step.technique, Technique::Chain(ChainKind::XCycle));
    assert_eq!(step.rating, 65);
    assert_eq!(step.eliminations, vec![Candidate { cell: 18, digit: 1 }]);
    assert_eq!(step.cells, vec![0, 4, 36, 40]);
}

#[test]
fn no_cycle_without_strong_links() {
    // The same digit in three places of every row and column: no X link, no bivalue cell.
    let with1 = 0b1111;
    let mut cells = Vec::new();
    for r in 0..3 {
        for c in 0..3 {
            cells.push((r * 9 + c, with1));
        }
    }
    let m = synthetic(&cells);
    assert!(find(&m, Producer::Cycles, &mut || {}).is_none());
}

#[test]
fn y_cycle_of_bivalue_cells() {
    // r1c1 {1,5}, r1c9 {5,6}, r9c9 {6,7}, r9c1 {7,1}: a loop of bivalue cells, each pair
    // linked by a row or column, so r5c1 (which sees r1c1 and r9c1) loses 1.
    let m = synthetic(&[
        (0, 0b10001),
        (8, 0b110000),
        (80, 0b1100000),
        (72, 0b1000001),
        (36, 0b1111),
    ]);
    let step = find(&m, Producer::Cycles, &mut || {}).unwrap();
    assert_eq!(step.technique, Technique::Chain(ChainKind::YCycle));
    assert_eq!(step.rating, 66, "{:?}", step);
    assert!(
        step.eliminations
            .contains(&Candidate { cell: 36, digit: 1 }),
        "{:?}",
        step
    );
}

#[test]
fn the_interrupt_hook_is_called() {
    let m = marks_from_729(FIXTURES[0].marks);
    for p in [Producer::Cycles, Producer::Dynamic] {
        let mut calls = 0;
        find(&m, p, &mut || calls += 1);
        assert!(calls > 10, "{:?} {}", p, calls);
    }
}

#[test]
fn four_by_four_grids_have_no_chains() {
    let p = Puzzle::parse("1.........2....3").unwrap();
    let m = Marks::from_puzzle(&p);
    for p in Producer::ALL {
        assert!(find(&m, p, &mut || {}).is_none());
    }
}

#[test]
fn length_bonus_follows_the_ceilings() {
    // +0.1 each time complexity - 2 exceeds 4, 6, 8, 12, 16, 24, 32, ...
    let expect = [
        (6, 0),
        (7, 1),
        (8, 1),
        (9, 2),
        (10, 2),
        (11, 3),
        (14, 3),
        (15, 4),
        (18, 4),
        (19, 5),
        (26, 5),
        (27, 6),
        (34, 6),
        (35, 7),
    ];
    for (cx, tenths) in expect {
        assert_eq!(
            ((difficulty::length_bonus(cx) * 10.0).round()) as u32,
            tenths,
            "complexity {cx}"
        );
    }
}

/// A fixture's position as the chain searches see it: each blank cell's candidates (0
/// for a placed digit), and its board.
fn fixture_grid(f: &Fixture) -> ([u16; 81], WorkGrid) {
    let m = marks_from_729(f.marks);
    let mut grid = [0u16; 81];
    for cell in 0..81 {
        grid[cell] = if m.values[cell] == 0 {
            m.cands[cell]
        } else {
            0
        };
    }
    (grid, WorkGrid::new(&grid))
}

/// Static multiple chains test a candidate whose propagation meets a contradiction with
/// what its "on" reaches along the links (`ClosureTable`), and propagate it only where that
/// shares something: sound because the propagation's sets, however short it stops, lie
/// within what `ClosureTable` gives (static links: nothing leaves the grid), and are exactly
/// that when it meets none. Checked for every candidate of the fixtures' positions, many
/// of which meet a contradiction.
#[test]
fn a_static_propagation_stays_within_what_its_on_reaches() {
    let mode = Mode {
        dynamic: false,
        cell_rule: true,
        level: 0,
        nested_rules: no_nested_rules,
    };
    let (mut links, mut reach, mut run) = (
        Links::default(),
        ClosureTable::default(),
        Propagation::default(),
    );
    let (mut candidates, mut contradictions, mut exact) = (0, 0, 0);
    for f in FIXTURES {
        let (grid, board) = fixture_grid(f);
        links.build(&board, mode.cell_rule);
        reach.build(&links, &grid);
        for cell in 0..81 {
            for d in 0..9 {
                if grid[cell] >> d & 1 == 0 {
                    continue;
                }
                let start = Potential::new(primitives::Candidate::new(cell, d), true);
                run.propagate(&board, start, mode);
                let (on, off) = reach.of(start);
                let mut within = true;
                each(&run.on, |c| within &= on.has(c));
                each(&run.off, |c| within &= off.has(c));
                assert!(
                    within,
                    "r{}c{}={} in {}",
                    cell / 9 + 1,
                    cell % 9 + 1,
                    d + 1,
                    f.se
                );
                // Without a contradiction the propagation reaches all of it.
                if run.absurd.is_none() {
                    assert!(
                        run.on == *on && run.off == *off,
                        "r{}c{}={} in {}",
                        cell / 9 + 1,
                        cell % 9 + 1,
                        d + 1,
                        f.se
                    );
                    exact += 1;
                }
                candidates += 1;
                contradictions += run.absurd.is_some() as usize;
            }
        }
    }
    assert!(
        contradictions >= 100 && exact >= 100,
        "{contradictions} contradictions, {exact} exact, of {candidates}"
    );
}

/// The region tests take a region's places from the board's unit mask
/// (`multiple::region_places`): on every fixture position, for every cell, region and
/// digit, the places are those a scan of the unit's cells finds, in the unit's order,
/// and the test is made exactly where the cell is the first of them and they are two
/// (or more, with `multiple`).
#[test]
fn region_places_are_those_a_scan_of_the_unit_finds() {
    let (mut made, mut skipped) = (0, 0);
    for f in FIXTURES {
        let (grid, board) = fixture_grid(f);
        for cell in 0..81 {
            for (k, u) in regions_of(cell).into_iter().enumerate() {
                for d in 0..9 {
                    let scan: Vec<usize> = crate::grid::UNITS[u]
                        .iter()
                        .map(|&o| o as usize)
                        .filter(|&o| grid[o] >> d & 1 != 0)
                        .collect();
                    for multiple in [false, true] {
                        let wanted = scan.first() == Some(&cell)
                            && (scan.len() == 2 || (multiple && scan.len() > 2));
                        let got = super::multiple::region_places(&board, cell, k, u, d, multiple);
                        match got {
                            Some((buf, n)) => {
                                assert!(
                                    wanted,
                                    "r{}c{} unit {u} digit {}",
                                    cell / 9 + 1,
                                    cell % 9 + 1,
                                    d + 1
                                );
                                assert_eq!(&buf[..n], &scan[..]);
                                made += 1;
                            }
                            None => {
                                assert!(
                                    !wanted,
                                    "r{}c{} unit {u} digit {}",
                                    cell / 9 + 1,
                                    cell % 9 + 1,
                                    d + 1
                                );
                                skipped += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        made >= 100 && skipped >= 100,
        "{made} made, {skipped} skipped"
    );
}

/// Dynamic searches keep their closures from one call to the next where the grid's lost
/// candidates cannot have changed them (`DynamicClosure::still_closed`): on every fixture
/// position, for a spread of starts and of lost candidates (one, or two in a unit),
/// wherever the rule keeps a closure, the closure made afresh on the smaller grid has
/// the same sets, depths and no contradiction. The rule must keep a good share of them
/// (else it is no use) and refuse some (else it tests nothing).
#[test]
fn a_kept_dynamic_closure_is_the_closure_on_the_smaller_grid() {
    let (mut old, mut new) = (DynamicClosure::default(), DynamicClosure::default());
    let (mut kept, mut refused) = (0, 0);
    for f in FIXTURES {
        let (grid, board) = fixture_grid(f);
        let cands: Vec<primitives::Candidate> = (0..NCAND)
            .map(primitives::Candidate::from_index)
            .filter(|&c| grid[c.cell().index()] >> c.digit().index() & 1 != 0)
            .collect();
        for (i, &start) in cands.iter().enumerate().step_by(5) {
            old.close(&board, Potential::new(start, true), &CandSet::EMPTY);
            if old.conflict {
                continue;
            }
            for (j, &x) in cands.iter().enumerate().skip(i % 7).step_by(9) {
                if x == start {
                    continue;
                }
                // One lost candidate, or two: `x` and the next place of its digit in its row.
                let mut lost = vec![x];
                if j % 2 == 0 {
                    if let Some(&y) = cands[j + 1..].iter().find(|&&y| {
                        y.digit().index() == x.digit().index()
                            && y.cell().index() / 9 == x.cell().index() / 9
                    }) {
                        if y != start {
                            lost.push(y);
                        }
                    }
                }
                let mut smaller = grid;
                for &c in &lost {
                    smaller[c.cell().index()] &= !(1 << c.digit().index());
                }
                let now = WorkGrid::new(&smaller);
                if !old.still_closed(&now, &lost) {
                    refused += 1;
                    continue;
                }
                kept += 1;
                new.close(&now, Potential::new(start, true), &CandSet::EMPTY);
                assert!(!new.conflict, "{} start {start:?} lost {lost:?}", f.se);
                assert!(
                    new.on == old.on && new.off == old.off,
                    "{} start {start:?} lost {lost:?}",
                    f.se
                );
                let mut same_depths = true;
                each(&old.on, |c| {
                    same_depths &= old.least_ancestors(Potential::new(c, true))
                        == new.least_ancestors(Potential::new(c, true))
                });
                each(&old.off, |c| {
                    same_depths &= old.least_ancestors(Potential::new(c, false))
                        == new.least_ancestors(Potential::new(c, false))
                });
                assert!(same_depths, "{} start {start:?} lost {lost:?}", f.se);
            }
        }
    }
    assert!(
        kept >= 200 && refused >= 200,
        "kept {kept}, refused {refused}"
    );
}
