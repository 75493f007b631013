//! Classic exact cover models used by the tests and the benchmark.

#![allow(dead_code)]

use exact_cover::{ItemId, Problem};

/// n queens: primary items for rows and columns, secondary items for the
/// two families of diagonals; one option per square.
pub fn queens(n: usize) -> Problem {
    let mut p = Problem::new();
    let rows: Vec<ItemId> = (0..n).map(|i| p.add_primary(&format!("r{i}"))).collect();
    let cols: Vec<ItemId> = (0..n).map(|j| p.add_primary(&format!("c{j}"))).collect();
    let sums: Vec<ItemId> = (0..2 * n - 1)
        .map(|k| p.add_secondary(&format!("a{k}")))
        .collect();
    let diffs: Vec<ItemId> = (0..2 * n - 1)
        .map(|k| p.add_secondary(&format!("b{k}")))
        .collect();
    for i in 0..n {
        for j in 0..n {
            p.add_option(&[rows[i], cols[j], sums[i + j], diffs[i + n - 1 - j]])
                .unwrap();
        }
    }
    p
}

/// Langford pairs: place two copies of each of 1..=n in 2n slots so that
/// the copies of k have k numbers between them.
pub fn langford(n: usize) -> Problem {
    let mut p = Problem::new();
    let values: Vec<ItemId> = (1..=n).map(|k| p.add_primary(&format!("v{k}"))).collect();
    let slots: Vec<ItemId> = (1..=2 * n)
        .map(|i| p.add_primary(&format!("s{i}")))
        .collect();
    for k in 1..=n {
        for i in 0..2 * n {
            let j = i + k + 1;
            if j < 2 * n {
                p.add_option(&[values[k - 1], slots[i], slots[j]]).unwrap();
            }
        }
    }
    p
}

/// The twelve pentominoes, drawn side by side: each letter's cells are its
/// piece.
const PENTOMINO_PICTURE: &str = "\
.FF.IIIII.L..NN...PP.TTT.U.U.V...W....X..YYYY.ZZ
FF........L...NNN.PP..T..UUU.V...WW..XXX..Y....Z
.F........L.......P...T......VVV..WW..X........ZZ
..........LL
";

/// The twelve pentominoes (F, I, L, N, P, T, U, V, W, X, Y, Z), each as its
/// name and its cells (row, column), row by row, from row 0 and column 0.
pub fn pentomino_shapes() -> Vec<(String, Vec<(i32, i32)>)> {
    let mut shapes: Vec<(String, Vec<(i32, i32)>)> = Vec::new();
    for (r, line) in PENTOMINO_PICTURE.lines().enumerate() {
        for (c, letter) in line.chars().enumerate().filter(|&(_, l)| l != '.') {
            let (name, at) = (letter.to_string(), (r as i32, c as i32));
            match shapes.iter_mut().find(|(n, _)| *n == name) {
                Some((_, cells)) => cells.push(at),
                None => shapes.push((name, vec![at])),
            }
        }
    }
    for (_, cells) in &mut shapes {
        let left = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
        let top = cells[0].0;
        cells
            .iter_mut()
            .for_each(|(r, c)| (*r, *c) = (*r - top, *c - left));
    }
    shapes
}

/// All distinct orientations (rotations and reflections) of a piece,
/// each normalised to start at (0, 0) and sorted.
pub fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    for t in 0..8 {
        let mut v: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                let r = if t & 1 != 0 { -r } else { r };
                let c = if t & 2 != 0 { -c } else { c };
                (r, c)
            })
            .collect();
        let min_r = v.iter().map(|x| x.0).min().unwrap();
        let min_c = v.iter().map(|x| x.1).min().unwrap();
        for x in &mut v {
            x.0 -= min_r;
            x.1 -= min_c;
        }
        v.sort_unstable();
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// Tiling a rows × cols board with the twelve pentominoes (rows × cols
/// must be 60), every orientation and placement allowed.
pub fn pentominoes(rows: i32, cols: i32) -> Problem {
    let mut p = Problem::new();
    let shapes = pentomino_shapes();
    let pieces: Vec<ItemId> = shapes.iter().map(|(n, _)| p.add_primary(n)).collect();
    let mut cells = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            cells.push(p.add_primary(&format!("{r}.{c}")));
        }
    }
    let mut option = Vec::with_capacity(6);
    for (k, (_, shape)) in shapes.iter().enumerate() {
        for o in orientations(shape) {
            let h = o.iter().map(|x| x.0).max().unwrap() + 1;
            let w = o.iter().map(|x| x.1).max().unwrap() + 1;
            for dr in 0..=rows - h {
                for dc in 0..=cols - w {
                    option.clear();
                    option.push(pieces[k]);
                    for &(r, c) in &o {
                        option.push(cells[((r + dr) * cols + c + dc) as usize]);
                    }
                    p.add_option(&option).unwrap();
                }
            }
        }
    }
    p
}

/// Knuth's colour example (49) of TAOCP 7.2.2.1.
pub const KNUTH_COLORS: &str = "\
| Knuth's small XCC example
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
";

/// Knuth's exact cover example (6) of TAOCP 7.2.2.1.
pub const KNUTH_EXACT: &str = "\
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
";
