// main.js: keys, pointer and buttons wired to the actions; the clock; the
// first puzzle (a link's, the saved game, or a built-in one).

function digitOfKey(key) {
  if (!app.board || key.length !== 1) return -1;
  const i = app.board.symbols.toUpperCase().indexOf(key.toUpperCase());
  if (i >= 0) return i + 1;
  return key === "0" || key === "." ? 0 : -1;
}

function select(cell, add) {
  if (!add) app.selection = new Set();
  app.selection.add(cell);
  app.cursor = cell;
  render();
}

// The next cell from `cell` one way on the board, over holes, round to
// the other end of its row or column past the edge.
function neighbour(cell, [dr, dc]) {
  const { rows, columns, pos, cellAt } = app.shape;
  let [r, c] = pos[cell];
  for (let k = 0; k < rows + columns; k++) {
    r = (r + dr + rows) % rows;
    c = (c + dc + columns) % columns;
    const next = cellAt(r, c);
    if (next >= 0) return next;
  }
  return cell;
}

function onKey(event) {
  const t = event.target;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
  if (!app.board) return;
  const onButton = t instanceof HTMLButtonElement;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key;
  if (key === "Escape") {
    if (app.steps) leaveSteps();
    else { app.selection = new Set(); app.cursor = -1; render(); }
    return;
  }
  if (ctrl && key.toLowerCase() === "z") {
    event.preventDefault();
    if (event.shiftKey) stepUndo(app.redo, app.undo); else stepUndo(app.undo, app.redo);
    return;
  }
  if (ctrl && key.toLowerCase() === "y") { event.preventDefault(); stepUndo(app.redo, app.undo); return; }
  if (event.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (key in moves && !onButton) {
    event.preventDefault();
    if (app.steps) {
      if (key === "ArrowRight") goStep(app.steps.at + 1);
      if (key === "ArrowLeft") goStep(app.steps.at - 1);
      return;
    }
    // With nothing selected, the first press selects r1c1.
    if (app.cursor < 0) { select(0, false); return; }
    select(neighbour(app.cursor, moves[key]), event.shiftKey);
    return;
  }
  // Space and Enter press a focused button; Space on the board switches
  // between digits and corner marks.
  if (onButton && (key === " " || key === "Enter")) return;
  if (key === " ") {
    event.preventDefault();
    setMode(app.mode === "digit" ? "corner" : "digit");
    return;
  }
  if (key === "Backspace" || key === "Delete") { event.preventDefault(); erase(); return; }
  // Shift + digit: a corner mark; Ctrl + digit: a centre mark (the keys'
  // codes, since Shift turns 1 into !).
  const code = /^(?:Digit|Numpad)(\d)$/.exec(event.code || "");
  let d = -1, mode = app.mode;
  if ((event.shiftKey || ctrl) && code) {
    d = digitOfKey(code[1]);
    mode = ctrl ? "centre" : "corner";
  } else if (ctrl) {
    return;
  } else {
    d = digitOfKey(key);
    if (event.shiftKey && mode === "digit" && /[a-z]/i.test(key)) mode = "corner";
  }
  if (d < 0) return;
  event.preventDefault();
  if (mode === "colour") { if (d >= 1 && d <= 9) colour(d); return; }
  if (d === 0) { erase(); return; }
  enter(d, mode);
}

function wire() {
  const board = $("board");
  let dragging = false;
  board.addEventListener("pointerdown", (event) => {
    const div = event.target.closest(".cell");
    if (!div || app.steps) return;
    // A touch keeps its pointer on the first cell unless released: a drag
    // then reaches the cells it crosses.
    if (div.hasPointerCapture && div.hasPointerCapture(event.pointerId)) div.releasePointerCapture(event.pointerId);
    const cell = Number(div.dataset.cell);
    if (event.ctrlKey || event.metaKey || event.shiftKey) {
      if (app.selection.has(cell) && (event.ctrlKey || event.metaKey)) { app.selection.delete(cell); render(); } else select(cell, true);
    } else {
      select(cell, false);
    }
    dragging = true;
    board.focus({ preventScroll: true });
    event.preventDefault();
  });
  board.addEventListener("pointerover", (event) => {
    const div = dragging && event.target.closest(".cell");
    if (div && !app.selection.has(Number(div.dataset.cell))) select(Number(div.dataset.cell), true);
  });
  document.addEventListener("pointerup", () => { dragging = false; });
  document.addEventListener("pointercancel", () => { dragging = false; });
  $("pad").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.colour) colour(Number(button.dataset.colour));
    else enter(Number(button.dataset.digit), app.mode);
  });
  $("modes").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button) setMode(button.dataset.mode);
  });
  document.addEventListener("keydown", onKey);
  $("undo").addEventListener("click", () => stepUndo(app.undo, app.redo));
  $("redo").addEventListener("click", () => stepUndo(app.redo, app.undo));
  $("erase").addEventListener("click", erase);
  $("fill").addEventListener("click", guarded(fillMarks));
  $("load").addEventListener("click", guarded(() => load($("puzzle-input").value)));
  $("restart").addEventListener("click", guarded(restart));
  $("check").addEventListener("click", guarded(check));
  $("hint").addEventListener("click", guarded(hint));
  $("apply").addEventListener("click", applyHint);
  $("hint-before").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button) showHintPart(Number(button.dataset.shown));
  });
  $("solve").addEventListener("click", guarded(solve));
  $("rate").addEventListener("click", guarded(rate));
  $("truth").addEventListener("click", guarded(trueCandidates));
  $("generate").addEventListener("click", guarded(generate));
  $("gen-kind").addEventListener("change", chooseKind);
  $("gen-layout").addEventListener("change", chooseLayout);
  $("share").addEventListener("click", guarded(share));
  $("steps-open").addEventListener("click", guarded(openSteps));
  $("step-next").addEventListener("click", () => { if (app.steps) goStep(app.steps.at + 1); });
  $("step-back").addEventListener("click", () => { if (app.steps) goStep(app.steps.at - 1); });
  $("steps-close").addEventListener("click", leaveSteps);
  $("steps-list").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button) goStep(Number(button.dataset.at));
  });
  $("auto").addEventListener("change", () => {
    app.auto = $("auto").checked;
    try { localStorage.setItem(AUTO, app.auto ? "on" : "off"); } catch (e) { /* this visit only */ }
  });
  $("theme").addEventListener("click", toggleTheme);
  window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", showTheme);
  window.addEventListener("resize", layoutPad);
  // The clock runs while the page is seen and the grid unfinished.
  document.addEventListener("visibilitychange", () => {
    clockRun(!document.hidden && !app.finished && !!app.board);
    save();
  });
  window.addEventListener("pagehide", save);
  // A link pasted into this tab changes only the fragment: follow it.
  window.addEventListener("hashchange", guarded(async () => {
    if (window.location.href === app.lastLink) return;
    const link = fromLink();
    if (link) await follow(link);
  }));
  setInterval(() => {
    if (!app.board) return;
    $("timer").textContent = clockText(seconds());
    if (app.clock.since !== null) save();
  }, 1000);
  // Drop a puzzle file anywhere on the page.
  document.addEventListener("dragover", (event) => event.preventDefault());
  document.addEventListener("drop", guarded(async (event) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    const text = file ? await file.text() : event.dataTransfer.getData("text");
    if (!text) return;
    $("puzzle-input").value = text;
    await load(text);
  }));
}

