// play.js: loading a puzzle, the player's moves (digits, corner and centre
// marks, colours, on one cell or many), undo, finishing, and the buttons
// that ask the server (check, solve, rate, generate).

function snapshot() {
  return {
    values: app.values.slice(), corner: app.corner.slice(), centre: app.centre.slice(),
    colours: app.colours.slice(), engine: new Set(app.engine),
  };
}

function restore(s) {
  Object.assign(app, s);
}

// Records the state before a change, for undo; whatever was drawn about
// the old board (wrong frames, a hint) goes with it.
function change(mutate) {
  app.undo.push(snapshot());
  app.redo = [];
  mutate();
  changed();
}

function changed() {
  if (app.wrong.size) {
    app.wrong.clear();
    status("Your move.");
  }
  clearHint();
  checkFinished();
  render();
  save();
}

function stepUndo(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  restore(from.pop());
  changed();
}

// A placed digit leaves the marks of its peers (unless the player said no).
function clearMarksSeenBy(cell, d) {
  if (!app.auto) return;
  for (const p of app.peers[cell]) {
    app.corner[p] &= ~(1 << (d - 1));
    app.centre[p] &= ~(1 << (d - 1));
  }
}

const editable = () => [...app.selection].filter((c) => !given(c));

// A key or pad press: a digit, or a mark toggled on every selected cell
// (added to all unless all have it, as SudokuPad does).
function enter(d, mode) {
  if (app.steps) return;
  const cells = editable();
  if (!cells.length) {
    if (app.selection.size === 0) status("Select a cell first (click it, or press an arrow key).");
    return;
  }
  if (mode === "digit") {
    change(() => {
      for (const cell of cells) {
        app.values[cell] = d;
        app.engine.delete(cell);
        if (d > 0) clearMarksSeenBy(cell, d);
      }
    });
    return;
  }
  const list = mode === "corner" ? app.corner : app.centre;
  const empty = cells.filter((c) => !app.values[c]);
  if (!empty.length) return;
  const bit = 1 << (d - 1);
  const all = empty.every((c) => list[c] & bit);
  change(() => { for (const c of empty) list[c] = all ? list[c] & ~bit : list[c] | bit; });
}

function colour(k) {
  const cells = [...app.selection];
  if (!cells.length) return;
  const all = cells.every((c) => app.colours[c] === k);
  change(() => { for (const c of cells) app.colours[c] = all ? 0 : k; });
}

// Clears the selected cells' digits; where none, their marks and colours.
function erase() {
  const cells = editable();
  if (cells.some((c) => app.values[c])) {
    change(() => { for (const c of cells) { app.values[c] = 0; app.engine.delete(c); } });
  } else if (app.selection.size) {
    change(() => { for (const c of app.selection) { app.corner[c] = 0; app.centre[c] = 0; app.colours[c] = 0; } });
  }
}

function fillMarks() {
  needBoard();
  const digits = current();
  change(() => { digits.forEach((d, cell) => { app.corner[cell] = d ? 0 : candidatesOf(cell, digits); }); });
  status("Every empty cell's corner marks hold its candidates.");
}

function setMode(mode) {
  const old = app.mode;
  app.mode = mode;
  for (const b of $("modes").children) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
  if ((old === "colour") !== (mode === "colour")) buildPad();
  render();
}

// --- finishing ------------------------------------------------------------------

// A full grid with no clash is solved (with several solutions, any is).
// By hand it is congratulated once; with the engine's help it is not.
function checkFinished() {
  const digits = current();
  const done = digits.every((d) => d) && conflicts().size === 0;
  if (done && !app.finished && isVariant()) {
    // Only the server knows the constraints: its validator says.
    confirmFinished(digits.join(","));
    return;
  }
  if (done && !app.finished) finish();
  else if (!done && app.finished) {
    app.finished = false;
    app.won = false;
    clockRun(!document.hidden);
  }
  if (!done) app.broken = null;
}

// A variant's full grid, sent to the validator; finished when it passes,
// else what breaks is framed (unless the grid changed meanwhile).
async function confirmFinished(key) {
  let answer;
  try {
    answer = await api("check", { puzzle: app.text, values: current() });
  } catch (e) {
    status(e.message, "error");
    return;
  }
  if (current().join(",") !== key || app.finished) return;
  if (answer.verdict === "solved") {
    app.broken = null;
    finish();
  } else {
    app.broken = new Set((answer.broken || []).flatMap((b) => b.cells));
    status(`${answer.text}.`, "error");
  }
  render();
  save();
}

