#!/usr/bin/env node
// Does the npm package (WebAssembly) give the same answers as the native CLI?
//
// For every puzzle of each set it compares, field by field:
//   solution  `sudokit solve --limit 2 --json`    vs solve(p): verdict and values
//   first     `sudokit solve --limit 1 --json`    vs firstSolution(p): the first solution found
//             (only with --fields ...,first: not a contract for a puzzle with several
//             solutions, where the engine decides which comes first; --first-engine
//             picks the CLI's engine)
//   count     `sudokit count --json` (limit 2)    vs count(p): count and complete
//   cands     `sudokit candidates --json`         vs trueCandidates(p): digits per cell
//   last      `sudokit explain` (text)'s last line vs explain(p): `Rating: ER/EP/ED level`
//             for a classic puzzle, `text` for a variant, the CLI's record for one
//             without a unique solution
//   path      `sudokit explain`'s numbered steps  vs explain(p).steps as the CLI prints them
//
// The CLI runs once per set and verb, on a file of one puzzle per line, on one
// thread; the package runs in this process, puzzle by puzzle. Both get the same
// time limit per puzzle (--timeout, default 60 s); an answer that gave up on
// either side counts as a timeout of that field, not as a mismatch.
//
// Sets: `fpuzzles` (the 85 setter puzzles of bench-data/variants, as f-puzzles
// links), `corpus` (the 129 f-puzzles objects of the variant test corpus, as
// JSON text), and the first --first (1000) lines of each classic
// bench-data/*.txt, named by the file's stem without `puzzlesK_`.
//
// Usage:
//   SUDOKIT_PKG=/tmp/same/pkg node scripts/npm-same-answers.mjs [options]
// Options:
//   --pkg DIR        the package: a folder where `npm install` put it (it holds
//                    node_modules/sudokit), or the package folder itself
//                    [env SUDOKIT_PKG]
//   --bin PATH       the CLI [env SUDOKIT_BIN; default target/debug/sudokit]
//   --data DIR       the bench data [env SUDOKIT_BENCH_DATA; /work/shared/bench-data]
//   --corpus FILE    the variant corpus [crates/sudokit/tests/data/variants/corpus.json]
//   --sets A,B       the sets to run (default: all), e.g. fpuzzles,corpus,magictour_top1465
//   --first N        puzzles taken from each classic file (default 1000)
//   --max N          at most N puzzles of every set (a quick run)
//   --timeout SECS   per puzzle and call, on both sides (default 60)
//   --threads N      the CLI's worker threads (default 1)
//   --fields A,B     the fields to compare (default: solution,count,cands,last,path;
//                    `first` on request)
//   --first-engine E the CLI's --engine for `first` on the classic sets (default auto;
//                    fast9 is what the WebAssembly build's auto engine runs)
//   --work DIR       where the CLI's inputs and outputs go (default: a fresh temp folder)
//   --json FILE      also write every set's numbers and mismatches as JSON
//   --details N      mismatches listed per set (default 10)
//
// Exit status: 0 when every compared answer matched (timeouts aside), 1 when
// some differ, 2 when the run could not be made.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ALL_FIELDS = ["solution", "first", "count", "cands", "last", "path"];
const DEFAULT_FIELDS = ["solution", "count", "cands", "last", "path"];

