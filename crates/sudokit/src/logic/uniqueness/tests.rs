use super::super::test_util::{all_sound, board, board_from_marks};
use super::*;

/// A 9x9 board from serate's `%i` (values) and `%m` (729 pencil marks).
pub(crate) fn se_board(values: &str, marks: &str) -> Board {
    let v: Vec<char> = values.chars().collect();
    let m: Vec<char> = marks.chars().collect();
    assert_eq!((v.len(), m.len()), (81, 729));
    let tokens: Vec<String> = (0..81)
        .map(|c| match v[c] {
            '1'..='9' => format!("={}", v[c]),
            _ => m[c * 9..c * 9 + 9]
                .iter()
                .filter(|ch| ch.is_ascii_digit())
                .collect(),
        })
        .collect();
    board_from_marks(&tokens.join(" "))
}

fn run(b: &Board, t: Technique) -> Option<Step> {
    t.first(b, &mut Ctx::new(true))
}

fn digits_of(b: &Board, c: usize) -> Vec<u8> {
    digits(b.candidates(c)).collect()
}

/// Positions from serate's step log (values, pencil marks) where Sudoku
/// Explainer's next step is one of this helper's rungs, with the
/// eliminations serate made (read off the next state of its log).
/// Step name, values, 729 pencil marks, eliminations.
pub(crate) type SePosition = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(usize, u8)],
);

