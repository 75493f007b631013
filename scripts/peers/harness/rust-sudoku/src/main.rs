use std::io::{BufRead, BufWriter, Write};
use sudoku::Sudoku;

fn bench(limit: usize, secs: f64, file: &str) {
    use std::time::Instant;
    let text = std::fs::read_to_string(file).unwrap();
    let ps: Vec<Sudoku> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| Sudoku::from_str_line(&l[..81]).unwrap())
        .collect();
    let mut buf = [[0u8; 81]; 2];
    let (mut i, mut done, mut sink) = (0usize, 0u64, 0usize);
    let mut solve = |i: usize, sink: &mut usize| {
        if limit == 1 {
            *sink += ps[i].some_solution().is_some() as usize;
        } else {
            *sink += ps[i].solutions_up_to_buffer(&mut buf, 2);
        }
    };
    let t0 = Instant::now();
    while t0.elapsed().as_secs_f64() < 0.5 {
        for _ in 0..64 {
            solve(i, &mut sink);
            i = (i + 1) % ps.len();
        }
    }
    let t0 = Instant::now();
    let mut t;
    loop {
        for _ in 0..64 {
            solve(i, &mut sink);
            i = (i + 1) % ps.len();
            done += 1;
        }
        t = t0.elapsed().as_secs_f64();
        if t >= secs {
            break;
        }
    }
    println!("{:.0} {}", done as f64 / t, sink);
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() > 1 && a[1] == "bench" {
        bench(a[2].parse().unwrap(), a[3].parse().unwrap(), &a[4]);
        return;
    }
    let mode: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let line = line.trim_end();
        if line.len() < 81 {
            continue;
        }
        let s = match Sudoku::from_str_line(&line[..81]) {
            Ok(s) => s,
            Err(_) => {
                writeln!(out, "bad").unwrap();
                continue;
            }
        };
        if mode == 1 {
            match s.some_solution() {
                Some(sol) => writeln!(out, "{}", sol.to_str_line()).unwrap(),
                None => writeln!(out, "none").unwrap(),
            }
        } else {
            let mut buf = [[0u8; 81]; 2];
            let n = s.solutions_up_to_buffer(&mut buf, 2);
            if n == 0 {
                writeln!(out, "none").unwrap();
            } else {
                let line: String = buf[0].iter().map(|&d| (b'0' + d) as char).collect();
                writeln!(out, "{} {}", line, n).unwrap();
            }
        }
    }
}