function fail(message) {
  console.error(`npm-same-answers: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = {
    pkg: process.env.SUDOKIT_PKG,
    bin: process.env.SUDOKIT_BIN || path.join(repo, "target/debug/sudokit"),
    data: process.env.SUDOKIT_BENCH_DATA || "/work/shared/bench-data",
    corpus: path.join(repo, "crates/sudokit/tests/data/variants/corpus.json"),
    sets: null,
    first: 1000,
    max: Infinity,
    timeout: 60,
    threads: 1,
    fields: DEFAULT_FIELDS,
    firstEngine: "auto",
    work: null,
    json: null,
    details: 10,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf("=");
    const key = eq > 0 ? a.slice(0, eq) : a;
    const value = () => (eq > 0 ? a.slice(eq + 1) : argv[++i]);
    switch (key) {
      case "--pkg": o.pkg = value(); break;
      case "--bin": o.bin = value(); break;
      case "--data": o.data = value(); break;
      case "--corpus": o.corpus = value(); break;
      case "--sets": o.sets = value().split(",").filter(Boolean); break;
      case "--first": o.first = Number(value()); break;
      case "--max": o.max = Number(value()); break;
      case "--timeout": o.timeout = Number(value()); break;
      case "--threads": o.threads = Number(value()); break;
      case "--fields": o.fields = value().split(",").filter(Boolean); break;
      case "--first-engine": o.firstEngine = value(); break;
      case "--work": o.work = value(); break;
      case "--json": o.json = value(); break;
      case "--details": o.details = Number(value()); break;
      case "-h":
      case "--help": {
        const text = fs.readFileSync(fileURLToPath(import.meta.url), "utf8");
        console.log(text.split("\n").slice(1).filter((l) => l.startsWith("//")).map((l) => l.slice(3)).join("\n"));
        process.exit(0);
      }
      default: fail(`unknown option ${a} (see --help)`);
    }
  }
  if (!o.pkg) fail("say where the package is installed: SUDOKIT_PKG=DIR or --pkg DIR");
  for (const f of o.fields) if (!ALL_FIELDS.includes(f)) fail(`unknown field ${f} (${ALL_FIELDS.join(", ")})`);
  if (!(o.timeout > 0)) fail("--timeout must be a positive number of seconds");
  if (!fs.existsSync(o.bin)) fail(`no CLI at ${o.bin} (build it: cargo build -p sudokit-cli --profile test)`);
  return o;
}

// The package's entry module: DIR/node_modules/sudokit or DIR itself.
function packageEntry(dir) {
  for (const d of [path.join(dir, "node_modules", "sudokit"), dir]) {
    const pj = path.join(d, "package.json");
    if (!fs.existsSync(pj)) continue;
    const meta = JSON.parse(fs.readFileSync(pj, "utf8"));
    if (meta.name !== "sudokit") continue;
    const exp = meta.exports && meta.exports["."];
    const main = (exp && (exp.default || exp.import)) || meta.main || "index.js";
    return { file: path.join(d, main), version: meta.version, dir: d };
  }
  fail(`no sudokit package in ${dir} (nor in ${dir}/node_modules/sudokit)`);
}

// ---------------------------------------------------------------- the sets

// Each set: { name, file (one puzzle per line, for the CLI), puzzles (the same
// texts, for the package), kind }.
function loadSets(o, work) {
  const sets = [];
  const want = (name) => !o.sets || o.sets.includes(name);
  const cap = (list) => list.slice(0, Math.min(list.length, o.max));

  const fp = path.join(o.data, "variants", "fpuzzles-cc-by-4.0.json");
  if (want("fpuzzles")) {
    const list = JSON.parse(fs.readFileSync(fp, "utf8"));
    const puzzles = cap(list.map((x) => `https://www.f-puzzles.com/?load=${x.puzzle}`));
    const labels = list.map((x) => `${x.title} (${x.author})`);
    sets.push({ name: "fpuzzles", source: fp, kind: "variant", puzzles, labels });
  }
  if (want("corpus")) {
    const list = JSON.parse(fs.readFileSync(o.corpus, "utf8"));
    const puzzles = cap(list.map((x) => JSON.stringify(x)));
    const labels = list.map((x) => x.title || "");
    sets.push({ name: "corpus", source: o.corpus, kind: "variant", puzzles, labels });
  }
  const classic = fs
    .readdirSync(o.data)
    .filter((f) => f.endsWith(".txt"))
    .sort();
  for (const f of classic) {
    const name = f.replace(/^puzzles\d+_/, "").replace(/\.txt$/, "");
    if (!want(name)) continue;
    const lines = fs.readFileSync(path.join(o.data, f), "utf8").split("\n").map((l) => l.replace(/\r$/, ""));
    const puzzles = cap(lines.filter((l) => l.length > 0 && l !== "end").slice(0, o.first));
    sets.push({ name, source: path.join(o.data, f), kind: "classic", puzzles, labels: [] });
  }
  if (o.sets) {
    const known = new Set(sets.map((s) => s.name));
    for (const s of o.sets) if (!known.has(s)) fail(`no set ${s}`);
  }
  for (const s of sets) {
    s.file = path.join(work, `${s.name}.txt`);
    fs.writeFileSync(s.file, s.puzzles.map((p) => p + "\n").join(""));
  }
  return sets;
}