function finish() {
  app.finished = true;
  clockRun(false);
  if (app.engine.size) {
    status(`Solved by the engine: ${app.engine.size} digits are its (purple).`);
  } else if (!app.won) {
    app.won = true;
    status(`Solved in ${clockText(seconds())}: every digit is right. Well done!`, "good");
    celebrate();
  }
}

// --- loading --------------------------------------------------------------------

// Setters' names for the f-puzzles keys the status line lists.
const RULE_NAMES = {
  killercage: "killer cages", thermometer: "thermometers", arrow: "arrows", doublearrow: "double arrows",
  difference: "white dots", ratio: "black dots", xv: "XV", sandwichsum: "sandwich sums",
  littlekillersum: "little killers", xsum: "x-sums", skyscraper: "skyscrapers", whispers: "German whispers",
  renban: "renban lines", palindrome: "palindromes", regionsumline: "region sum lines",
  betweenline: "between lines", lockout: "lockout lines", entropicline: "entropic lines",
  modularline: "modular lines", zipperline: "zipper lines", nabner: "nabner lines",
  quadruple: "quadruples", odd: "odd cells", even: "even cells", minimum: "minimums", maximum: "maximums",
  clone: "clones", extraregion: "extra regions", antiking: "anti-king", antiknight: "anti-knight",
  nonconsecutive: "nonconsecutive", rowindexer: "row indexers", columnindexer: "column indexers",
  boxindexer: "box indexers",
};

function show(board, solutions, kept) {
  leaveSteps();
  clearHint();
  app.board = board;
  app.text = board.text;
  app.format = board.format;
  app.solutions = solutions;
  const cells = board.givens.length;
  const fresh = { values: new Array(cells).fill(0), corner: new Array(cells).fill(0), centre: new Array(cells).fill(0), colours: new Array(cells).fill(0), engine: [], seconds: 0, won: false };
  const p = kept && kept.values && kept.values.length === cells ? kept : fresh;
  const inRange = (list, max) => (Array.isArray(list) && list.length === cells ? list : fresh.values).map((v, cell) => (Number.isInteger(v) && v > 0 && v <= max ? v : 0));
  app.values = inRange(p.values, board.size).map((v, cell) => (board.givens[cell] ? 0 : v));
  app.corner = inRange(p.corner, 2 ** board.size - 1);
  app.centre = inRange(p.centre, 2 ** board.size - 1);
  app.colours = inRange(p.colours, 9);
  app.engine = new Set((p.engine || []).filter((c) => app.values[c]));
  app.clock = { base: Number(p.seconds) || 0, since: null };
  app.won = !!p.won;
  app.finished = false;
  app.solution = null;
  app.undo = []; app.redo = [];
  app.selection = new Set(); app.cursor = -1;
  app.wrong.clear();
  app.broken = null;
  $("confetti").replaceChildren();
  $("rating").textContent = "";
  $("puzzle-input").value = board.text;
  build();
  const clues = board.givens.filter((g) => g).length;
  const kind = board.box ? `${board.box[0]}x${board.box[1]} boxes` : "jigsaw";
  const rules = [...board.variant, ...board.constraints.map((k) => RULE_NAMES[k] || k)];
  const extras = rules.length ? `, ${rules.join(" + ")}` : "";
  const what = board.layout
    ? `${multiName(board)} (${board.rows}x${board.columns} board of ${board.size}x${board.size} grids${extras}), ${clues} givens`
    : `${board.size}x${board.size} (${kind}${extras}), ${clues} givens`;
  if (solutions === 0) status(`${what}: this puzzle has no solution; check the givens (Hint, Solve and Rate need one).`, "warn");
  else if (solutions === 2) status(`${what}: this puzzle has more than one solution, so no logic reaches a single answer; Hint, Solve and Rate need a unique one.`, "warn");
  else if (solutions === null) status(`${what}: the server could not count its solutions in time; it may have none or several.`, "warn");
  else status(`${what}. Your move.`);
  // A grid already finished when saved is not congratulated again.
  const wasWon = app.won;
  app.finished = current().every((d) => d) && conflicts().size === 0;
  app.won = wasWon && app.finished;
  if (app.finished) status(app.won ? `Solved in ${clockText(seconds())}. Well done!` : "Solved.", app.won ? "good" : "");
  clockRun(!app.finished && !document.hidden);
  render();
  save();
  $("timer").textContent = clockText(seconds());
}

