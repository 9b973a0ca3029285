//! f-puzzles in and out: round trips of every rule through JSON, payload and link;
//! hand-written f-puzzles samples of each feature; refusals with their kinds; and no
//! panic on random or mutated input.

use super::*;
use crate::error::ErrorKind;
use crate::variant::rules::{Cage, Cages, Regions};
use crate::variant::shape::Shape;
use proptest::prelude::*;

/// A 9×9 puzzle with a few givens (not a sudoku to solve: import and export do not
/// look at whether the givens fit).
const NINE: &str = concat!(
    "5...1...9",
    ".3.....7.",
    "..8.2....",
    ".....4...",
    "..6...1..",
    ".2.......",
    "..7.3...4",
    ".....8.1.",
    "..5...6.."
);

/// Jigsaw: the boxes with r1c3 and r1c4 swapped, and r9c6 and r9c7.
fn jigsaw_nine() -> String {
    let shape = Shape::NINE;
    let mut map: Vec<u8> = (0..81).map(|c| b'A' + shape.box_of(c) as u8).collect();
    map.swap(2, 3);
    map.swap(77, 78);
    String::from_utf8(map).unwrap()
}

/// Killer: A r1c1-r1c2 sums to 3, B r1c3-r1c5 has no sum, C r9c9 is 5.
fn killer_nine() -> String {
    let mut map = vec![b'.'; 81];
    map[0] = b'A';
    map[1] = b'A';
    map[2..5].fill(b'B');
    map[80] = b'C';
    format!("{};3,,5", String::from_utf8(map).unwrap())
}

fn nine(rules: &str) -> (VariantPuzzle, Rules) {
    (
        VariantPuzzle::parse(NINE).unwrap(),
        Rules::parse(rules).unwrap(),
    )
}

/// Through the JSON, the payload and the link, the puzzle and rules come back equal.
fn assert_round_trip(puzzle: &VariantPuzzle, rules: &Rules) {
    let json = export_json(puzzle, rules).unwrap();
    let back = (puzzle.clone(), rules.clone());
    assert_eq!(import(&json).unwrap(), back, "{rules} via {json}");
    let payload = export_payload(puzzle, rules).unwrap();
    assert_eq!(import(&payload).unwrap(), back, "{rules} via payload");
    let link = export_link(puzzle, rules).unwrap();
    assert!(link.starts_with(LINK_PREFIX));
    assert_eq!(import(&link).unwrap(), back, "{rules} via link");
    let sudokupad = format!("https://sudokupad.app/fpuzzles{payload}");
    assert_eq!(import(&sudokupad).unwrap(), back, "{rules} via SudokuPad");
}

#[test]
fn every_rule_goes_out_and_back_unchanged() {
    let jigsaw = format!("jigsaw={}", jigsaw_nine());
    let killer = format!("killer={}", killer_nine());
    let mut all = vec![
        "classic".to_string(),
        "x".into(),
        "diagonal+".into(),
        "diagonal-".into(),
        "windoku".into(),
        "dg".into(),
        "girandola".into(),
        "asterisk".into(),
        "center-dot".into(),
        "anti-knight".into(),
        "anti-king".into(),
        "nc".into(),
        jigsaw.clone(),
        killer.clone(),
        format!(
            "x,windoku,girandola,asterisk,center-dot,anti-knight,anti-king,nc,{jigsaw},{killer}"
        ),
        "x,dg,anti-king".into(),
    ];
    all.push(format!("windoku,{killer}"));
    for rules in &all {
        let (puzzle, rules) = nine(rules);
        assert_round_trip(&puzzle, &rules);
    }
}

