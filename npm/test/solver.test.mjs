// The default export, a drop-in for SudokuVariantSolverJS: the same class
// shape, methods and result messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import Solver from "sudokit";

const LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

// The line as an f-puzzles board, as f-puzzles hands it to its solver.
function board(line, extra = {}) {
  const grid = [];
  for (let r = 0; r < 9; r++) {
    const row = [];
    for (let c = 0; c < 9; c++) {
      const ch = line[r * 9 + c];
      row.push(ch === "." ? {} : { value: Number(ch), given: true });
    }
    grid.push(row);
  }
  return { size: 9, grid, ...extra };
}

// Runs one method and returns the messages it posted.
async function run(method, data) {
  const messages = [];
  const solver = new Solver((m) => messages.push(m));
  await solver[method](data);
  return messages;
}

test("solve posts the solution", async () => {
  const [m] = await run("solve", { board: board(LINE) });
  assert.equal(m.result, "solution");
  assert.equal(m.solution.join(""), SOLUTION);
});

test("solve of a puzzle with none posts 'no solution'; of contradictory givens, 'invalid'", async () => {
  // Two 4s in row 1: the board is refused, as SudokuVariantSolverJS refuses it.
  const clash = "44" + LINE.slice(2);
  const [m] = await run("solve", { board: board(clash) });
  assert.ok(["invalid", "no solution"].includes(m.result), m.result);
});

test("countSolutions: a final count, stopping at maxSolutions", async () => {
  const [one] = await run("countSolutions", { board: board(LINE), options: { maxSolutions: 2 } });
  assert.deepEqual(one, { result: "count", count: 1, complete: true });
  const [many] = await run("countSolutions", { board: board(".".repeat(81)), options: { maxSolutions: 7 } });
  assert.deepEqual(many, { result: "count", count: 7, complete: true });
});

test("trueCandidates: the candidates as lists, with counts when asked", async () => {
  const [m] = await run("trueCandidates", { board: board(LINE), options: { maxSolutionsPerCandidate: 2 } });
  assert.equal(m.result, "truecandidates");
  assert.deepEqual(m.candidates, [...SOLUTION].map((d) => [Number(d)]));
  assert.equal(m.counts.length, 729);
  const [open] = await run("trueCandidates", { board: board("." + SOLUTION.slice(1, 80) + ".") });
  assert.deepEqual(open.candidates[0], [4]);
  assert.equal(open.counts, undefined);
});

test("step: the starting candidates first, then one step at a time", async () => {
  const [first] = await run("step", { board: board(LINE) });
  assert.equal(first.desc, "Initial Candidates");
  assert.equal(first.changed, true);
  // The board with those candidates as centre marks takes a real step.
  const marked = board(LINE);
  first.candidates.forEach((c, i) => {
    if (!c.given) marked.grid[Math.floor(i / 9)][i % 9].centerPencilMarks = c;
  });
  const [second] = await run("step", { board: marked });
  assert.notEqual(second.desc, "Initial Candidates");
  assert.equal(second.changed, true);
  // No step removes a digit of the solution.
  second.candidates.forEach((c, i) => {
    const digit = Number(SOLUTION[i]);
    if (c.given) assert.equal(c.value, digit);
    else assert.ok(c.includes(digit), `cell ${i} lost ${digit}`);
  });
});

test("logicalSolve: every step in words, then 'Solved!'", async () => {
  const [m] = await run("logicalSolve", { board: board(LINE) });
  assert.equal(m.result, "logicalsolve");
  assert.equal(m.desc.at(-1), "Solved!");
  assert.ok(m.desc.length > 20);
  assert.equal(m.invalid, false);
  assert.equal(m.changed, true);
  assert.equal(m.candidates.map((c) => c.value).join(""), SOLUTION);
});

test("cancel before the work starts posts 'cancelled'", async () => {
  const messages = [];
  const solver = new Solver((m) => messages.push(m));
  const done = solver.countSolutions({ board: board(".".repeat(81)), options: { maxSolutions: 0 } });
  solver.cancel();
  await done;
  assert.deepEqual(messages, [{ result: "cancelled" }]);
});
