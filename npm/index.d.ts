// Types of the npm package `sudokit`.

/** A puzzle: text in any format sudokit reads (an 81-character line, a
 * grid, jigsaw, an f-puzzles or SudokuPad link, f-puzzles JSON), or an
 * f-puzzles board object. */
export type PuzzleInput = string | FPuzzlesBoard;

/** An f-puzzles board (the object f-puzzles and SudokuVariantSolverJS use). */
export interface FPuzzlesBoard {
  size: number;
  grid: FPuzzlesCell[][];
  [constraint: string]: unknown;
}

export interface FPuzzlesCell {
  value?: number;
  given?: boolean;
  givenPencilMarks?: number[];
  centerPencilMarks?: number[];
  cornerPencilMarks?: number[];
  region?: number;
  [key: string]: unknown;
}

/** What every call takes. */
export interface CallOptions {
  /** The call's time limit in milliseconds (default 60000). */
  timeoutMs?: number;
  /** Checked before the call starts: an aborted signal throws its reason. */
  signal?: AbortSignal;
}

/** What every puzzle call takes besides its own fields. */
export interface PuzzleOptions extends CallOptions {
  /** The puzzle's format (detected when absent). */
  format?: string;
  /** X-sudoku: the diagonals are houses too. */
  x?: boolean;
  /** Windoku: the four windows are houses too. */
  windoku?: boolean;
  /** SudokuPad: how to read lines its rules do not explain. */
  assume?: string;
}

export interface PlayerOptions extends PuzzleOptions {
  /** The player's digits, one per cell, 0 for empty. */
  values?: number[];
}

/** An answer of sudokit's JSON API; the fields depend on the call (see
 * docs/serve.md). */
export interface Answer {
  verdict?: string;
  text?: string;
  [field: string]: unknown;
}

export interface SolveAnswer extends Answer {
  verdict: "unique" | "multiple" | "no_solution";
  solution?: string;
  values?: number[];
}

export interface CountAnswer extends Answer {
  count: number;
  complete: boolean;
  limit: number;
}

export interface RateAnswer extends Answer {
  card?: Card;
  rating?: { er: number; ep: number; ed: number; level: string; steps: number };
}

/** The difficulty card (docs/card.md). */
export interface Card {
  band: string;
  difficulty: number | null;
  minutes: number | null;
  [field: string]: unknown;
}

export interface TrueCandidates {
  size: number;
  /** A bit mask per cell (bit d-1 for digit d); empty when there is no solution. */
  candidates: number[];
  /** Solutions found per cell and digit (cell * size + digit - 1), up to `cap`. */
  counts: number[];
  cap: number;
  complete: boolean;
}

export interface LogicalSteps {
  initial: number[] | null;
  initial_values?: number[];
  steps: string[];
  values?: number[];
  candidates?: number[];
  end: "solved" | "stuck" | "invalid" | "max" | "timed_out";
}

export interface GenerateOptions extends CallOptions {
  size?: number;
  box?: string;
  jigsaw?: boolean;
  x?: boolean;
  windoku?: boolean;
  symmetry?: string;
  minimal?: boolean;
  clues?: string;
  level?: string;
  rating?: string;
  seed?: number | string;
  format?: string;
  /** A variant puzzle's rules: `killer`, `thermo=3`, `kropki=min, xv` … */
  kind?: string;
  band?: string;
  difficulty?: string;
  givens?: number;
  allow_unused?: boolean;
}

export interface RenderOptions extends PuzzleOptions {
  solution?: boolean;
  candidates?: boolean;
  step?: number;
  cell?: number;
  title?: string;
}

/** An error of sudokit's, with the status the server would give. */
export class SudokitError extends Error {
  status: number;
  answer: Answer;
}

export const DEFAULT_TIMEOUT_MS: number;
export const version: string;

export function call(endpoint: string, request: object, options?: CallOptions): Answer;
export function parse(puzzle: PuzzleInput, options?: PuzzleOptions): Answer;
export function solve(puzzle: PuzzleInput, options?: PuzzleOptions & { engine?: string }): SolveAnswer;
export function count(puzzle: PuzzleInput, options?: PuzzleOptions & { limit?: number }): CountAnswer;
export function hint(puzzle: PuzzleInput, options?: PlayerOptions): Answer;
export function check(puzzle: PuzzleInput, options?: PlayerOptions): Answer;
export function candidates(puzzle: PuzzleInput, options?: PlayerOptions): Answer;
export function explain(puzzle: PuzzleInput, options?: PuzzleOptions): Answer;
export function rate(puzzle: PuzzleInput, options?: PuzzleOptions): RateAnswer;
export function generate(options?: GenerateOptions): Answer;
export function render(puzzle: PuzzleInput, options?: RenderOptions): string;
export function trueCandidates(puzzle: PuzzleInput, options?: PuzzleOptions & { cap?: number }): TrueCandidates;
/** `sudokit VERB ...args` on `text`, as the command line answers it. */
export function cli(verb: "solve" | "count" | "candidates" | "rate" | "hint" | "explain", text: string, args?: string[]): { exit: number; stdout: string; stderr: string };
export function firstSolution(puzzle: PuzzleInput, options?: PuzzleOptions): number[] | null;
export function logicalSteps(puzzle: PuzzleInput, options?: PuzzleOptions & { maxSteps?: number }): LogicalSteps;

/** SudokuVariantSolverJS's input. */
export interface SolverInputData {
  board: FPuzzlesBoard;
  options?: {
    random?: boolean;
    maxSolutions?: number;
    maxSolutionsPerCandidate?: number;
    [option: string]: unknown;
  };
}

export type ExpandedCandidates = ({ given: true; value: number } | number[])[];

/** SudokuVariantSolverJS's messages. */
export type SolverResult =
  | { result: "invalid" }
  | { result: "cancelled" }
  | { result: "solution"; solution: number[] }
  | { result: "no solution" }
  | { result: "truecandidates"; candidates: ExpandedCandidates; counts?: number[] }
  | { result: "count"; count: number; complete: boolean; cancelled?: true }
  | { result: "step"; desc: string; candidates?: ExpandedCandidates; invalid?: boolean; changed?: boolean }
  | { result: "logicalsolve"; desc: string[]; candidates?: ExpandedCandidates; invalid: boolean; changed: boolean };

/** A drop-in for SudokuVariantSolverJS's class. */
export default class SudokuVariantSolver {
  constructor(messageCallback: (result: SolverResult) => void);
  solve(data: SolverInputData): Promise<void>;
  countSolutions(data: SolverInputData): Promise<void>;
  trueCandidates(data: SolverInputData): Promise<void>;
  step(data: SolverInputData): Promise<void>;
  logicalSolve(data: SolverInputData): Promise<void>;
  cancel(): void;
}
export { SudokuVariantSolver as Solver };
