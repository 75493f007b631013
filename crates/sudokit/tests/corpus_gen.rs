//! Writes the known-answer corpus, `tests/data/corpus.txt` (run it with
//! `cargo test -p sudokit --test tests corpus_gen -- --ignored`, then
//! review and commit the file). Every puzzle is seeded (so a rerun with the
//! same `rand` gives the same file) or copied: the puzzles the per-engine
//! tests pinned before the corpus, and a sample of the tdoku benchmark
//! sets (which must be present: `$SUDOKIT_BENCH_DATA`, else
//! `../shared/bench-data` beside the checkout; see `datasets.rs`). Every count is found by
//! both `dfs` and `dlx`, which must agree (on the solutions too, when both
//! finish; and with the naive counter on small grids); a solution is stored
//! only after `sudokit::validate` accepts it.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;
use sudokit::{Dfs, Digit, Dlx, Engine, Extra, Geometry, Grid, Puzzle};

use crate::common::corpus::{self, Count};
use crate::common::{
    mixed_puzzle, naive_count, pencilmark_puzzle, random_jigsaw, random_solution, remove_clues,
    rng, solved_boxed,
};
use crate::datasets::bench_dir;

const ACWING: [(&str, &str); 3] = [
    (
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
    ),
    (
        "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
        "416837529982465371735129468571298643293746185864351297647913852359682714128574936",
    ),
    (
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341",
    ),
];

const HEADER: &str = "\
# sudokit known-answer corpus: one puzzle per line, checked against every engine
# by tests/corpus.rs. Written by tests/corpus_gen.rs (an ignored test): do not edit
# by hand; every count was found by dfs and dlx in agreement, every solution validated.
#
#   GEOMETRY:GIVENS:COUNT[:SOLUTION]
#
# GEOMETRY  RxC         boxes of R rows by C columns, side R*C (3x3 is classic sudoku);
#                       GIVENS is row-major in the `line` alphabet (1-9, A-Z, a-z; `.` empty)
#           jigsaw      GIVENS is the one-line `jigsaw` format: n*n givens, then n*n region symbols
#           pencilmark  9x9 with 3x3 boxes; GIVENS is a 729-character `pencilmark` line
#           then any of +diagonals (X-sudoku) and +windows (windoku) for extra houses
# COUNT     the number of solutions, or N+ for more than N (a count at limit N+1 found N+1)
# SOLUTION  the solution, in the `line` alphabet; present exactly when COUNT is 1
";

/// The corpus being written.
struct Writer {
    text: String,
    lines: usize,
    dfs: Dfs,
    dlx: Dlx,
}

/// All solutions up to `limit` and whether the search was exhaustive.
fn all(engine: &mut dyn Engine, puzzle: &Puzzle, limit: u64) -> (HashSet<Grid>, bool) {
    let mut seen = HashSet::new();
    let a = engine
        .solve_with(puzzle, limit, &mut |g| {
            sudokit::validate(puzzle, g).expect("a valid solution");
            assert!(seen.insert(g.clone()), "a solution visited twice");
            ControlFlow::Continue(())
        })
        .unwrap();
    assert!(a.stopped.is_none());
    (seen, a.complete)
}

impl Writer {
    fn section(&mut self, title: &str) {
        writeln!(self.text, "#\n# {title}").unwrap();
    }

    /// Adds `puzzle`, counted up to `cap` solutions (above that, `cap+`).
    fn push(&mut self, puzzle: &Puzzle, cap: u64) -> Count {
        let limit = cap + 1;
        // Count what the line reads back as, so the stored answer is the
        // answer of the stored puzzle.
        let text = corpus::line_text(puzzle, Count::Exact(0), None);
        let puzzle = corpus::parse_line(&text).expect("a corpus line").puzzle;
        let (a, a_done) = all(&mut self.dfs, &puzzle, limit);
        let (b, b_done) = all(&mut self.dlx, &puzzle, limit);
        assert_eq!(a.len(), b.len(), "dfs and dlx differ on {text}");
        if a_done && b_done {
            assert_eq!(a, b, "dfs and dlx found other solutions on {text}");
        }
        let count = a.len() as u64;
        if puzzle.size() <= 6 && puzzle.candidates().is_none() {
            assert_eq!(naive_count(&puzzle, limit), count, "naive count on {text}");
        }
        let count = if count <= cap {
            Count::Exact(count)
        } else {
            Count::MoreThan(cap)
        };
        let solution = (count == Count::Exact(1)).then(|| a.into_iter().next().unwrap());
        writeln!(
            self.text,
            "{}",
            corpus::line_text(&puzzle, count, solution.as_ref())
        )
        .unwrap();
        self.lines += 1;
        count
    }
}

