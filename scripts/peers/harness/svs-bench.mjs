#!/usr/bin/env node
// Timing driver for the peer solver SudokuVariantSolverJS (dclamage): our code, calling its public
// API (countSolutions, trueCandidates). The peer itself is built outside the sources (see
// docs/benchmarks.md); SVSJS_DIR names its folder (default peers/svsjs).
//
// Usage:
//   node svs-bench.mjs INPUT.json [options] > results.jsonl
//   (for --impl src:  svsjs/node_modules/.bin/tsx bench-svs.mjs INPUT.json --impl src)
//
// INPUT.json: array of {name|title, puzzle, solution?}; puzzle = lz-string base64 f-puzzles
// string (what follows `?load=`; a full URL is accepted too), a JSON string, or an f-puzzles object.
//
// Options:
//   --impl bundle|src|module:PATH   bundle = svsjs/dist/bundle.js (webpack production build,
//                            default); src = svsjs/src/index.ts (needs running under tsx);
//                            module:PATH = another implementation: an ES module whose default
//                            export is the same class (e.g. the npm package sudokit's index.js)
//   --ops count,candidates,logical   which operations (default count,candidates); logical =
//                            logicalSolve on the board as given
//   --max-solutions N        countSolutions maxSolutions (default 2 = uniqueness check)
//   --per-candidate N        trueCandidates maxSolutionsPerCandidate (default: omitted = library
//                            default 1)
//   --timeout-ms MS          per single op run; cancel via solver.cancel() (default 60000)
//   --min-ms MS --max-runs N --min-runs N   timing loop (default 300, 25, 3)
//   --fast-yield             make the solver's `setTimeout(r, 0)` yields use setImmediate
//                            (removes Node's ~1 ms timer floor; NOT the default, not faithful)
//   --only SUBSTR            only puzzles whose name contains SUBSTR
//
// Output: one JSON object per puzzle per line on stdout; progress on stderr.

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import os from 'node:os';

const here = path.dirname(fileURLToPath(import.meta.url));
const svsDir = path.resolve(process.env.SVSJS_DIR ?? 'peers/svsjs');
const require = createRequire(path.join(svsDir, 'package.json'));
const lz = require('lz-string');

// ---------- args ----------
const argv = process.argv.slice(2);
const opt = {
    impl: 'bundle',
    ops: 'count,candidates',
    maxSolutions: 2,
    perCandidate: undefined,
    timeoutMs: 60000,
    minMs: 300,
    maxRuns: 25,
    minRuns: 3,
    fastYield: false,
    only: undefined,
};
let input;
for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    switch (a) {
        case '--impl': opt.impl = next(); break;
        case '--ops': opt.ops = next(); break;
        case '--max-solutions': opt.maxSolutions = parseInt(next(), 10); break;
        case '--per-candidate': opt.perCandidate = parseInt(next(), 10); break;
        case '--timeout-ms': opt.timeoutMs = parseInt(next(), 10); break;
        case '--min-ms': opt.minMs = parseFloat(next()); break;
        case '--max-runs': opt.maxRuns = parseInt(next(), 10); break;
        case '--min-runs': opt.minRuns = parseInt(next(), 10); break;
        case '--fast-yield': opt.fastYield = true; break;
        case '--only': opt.only = next(); break;
        default:
            if (a.startsWith('--')) { console.error(`unknown option ${a}`); process.exit(2); }
            input = a;
    }
}
if (!input) { console.error('usage: node svs-bench.mjs INPUT.json [options]'); process.exit(2); }
const ops = opt.ops.split(',');