#[test]
fn four_and_sixteen_go_out_and_back() {
    let four = VariantPuzzle::parse("1..4..3..2.....1").unwrap();
    for rules in [
        "classic",
        "x,anti-king",
        "jigsaw=AAABABBBCCCDCDDD",
        "killer=AB..AB..........;3,",
    ] {
        assert_round_trip(&four, &Rules::parse(rules).unwrap());
    }
    let line: String = (0..256)
        .map(|c| {
            if c % 5 == 0 {
                Shape::SIXTEEN.digit_char((c % 16) as u8 + 1)
            } else {
                '.'
            }
        })
        .collect();
    let sixteen = VariantPuzzle::parse(&line).unwrap();
    let mut map: Vec<u8> = (0..256).map(|c| Shape::SIXTEEN.box_of(c) as u8).collect();
    map.swap(3, 4);
    let rules = Rules {
        diagonal_down: true,
        anti_knight: true,
        non_consecutive: true,
        regions: Regions::Jigsaw(map),
        cages: Cages::Killer {
            map_cells: 256,
            cages: vec![Cage {
                cells: vec![0, 1, 16],
                sum: Some(40),
            }],
        },
        ..Rules::default()
    };
    assert_round_trip(&sixteen, &rules);
}

/// A 4×4 f-puzzles JSON written out by hand: givens, a player's entry, marks, colours,
/// metadata, and a jigsaw.
const FOUR_JIGSAW: &str = r##"{"size":4,"title":"Four","author":"me","ruleset":"Jigsaw",
 "highlightConflicts":true,"solution":[1,2,3,4],
 "grid":[
  [{"value":1,"given":true,"region":0},{"region":0},{"region":0},{"value":2,"region":1}],
  [{"region":0},{"region":1,"centerPencilMarks":[3,4]},{"region":1},{"region":1,"c":"#FFA0A0"}],
  [{"region":2},{"region":2},{"region":2,"cornerPencilMarks":[1]},{"region":3}],
  [{"region":2},{"region":3},{"region":3},{"value":4,"given":true,"region":3}]],
 "cage":[{"cells":[],"value":"title: Four"}],
 "thermometer":[]}"##;

#[test]
fn a_hand_written_jigsaw_reads_its_givens_and_regions() {
    let (puzzle, rules) = import(FOUR_JIGSAW).unwrap();
    assert_eq!(puzzle.to_line(), "1..............4");
    assert_eq!(rules.to_string(), "jigsaw=AAABABBBCCCDCDDD");
}

