#!/usr/bin/env node
// Correctness check of variant puzzles with the peer solver SudokuVariantSolverJS (dclamage),
// through its public API: countSolutions (maxSolutions 2 = uniqueness) and logicalSolve.
// The peer is built outside the sources (git clone + `npm install && npm run build` in
// peers/svsjs, see svs-bench.mjs); SVSJS_DIR names its folder (default peers/svsjs).
//
// Usage:
//   SVSJS_DIR=peers/svsjs node scripts/peers/harness/svs-check.mjs FILE [options] > out.jsonl
//
// FILE: one puzzle per line, each either an f-puzzles JSON object, an f-puzzles lz-string
// (compressToBase64, what follows `?load=`), or a link `https://www.f-puzzles.com/?load=...`.
// Empty lines and lines starting with `#` are skipped.
//
// Options:
//   --timeout-ms MS     per operation cap (default 60000). Soft: solver.cancel() (the peer checks it
//                       only every ~100 ms of work); hard: MS + 5000 terminates the worker thread.
//   --max-solutions N   countSolutions maxSolutions (default 2)
//   --reuse-worker      keep one worker thread (one solver instance) for all puzzles until a
//                       hard timeout. Default: a fresh worker per puzzle (~0.2 s each), because
//                       the peer keeps module-level state (see note below).
//   --raw               pass the board to logicalSolve as is. Default: drop non-given `value`s and
//                       center pencil marks first, because logicalSolve (unlike countSolutions)
//                       treats every `value` as fixed and centerPencilMarks as candidate limits.
//
// Output (stdout), one line per puzzle:
//   {"line":N,"size":9,"count":c,"logical":"solved"|"stuck"|"invalid"|"timeout","count_ms":x,"logical_ms":y}
//   count: solutions found, capped at maxSolutions; null on timeout (then count_partial).
//          0 with "rejected":true when the peer rejects the board at creation (contradictory
//          givens/constraints; the peer then throws instead of posting 'invalid').
//   logical: from the 'logicalsolve' message: invalid=true -> "invalid"; every cell given
//          (the peer's nonGivenCount==0, desc ends with 'Solved!') -> "solved"; else "stuck".
//   A bad line or an exception gives {"line":N,"error":"..."} (plus whatever op did succeed).
// Summary on stderr at the end.
//
// Note on isolation: the peer registers its constraint builders behind a module-level
// `isRegistered` flag (src/solver/Constraint/ConstraintLoader.ts), so a SECOND
// `new SudokuVariantSolver()` in the same JS realm gets an empty builder and silently ignores
// every variant constraint. Hence exactly one solver per worker thread here.

import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const svsDir = path.resolve(process.env.SVSJS_DIR ?? 'peers/svsjs');

if (!isMainThread) {
    // ---------------- worker: owns one solver instance ----------------
    const require = createRequire(path.join(svsDir, 'package.json'));
    globalThis.self ??= globalThis; // UMD wrapper references `self`
    const m = require(path.join(svsDir, 'dist', 'bundle.js'));
    const SudokuVariantSolver = m.default ?? m.SudokuVariantSolver?.default;
    if (typeof SudokuVariantSolver !== 'function') throw new Error('could not load SudokuVariantSolver from dist/bundle.js');

    let lastMsg = null;
    const solver = new SudokuVariantSolver(msg => {
        // skip progress messages
        if (msg.result === 'count' && !msg.complete && !msg.cancelled) return;
        lastMsg = msg;
    });

    parentPort.on('message', async ({ op, board, maxSolutions, timeoutMs }) => {
        lastMsg = null;
        let timedOut = false;
        const timer = setTimeout(() => { timedOut = true; solver.cancel(); }, timeoutMs);
        const t0 = process.hrtime.bigint();
        let error = null;
        try {
            if (op === 'count') await solver.countSolutions({ board, options: { maxSolutions } });
            else await solver.logicalSolve({ board, options: {} });
        } catch (err) {
            error = { name: err?.name, message: String(err?.message ?? err), stack: err?.stack?.split('\n').slice(0, 3).join(' | ') };
        }
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        clearTimeout(timer);
        parentPort.postMessage({ ms, msg: lastMsg, timedOut, error });
    });
    parentPort.postMessage({ ready: true });
} else {
    await main();
}

