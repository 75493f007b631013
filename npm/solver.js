// A drop-in for SudokuVariantSolverJS (Rangsk's solver, the one f-puzzles
// runs): the same class shape — `new Solver(messageCallback)` — and
// methods on the same f-puzzles board objects, posting the same result
// messages. Differences are listed in the package's README.

import { SudokitError, count, firstSolution, logicalSteps, trueCandidates } from "./core.js";

// Bits of a mask as digits 1..n.
function digitsOf(mask) {
  const out = [];
  for (let d = 1; mask > 0; d++, mask = Math.floor(mask / 2)) if (mask % 2 === 1) out.push(d);
  return out;
}

// SudokuVariantSolverJS's candidate lists: a placed cell is
// `{given: true, value}`, an open one its candidates.
function expanded(values, masks) {
  return masks.map((mask, i) => (values && values[i] ? { given: true, value: values[i] } : digitsOf(mask)));
}

// The board as SudokuVariantSolverJS's `step` and `logicalSolve` read it:
// every placed digit is fixed, and centre marks limit the candidates.
function withMarksAsGivens(board) {
  const copy = JSON.parse(JSON.stringify(board));
  for (const row of copy.grid || []) {
    for (const cell of row) {
      if (!cell || typeof cell !== "object") continue;
      const center = Array.isArray(cell.centerPencilMarks) ? cell.centerPencilMarks : [];
      const given = Array.isArray(cell.givenPencilMarks) ? cell.givenPencilMarks : [];
      if (cell.value) {
        cell.given = true;
      } else if (center.length > 0) {
        cell.givenPencilMarks = given.length > 0 ? given.filter((v) => center.includes(v)) : center;
      }
      delete cell.centerPencilMarks;
    }
  }
  return copy;
}

// The candidates of the board as the caller sent it (what `step` compares
// with the starting candidates).
function sentMasks(board) {
  const masks = [];
  for (const row of board.grid || []) {
    for (const cell of row) {
      const center = Array.isArray(cell.centerPencilMarks) ? cell.centerPencilMarks : [];
      const given = Array.isArray(cell.givenPencilMarks) ? cell.givenPencilMarks : [];
      let marks = cell.value ? [cell.value] : center.length && given.length ? given.filter((v) => center.includes(v)) : center.length ? center : given;
      masks.push(marks.reduce((m, d) => m + 2 ** (d - 1), 0));
    }
  }
  return masks;
}

export default class SudokuVariantSolver {
  constructor(messageCallback) {
    this.messageCallback = messageCallback;
    this.eventCanceled = false;
  }

  /** Stops the call in progress at its next check (sudokit's calls are
   * synchronous: `cancel` takes effect before work starts). */
  cancel() {
    this.eventCanceled = true;
  }

  // Runs `work`, posting `cancelled` when cancelled first and `invalid`
  // for a board sudokit cannot read or use.
  async #run(work) {
    // Let a `cancel()` queued before this call land.
    await null;
    if (this.eventCanceled) {
      this.eventCanceled = false;
      this.messageCallback({ result: "cancelled" });
      return;
    }
    try {
      work();
    } catch (e) {
      if (!(e instanceof SudokitError)) throw e;
      this.messageCallback({ result: "invalid" });
    }
  }

  async solve(data) {
    this.eventCanceled = false;
    await this.#run(() => {
      const values = firstSolution(data.board);
      this.messageCallback(values ? { result: "solution", solution: values } : { result: "no solution" });
    });
  }

  async countSolutions(data) {
    this.eventCanceled = false;
    const max = (data.options && data.options.maxSolutions) || 0;
    await this.#run(() => {
      const answer = count(data.board, { limit: max > 0 ? max : Number.MAX_SAFE_INTEGER, timeoutMs: 2 ** 31 });
      this.messageCallback({ result: "count", count: answer.count, complete: true });
    });
  }

  async trueCandidates(data) {
    this.eventCanceled = false;
    const cap = Math.max(1, (data.options && data.options.maxSolutionsPerCandidate) || 1);
    await this.#run(() => {
      const tc = trueCandidates(data.board, { cap, timeoutMs: 2 ** 31 });
      if (tc.candidates.length === 0) {
        this.messageCallback({ result: "invalid" });
        return;
      }
      const message = { result: "truecandidates", candidates: expanded(null, tc.candidates) };
      if (cap > 1) message.counts = tc.counts;
      this.messageCallback(message);
    });
  }

  async step(data) {
    this.eventCanceled = false;
    await this.#run(() => {
      let path;
      try {
        path = logicalSteps(withMarksAsGivens(data.board), { maxSteps: 1, timeoutMs: 2 ** 31 });
      } catch (e) {
        if (!(e instanceof SudokitError)) throw e;
        path = { end: "invalid" };
      }
      if (path.initial == null) {
        this.messageCallback({ result: "step", desc: "Board is invalid!", invalid: true, changed: false });
        return;
      }
      // A board whose marks are not yet the starting candidates gets
      // those first, as SudokuVariantSolverJS does.
      const sent = sentMasks(data.board);
      const start = path.initial.map((m, i) => (path.initial_values[i] ? 2 ** (path.initial_values[i] - 1) : m));
      if (sent.some((m, i) => m !== start[i])) {
        this.messageCallback({ result: "step", desc: "Initial Candidates", candidates: expanded(path.initial_values, path.initial), invalid: false, changed: true });
        return;
      }
      if (path.steps.length === 0) {
        this.messageCallback({ result: "step", desc: path.end === "solved" ? "Solved!" : "No logical steps found." });
        return;
      }
      const invalid = path.end === "invalid";
      this.messageCallback({ result: "step", desc: path.steps[0], candidates: expanded(path.values, path.candidates), invalid, changed: true });
    });
  }

  async logicalSolve(data) {
    this.eventCanceled = false;
    await this.#run(() => {
      let path;
      try {
        path = logicalSteps(withMarksAsGivens(data.board), { timeoutMs: 2 ** 31 });
      } catch (e) {
        if (!(e instanceof SudokitError)) throw e;
        path = { initial: null };
      }
      if (path.initial == null) {
        this.messageCallback({ result: "logicalsolve", desc: ["Board is invalid!"], invalid: true, changed: false });
        return;
      }
      const invalid = path.end === "invalid";
      const desc = [...path.steps, path.end === "solved" ? "Solved!" : invalid ? "Board is invalid!" : "No logical steps found."];
      this.messageCallback({
        result: "logicalsolve",
        desc,
        candidates: expanded(path.values, path.candidates),
        invalid,
        changed: !invalid && path.steps.length > 0,
      });
    });
  }
}
