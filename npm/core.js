// sudokit's functions in JavaScript (index.js exports them with the
// SudokuVariantSolverJS class of solver.js): the library compiled to
// WebAssembly.
//
// Every function is one call of the WebAssembly build, which answers with
// the same code as `sudokit serve`'s JSON API (so the answers are the
// server's and the CLI's). Calls are synchronous once the module is loaded
// (this module loads it on import, with top-level await); long work belongs
// in a Web Worker or a worker thread.

import init, * as wasm from "./wasm/sudokit.js";

const inNode = typeof process !== "undefined" && process.versions != null && process.versions.node != null;

// Node reads the module from disk; a browser or a worker fetches it beside
// this file.
if (inNode) {
  const { readFile } = await import("node:fs/promises");
  wasm.initSync({ module: await readFile(new URL("./wasm/sudokit_bg.wasm", import.meta.url)) });
} else {
  await init({ module_or_path: new URL("./wasm/sudokit_bg.wasm", import.meta.url) });
}

/** The default time limit of one call, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * An error of sudokit's: a puzzle it cannot read or use, or work out of
 * time. `status` is the HTTP status the server would give (400 bad input,
 * 404 unknown endpoint, 422 nothing to be done with it), `answer` the whole
 * JSON answer (its `verdict`, a partial `count`, the `field` at fault).
 */
export class SudokitError extends Error {
  constructor(message, status, answer) {
    super(message);
    this.name = "SudokitError";
    this.status = status;
    this.answer = answer;
  }
}

/** The package's version (the Rust crates'). */
export const version = wasm.version();

// The time limit of `options`, after checking its abort signal.
function budget(options) {
  const signal = options && options.signal;
  if (signal && signal.aborted) {
    throw signal.reason instanceof Error ? signal.reason : new DOMException("The operation was aborted", "AbortError");
  }
  const ms = options && options.timeoutMs;
  if (ms === undefined || ms === null) return DEFAULT_TIMEOUT_MS;
  if (typeof ms !== "number" || !(ms > 0)) throw new TypeError(`timeoutMs must be a positive number, not ${ms}`);
  return ms;
}

// An envelope `{status, body}` opened: the body, or a SudokitError.
function opened(text) {
  const { status, body } = JSON.parse(text);
  if (status !== 200) throw new SudokitError(body.error, status, body);
  return body;
}

// The puzzle as text: a string as it is, an f-puzzles board object as JSON.
function puzzleText(puzzle) {
  if (typeof puzzle === "string") return puzzle;
  if (puzzle && typeof puzzle === "object") return JSON.stringify(puzzle);
  throw new TypeError("puzzle: a string in any format sudokit reads, or an f-puzzles board object");
}

// The options that go into a request (everything but the call's own).
function fields(options) {
  const out = {};
  for (const [k, v] of Object.entries(options || {})) {
    if (k !== "signal" && k !== "timeoutMs" && v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * Any endpoint of sudokit's JSON API (`parse`, `solve`, `count`, `hint`,
 * `check`, `candidates`, `explain`, `rate`, `generate`, `render`) with its
 * request object, as `POST /api/NAME` of `sudokit serve` answers it.
 */
export function call(endpoint, request, options) {
  const ms = budget(options);
  return opened(wasm.api(String(endpoint), JSON.stringify(request ?? {}), ms));
}

function puzzleCall(endpoint, puzzle, options) {
  return call(endpoint, { puzzle: puzzleText(puzzle), ...fields(options) }, options);
}

/** The puzzle's board: size, regions, givens, symbols, and its solutions up to 2. */
export const parse = (puzzle, options) => puzzleCall("parse", puzzle, options);
/** The verdict (unique, multiple, no_solution) and the unique solution. */
export const solve = (puzzle, options) => puzzleCall("solve", puzzle, options);
/** The number of solutions up to `limit` (default 2). */
export const count = (puzzle, options) => puzzleCall("count", puzzle, options);
/** The next logical step from the player's `values`, or their mistakes. */
export const hint = (puzzle, options) => puzzleCall("hint", puzzle, options);
/** The player's `values` judged: solved, broken, wrong or ok. */
export const check = (puzzle, options) => puzzleCall("check", puzzle, options);
/** The true candidates from the player's `values`: a bit mask per empty cell. */
export const candidates = (puzzle, options) => puzzleCall("candidates", puzzle, options);
/** Every step of the logical path, and the rating. */
export const explain = (puzzle, options) => puzzleCall("explain", puzzle, options);
/** The difficulty card (and Sudoku Explainer's ER/EP/ED for a classic puzzle). */
export const rate = (puzzle, options) => puzzleCall("rate", puzzle, options);
/** A new puzzle with one solution: classic options, or a variant `kind`. */
export const generate = (options) => call("generate", fields(options), options);
/** The puzzle as an SVG picture (`solution`, `candidates`, `step`, `title`, `cell`). */
export const render = (puzzle, options) => puzzleCall("render", puzzle, options).svg;

/**
 * The true candidates of a puzzle, givens included, with the number of
 * solutions found for each candidate up to `cap` (default 1):
 * `{size, candidates: [mask per cell], counts: [size*size*size], cap, complete}`;
 * `candidates` is empty when there is no solution.
 */
export function trueCandidates(puzzle, options) {
  const ms = budget(options);
  const cap = (options && options.cap) || 1;
  return opened(wasm.trueCandidates(JSON.stringify({ puzzle: puzzleText(puzzle), ...fields(options), cap: undefined }), cap, ms));
}

/**
 * The command line's puzzle verbs on a text: `sudokit VERB ...args` (solve,
 * count, candidates, rate, hint, explain) with `text` as its input, answered
 * puzzle after puzzle as the CLI answers them, byte for byte:
 * `{exit, stdout, stderr}`. The fast path for many puzzles.
 */
export function cli(verb, text, args) {
  const list = args ?? [];
  if (!Array.isArray(list) || list.some((a) => typeof a !== "string")) throw new TypeError("args: an array of strings");
  if (typeof text !== "string") throw new TypeError("text: the puzzles, one after another, as in a file");
  return opened(wasm.cli(String(verb), JSON.stringify(list), text));
}

/** One solution (`values`, or null when there is none), unique or not. */
export function firstSolution(puzzle, options) {
  const ms = budget(options);
  return opened(wasm.firstSolution(JSON.stringify({ puzzle: puzzleText(puzzle), ...fields(options) }), ms)).values;
}

/**
 * Up to `maxSteps` logical steps (all when 0 or absent) from the puzzle's
 * givens and given candidates: `{initial, steps: [text], values,
 * candidates, end}` with `end` one of solved, stuck, invalid, max,
 * timed_out.
 */
export function logicalSteps(puzzle, options) {
  const ms = budget(options);
  const max = (options && options.maxSteps) || 0;
  const request = { puzzle: puzzleText(puzzle), ...fields(options), maxSteps: undefined };
  return opened(wasm.logicalSteps(JSON.stringify(request), max, ms));
}