fn boxed(r: usize, c: usize) -> Arc<Geometry> {
    Arc::new(Geometry::boxed(r, c).unwrap())
}

fn with(g: Geometry, extras: &[Extra]) -> Arc<Geometry> {
    Arc::new(
        extras
            .iter()
            .fold(g, |g, e| g.with_extra(e.clone()).unwrap()),
    )
}

fn puzzle(g: &Arc<Geometry>, cells: Vec<Option<Digit>>) -> Puzzle {
    Puzzle::new(Arc::clone(g), Grid::from_cells(g.size(), cells).unwrap()).unwrap()
}

fn line(text: &str) -> Puzzle {
    sudokit::format::line::parse_line(text).unwrap()
}

/// `puzzle` with `wrong` random cells set to random digits (which often
/// clash with a given, or leave no solution).
fn spoil(p: &Puzzle, wrong: usize, r: &mut SmallRng) -> Puzzle {
    let n = p.size();
    let mut cells = p.givens().cells().to_vec();
    for _ in 0..wrong {
        cells[r.gen_range(0..n * n)] = Some(Digit::new(r.gen_range(0..n as u8)));
    }
    puzzle(p.geometry(), cells)
}

/// A solved grid of boxes `br`×`bc` and a jigsaw geometry it also solves:
/// the boxes with `swaps` exchanges of the regions of two cells holding the
/// same digit (regions may end up disconnected, which the rules allow).
fn swapped_jigsaw(br: usize, bc: usize, swaps: usize, r: &mut SmallRng) -> (Arc<Geometry>, Grid) {
    let solution = solved_boxed(br, bc, r);
    let n = br * bc;
    let mut region: Vec<usize> = Geometry::boxed(br, bc).unwrap().regions().collect();
    for _ in 0..swaps {
        let (a, b) = (r.gen_range(0..n * n), r.gen_range(0..n * n));
        if solution.cells()[a] == solution.cells()[b] {
            region.swap(a, b);
        }
    }
    (Arc::new(Geometry::jigsaw(n, &region).unwrap()), solution)
}

