// sudokit's own functions, on small puzzles kept here (the package's tests
// run from an empty folder it was installed into).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as sudokit from "sudokit";
import { SudokitError } from "sudokit";

const PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

// A checker that knows nothing of sudokit: rows, columns, boxes and givens.
function valid9(grid, givens) {
  const digits = [...grid].map(Number);
  if (digits.length !== 81 || digits.some((d) => !(d >= 1 && d <= 9))) return false;
  for (let i = 0; i < 81; i++) if (givens[i] !== "." && Number(givens[i]) !== digits[i]) return false;
  const units = [];
  for (let k = 0; k < 9; k++) {
    units.push([...Array(9).keys()].map((j) => k * 9 + j));
    units.push([...Array(9).keys()].map((j) => j * 9 + k));
    units.push([...Array(9).keys()].map((j) => (Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3)));
  }
  return units.every((u) => new Set(u.map((c) => digits[c])).size === 9);
}

// A 4x4 killer as an f-puzzles board object.
const KILLER4 = {
  size: 4,
  grid: [
    [{ value: 1, given: true }, {}, {}, {}],
    [{}, {}, {}, {}],
    [{}, {}, {}, {}],
    [{}, {}, {}, {}],
  ],
  killercage: [
    { cells: ["R1C2", "R1C3"], value: "5" },
    { cells: ["R2C1", "R3C1"], value: "5" },
    { cells: ["R2C3", "R2C4"], value: "3" },
    { cells: ["R3C3", "R4C3"], value: "6" },
  ],
};

test("solve: the unique solution, valid by an independent check", () => {
  const answer = sudokit.solve(PUZZLE);
  assert.equal(answer.verdict, "unique");
  assert.equal(answer.solution.trim(), SOLUTION);
  assert.equal(answer.values.join(""), SOLUTION);
  assert.ok(valid9(answer.values.join(""), PUZZLE));
});

test("count: stops at the limit and says whether it saw every solution", () => {
  assert.deepEqual(
    { count: sudokit.count(PUZZLE).count, complete: sudokit.count(PUZZLE).complete },
    { count: 1, complete: true },
  );
  const open = sudokit.count(".".repeat(81), { limit: 5 });
  assert.equal(open.count, 5);
  assert.equal(open.complete, false);
});

test("a variant puzzle from an f-puzzles object: solved, counted, its true candidates", () => {
  const solved = sudokit.solve(KILLER4);
  assert.ok(["unique", "multiple"].includes(solved.verdict), JSON.stringify(solved));
  const tc = sudokit.trueCandidates(KILLER4, { cap: 2 });
  assert.equal(tc.size, 4);
  assert.equal(tc.candidates.length, 16);
  assert.equal(tc.counts.length, 64);
  // The given is its only candidate.
  assert.equal(tc.candidates[0], 1);
});

test("true candidates of a unique puzzle are its solution", () => {
  const tc = sudokit.trueCandidates(PUZZLE);
  assert.deepEqual(tc.candidates, [...SOLUTION].map((d) => 2 ** (Number(d) - 1)));
  assert.equal(sudokit.firstSolution(PUZZLE).join(""), SOLUTION);
});

test("rate: the card and Sudoku Explainer's rating of a classic puzzle", () => {
  const answer = sudokit.rate(PUZZLE);
  assert.equal(answer.verdict, "rated");
  assert.equal(typeof answer.card.band, "string");
  assert.ok(answer.rating.er > 1);
  assert.match(answer.text, /min/);
});

test("hint, explain and the logical path agree with the solution", () => {
  const hint = sudokit.hint(PUZZLE);
  assert.equal(hint.verdict, "step");
  for (const [cell, digit] of hint.highlight.placements) assert.equal(Number(SOLUTION[cell]), digit);
  const explained = sudokit.explain(PUZZLE);
  assert.equal(explained.verdict, "rated");
  assert.ok(explained.steps.length > 10);
  const path = sudokit.logicalSteps(PUZZLE);
  assert.equal(path.end, "solved");
  assert.equal(path.values.join(""), SOLUTION);
});

test("check: wrong digits are named, a full valid grid is solved", () => {
  const values = [...PUZZLE].map((c) => (c === "." ? 0 : Number(c)));
  values[1] = Number(SOLUTION[1]) === 9 ? 8 : 9;
  const wrong = sudokit.check(PUZZLE, { values });
  assert.equal(wrong.verdict, "wrong");
  assert.deepEqual(wrong.wrong, [1]);
  const solved = sudokit.check(PUZZLE, { values: [...SOLUTION].map(Number) });
  assert.equal(solved.verdict, "solved");
});

test("generate: the same seed, the same puzzle, with one solution", () => {
  const a = sudokit.generate({ seed: 7, level: "easy" });
  const b = sudokit.generate({ seed: "7", level: "easy" });
  assert.equal(a.puzzle, b.puzzle);
  assert.equal(sudokit.count(a.puzzle).count, 1);
  const killer = sudokit.generate({ kind: "killer", size: 6, seed: 3 });
  assert.match(killer.puzzle, /f-puzzles/);
  assert.equal(sudokit.count(killer.puzzle).count, 1);
  assert.equal(killer.card.band.length > 0, true);
});

test("render: an SVG of the puzzle", () => {
  const svg = sudokit.render(PUZZLE, { solution: true });
  assert.match(svg, /^<svg/);
  assert.ok(svg.includes("</svg>"));
});

test("bad input: a SudokitError with the server's status and the library's message", () => {
  assert.throws(() => sudokit.solve("12"), (e) => e instanceof SudokitError && e.status === 400 && /puzzle/.test(e.message));
  assert.throws(() => sudokit.count(PUZZLE, { limit: 0 }), (e) => e.status === 400 && /limit/.test(e.message));
  assert.throws(() => sudokit.generate({ kind: "nonsense" }), (e) => e.status === 400 && e.answer.field === "kind");
  assert.throws(() => sudokit.call("nowhere", {}), (e) => e.status === 404);
  assert.throws(() => sudokit.render(PUZZLE, { image: "png" }), (e) => e.status === 400 && /svg/.test(e.message));
  assert.throws(() => sudokit.solve(42), TypeError);
});

test("cancellation: an aborted signal stops the call; a budget bounds it", () => {
  const controller = new AbortController();
  controller.abort();
  assert.throws(() => sudokit.solve(PUZZLE, { signal: controller.signal }), (e) => e.name === "AbortError");
  assert.throws(() => sudokit.solve(PUZZLE, { timeoutMs: -1 }), TypeError);
  // Counting every solution of an empty 9x9 cannot end in 50 ms.
  const started = Date.now();
  assert.throws(() => sudokit.count(".".repeat(81), { limit: 1e15, timeoutMs: 50 }), (e) => e.status === 422 && e.answer.verdict === "gave_up");
  assert.ok(Date.now() - started < 5000);
});

test("the version is the crates'", () => {
  assert.match(sudokit.version, /^\d+\.\d+\.\d+/);
});