pub(crate) const SE_POSITIONS: &[SePosition] = &[
    (
        "Unique Rectangle type 1",
        "..............1.23324.56.........5.......76...8.2..3.....3...8.5.6...73.938...2..",
        "1.....78.1.....7.91.....7.9...4..789.23.......23.........4...89....56.......56........678.....567.9....5.7.9...4..789...4..7891...........4...89.2.........3........3.......2..........4............89....5.........6...1......891.....7.91.....7.912.4.67..1..4.67.9123...7.91..4.6.891.34.6.89..3....8.....5....1..4..7.9.2.....8.12.4.....1..45...9123.5...91..45..891.34...89......7.......6...1..4....9.2.....8.1..4.67.........8.1...5.7.9.2.......1..4.6..9...45...9..3......1..4..7.91.....7.912.4..7..1..4..7..12....7....3......1..4.6..9...45...91.......9.......8.1..456..9....5....1..4..........6...1..4...8912.4...89.2.....8.......7....3......1..4....9........9..3.............8.1..4567..1..4.67.....45.....2...........56...1..456...",
        &[(80, 5), (80, 6)],
    ),
    (
        "Unique Rectangle type 3",
        "29183674565847192337495261854...718..6.1485..81...5..4.8.2634511.6584...4.57198..",
        ".2...............91...............8...3...........6.........7.....4.........5.........6.......5...........8....4...........7..1................9.2.........3........3............7.....4.............9....5.....2............6...1...............8.....5.......4......23.....9..3..6....2......9......7..1...............8..2...6..9......7.9.....6....23......1...........4............8.....5......3...7.9.2....7.9.......8.1.........23...7.9..3..6....2......9....5.....23........3..67.9...4...........7.9.......8.......7.9.2............6.....3.........4.........5....1........1.........23...........6.......5...........8....4......23............7.9......7.9...4......23..........5..........7..1................9.......8...3..6....2...6...",
        &[(35, 2), (52, 3)],
    ),
    (
        "XYZ-Wing",
        "29183674565847192337495261854...718..6.1485..81...5..4.8.2634511.6584...4.57198..",
        ".2...............91...............8...3...........6.........7.....4.........5.........6.......5...........8....4...........7..1................9.2.........3........3............7.....4.............9....5.....2............6...1...............8.....5.......4......23.....9..3..6....2......9......7..1...............8......6..9......7.9.....6....23......1...........4............8.....5......3...7.9.2....7.9.......8.1.........23...7.9..3..6....2......9....5.....23...........67.9...4...........7.9.......8.......7.9.2............6.....3.........4.........5....1........1.........23...........6.......5...........8....4......23............7.9......7.9...4......23..........5..........7..1................9.......8...3..6....2...6...",
        &[(43, 9)],
    ),
    (
        "XY-Wing",
        "7.8426.13...371.82123589746481237695...615478576894321...14283....95816.81.76325.",
        "......7......5...9.......8....4......2............6.......5...91..........3...........6..9...456..9...45...9..3............7..1............5...9.......8..2.......1.........2.........3..........5...........8.........9......7.....4..........6......4............8.1.........2.........3............7.......6...........9....5.....23........3.....9.2......9.....6...1............5.......4...........7.........8.....5..........7.......6..........8.........9...4.......3.......2.......1.............6..9....56..9....5.7.91...........4......2..............8...3............7.9.23........34......2.4..7..........9....5...........8.1.............6......4..7.........8.1...........4....9......7.......6.....3.......2...........5.......4....9",
        &[(38, 9), (55, 9)],
    ),
    (
        "BUG type 1",
        "..32659.16.591..239213.456.452836179198752634367149852.1462.395236591...5.94.3216",
        "......78....4..78...3.......2............6.......5............9...4...8.1.............6......4...8.....5............91..............78....4..7...2.........3..............9.2.......1..........3............78....4.........5.........6.........78....4.........5.....2..............8...3...........6...1..............7..........91................9.......8.......7......5.....2............6.....3.........4.......3...........6.........7..1...........4.............9.......8.....5.....2.............78.1...........4..........6....2.............78...3..............9....5.....2.........3...........6.......5............91...........4..7.....4...8.......78.....5..........78.........9...4...........78...3.......2.......1.............6...",
        &[(1, 4), (1, 7)],
    ),
    (
        "Unique Rectangle type 4",
        ".....2.......37.122.3..4........3..1.....5..6.27..9.....2.71648..89.632.6...281..",
        "1..45.7891..4567891..456..91...56.8.1...56.89.2..........45.789..3.56789..34........45..89...456.89...456..9....56.8...3............7.....45..891.........2........2.......1...56789..3......1...56.8.1...56.89...4.........5.789....56789....5.7.9...45..89...456.89...456..9.2....7.....4...8...3.......2.45.789....5.7891........1.34...891.34...891..4....9.2....7..1..4...8.....5.....2.4..789..3...789.....6...1.345..8..2.............7..1..4.6.8.1..4.6.8.........9...45..8...3.5..8...34.......3.5...9..3.5...9.2.........3.5..........7..1.............6......4............8.1..45.7..1..45.7.........8.........9...45.........6.....3.......2...........5.7.......6.....345.7.....45......345.....2..............8.1............5.7.9....5.7.9",
        &[(33, 7), (42, 7)],
    ),
    (
        "Unique Rectangle type 2",
        ".46..7.211.76.2.482.31.475643..76219962341587.71...4637..41.63232476819561...3874",
        "....5..8....4..........6.......5..89..3.5...9......7....3.....9.2.......1........1............5...9......7.......6.....3.5...9.2.........3.....9...4............8..2..............89..3......1...............89...4...........7......5.........6......4.......3..........5..8.....5..8.......7.......6....2.......1................9........9.....6....2.........3.........4.....1............5...........8.......7......5..8.......7..1.........2..5..89.2..5..89....5...9...4..........6.....3............7......5..8.....5..89...4.....1............5...9.....6.....3.......2.........3.......2..........4...........7.......6..........8.1................9....5.........6...1............5...9.2..5...9.2..5...9..3.............8.......7.....4.....",
        &[(3, 5), (49, 5), (76, 5)],
    ),
    (
        "BUG type 4",
        "921.45.76587..1.4263427..15752..4163346517289198.2.4574691527382754..6918137..524",
        "........9.2.......1..........3....8....4.........5......3....8.......7.......6.......5...........8.......7....3..6..9..3..6..91..........3.....9...4......2............6.....3.........4......2.............7.........89.......891............5..........7......5.....2..............89.......89...4.....1.............6.....3........3.........4..........6.......5....1..............7...2..............8.........91................9.......8...3..6....2.........3..6......4.........5..........7.....4..........6...........91............5.....2.............7....3.............8..2.............7......5.......4.......3....8...3....8......6...........91...............8.1..........3............7.......6..9.....6..9....5.....2..........4.....",
        &[(12, 9), (13, 3)],
    ),
    (
        "Unique Loop 6 type 1",
        ".8..21345.54..3.12213.45.68.215..4.353.1.42.6467392851.42.1753939.45.127175239684",
        ".....67.9.......8......6..9......7.9.2.......1..........3.........4.........5..........7.9....5.......4..........6.8......6.8...3............7.91.........2........2.......1..........3............7.9...4.........5..........7.9.....6..........8........89.2.......1............5.........678......6.8....4...........7.9..3..........5......3.............891..............78....4......2.............7.9.....6......4..........6.........7....3..............9.2..............8.....5....1.............6.8....4......2............6.8.1..............7......5......3..............9..3..............9.....6.8....4.........5.........6.8.1.........2.............7..1..............7......5.....2.........3..............9.....6..........8....4.....",
        &[(0, 7), (0, 9)],
    ),
];