/// The puzzles the per-engine tests pinned before the corpus.
fn pinned(w: &mut Writer) {
    w.section("9x9: the AcWing 166 samples (the published solutions), and the first solved");
    for (p, s) in ACWING {
        assert_eq!(w.push(&line(p), 50), Count::Exact(1));
        assert!(
            w.text.ends_with(&format!(":{s}\n")),
            "the published solution"
        );
    }
    w.push(&line(ACWING[0].1), 50);

    w.section("9x9: that grid with a unique rectangle blanked (two solutions)");
    let solved = line(ACWING[0].1);
    let v = |r: usize, c: usize| solved.givens().cells()[r * 9 + c];
    let (r1, r2, c1, c2) = (0..9)
        .flat_map(|r1| (r1 + 1..(r1 / 3) * 3 + 3).map(move |r2| (r1, r2)))
        .flat_map(|(r1, r2)| (0..9).map(move |c1| (r1, r2, c1)))
        .flat_map(|(r1, r2, c1)| ((c1 / 3 + 1) * 3..9).map(move |c2| (r1, r2, c1, c2)))
        .find(|&(r1, r2, c1, c2)| v(r1, c1) == v(r2, c2) && v(r1, c2) == v(r2, c1))
        .expect("a unique rectangle");
    let mut cells = solved.givens().cells().to_vec();
    for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
        cells[r * 9 + c] = None;
    }
    assert_eq!(w.push(&puzzle(&boxed(3, 3), cells), 50), Count::Exact(2));

    w.section("9x9 without solution: clashing givens, and cells or digits with no place");
    let dots = |k: usize| ".".repeat(k);
    let mut hidden = format!("12345678.{}", dots(72));
    hidden.replace_range(44..45, "9");
    for text in [
        format!("11{}", dots(79)),
        format!("12345678.{}9", dots(71)),
        hidden,
        format!("4.4{}", &ACWING[0].0[3..]),
    ] {
        assert_eq!(w.push(&line(&text), 50), Count::Exact(0));
    }
    let g = boxed(3, 3);
    let d = |k: u8| Some(Digit::new(k));
    let mut clashes = Vec::new();
    // The same digit in one box (r1c1, r2c2); in one row (r1c1, r1c9);
    // in a column (r1c1, r5c5, r9c1).
    for (cells, digit) in [(&[0, 10][..], 0), (&[0, 8], 4), (&[0, 40, 72], 4)] {
        let mut v = vec![None; 81];
        for &c in cells {
            v[c] = d(digit);
        }
        clashes.push(v);
    }
    // No clash, every open cell has candidates, but the 1 of row 1 has no
    // place: the 1s of rows 2-9 cover columns 1-8 and r1c9 holds a 2.
    let mut v = vec![None; 81];
    v[8] = d(1);
    for (r, c) in [
        (1, 0),
        (2, 3),
        (3, 1),
        (4, 4),
        (5, 6),
        (6, 2),
        (7, 5),
        (8, 7),
    ] {
        v[r * 9 + c] = d(0);
    }
    clashes.push(v);
    for cells in clashes {
        assert_eq!(w.push(&puzzle(&g, cells), 50), Count::Exact(0));
    }

    w.section("empty grids of every box shape up to 9x9, 12x12 and 16x16, plain and X");
    for (r, c, cap) in [
        (1, 1, 1000),
        (1, 2, 1000),
        (1, 3, 1000),
        (2, 2, 1000),
        (2, 3, 200),
        (3, 2, 200),
        (2, 4, 100),
        (3, 3, 50),
        (3, 4, 5),
        (4, 4, 5),
    ] {
        let g = boxed(r, c);
        w.push(
            &Puzzle::new(Arc::clone(&g), Grid::empty(g.size())).unwrap(),
            cap,
        );
    }
    for (r, c, cap) in [(2, 2, 1000), (3, 3, 50)] {
        let g = with(Geometry::boxed(r, c).unwrap(), &[Extra::Diagonals]);
        let empty = Puzzle::new(Arc::clone(&g), Grid::empty(g.size())).unwrap();
        let count = w.push(&empty, cap);
        if g.size() == 4 {
            // Counted a third way: the 288 plain grids the validator accepts.
            let plain = Puzzle::new(boxed(2, 2), Grid::empty(4)).unwrap();
            let (grids, _) = all(&mut Dfs::new(), &plain, 1000);
            let x = grids
                .iter()
                .filter(|s| sudokit::validate(&empty, s).is_ok())
                .count();
            assert_eq!((grids.len(), count), (288, Count::Exact(x as u64)));
        }
    }

    w.section("9x9 jigsaw: the `jigsaw` format's own example");
    let jigsaw = "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7\
                  111222333111222333111222333444555666444555666444555666777888999777888999777888999";
    let text = format!("jigsaw:{jigsaw}:0");
    w.push(&corpus::parse_line(&text).unwrap().puzzle, 50);
}

/// A seeded sample of each tdoku benchmark set.
fn benchmark_sets(w: &mut Writer) {
    let dir = bench_dir().expect("the tdoku benchmark sets (see datasets.rs)");
    for (file, take) in [
        ("puzzles2_17_clue.txt", 8),
        ("puzzles3_magictour_top1465.txt", 8),
        ("puzzles5_forum_hardest_1905_11+.txt", 6),
        ("puzzles6_forum_hardest_1106.txt", 6),
        ("puzzles7_serg_benchmark.txt", 8),
    ] {
        w.section(&format!("9x9: {take} of the tdoku benchmark set {file}"));
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut r = rng(lines.len() as u64);
        for l in lines.choose_multiple(&mut r, take) {
            w.push(&line(l), 50);
        }
    }
}