// ---------- load solver ----------
let SudokuVariantSolver;
if (opt.impl === 'bundle') {
    globalThis.self ??= globalThis; // UMD wrapper references `self`
    const m = require(path.join(svsDir, 'dist', 'bundle.js'));
    SudokuVariantSolver = m.default ?? m.SudokuVariantSolver?.default;
} else if (opt.impl === 'src') {
    const m = await import(pathToFileURL(path.join(svsDir, 'src', 'index.ts')).href);
    SudokuVariantSolver = m.default?.default ?? m.default;
} else if (opt.impl.startsWith('module:')) {
    const m = await import(pathToFileURL(path.resolve(opt.impl.slice('module:'.length))).href);
    SudokuVariantSolver = m.default;
} else {
    console.error(`bad --impl ${opt.impl}`); process.exit(2);
}
if (typeof SudokuVariantSolver !== 'function') { console.error('could not load SudokuVariantSolver'); process.exit(1); }

if (opt.fastYield) {
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = (fn, ms, ...rest) => (ms ? realSetTimeout(fn, ms, ...rest) : setImmediate(fn, ...rest));
}

// ---------- helpers ----------
function decodePuzzle(p) {
    if (p && typeof p === 'object') return p;
    if (typeof p !== 'string') throw new Error('puzzle is neither string nor object');
    let s = p.trim();
    if (s.startsWith('{')) return JSON.parse(s);
    const m = /[?&]load=([^&#]+)/.exec(s);
    if (m) s = decodeURIComponent(m[1]);
    s = s.replace(/ /g, '+');
    const json = lz.decompressFromBase64(s);
    if (!json) throw new Error('lz-string decompression failed');
    return JSON.parse(json);
}

let lastMsg = null;
const solver = new SudokuVariantSolver(msg => {
    // Keep the last non-progress message (progress: count with complete=false and no
    // cancelled flag; truecandidates with inprogress).
    if (msg.result === 'truecandidates' && msg.inprogress) return;
    if (msg.result === 'count' && !msg.complete && !msg.cancelled) return;
    lastMsg = msg;
});

// One API call; returns {ms, msg, timedOut}
async function runOnce(op, board) {
    const data = { board: structuredClone(board), options: {} };
    if (op === 'count') data.options.maxSolutions = opt.maxSolutions;
    else if (opt.perCandidate !== undefined) data.options.maxSolutionsPerCandidate = opt.perCandidate;
    lastMsg = null;
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; solver.cancel(); }, opt.timeoutMs);
    const t0 = process.hrtime.bigint();
    if (op === 'count') await solver.countSolutions(data);
    else if (op === 'logical') await solver.logicalSolve(data);
    else await solver.trueCandidates(data);
    const t1 = process.hrtime.bigint();
    clearTimeout(timer);
    return { ms: Number(t1 - t0) / 1e6, msg: lastMsg, timedOut: timedOut || lastMsg?.result === 'cancelled' || !!lastMsg?.cancelled };
}