// A link's puzzle with the progress it carries.
async function follow(link) {
  let answer;
  try {
    answer = await api("parse", link.format ? { puzzle: link.text, format: link.format } : { puzzle: link.text });
  } catch (e) {
    throw new Error(`Could not read the link's puzzle: ${e.message}`);
  }
  const cells = answer.board.givens.length;
  show(answer.board, answer.solutions, progressFromLink(link.hash, cells, answer.board.size));
}

async function start() {
  try {
    const theme = localStorage.getItem(THEME);
    if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
  } catch (e) { /* no storage: the system's choice */ }
  showTheme();
  $("auto").checked = app.auto;
  wire();
  chooseLayout();
  const link = fromLink();
  const game = saved();
  try {
    if (link) {
      await follow(link);
      return;
    }
    if (game) {
      await load(game.text, game.format, game.progress);
      return;
    }
  } catch (e) {
    status(`${e.message}; here is another puzzle.`, "error");
  }
  try {
    const answer = await api("parse", { puzzle: FIRST_PUZZLE });
    const keep = $("status").className === "error" ? $("status").textContent : null;
    show(answer.board, answer.solutions, null);
    if (keep) status(keep, "error");
  } catch (e) {
    status(`The server did not answer: ${e.message}`, "error");
  }
}

// For the browser tests and the curious: the page's state.
window.sudokit = app;
start();