/// The rung of a Sudoku Explainer step name and its difficulty in tenths.
fn rung_of(name: &str) -> (Technique, u16) {
    match name {
        "XY-Wing" => (Technique::XyWing, 42),
        "XYZ-Wing" => (Technique::XyzWing, 44),
        "BUG type 1" => (Technique::Bug, 56),
        "BUG type 2" | "BUG type 4" => (Technique::Bug, 57),
        "Unique Loop 6 type 1" => (Technique::UniqueLoop, 46),
        "Unique Rectangle type 3" => (Technique::UniqueLoop, 46),
        _ => (Technique::UniqueLoop, 45),
    }
}

/// Every serate position: the same step name, the same eliminations, the
/// difficulty, and every step of the rung sound.
#[test]
fn serate_positions() {
    for &(name, values, marks, elims) in SE_POSITIONS {
        let b = se_board(values, marks);
        let (t, tenths) = rung_of(name);
        let s = run(&b, t).unwrap_or_else(|| panic!("{name}: nothing"));
        assert_eq!(s.name, name, "{}", s.text);
        let want: Vec<Candidate> = elims.iter().map(|&(c, d)| Candidate::new(c, d)).collect();
        let mut got = s.eliminations.clone();
        got.sort_unstable();
        assert_eq!(got, want, "{name}: {}", s.text);
        assert_eq!(s.difficulty.0, tenths, "{name}");
        assert!(!all_sound(&b, t).is_empty());
    }
}