function median(xs) {
    const s = [...xs].sort((a, b) => a - b);
    const n = s.length;
    return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

async function timeOp(op, board) {
    const warm = await runOnce(op, board); // untimed warm-up
    if (warm.timedOut) return { timedOut: true, warmMs: warm.ms, msg: warm.msg };
    const times = [];
    let total = 0;
    let msg = warm.msg;
    while (times.length < opt.minRuns || (total < opt.minMs && times.length < opt.maxRuns)) {
        const r = await runOnce(op, board);
        if (r.timedOut) return { timedOut: true, warmMs: warm.ms, msg: r.msg };
        times.push(r.ms);
        total += r.ms;
        msg = r.msg;
    }
    return { ms: median(times), runs: times.length, minMs: Math.min(...times), warmMs: warm.ms, msg };
}

const r3 = x => Math.round(x * 1000) / 1000;

// ---------- main ----------
const entries = JSON.parse(readFileSync(input, 'utf8'));
if (!Array.isArray(entries)) { console.error('input must be a JSON array'); process.exit(2); }
const seen = new Map();
const names = entries.map((e, i) => e?.name ?? e?.title ?? `#${i}`);
names.forEach(n => seen.set(n, (seen.get(n) ?? 0) + 1));
const finalNames = names.map((n, i) => (seen.get(n) > 1 ? `${n} #${i}` : n));

console.error(`SudokuVariantSolverJS bench: impl=${opt.impl} node=${process.version} ops=${ops} maxSolutions=${opt.maxSolutions} ` +
    `maxSolutionsPerCandidate=${opt.perCandidate ?? 'default(1)'} timeout=${opt.timeoutMs}ms fastYield=${opt.fastYield} loadavg=${os.loadavg().map(r3)}`);

for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const name = finalNames[i];
    if (opt.only && !name.includes(opt.only)) continue;
    const out = { name, impl: opt.impl };
    const errors = [];
    let board;
    try {
        board = decodePuzzle(e.puzzle);
        out.size = board.size;
    } catch (err) {
        out.error = `decode: ${err.message}`;
        console.log(JSON.stringify(out));
        continue;
    }
    for (const op of ops) {
        let res;
        try {
            res = await timeOp(op, board);
        } catch (err) {
            errors.push(`${op}: ${err?.stack?.split('\n').slice(0, 2).join(' | ') ?? String(err)}`);
            continue;
        }
        if (res.timedOut) {
            out[`${op}_timeout`] = true;
            errors.push(`${op}: timed out (> ${opt.timeoutMs} ms, warm-up ${r3(res.warmMs)} ms)`);
            if (op === 'count' && res.msg?.count !== undefined) out.count_partial = res.msg.count;
            continue;
        }
        out[`${op}_ms`] = r3(res.ms);
        out[`${op}_runs`] = res.runs;
        out[`${op}_min_ms`] = r3(res.minMs);
        out[`${op}_warmup_ms`] = r3(res.warmMs);
        const m = res.msg;
        if (op === 'count') {
            if (m?.result === 'count') {
                out.count = m.count;
                out.count_complete = m.complete;
            } else {
                out.count_result = m?.result ?? null;
                if (m?.result === 'invalid') errors.push('count: solver returned invalid (board rejected)');
            }
        } else if (op === 'logical') {
            if (m?.result === 'logicalsolve') {
                out.logical_steps = Math.max(0, (m.desc?.length ?? 1) - 1);
                out.logical_last = m.desc?.[m.desc.length - 1] ?? null;
                out.logical_invalid = !!m.invalid;
                out.logical_changed = !!m.changed;
                out.logical_solved = Array.isArray(m.candidates) && m.candidates.length > 0 &&
                    m.candidates.every(x => x && !Array.isArray(x) && x.given === true);
            } else {
                out.logical_result = m?.result ?? null;
            }
        } else {
            if (m?.result === 'truecandidates') {
                out.candidates = m.candidates;
                if (m.counts) out.candidate_counts = m.counts;
            } else {
                out.candidates = null;
                out.candidates_result = m?.result ?? null; // 'invalid' = no solution or rejected board
            }
        }
    }
    // Compare with a provided solution string, if any.
    if (typeof e.solution === 'string' && e.solution.length > 0 && Array.isArray(out.candidates)) {
        const sol = out.size > 9 ? null : e.solution.split('').map(Number);
        if (sol && sol.length === out.candidates.length) {
            out.solution_in_candidates = out.candidates.every((c, k) => c.includes(sol[k]));
            out.candidates_equal_solution = out.candidates.every((c, k) => c.length === 1 && c[0] === sol[k]);
        }
    }
    out.loadavg1 = r3(os.loadavg()[0]); // machine load after this puzzle (noise indicator)
    if (errors.length) out.error = errors.join('; ');
    console.log(JSON.stringify(out));
    console.error(`[${i + 1}/${entries.length}] ${name}: count=${out.count ?? '-'} ${out.count_ms ?? '-'}ms, cand ${out.candidates_ms ?? '-'}ms${ops.includes('logical') ? `, logical ${out.logical_ms ?? '-'}ms` : ''}${out.error ? ' ERROR ' + out.error : ''}`);
}
