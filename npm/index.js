// sudokit for JavaScript (the npm package `sudokit`): sudokit's own
// functions (core.js) and, as the default export, a drop-in for
// SudokuVariantSolverJS (solver.js).

export * from "./core.js";
export { default, default as Solver } from "./solver.js";