#[test]
fn nothing_on_a_fresh_puzzle() {
    let b =
        board("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    assert!(all_sound(&b, Technique::UniqueLoop).is_empty());
    assert!(all_sound(&b, Technique::Bug).is_empty());
}

#[test]
fn unique_rectangle_type_1_textbook() {
    // r1c1, r1c4, r3c1 {1,2} and r3c4 {1,2,5}: a rectangle over rows 1/3,
    // columns 1/4 (boxes 1 and 2); r3c4 loses 1 and 2. No other cell holds
    // 1 or 2.
    let mut t = vec!["3456789".to_string(); 81];
    for c in [0, 3, 18] {
        t[c] = "12".into();
    }
    t[21] = "125".into();
    let b = board_from_marks(&t.join(" "));
    let s = run(&b, Technique::UniqueLoop).unwrap();
    assert_eq!(s.name, "Unique Rectangle type 1");
    assert_eq!(s.difficulty.0, 45);
    assert_eq!(
        s.eliminations,
        vec![Candidate::new(21, 1), Candidate::new(21, 2)]
    );
}

#[test]
fn unique_rectangle_type_2_and_4_textbook() {
    // r1c1, r1c4 {1,2}; r2c1, r2c4 {1,2,7}: type 2 takes 7 from cells seeing
    // both extra cells (row 2); 1 is nowhere else in row 2, so type 4 takes
    // 2 from r2c1 and r2c4. Sorted: both 4.5, type 2 first.
    let mut t = vec!["3456789".to_string(); 81];
    t[0] = "12".into();
    t[3] = "12".into();
    t[9] = "127".into();
    t[12] = "127".into();
    t[15] = "2345".into();
    let b = board_from_marks(&t.join(" "));
    let mut steps = Vec::new();
    let _ = unique_loops(&b, &mut Ctx::new(true), &mut |s| {
        steps.push(s);
        ControlFlow::Continue(())
    });
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert_eq!(steps[0].name, "Unique Rectangle type 2");
    let row2: Vec<Candidate> = (9..18)
        .filter(|&c| c != 9 && c != 12 && c != 15)
        .map(|c| Candidate::new(c, 7))
        .collect();
    assert_eq!(steps[0].eliminations, row2);
    assert_eq!(steps[1].name, "Unique Rectangle type 4");
    assert_eq!(
        steps[1].eliminations,
        vec![Candidate::new(9, 2), Candidate::new(12, 2)]
    );
    assert_eq!(steps[1].difficulty.0, 45);
}

#[test]
fn unique_loop_6_type_1_textbook() {
    // A six-cell loop r1c1-r1c4-r2c4-r2c7-r3c7-r3c1 on {1,2} in the first
    // band: every row, column and box holds two loop cells, one at an even
    // and one at an odd place. r3c1 also holds 5.
    let mut t = vec!["3456789".to_string(); 81];
    for c in [0, 3, 12, 15, 24] {
        t[c] = "12".into();
    }
    t[18] = "125".into();
    let b = board_from_marks(&t.join(" "));
    let s = run(&b, Technique::UniqueLoop).unwrap();
    assert_eq!(s.name, "Unique Loop 6 type 1");
    assert_eq!(s.difficulty.0, 46);
    assert_eq!(
        s.eliminations,
        vec![Candidate::new(18, 1), Candidate::new(18, 2)]
    );
    assert_eq!(digits_of(&b, 18), vec![1, 2, 5]);
}

#[test]
fn no_loop_on_a_rectangle_over_four_boxes() {
    // r1c1, r1c4, r4c1, r4c4 span four boxes: no deadly pattern.
    let mut t = vec!["3456789".to_string(); 81];
    for c in [0, 3, 27] {
        t[c] = "12".into();
    }
    t[30] = "125".into();
    let b = board_from_marks(&t.join(" "));
    assert!(run(&b, Technique::UniqueLoop).is_none());
}

#[test]
fn combinations_in_increasing_order() {
    let all: Vec<u64> = combinations(3, 5).collect();
    assert_eq!(all, vec![7, 11, 13, 14, 19, 21, 22, 25, 26, 28]);
    assert_eq!(combinations(0, 4).collect::<Vec<_>>(), vec![0]);
    assert_eq!(combinations(0, 0).count(), 0);
    assert_eq!(combinations(4, 4).collect::<Vec<_>>(), vec![15]);
}

/// Replays serate's step log (`--before='B %i %m' --after='A %s'`, file in
/// `SE_STEPS`): on every state, each of this helper's rungs ranked below
/// Sudoku Explainer's step must find nothing, and the rung of the step must
/// find the same pattern with the same eliminations.
#[test]
#[ignore]
fn replay_serate_log() {
    let Ok(path) = std::env::var("SE_STEPS") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mine = [
        (0, Technique::XyWing),
        (1, Technique::XyzWing),
        (2, Technique::UniqueLoop),
        (4, Technique::Bug),
        (5, Technique::AlignedPair),
        (7, Technique::AlignedTriple),
    ];
    let rank = |d: &str| -> i32 {
        let name = d.split(':').next().unwrap();
        match name {
            "XY-Wing" => 0,
            "XYZ-Wing" => 1,
            _ if name.starts_with("Unique") => 2,
            _ if name.contains("Quad") || name.contains("Jellyfish") => 3,
            _ if name.starts_with("BUG") => 4,
            "Aligned Pair Exclusion" => 5,
            "Aligned Triplet Exclusion" => 7,
            _ if name.contains("Nishio")
                || name.contains("Cell Forcing")
                || name.contains("Region Forcing")
                || name.contains("Dynamic")
                || name.contains("Contradiction")
                || name.contains("Double") =>
            {
                8
            }
            _ if name.contains("Cycle") || name.contains("Chain") || name.contains("Turbot") => 6,
            _ => -1,
        }
    };
    let (mut checked, mut bad) = (0, Vec::new());
    for i in 0..lines.len() {
        let Some(state) = lines[i].strip_prefix("B ") else {
            continue;
        };
        let Some(desc) = lines.get(i + 1).and_then(|l| l.strip_prefix("A ")) else {
            continue;
        };
        let (values, marks) = state.split_once(' ').unwrap();
        let b = se_board(values, marks);
        let r = rank(desc);
        for &(mr, t) in &mine {
            if mr < r {
                if let Some(s) = run(&b, t) {
                    bad.push(format!("{values}: SE {desc}, mine {} {}", s.name, s.text));
                }
            } else if mr == r {
                checked += 1;
                let se_name = desc.split(':').next().unwrap();
                match run(&b, t) {
                    None => bad.push(format!("{values}: SE {desc}, mine none")),
                    Some(s) => {
                        if s.name != se_name {
                            bad.push(format!("{values}: SE {desc}, mine {} {}", s.name, s.text));
                        } else if let Some(next) =
                            lines.get(i + 2).and_then(|l| l.strip_prefix("B "))
                        {
                            let (nv, nm) = next.split_once(' ').unwrap();
                            let after = se_board(nv, nm);
                            let mut mine_after = b.clone();
                            mine_after.apply(&s);
                            if mine_after.all_candidates() != after.all_candidates() {
                                bad.push(format!(
                                    "{values}: SE {desc}, mine {} {}",
                                    s.name, s.text
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "checked {checked} steps of these rungs, {} mismatches",
        bad.len()
    );
    for b in &bad {
        eprintln!("{b}");
    }
    assert!(bad.is_empty());
}

/// Compares each rung with Sudoku Explainer's own producer on many states:
/// `SE_PROBE` names a file of lines `S values marks | xy | xyz | loops | bug
/// | ape | ate`, each field `-` or `name @tenths cell:digit,...` (the first
/// hint of that producer alone, from a scratch Java probe run on serate's
/// classes; not in the repository).
#[test]
#[ignore]
fn probe_against_se_producers() {
    let Ok(path) = std::env::var("SE_PROBE") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let rungs = [
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueLoop,
        Technique::Bug,
        Technique::AlignedPair,
        Technique::AlignedTriple,
    ];
    let (mut counts, mut bad) = ([0usize; 6], Vec::new());
    let mut times = [std::time::Duration::ZERO; 6];
    for line in text.lines() {
        let fields: Vec<&str> = line.split(" | ").collect();
        let mut head = fields[0].split(' ');
        let (_, values, marks) = (head.next(), head.next().unwrap(), head.next().unwrap());
        let b = se_board(values, marks);
        for (i, &t) in rungs.iter().enumerate() {
            let clock = std::time::Instant::now();
            let found = run(&b, t);
            times[i] += clock.elapsed();
            let mine = found.map(|s| {
                let mut e = s.eliminations.clone();
                e.sort_unstable();
                let list: Vec<String> = e
                    .iter()
                    .map(|e| format!("{}:{}", e.cell, e.digit))
                    .collect();
                format!("{} @{} {}", s.name, s.difficulty.0, list.join(","))
            });
            let se = fields[i + 1];
            let mine = mine.unwrap_or_else(|| "-".to_string());
            if se != "-" {
                counts[i] += 1;
            }
            if mine != se {
                bad.push(format!("{values} {t:?}: SE {se} | mine {mine}"));
            }
        }
    }
    eprintln!("SE hints per rung {counts:?}, {} mismatches", bad.len());
    eprintln!("time per rung {times:?}");
    for b in bad.iter().take(40) {
        eprintln!("{b}");
    }
    assert!(bad.is_empty());
}