/// Seeded puzzles of every geometry.
fn generated(w: &mut Writer) {
    w.section("9x9: 20-45% of a random grid's cells kept; every 7th with a wrong clue");
    let g = boxed(3, 3);
    let mut r = rng(9);
    for i in 0..42 {
        w.push(&mixed_puzzle(&g, i, &mut r), 50);
    }

    for (br, bc, count, cap, keep) in [
        (2, 2, 24, 1000, 0.0..0.8),
        (2, 3, 16, 200, 0.3..0.7),
        (3, 2, 16, 200, 0.3..0.7),
        (2, 4, 6, 100, 0.35..0.7),
        (3, 4, 12, 20, 0.45..0.7),
        (4, 3, 8, 20, 0.45..0.7),
        (4, 4, 12, 10, 0.55..0.75),
        (5, 5, 4, 5, 0.6..0.75),
        (6, 6, 1, 2, 0.8..0.85),
    ] {
        let n = br * bc;
        w.section(&format!(
            "{n}x{n} ({br}x{bc} boxes): {}-{}% of a random grid's cells kept; every 4th with wrong clues",
            (keep.start * 100.0) as u32,
            (keep.end * 100.0) as u32
        ));
        let g = boxed(br, bc);
        let mut r = rng(n as u64 * 100 + br as u64);
        for i in 0..count {
            let solution = solved_boxed(br, bc, &mut r);
            let mut p = remove_clues(&g, &solution, r.gen_range(keep.clone()), &mut r);
            if i % 4 == 3 {
                p = spoil(&p, r.gen_range(1..3), &mut r);
            }
            w.push(&p, cap);
        }
    }

    w.section("9x9 jigsaw, connected regions: 30-60% of a solution's cells kept");
    let mut r = rng(81);
    let mut made = 0;
    while made < 12 {
        let g = Arc::new(random_jigsaw(&mut r, 30));
        if let Some(solution) = random_solution(&g, &mut r) {
            let keep = r.gen_range(0.3..0.6);
            w.push(&remove_clues(&g, &solution, keep, &mut r), 50);
            made += 1;
        }
    }
    for (br, bc, count) in [(3, 3, 8), (2, 3, 12)] {
        let n = br * bc;
        w.section(&format!(
            "{n}x{n} jigsaw, regions maybe disconnected: 30-60% of the cells kept; every 4th with wrong clues"
        ));
        let mut r = rng(n as u64 + 7);
        for i in 0..count {
            let (g, solution) = swapped_jigsaw(br, bc, 40, &mut r);
            let keep = r.gen_range(0.3..0.6);
            let mut p = remove_clues(&g, &solution, keep, &mut r);
            if i % 4 == 3 {
                p = spoil(&p, 1, &mut r);
            }
            w.push(&p, if n == 6 { 200 } else { 50 });
        }
    }

    let regions: Vec<usize> = Geometry::boxed(2, 3).unwrap().regions().collect();
    let six = Geometry::jigsaw(6, &regions).unwrap();
    for (title, g, count, keep, cap) in [
        (
            "6x6 jigsaw with diagonals",
            with(six, &[Extra::Diagonals]),
            8,
            0.3..0.7,
            200,
        ),
        (
            "9x9 X-sudoku (diagonals)",
            with(Geometry::classic(), &[Extra::Diagonals]),
            14,
            0.2..0.5,
            50,
        ),
        (
            "9x9 windoku (windows)",
            with(Geometry::classic(), &[Extra::Windows]),
            14,
            0.2..0.5,
            50,
        ),
        (
            "9x9 with diagonals and windows",
            with(Geometry::classic(), &[Extra::Diagonals, Extra::Windows]),
            5,
            0.2..0.4,
            50,
        ),
        (
            "4x4 windoku",
            with(Geometry::boxed(2, 2).unwrap(), &[Extra::Windows]),
            5,
            0.0..0.4,
            1000,
        ),
        (
            "16x16 windoku",
            with(Geometry::boxed(4, 4).unwrap(), &[Extra::Windows]),
            3,
            0.55..0.7,
            10,
        ),
    ] {
        w.section(&format!(
            "{title}: {}-{}% of a solution's cells kept; every 4th with wrong clues",
            (keep.start * 100.0) as u32,
            (keep.end * 100.0) as u32
        ));
        let mut r = rng(g.size() as u64 * 1000 + count);
        let mut made = 0;
        while made < count {
            let Some(solution) = random_solution(&g, &mut r) else {
                continue;
            };
            let mut p = remove_clues(&g, &solution, r.gen_range(keep.clone()), &mut r);
            if made % 4 == 3 {
                p = spoil(&p, 1, &mut r);
            }
            w.push(&p, cap);
            made += 1;
        }
    }

    w.section("9x9 pencilmark: 15% of a random grid kept, candidates cut at random (some cells lose the solution digit)");
    let g = boxed(3, 3);
    let mut r = rng(31);
    for i in 0..30 {
        w.push(&pencilmark_puzzle(&g, i, &mut r), 50);
    }
}

#[test]
#[ignore = "writes tests/data/corpus.txt; run by hand, then review and commit it"]
fn corpus_gen() {
    let mut w = Writer {
        text: HEADER.to_owned(),
        lines: 0,
        dfs: Dfs::new(),
        dlx: Dlx::new(),
    };
    pinned(&mut w);
    benchmark_sets(&mut w);
    generated(&mut w);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(corpus::PATH);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, &w.text).unwrap();
    eprintln!(
        "wrote {} puzzles, {} bytes, to {}",
        w.lines,
        w.text.len(),
        path.display()
    );
}