// ---------------------------------------------------------------- the CLI

function runCli(o, work, set, verb, args) {
  const tag = `${set.name}.${verb}${args.includes("--limit") ? args[args.indexOf("--limit") + 1] : ""}`;
  const out = path.join(work, `${tag}.out`);
  const err = path.join(work, `${tag}.err`);
  const fdOut = fs.openSync(out, "w");
  const fdErr = fs.openSync(err, "w");
  const argv = [verb, ...args, "--threads", String(o.threads), "--timeout", String(o.timeout), "--progress", "never", set.file];
  const t0 = performance.now();
  const r = spawnSync(o.bin, argv, { stdio: ["ignore", fdOut, fdErr] });
  const ms = performance.now() - t0;
  fs.closeSync(fdOut);
  fs.closeSync(fdErr);
  if (r.error) fail(`${o.bin} ${argv.join(" ")}: ${r.error.message}`);
  // 0: all answered; 1: some puzzle invalid or given up on (its record says so).
  if (r.status !== 0 && r.status !== 1) {
    fail(`${o.bin} ${argv.join(" ")} exited ${r.status}: ${fs.readFileSync(err, "utf8").slice(0, 500)}`);
  }
  return { text: fs.readFileSync(out, "utf8"), ms, command: `sudokit ${argv.join(" ")}` };
}

function jsonLines(text, n, what) {
  const rows = text.split("\n").filter((l) => l.length > 0).map((l) => JSON.parse(l));
  if (rows.length !== n) fail(`${what}: ${rows.length} records for ${n} puzzles`);
  return rows;
}