async function main() {
    const argv = process.argv.slice(2);
    const opt = { timeoutMs: 60000, maxSolutions: 2, raw: false, reuse: false };
    let file;
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        if (a === '--timeout-ms') opt.timeoutMs = parseInt(argv[++i], 10);
        else if (a === '--max-solutions') opt.maxSolutions = parseInt(argv[++i], 10);
        else if (a === '--raw') opt.raw = true;
        else if (a === '--reuse-worker') opt.reuse = true;
        else if (a.startsWith('--')) { console.error(`unknown option ${a}`); process.exit(2); }
        else file = a;
    }
    if (!file) { console.error('usage: SVSJS_DIR=peers/svsjs node svs-check.mjs FILE [--timeout-ms MS] [--max-solutions N] [--reuse-worker] [--raw]'); process.exit(2); }

    const require = createRequire(path.join(svsDir, 'package.json'));
    let lz;
    try { lz = require('lz-string'); } catch { console.error(`lz-string not found under ${svsDir}/node_modules (run npm install there)`); process.exit(1); }

    function decodePuzzle(s) {
        s = s.trim();
        if (s.startsWith('{')) return JSON.parse(s);
        const m = /[?&]load=([^&#\s]+)/.exec(s);
        if (m) s = decodeURIComponent(m[1]);
        s = s.replace(/ /g, '+');
        const json = lz.decompressFromBase64(s);
        if (!json) throw new Error('lz-string decompression failed');
        return JSON.parse(json);
    }

    function checkBoard(b) {
        if (!b || typeof b !== 'object') throw new Error('puzzle is not an object');
        const n = b.size;
        if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`bad size ${n}`);
        if (!Array.isArray(b.grid) || b.grid.length !== n || b.grid.some(r => !Array.isArray(r) || r.length !== n || r.some(c => !c || typeof c !== 'object')))
            throw new Error(`grid must be ${n}x${n} array of cell objects`);
    }

    // logicalSolve reads `value` whether or not `given`, and centerPencilMarks; countSolutions
    // reads only given values (and givenPencilMarks). Make logicalSolve see the same puzzle.
    function forLogical(b) {
        if (opt.raw) return b;
        const c = structuredClone(b);
        for (const row of c.grid) for (const cell of row) {
            if (!cell.given) delete cell.value;
            delete cell.centerPencilMarks;
            delete cell.cornerPencilMarks;
        }
        return c;
    }

    // ---- worker management ----
    let worker = null;
    let pending = null;
    function spawn() {
        return new Promise((resolve, reject) => {
            const w = new Worker(fileURLToPath(import.meta.url), { env: process.env });
            w.once('message', m => (m?.ready ? resolve(w) : reject(new Error('worker did not start'))));
            w.on('message', m => { if (!m?.ready && pending) { const p = pending; pending = null; p.resolve(m); } });
            w.on('error', err => {
                if (pending) { const p = pending; pending = null; p.resolve({ crashed: String(err?.message ?? err) }); }
                else reject(err);
            });
            w.on('exit', code => {
                if (worker === w) worker = null;
                if (pending) { const p = pending; pending = null; p.resolve({ crashed: `worker exited with code ${code}` }); }
            });
        });
    }
    async function run(op, board) {
        if (!worker) worker = await spawn();
        const w = worker;
        return await new Promise(resolve => {
            const hard = setTimeout(() => {
                if (pending) { const p = pending; pending = null; p.resolve({ hardTimeout: true }); }
                worker = null;
                w.terminate();
            }, opt.timeoutMs + 5000);
            pending = { resolve: r => { clearTimeout(hard); resolve(r); } };
            w.postMessage({ op, board, maxSolutions: opt.maxSolutions, timeoutMs: opt.timeoutMs });
        });
    }

    const r3 = x => Math.round(x * 1000) / 1000;
    const lines = readFileSync(file, 'utf8').split(/\r?\n/);
    const stats = { puzzles: 0, errors: 0, countDist: new Map(), logical: new Map(), countMs: [], logicalMs: [] };

    for (let i = 0; i < lines.length; i++) {
        const text = lines[i].trim();
        if (!text || text.startsWith('#')) continue;
        const out = { line: i + 1 };
        stats.puzzles++;
        if (!opt.reuse && worker) { const w = worker; worker = null; await w.terminate(); }
        const errors = [];
        let board;
        try {
            board = decodePuzzle(text);
            checkBoard(board);
            out.size = board.size;
        } catch (err) {
            out.error = `decode: ${err.message}`;
            stats.errors++;
            console.log(JSON.stringify(out));
            continue;
        }

        // (a) countSolutions
        const c = await run('count', structuredClone(board));
        if (c.hardTimeout) { out.count = null; out.count_timeout = true; errors.push(`count: hard timeout (> ${opt.timeoutMs + 5000} ms, worker killed)`); }
        else if (c.crashed) { out.count = null; errors.push(`count: worker crashed: ${c.crashed}`); }
        else {
            out.count_ms = r3(c.ms);
            if (c.error) {
                if (/solveStats/.test(c.error.message) && c.error.name === 'TypeError') { out.count = 0; out.rejected = true; }
                else { out.count = null; errors.push(`count: ${c.error.stack ?? c.error.message}`); }
            } else if (c.timedOut || c.msg?.cancelled) {
                out.count = null; out.count_timeout = true;
                if (c.msg?.count !== undefined) out.count_partial = c.msg.count;
            } else if (c.msg?.result === 'count') {
                out.count = c.msg.count;
            } else {
                out.count = null; errors.push(`count: unexpected message ${JSON.stringify(c.msg)}`);
            }
        }

        // (b) logicalSolve
        const l = await run('logical', forLogical(board));
        if (l.hardTimeout) { out.logical = 'timeout'; errors.push(`logical: hard timeout (> ${opt.timeoutMs + 5000} ms, worker killed)`); }
        else if (l.crashed) { out.logical = null; errors.push(`logical: worker crashed: ${l.crashed}`); }
        else {
            out.logical_ms = r3(l.ms);
            const m = l.msg;
            if (l.error) { out.logical = null; errors.push(`logical: ${l.error.stack ?? l.error.message}`); }
            else if (m?.result === 'cancelled' || l.timedOut) out.logical = 'timeout';
            else if (m?.result === 'logicalsolve') {
                const allGiven = Array.isArray(m.candidates) && m.candidates.length === board.size * board.size &&
                    m.candidates.every(x => x && !Array.isArray(x) && x.given === true);
                if (m.invalid) out.logical = 'invalid';
                else if (allGiven) out.logical = 'solved';
                else out.logical = 'stuck';
                const lastDesc = m.desc?.[m.desc.length - 1];
                if ((out.logical === 'solved') !== (lastDesc === 'Solved!') && !m.invalid)
                    errors.push(`logical: candidates/desc disagree (last desc ${JSON.stringify(lastDesc)})`);
                out.logical_steps = Math.max(0, (m.desc?.length ?? 1) - 1);
            } else { out.logical = null; errors.push(`logical: unexpected message ${JSON.stringify(m)}`); }
        }

        if (errors.length) { out.error = errors.join('; '); stats.errors++; }
        const ck = out.count === null || out.count === undefined ? (out.count_timeout ? 'timeout' : 'error') : String(out.count);
        stats.countDist.set(ck, (stats.countDist.get(ck) ?? 0) + 1);
        stats.logical.set(String(out.logical), (stats.logical.get(String(out.logical)) ?? 0) + 1);
        if (out.count_ms !== undefined) stats.countMs.push(out.count_ms);
        if (out.logical_ms !== undefined) stats.logicalMs.push(out.logical_ms);
        console.log(JSON.stringify(out));
    }
    if (worker) await worker.terminate();

    const median = xs => { if (!xs.length) return null; const s = [...xs].sort((a, b) => a - b); const n = s.length; return r3(n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2); };
    const obj = m => Object.fromEntries([...m.entries()].sort());
    console.error(`summary: puzzles=${stats.puzzles} count==1: ${stats.countDist.get('1') ?? 0} logical solved: ${stats.logical.get('solved') ?? 0} errors: ${stats.errors}` +
        ` | count dist ${JSON.stringify(obj(stats.countDist))} logical ${JSON.stringify(obj(stats.logical))}` +
        ` | median count_ms ${median(stats.countMs)} logical_ms ${median(stats.logicalMs)}`);
}