// A multi-grid board's name: its preset's (samurai), else what it is.
const multiName = (board) => (/^[a-z]/i.test(board.layout) ? board.layout[0].toUpperCase() + board.layout.slice(1) : "Multi-grid");

async function load(text, format, kept) {
  const body = { puzzle: text };
  if (format) body.format = format;
  let answer;
  try {
    answer = await api("parse", body);
  } catch (e) {
    throw new Error(`Could not read a puzzle from that text: ${e.message}`);
  }
  show(answer.board, answer.solutions === undefined ? 1 : answer.solutions, kept);
}

function needBoard() {
  if (!app.board) throw new Error("Load or generate a puzzle first.");
}

// --- asking the server ---------------------------------------------------------

async function solution() {
  if (!app.solution) {
    const answer = await api("solve", { puzzle: app.text });
    if (answer.verdict === "multiple") throw new Error("This puzzle has several solutions: there is no one answer to check against.");
    if (answer.verdict !== "unique") throw new Error("This puzzle has no solution.");
    app.solution = answer.values;
  }
  return app.solution;
}

async function check() {
  needBoard();
  if (isVariant()) return checkVariant();
  const sol = await solution();
  app.wrong = new Set();
  app.values.forEach((v, cell) => { if (v && v !== sol[cell]) app.wrong.add(cell); });
  render();
  const filled = current().every((d) => d);
  if (app.wrong.size) status(`${app.wrong.size} digit${app.wrong.size > 1 ? "s are" : " is"} wrong (framed in red).`, "error");
  else if (filled && app.engine.size) status(`Every digit is right; the engine placed ${app.engine.size} of them.`);
  else if (filled) status("Solved: every digit is right. Well done!", "good");
  else status("All correct so far.", "good");
}

// A variant's grid is checked by the server: the solution's digits, and a
// full grid through the validator with every constraint.
async function checkVariant() {
  const answer = await api("check", { puzzle: app.text, values: current() });
  app.wrong = new Set(answer.wrong || []);
  app.broken = answer.broken ? new Set(answer.broken.flatMap((b) => b.cells)) : null;
  render();
  if (answer.verdict === "wrong") {
    const k = app.wrong.size;
    status(k ? `${k} digit${k > 1 ? "s are" : " is"} wrong (framed in red).` : `${answer.text}.`, "error");
  } else if (answer.verdict === "broken") status(`${answer.text}.`, "error");
  else if (answer.verdict === "solved" && app.engine.size) status(`Every digit is right; the engine placed ${app.engine.size} of them.`);
  else if (answer.verdict === "solved") status("Solved: every digit is right. Well done!", "good");
  else status(`${answer.text}.`, "good");
}

async function solve() {
  needBoard();
  leaveSteps();
  const sol = await solution();
  change(() => {
    sol.forEach((d, cell) => {
      if (!given(cell) && app.values[cell] !== d) { app.values[cell] = d; app.engine.add(cell); }
    });
  });
  if (!app.engine.size) status("Every digit was already right.");
}

// The difficulty card, as `sudokit rate --report` gives it: band,
// difficulty, minutes, techniques, then the setter's checks.
async function rate() {
  needBoard();
  const answer = await api("rate", { puzzle: app.text });
  const box = $("rating");
  box.textContent = "";
  const c = answer.card;
  if (!c) { box.textContent = answer.text; return; }
  const line = (text) => { const p = document.createElement("span"); p.textContent = text; box.append(p, document.createElement("br")); };
  const r = answer.rating;
  line(c.difficulty === null
    ? `${c.band}: the logical path gets stuck after ${c.steps} steps`
    : `${c.band} · difficulty ${c.difficulty.toFixed(2)} · about ${Math.max(1, Math.round(c.minutes))} min (four in five within ${Math.max(1, Math.round(c.minutes_p80))})`);
  if (r) line(`ER ${r.er.toFixed(1)} · EP ${r.ep.toFixed(1)} · ED ${r.ed.toFixed(1)}: ${r.level} (${r.steps} steps)`);
  const used = c.contents.map((t) => `${t.technique} ×${t.count}`);
  if (used.length) line(`Techniques: ${used.join(", ")}`);
  if (!c.checks.length) line("Checks: none found");
  else {
    const list = document.createElement("ul");
    for (const k of c.checks) { const li = document.createElement("li"); li.textContent = `${k.kind}: ${k.text}`; list.append(li); }
    line("Checks:"); box.append(list);
  }
}