// `sudokit explain`'s text: per puzzle, its lines up to an empty line.
function explainRecords(text, n, what) {
  const records = [];
  let cur = [];
  for (const line of text.split("\n")) {
    if (line === "") {
      if (cur.length) records.push(cur);
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) records.push(cur);
  if (records.length !== n) fail(`${what}: ${records.length} records for ${n} puzzles`);
  return records;
}

// ---------------------------------------------------------------- normal forms

// Every field's answer becomes a string (compared exactly) or TIMEOUT.
const TIMEOUT = Symbol("timeout");

const cellsText = (cells) => cells.map((c) => (c.length ? c.join(",") : "-")).join(" ");

function maskDigits(mask) {
  const out = [];
  for (let d = 1; mask; d++, mask >>>= 1) if (mask & 1) out.push(d);
  return out;
}

// A step as `sudokit explain` prints it (without the number's padding):
// `N. difficulty technique: text; chain; chain` (the chains in Eureka notation).
const stepLine = (i, s) =>
  `${i + 1}. ${Number(s.difficulty).toFixed(1)} ${s.technique}` +
  (s.text ? `: ${s.text}` : "") +
  (s.chains || []).map((c) => `; ${c}`).join("");

// What the CLI prints for a puzzle it does not explain.
function cliRecordOfVerdict(verdict, message) {
  switch (verdict) {
    case "multiple": return "Multiple Solutions";
    case "no_solution": return "No solution";
    case "gave_up": return TIMEOUT;
    case "invalid": return "Invalid puzzle";
    default: return `error: ${verdict ?? ""} ${message ?? ""}`.trim();
  }
}

const cli = {
  solution(row) {
    if (row.verdict === "gave_up") return TIMEOUT;
    if (row.verdict === "unique") return `unique ${row.values.join(",")}`;
    return row.verdict;
  },
  first(row) {
    if (row.verdict === "gave_up") return TIMEOUT;
    if (row.values) return row.values.join(",");
    return row.verdict === "no_solution" ? "none" : row.verdict;
  },
  count(row) {
    if (row.verdict === "gave_up") return TIMEOUT;
    if (row.verdict === "invalid") return "invalid";
    return `${row.count}${row.complete ? "" : "+"}`;
  },
  cands(row) {
    if (row.verdict === "gave_up") return TIMEOUT;
    if (row.verdict === "invalid") return "invalid";
    if (row.verdict === "no_solution") return "none";
    return cellsText(row.candidates);
  },
  last(rec) {
    const last = rec[rec.length - 1];
    return last.startsWith("Gave up") ? TIMEOUT : last;
  },
  path(rec) {
    const last = rec[rec.length - 1];
    if (last.startsWith("Gave up")) return TIMEOUT;
    const steps = rec.slice(0, -1).map((l) => l.trimStart());
    return `${steps.length} steps\n${steps.join("\n")}`;
  },
};

// The package's answers, or the error it threw, in the same forms.
function pkgError(e) {
  if (!e || e.name !== "SudokitError") throw e;
  const v = e.answer && e.answer.verdict;
  if (v === "gave_up") return TIMEOUT;
  if (e.status === 400) return "invalid";
  return v || `error ${e.status}: ${e.message}`;
}

const pkgCall = {
  solution(s, p, opt) {
    try {
      const r = s.solve(p, opt);
      if (r.verdict === "unique") return `unique ${r.values.join(",")}`;
      return r.verdict;
    } catch (e) { return pkgError(e); }
  },
  first(s, p, opt) {
    try {
      const v = s.firstSolution(p, opt);
      return v ? v.join(",") : "none";
    } catch (e) { return pkgError(e); }
  },
  count(s, p, opt) {
    try {
      const r = s.count(p, opt);
      return `${r.count}${r.complete ? "" : "+"}`;
    } catch (e) { return pkgError(e); }
  },
  cands(s, p, opt) {
    try {
      const r = s.trueCandidates(p, opt);
      if (!r.candidates.length) return "none";
      return cellsText(r.candidates.map(maskDigits));
    } catch (e) { return pkgError(e); }
  },
  // `last` and `path` from one explain call.
  explain(s, p, opt) {
    let r;
    try {
      r = s.explain(p, opt);
    } catch (e) {
      const v = pkgError(e);
      const rec = v === TIMEOUT ? TIMEOUT : cliRecordOfVerdict(v, e.message);
      // A puzzle without a unique solution: the CLI's one-line record, no steps.
      return { last: rec, path: rec === TIMEOUT ? TIMEOUT : "0 steps\n" };
    }
    let last;
    if (r.rating) {
      const { er, ep, ed, level } = r.rating;
      last = `Rating: ${[er, ep, ed].map((x) => Number(x).toFixed(1)).join("/")} ${level}`;
    } else last = r.text;
    const steps = r.steps.map((st, i) => stepLine(i, st));
    return { last, path: `${steps.length} steps\n${steps.join("\n")}` };
  },
};

// ---------------------------------------------------------------- comparing

// A short account of how two answers differ.
function describe(field, a, b) {
  const clip = (x, n = 160) => (x === TIMEOUT ? "TIMEOUT" : x.length > n ? `${x.slice(0, n)}…` : x);
  if (field === "cands" && a !== TIMEOUT && b !== TIMEOUT && a.includes(" ") && b.includes(" ")) {
    const ca = a.split(" ");
    const cb = b.split(" ");
    const diff = [];
    const n = Math.max(ca.length, cb.length);
    for (let i = 0; i < n; i++) if (ca[i] !== cb[i]) diff.push(`cell ${i} (r${Math.floor(i / Math.sqrt(n)) + 1}c${(i % Math.sqrt(n)) + 1}) cli {${ca[i]}} pkg {${cb[i]}}`);
    return `${diff.length} cells differ: ${diff.slice(0, 6).join("; ")}${diff.length > 6 ? " …" : ""}`;
  }
  if (field === "path" && a !== TIMEOUT && b !== TIMEOUT) {
    const la = a.split("\n");
    const lb = b.split("\n");
    let i = 0;
    while (i < la.length && la[i] === lb[i]) i++;
    return `cli ${la[0]}, pkg ${lb[0]}; first difference at line ${i}:\n      cli: ${clip(la[i] ?? "(end)", 300)}\n      pkg: ${clip(lb[i] ?? "(end)", 300)}`;
  }
  if ((field === "solution" || field === "first") && a !== TIMEOUT && b !== TIMEOUT) {
    const va = a.replace(/^unique /, "").split(",");
    const vb = b.replace(/^unique /, "").split(",");
    if (va.length > 1 && vb.length > 1) {
      const cells = [];
      for (let i = 0; i < Math.max(va.length, vb.length); i++) if (va[i] !== vb[i]) cells.push(i);
      return `${cells.length} cells differ (first at ${cells[0]})\n      cli: ${clip(a)}\n      pkg: ${clip(b)}`;
    }
  }
  return `\n      cli: ${clip(a, 300)}\n      pkg: ${clip(b, 300)}`;
}

function fmtMs(ms) {
  return ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
}

// ---------------------------------------------------------------- main

const o = parseArgs(process.argv.slice(2));
const entry = packageEntry(path.resolve(o.pkg));
const sudokit = await import(pathToFileURL(entry.file).href);
const work = o.work ? path.resolve(o.work) : fs.mkdtempSync(path.join(os.tmpdir(), "npm-same-answers-"));
fs.mkdirSync(work, { recursive: true });
const sets = loadSets(o, work);
const cliVersion = spawnSync(o.bin, ["--version"], { encoding: "utf8" }).stdout.trim();

console.log(`package: ${entry.dir} (sudokit ${sudokit.version}, package.json ${entry.version})`);
console.log(`CLI:     ${o.bin} (${cliVersion})`);
console.log(`work:    ${work}`);
console.log(`limits:  --timeout ${o.timeout} / timeoutMs ${o.timeout * 1000}; count limit 2 on both; CLI --threads ${o.threads}`);
console.log(`fields:  ${o.fields.join(", ")}`);
console.log("");

const fields = o.fields;
const want = (f) => fields.includes(f);
const results = [];
const tStart = performance.now();

for (const set of sets) {
  const n = set.puzzles.length;
  console.log(`== ${set.name}: ${n} puzzles from ${set.source}`);
  const cliAns = Object.fromEntries(fields.map((f) => [f, []]));
  const cliRuns = [];
  const json = (verb, args, field) => {
    const run = runCli(o, work, set, verb, ["--json", ...args]);
    cliRuns.push({ command: run.command, ms: run.ms });
    const rows = jsonLines(run.text, n, run.command);
    cliAns[field] = rows.map(cli[field]);
  };
  if (want("solution")) json("solve", ["--limit", "2"], "solution");
  if (want("first")) {
    json("solve", ["--limit", "1", "--engine", set.kind === "classic" ? o.firstEngine : "auto"], "first");
  }
  if (want("count")) json("count", [], "count");
  if (want("cands")) json("candidates", [], "cands");
  if (want("last") || want("path")) {
    const run = runCli(o, work, set, "explain", []);
    cliRuns.push({ command: run.command, ms: run.ms });
    const recs = explainRecords(run.text, n, run.command);
    if (want("last")) cliAns.last = recs.map(cli.last);
    if (want("path")) cliAns.path = recs.map(cli.path);
  }
  for (const r of cliRuns) console.log(`   CLI ${fmtMs(r.ms).padStart(8)}  ${r.command}`);

  // The package, puzzle by puzzle.
  const opt = { timeoutMs: o.timeout * 1000 };
  const pkgMs = Object.fromEntries(["solution", "first", "count", "cands", "explain"].map((f) => [f, 0]));
  const tally = Object.fromEntries(fields.map((f) => [f, { match: 0, mismatch: 0, timeout: 0, timeoutCli: 0, timeoutPkg: 0 }]));
  const mismatches = [];
  const timeouts = [];
  let lastReport = performance.now();
  for (let i = 0; i < n; i++) {
    const p = set.puzzles[i];
    const pkgAns = {};
    for (const f of ["solution", "first", "count", "cands"]) {
      if (!want(f)) continue;
      const t = performance.now();
      pkgAns[f] = pkgCall[f](sudokit, p, opt);
      pkgMs[f] += performance.now() - t;
    }
    if (want("last") || want("path")) {
      const t = performance.now();
      Object.assign(pkgAns, pkgCall.explain(sudokit, p, opt));
      pkgMs.explain += performance.now() - t;
    }
    for (const f of fields) {
      const a = cliAns[f][i];
      const b = pkgAns[f];
      const t = tally[f];
      if (a === TIMEOUT || b === TIMEOUT) {
        t.timeout++;
        if (a === TIMEOUT) t.timeoutCli++;
        if (b === TIMEOUT) t.timeoutPkg++;
        timeouts.push({ index: i, line: i + 1, field: f, cli: a === TIMEOUT, pkg: b === TIMEOUT });
      } else if (a === b) t.match++;
      else {
        t.mismatch++;
        mismatches.push({ index: i, line: i + 1, label: set.labels[i] || "", field: f, cli: a, pkg: b, how: describe(f, a, b) });
      }
    }
    if (performance.now() - lastReport > 30_000 && i + 1 < n) {
      lastReport = performance.now();
      process.stderr.write(`   … ${set.name}: ${i + 1}/${n} puzzles through the package\n`);
    }
  }
  const pkgTotal = Object.values(pkgMs).reduce((a, b) => a + b, 0);
  console.log(
    `   pkg ${fmtMs(pkgTotal).padStart(8)}  in-process: ${Object.entries(pkgMs)
      .filter(([, ms]) => ms > 0)
      .map(([f, ms]) => `${f} ${fmtMs(ms)}`)
      .join(", ")}`,
  );
  for (const f of fields) {
    const t = tally[f];
    const to = t.timeout ? `, ${t.timeout} timeouts (CLI ${t.timeoutCli}, pkg ${t.timeoutPkg})` : "";
    console.log(`   ${f.padEnd(8)} ${String(t.match).padStart(5)}/${n} match, ${t.mismatch} mismatch${to}`);
  }
  for (const m of mismatches.slice(0, o.details)) {
    console.log(`   ! #${m.line}${m.label ? ` ${m.label}` : ""} ${m.field}: ${m.how}`);
  }
  if (mismatches.length > o.details) console.log(`   … ${mismatches.length - o.details} more mismatches`);
  for (const t of timeouts.slice(0, o.details)) {
    console.log(`   ~ #${t.line}${set.labels[t.index] ? ` ${set.labels[t.index]}` : ""} ${t.field}: timed out on ${[t.cli && "CLI", t.pkg && "pkg"].filter(Boolean).join(" and ")}`);
  }
  if (timeouts.length > o.details) console.log(`   … ${timeouts.length - o.details} more timeouts`);
  console.log("");
  results.push({
    set: set.name,
    source: set.source,
    puzzles: n,
    tally,
    cli: cliRuns.map((r) => ({ command: r.command, seconds: +(r.ms / 1000).toFixed(2) })),
    pkgSeconds: Object.fromEntries(Object.entries(pkgMs).map(([f, ms]) => [f, +(ms / 1000).toFixed(2)])),
    mismatches: mismatches.map((m) => ({ ...m, cli: m.cli === TIMEOUT ? "TIMEOUT" : m.cli, pkg: m.pkg === TIMEOUT ? "TIMEOUT" : m.pkg })),
    timeouts,
  });
}

// The summary table.
const head = ["set", "puzzles", ...fields, "timeouts", "CLI time", "pkg time"];
const rows = results.map((r) => {
  const cliMs = r.cli.reduce((a, c) => a + c.seconds * 1000, 0);
  const pkgMs = Object.values(r.pkgSeconds).reduce((a, b) => a + b * 1000, 0);
  const to = fields.reduce((a, f) => a + r.tally[f].timeout, 0);
  return [r.set, String(r.puzzles), ...fields.map((f) => `${r.tally[f].match}/${r.puzzles - r.tally[f].timeout}`), String(to), fmtMs(cliMs), fmtMs(pkgMs)];
});
const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(width[i])).join(" | ")} |`;
console.log("matches / puzzles compared (timeouts left out):");
console.log(line(head));
console.log(`|${width.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
const totalMismatch = results.reduce((a, r) => a + r.mismatches.length, 0);
const totalTimeout = results.reduce((a, r) => a + r.timeouts.length, 0);
console.log(`\n${totalMismatch} mismatches, ${totalTimeout} timeouts; wall time ${fmtMs(performance.now() - tStart)}`);

if (o.json) {
  fs.writeFileSync(o.json, JSON.stringify({ package: entry.dir, version: sudokit.version, cli: o.bin, cliVersion, timeout: o.timeout, fields, results }, null, 1));
  console.log(`JSON: ${o.json}`);
}
process.exit(totalMismatch ? 1 : 0);