/// A 9×9 grid with no givens, in f-puzzles' form, with `fields` added at the top level.
fn nine_with(fields: &str) -> String {
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = vec![row; 9].join(",");
    let sep = if fields.is_empty() { "" } else { "," };
    format!(r#"{{"size":9,"grid":[{grid}]{sep}{fields}}}"#)
}

fn rules_of(fields: &str) -> Result<Rules, VariantError> {
    import(&nine_with(fields)).map(|(_, rules)| rules)
}

#[test]
fn hand_written_flags_read_as_rules() {
    let cases = [
        (r#""diagonal+":true,"diagonal-":true"#, "x"),
        (r#""diagonal+":true,"diagonal-":false"#, "diagonal+"),
        (r#""diagonal-":true"#, "diagonal-"),
        (
            r#""antiknight":true,"antiking":true"#,
            "anti-knight,anti-king",
        ),
        (r#""disjointgroups":true"#, "dg"),
        (r#""nonconsecutive":true"#, "nc"),
        (r#""windoku":true"#, "windoku"),
        ("", "classic"),
    ];
    for (fields, rules) in cases {
        assert_eq!(rules_of(fields).unwrap().to_string(), rules, "{fields}");
    }
}

#[test]
fn hand_written_extra_regions_read_as_their_rules() {
    let windows = r#""extraregion":[
        {"cells":["R2C2","R2C3","R2C4","R3C2","R3C3","R3C4","R4C2","R4C3","R4C4"]},
        {"cells":["R2C6","R2C7","R2C8","R3C6","R3C7","R3C8","R4C6","R4C7","R4C8"]},
        {"cells":["R6C2","R6C3","R6C4","R7C2","R7C3","R7C4","R8C2","R8C3","R8C4"]},
        {"cells":["R6C6","R6C7","R6C8","R7C6","R7C7","R7C8","R8C6","R8C7","R8C8"]}"#;
    assert_eq!(
        rules_of(&format!("{windows}]")).unwrap().to_string(),
        "windoku"
    );
    // One of the five implied groups drawn too: absorbed.
    let implied = r#"{"cells":["R1C1","R1C5","R1C9","R5C1","R5C5","R5C9","R9C1","R9C5","R9C9"]}"#;
    let with_implied = format!("{windows},{implied}]");
    assert_eq!(rules_of(&with_implied).unwrap().to_string(), "windoku");
    // The implied group alone is no rule of ours.
    let alone = rules_of(&format!(r#""extraregion":[{implied}]"#)).unwrap_err();
    assert!(
        matches!(alone, VariantError::Unexpressible { .. }),
        "{alone:?}"
    );
    assert!(alone.message().contains("R1C1,R1C5"), "{}", alone.message());
    let girandola = r#""extraregion":[{"cells":["R9C9","R1C1","R1C9","R2C5","R5C2","R5C5","R5C8","R8C5","R9C1"]}]"#;
    assert_eq!(rules_of(girandola).unwrap().to_string(), "girandola");
    let asterisk = r#""extraregion":[{"cells":["R2C5","R3C3","R3C7","R5C2","R5C5","R5C8","R7C3","R7C7","R8C5"]}]"#;
    assert_eq!(rules_of(asterisk).unwrap().to_string(), "asterisk");
    let center_dot = r#""extraregion":[{"cells":["R2C2","R2C5","R2C8","R5C2","R5C5","R5C8","R8C2","R8C5","R8C8"]}]"#;
    assert_eq!(rules_of(center_dot).unwrap().to_string(), "center-dot");
    let diagonal = r#""extraregion":[{"cells":["R1C1","R2C2","R3C3","R4C4","R5C5","R6C6","R7C7","R8C8","R9C9"]}]"#;
    assert_eq!(rules_of(diagonal).unwrap().to_string(), "diagonal-");
}

#[test]
fn hand_written_killer_cages_read_with_and_without_sums() {
    let fields = r##""killercage":[
        {"cells":["R1C2","R1C1"],"value":"3","outlineC":"#000000"},
        {"cells":["R1C3","R1C4","R1C5"]},
        {"cells":["R9C9"],"value":5},
        {"cells":["R5C5"],"value":""}]"##;
    let rules = rules_of(fields).unwrap();
    let Cages::Killer { map_cells, cages } = &rules.cages else {
        panic!("{rules}")
    };
    assert_eq!(*map_cells, 81);
    assert_eq!(
        cages[0],
        Cage {
            cells: vec![0, 1],
            sum: Some(3)
        }
    );
    assert_eq!(
        cages[1],
        Cage {
            cells: vec![2, 3, 4],
            sum: None
        }
    );
    assert_eq!(
        cages[2],
        Cage {
            cells: vec![80],
            sum: Some(5)
        }
    );
    assert_eq!(
        cages[3],
        Cage {
            cells: vec![40],
            sum: None
        }
    );
    assert_eq!(rules_of(r#""killercage":[]"#).unwrap(), Rules::classic());
}

/// A top-level field, and the kind of error it must give.
fn refused(fields: &str) -> VariantError {
    rules_of(fields).expect_err(fields)
}

#[test]
fn constraints_without_a_rule_are_22023_naming_them() {
    for (fields, named) in [
        (
            r#""thermometer":[{"lines":[["R1C1","R1C2"]]}]"#,
            "thermometer",
        ),
        (
            r#""arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2"]]}]"#,
            "arrow",
        ),
        (
            r#""littlekillersum":[{"cell":"R0C1","cells":["R1C1"],"direction":"DR","value":"5"}]"#,
            "littlekillersum",
        ),
        (r#""negative":["ratio"]"#, "negative"),
        (r#""cage":[{"cells":["R1C1"],"value":"7"}]"#, "drawn cage"),
        (
            r#""killercage":[{"cells":["R1C1"],"value":"?"}]"#,
            "sum \"?\"",
        ),
        (
            r#""killercage":[{"cells":["R1C1","R1C2"]},{"cells":["R1C2"]}]"#,
            "share R1C2",
        ),
        (r#""extraregion":[{"cells":["R1C1","R1C2"]}]"#, "R1C1,R1C2"),
    ] {
        let err = refused(fields);
        assert_eq!(err.kind(), ErrorKind::Contradictory, "{fields}: {err:?}");
        assert!(err.message().contains(named), "{fields}: {}", err.message());
    }
    let marks = nine_with("").replacen("{}", r#"{"givenPencilMarks":[1,2]}"#, 1);
    let err = import(&marks).unwrap_err();
    assert!(
        err.message().contains("given pencil marks at R1C1"),
        "{}",
        err.message()
    );
    let outside = nine_with("").replacen("{}", r#"{"region":null}"#, 1);
    assert!(matches!(
        import(&outside),
        Err(VariantError::Unexpressible { .. })
    ));
    let six = r#"{"size":6,"grid":[]}"#;
    let err = import(six).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Contradictory);
    assert!(err.message().contains("6x6"), "{}", err.message());
}

#[test]
fn rules_that_do_not_fit_are_22023_as_for_rules_text() {
    // Region 0 loses a cell to region 1: not 9 regions of 9.
    let bad = nine_with("").replacen("{}", r#"{"region":1}"#, 1);
    assert!(matches!(
        import(&bad),
        Err(VariantError::RegionShape { .. })
    ));
    let sum = refused(r#""killercage":[{"cells":["R1C1","R1C2"],"value":"30"}]"#);
    assert!(matches!(sum, VariantError::ImpossibleSum { .. }), "{sum:?}");
    let dg_jigsaw = nine_with(r#""disjointgroups":true"#).replacen(
        r#"{},{},{},{}"#,
        r#"{"region":1},{},{},{"region":0}"#,
        1,
    );
    assert!(matches!(
        import(&dg_jigsaw),
        Err(VariantError::Incompatible { .. })
    ));
}

#[test]
fn malformed_text_is_22p02() {
    let cases = [
        "{".to_string(),
        "[1,2]".into(),
        r#"{"grid":[]}"#.into(),
        r#"{"size":"9","grid":[]}"#.into(),
        r#"{"size":9,"grid":[]}"#.into(),
        r#"{"size":99,"grid":[]}"#.into(),
        nine_with("").replacen("{}", r#"{"value":10,"given":true}"#, 1),
        nine_with("").replacen("{}", r#"{"value":"5","given":true}"#, 1),
        nine_with("").replacen("{}", r#"{"given":"yes"}"#, 1),
        nine_with(r#""antiknight":"yes""#),
        nine_with(r#""killercage":[{"cells":["R10C1"]}]"#),
        nine_with(r#""killercage":[{"cells":["R1C1","r1c1"]}]"#),
        nine_with(r#""killercage":[{"cells":[]}]"#),
        nine_with(r#""extraregion":{"cells":["R1C1"]}"#),
        "N4Ig%zz".into(),
        "https://www.f-puzzles.com/?load=N4Ig*".into(),
        "not a puzzle at all".into(),
        "".into(),
        lz_str::compress_to_base64("[1,2,3]"),
    ];
    for text in &cases {
        let err = import(text).expect_err(text);
        assert_eq!(err.kind(), ErrorKind::Malformed, "{text}: {err:?}");
        assert!(!err.detail().is_empty());
    }
}

#[test]
fn a_25x25_grid_reads_but_does_not_go_to_f_puzzles() {
    let row = format!("[{}]", vec!["{}"; 25].join(","));
    let json = format!(
        r#"{{"size":25,"grid":[{}],"antiknight":true}}"#,
        vec![row; 25].join(",")
    );
    let (puzzle, rules) = import(&json).unwrap();
    assert_eq!(puzzle.shape, Shape::TWENTY_FIVE);
    assert!(rules.anti_knight);
    let err = export_json(&puzzle, &rules).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Contradictory);
    assert!(err.message().contains("25x25"), "{}", err.message());
}

#[test]
fn fresh_layouts_and_misfits_are_not_exported() {
    let (puzzle, _) = nine("classic");
    for rules in ["jigsaw", "killer", "windoku"] {
        let four = VariantPuzzle::parse("1..4..3..2.....1").unwrap();
        let target = if rules == "windoku" { &four } else { &puzzle };
        let err = export_json(target, &Rules::parse(rules).unwrap()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Contradictory, "{rules}");
    }
}

#[test]
fn the_written_json_has_f_puzzles_fields() {
    let (puzzle, rules) = nine(&format!("x,windoku,nc,killer={}", killer_nine()));
    let json = export_json(&puzzle, &rules).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["size"], 9);
    assert_eq!(
        value["grid"][0][0],
        serde_json::json!({"value": 5, "given": true})
    );
    assert_eq!(value["grid"][0][1], serde_json::json!({}));
    assert_eq!(value["diagonal+"], true);
    assert_eq!(value["nonconsecutive"], true);
    assert_eq!(value["extraregion"].as_array().unwrap().len(), 4);
    assert_eq!(
        value["killercage"][0],
        serde_json::json!({"cells": ["R1C1", "R1C2"], "value": "3"})
    );
    assert_eq!(value["killercage"][1].get("value"), None);
    assert_eq!(value["ruleset"], "sudoku_ext rules: x, windoku, nc, killer");
    let link = export_link(&puzzle, &rules).unwrap();
    let payload = &link[LINK_PREFIX.len()..];
    assert!(!payload.contains(['+', '/', '=']), "{payload}");
}

#[test]
fn links_and_payloads_are_found_and_decoded() {
    let (puzzle, rules) = nine("anti-king");
    let payload = export_payload(&puzzle, &rules).unwrap();
    let want = (puzzle, rules);
    let encoded = link::percent_encode(&payload);
    for text in [
        payload.clone(),
        encoded.clone(),
        format!("  {payload}\n"),
        payload.replace('+', " "),
        format!("https://f-puzzles.com/?load={encoded}&other=1"),
        format!("www.f-puzzles.com/?id=3&load={payload}#top"),
        format!("https://sudokupad.app/fpuzzles{encoded}?setting-x=1"),
    ] {
        assert_eq!(import(&text).unwrap(), want, "{text}");
    }
}

#[test]
fn long_texts_are_refused_before_reading() {
    let long = format!("{{{}}}", " ".repeat(MAX_TEXT_BYTES));
    assert!(matches!(
        import(&long),
        Err(VariantError::FpuzzlesTooLong { .. })
    ));
    let payload = "A".repeat(link::MAX_PAYLOAD_BYTES + 1);
    let err = import(&payload).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Malformed);
    assert!(matches!(err, VariantError::FpuzzlesTooLong { .. }));
}

/// lz-string's bits in base64: each value written lowest bit first, six bits a
/// character, highest first (as lz-string's decoder reads them).
struct Base64Bits {
    chars: Vec<u8>,
    filled: u32,
}

impl Base64Bits {
    const KEY: &'static [u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    fn put(&mut self, value: u32, bits: u32) {
        for k in 0..bits {
            if self.filled.is_multiple_of(6) {
                self.chars.push(0);
            }
            let last = self.chars.last_mut().unwrap();
            *last |= (((value >> k) & 1) as u8) << (5 - self.filled % 6);
            self.filled += 1;
        }
    }

    fn finish(mut self) -> String {
        // One more character: the decoder fetches the next one after a full one.
        self.chars.push(0);
        self.chars
            .iter()
            .map(|&v| char::from(Self::KEY[usize::from(v)]))
            .collect()
    }
}

/// The payload that decodes to the most characters for its length: one literal, then
/// codes that each name the entry being made (the previous output and its first
/// character), so every code outputs one character more than the last, at the fewest
/// bits a code can take. `codes` codes output `1 + 2 + ... + (codes + 1)` characters.
fn worst_payload(max_len: usize) -> (String, usize) {
    let mut bits = Base64Bits {
        chars: Vec::new(),
        filled: 0,
    };
    bits.put(0, 2);
    bits.put(u32::from(b'{'), 8);
    let (mut dictionary, mut width, mut enlarge_in) = (4u32, 3u32, 4u32);
    let mut codes = 0;
    // Room for this code, the closing code and the extra character.
    while (bits.filled + 2 * (width + 1)) as usize / 6 + 2 <= max_len {
        bits.put(dictionary, width);
        codes += 1;
        dictionary += 1;
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
    bits.put(2, width);
    (bits.finish(), codes)
}

/// The worst payload under the limit decodes to a bounded size, and is then refused as
/// a JSON text over the limit is.
#[test]
fn the_worst_payload_under_the_limit_stays_small() {
    let (payload, codes) = worst_payload(link::MAX_PAYLOAD_BYTES);
    assert!(
        payload.len() <= link::MAX_PAYLOAD_BYTES,
        "{}",
        payload.len()
    );
    let decoded = lz_str::decompress_from_base64(&payload).unwrap();
    assert_eq!(decoded.len(), (codes + 1) * (codes + 2) / 2);
    assert!(decoded.iter().all(|&u| u == u16::from(b'{')));
    // 2,383 codes: 2,842,920 units, under 6 MB, and as much again in the
    // dictionary.
    assert!(
        decoded.len() < 3_000_000,
        "{} from {codes} codes",
        decoded.len()
    );
    let err = import(&payload).unwrap_err();
    assert!(
        matches!(err, VariantError::FpuzzlesTooLong { .. }),
        "{err:?}"
    );
    // A short one, whole.
    let (small, codes) = worst_payload(40);
    let text = String::from_utf16(&lz_str::decompress_from_base64(&small).unwrap()).unwrap();
    assert_eq!(text, "{".repeat((codes + 1) * (codes + 2) / 2));
}

/// A valid JSON and payload to mutate.
fn valid_texts() -> (String, String) {
    let (puzzle, rules) = nine(&format!(
        "x,windoku,anti-knight,jigsaw={},killer={}",
        jigsaw_nine(),
        killer_nine()
    ));
    (
        export_json(&puzzle, &rules).unwrap(),
        export_payload(&puzzle, &rules).unwrap(),
    )
}

/// `text` with byte edits: (position, byte, 0 replace / 1 insert / 2 delete).
fn mutated(text: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, byte, how) in edits {
        let at = at % (bytes.len() + 1);
        match how {
            0 if at < bytes.len() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            _ if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = import(&text);
        let _ = import(&format!("{{{text}}}"));
        let _ = import(&format!("{LINK_PREFIX}{text}"));
    }

    #[test]
    fn mutated_json_never_panics(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0u8..3), 1..6)) {
        let (json, payload) = valid_texts();
        if let Ok((puzzle, rules)) = import(&mutated(&json, &edits)) {
            // What reads writes back (or is refused with a typed error).
            if let Ok(again) = export_json(&puzzle, &rules) {
                prop_assert_eq!(import(&again).unwrap(), (puzzle, rules));
            }
        }
        let _ = import(&mutated(&payload, &edits));
    }

    #[test]
    fn base64_noise_never_panics(text in "[A-Za-z0-9+/=]{0,300}") {
        let _ = import(&text);
    }
}