async function generate() {
  const size = Number($("gen-size").value);
  const variant = $("gen-variant").value;
  const layout = $("gen-layout").value;
  const kind = layout ? "" : $("gen-kind").value;
  const level = $("gen-level").value;
  const band = $("gen-band").value;
  const seed = $("gen-seed").value.trim();
  const body = { size };
  if (layout) {
    // A multi-grid board (samurai …) of classic 9x9 grids: Size, Variant
    // and Rules are off (chooseLayout).
    delete body.size;
    body.layout = layout;
    if (level) body.level = level;
  } else if (kind) {
    // A variant puzzle: its rules on a classic or jigsaw grid, at a band.
    if (variant === "x" || variant === "windoku") throw new Error(`An ${variant === "x" ? "X" : "windoku"} grid takes no variant rules here: choose classic or jigsaw.`);
    body.kind = kind;
    if (variant === "jigsaw") body.jigsaw = true;
    if (band) body.band = band;
  } else {
    if (variant !== "classic") body[variant] = true;
    if (level) body.level = level;
  }
  if (seed) {
    if (!/^\d+$/.test(seed)) throw new Error("Seed: a whole number (or leave it empty for a random one).");
    body.seed = seed; // a string: JavaScript numbers are not exact past 2^53
  }
  status("Generating…");
  const answer = await api("generate", body);
  if (kind) {
    // Loaded as a pasted f-puzzles link is: through parse.
    await load(answer.puzzle);
    const rules = $("gen-kind").selectedOptions[0].textContent;
    const grid = variant === "jigsaw" ? " jigsaw" : "";
    status(`A new ${size}x${size}${grid} ${rules} puzzle, ${answer.card.band} (difficulty ${answer.card.difficulty.toFixed(2)}), ${answer.givens} givens, seed ${answer.seed}.`, "good");
    return;
  }
  show(answer.board, 1, null);
  if (layout) {
    status(`A new ${layout} puzzle, ${answer.clues} givens, seed ${answer.seed}.${answer.level ? ` Rated ${answer.er.toFixed(1)} (${answer.level}).` : ""}`, "good");
    return;
  }
  const rated = answer.level ? ` Rated ${answer.er.toFixed(1)} (${answer.level}).` : "";
  status(`A new ${size}x${size} ${variant} puzzle, ${answer.clues} givens, seed ${answer.seed}.${rated}`, "good");
}

// Rules chosen: the band applies (a variant's card), the level does not.
function chooseKind() {
  const kind = $("gen-kind").value && !$("gen-layout").value;
  $("gen-level").disabled = !!kind;
  $("gen-band").disabled = !kind;
}

// A multi-grid layout chosen: its grids are classic 9x9, so the size,
// variant and rules do not apply.
function chooseLayout() {
  const on = !!$("gen-layout").value;
  for (const id of ["gen-size", "gen-variant", "gen-kind"]) $(id).disabled = on;
  chooseKind();
}

async function share() {
  needBoard();
  save();
  const link = $("share-link").value;
  try {
    await navigator.clipboard.writeText(link);
    status("Link copied: it holds the puzzle and your progress.", "good");
  } catch (e) {
    $("share-link").select();
    status("Copy the link from the box: it holds the puzzle and your progress.");
  }
}

function restart() {
  needBoard();
  change(() => {
    const cells = app.values.length;
    app.values = new Array(cells).fill(0); app.corner = new Array(cells).fill(0);
    app.centre = new Array(cells).fill(0); app.colours = new Array(cells).fill(0);
    app.engine = new Set();
  });
  app.clock = { base: 0, since: null };
  app.won = false;
  $("confetti").replaceChildren();
  clockRun(true);
  status("Started again. Your move.");
  save();
}

// --- the theme -------------------------------------------------------------------

function showTheme() {
  const on = dark();
  $("theme").setAttribute("aria-pressed", String(on));
  paintRegions();
}

function toggleTheme() {
  const next = dark() ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  try { localStorage.setItem(THEME, next); } catch (e) { /* kept for this visit only */ }
  showTheme();
}
