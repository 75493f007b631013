// The sudokit page: draws any board the API describes, lets a person play
// it, and asks the API (same origin, /api/...) for everything else.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  // Soft region colours for jigsaws; neighbouring regions get different ones.
  const PASTELS = ["#fde2e4", "#e2ece9", "#dfe7fd", "#fff1c1", "#e8dff5", "#d7f0dd",
    "#fce1cf", "#dbeefc", "#f0e6d8", "#e4f5c9", "#f9d9ef", "#d9f2f2"];

  const app = {
    board: null,      // the API's board view
    text: "",         // the puzzle as text, what every request sends
    values: [],       // the player's digits (0 = empty); givens are not here
    marks: [],        // pencil marks per cell, bit d-1 for digit d
    solvedCells: new Set(), // cells filled by Solve
    solution: null,   // the solution's digits, once asked for
    undo: [], redo: [],
    selected: -1,
    pencil: false,
    hint: null,       // the last hint's highlight
    wrong: new Set(),
    busy: 0,
  };

  // --- requests ---------------------------------------------------------

  async function api(path, body) {
    app.busy += 1;
    $("busy").hidden = false;
    for (const b of document.querySelectorAll("button")) b.disabled = true;
    try {
      const response = await fetch(`/api/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      let answer;
      try {
        answer = await response.json();
      } catch (e) {
        throw new Error(`the server's answer to ${path} is not JSON (status ${response.status})`);
      }
      if (!response.ok) throw new Error(answer.error || `status ${response.status}`);
      return answer;
    } finally {
      app.busy -= 1;
      if (app.busy === 0) {
        $("busy").hidden = true;
        for (const b of document.querySelectorAll("button")) b.disabled = false;
      }
    }
  }

  function status(message, kind) {
    const s = $("status");
    s.textContent = message;
    s.className = kind || "";
  }

  // Runs an action, showing its error in the status line.
  function guarded(action) {
    return async (event) => {
      try {
        await action(event);
      } catch (e) {
        status(e.message, "error");
      }
    };
  }

  // --- geometry ---------------------------------------------------------

  // Every house as a list of cells: rows, columns, regions, extra houses.
  function houses(board) {
    const n = board.size;
    const list = [];
    for (let r = 0; r < n; r++) list.push([...Array(n).keys()].map((c) => r * n + c));
    for (let c = 0; c < n; c++) list.push([...Array(n).keys()].map((r) => r * n + c));
    const regions = new Map();
    board.regions.forEach((reg, cell) => {
      if (!regions.has(reg)) regions.set(reg, []);
      regions.get(reg).push(cell);
    });
    list.push(...regions.values(), ...board.extras);
    return list;
  }

  // A pastel per region, greedy so that touching regions differ.
  function regionColours(board) {
    const n = board.size;
    const touching = new Map();
    const link = (a, b) => {
      if (a === b) return;
      if (!touching.has(a)) touching.set(a, new Set());
      touching.get(a).add(b);
    };
    for (let cell = 0; cell < n * n; cell++) {
      const reg = board.regions[cell];
      if (cell % n + 1 < n) { link(reg, board.regions[cell + 1]); link(board.regions[cell + 1], reg); }
      if (cell + n < n * n) { link(reg, board.regions[cell + n]); link(board.regions[cell + n], reg); }
    }
    // Of the colours no neighbour has, the least used so far: the board
    // gets many colours, not three.
    const colour = new Map();
    const uses = PASTELS.map(() => 0);
    for (const reg of [...new Set(board.regions)].sort((a, b) => a - b)) {
      const taken = new Set([...(touching.get(reg) || [])].map((r) => colour.get(r)));
      let best = -1;
      uses.forEach((count, i) => {
        if (!taken.has(i) && (best < 0 || count < uses[best])) best = i;
      });
      if (best < 0) best = 0;
      uses[best] += 1;
      colour.set(reg, best);
    }
    return colour;
  }

  // --- state ------------------------------------------------------------

  const given = (cell) => app.board.givens[cell];
  const digitAt = (cell) => given(cell) || app.values[cell];
  const current = () => app.board.givens.map((g, cell) => g || app.values[cell]);

  function snapshot() {
    return { values: app.values.slice(), marks: app.marks.slice(), solved: new Set(app.solvedCells) };
  }

  function restore(s) {
    app.values = s.values; app.marks = s.marks; app.solvedCells = s.solved;
  }

  // Records the state before a change, for undo.
  function change(mutate) {
    app.undo.push(snapshot());
    app.redo = [];
    mutate();
    app.hint = null;
    app.wrong.clear();
    render();
  }

  function setDigit(cell, d) {
    if (cell < 0 || given(cell)) return;
    if (app.pencil && d > 0) {
      change(() => { app.marks[cell] ^= 1 << (d - 1); });
      return;
    }
    change(() => {
      app.values[cell] = d;
      app.solvedCells.delete(cell);
      if (d > 0) clearMarksSeenBy(cell, d);
    });
  }

  // A placed digit leaves the pencil marks of its peers.
  function clearMarksSeenBy(cell, d) {
    for (const house of app.houses) {
      if (!house.includes(cell)) continue;
      for (const other of house) app.marks[other] &= ~(1 << (d - 1));
    }
  }

  function conflicts() {
    const bad = new Set();
    for (const house of app.houses) {
      const seen = new Map();
      for (const cell of house) {
        const d = digitAt(cell);
        if (!d) continue;
        if (seen.has(d)) { bad.add(cell); bad.add(seen.get(d)); } else seen.set(d, cell);
      }
    }
    return bad;
  }

  // --- drawing ----------------------------------------------------------

  function layout() {
    const n = app.board.size;
    const room = Math.min(window.innerWidth - 40, 760, Math.max(320, window.innerHeight - 190));
    const cell = Math.max(22, Math.floor(room / n));
    const b = $("board");
    b.style.setProperty("--n", n);
    b.style.setProperty("--cell", `${cell}px`);
    $("play").style.setProperty("--cell", `${cell}px`);
    $("play").style.setProperty("--n", n);
  }

  function build() {
    const board = app.board;
    const n = board.size;
    app.houses = houses(board);
    const extraCells = new Map();
    board.extras.forEach((house) => {
      const kind = board.variant.includes("windoku") && house.length === n && !isDiagonal(house, n) ? "window" : "diag";
      for (const c of house) extraCells.set(c, kind);
    });
    const colours = board.box ? null : regionColours(board);
    const b = $("board");
    b.replaceChildren();
    for (let cell = 0; cell < n * n; cell++) {
      const r = Math.floor(cell / n), c = cell % n, reg = board.regions[cell];
      const div = document.createElement("div");
      div.className = "cell";
      div.dataset.cell = cell;
      div.setAttribute("role", "gridcell");
      // Thick lines exactly where regions meet, and on the frame.
      if (r > 0 && board.regions[cell - n] !== reg) div.classList.add("bt");
      if (c > 0 && board.regions[cell - 1] !== reg) div.classList.add("bl");
      if (c + 1 < n && board.regions[cell + 1] !== reg) div.classList.add("br");
      if (r + 1 < n && board.regions[cell + n] !== reg) div.classList.add("bb");
      if (c + 1 === n) div.classList.add("edge-r");
      if (r + 1 === n) div.classList.add("edge-b");
      if (extraCells.has(cell)) div.classList.add(extraCells.get(cell));
      if (colours) div.style.setProperty("--fill", PASTELS[colours.get(reg) % PASTELS.length]);
      b.appendChild(div);
    }
    const pad = $("pad");
    pad.replaceChildren();
    [...board.symbols].forEach((symbol, i) => {
      const button = document.createElement("button");
      button.textContent = symbol;
      button.dataset.digit = i + 1;
      button.setAttribute("aria-label", `digit ${symbol}`);
      pad.appendChild(button);
    });
    layout();
  }

  function isDiagonal(house, n) {
    return house.every((c) => Math.floor(c / n) === c % n) ||
      house.every((c) => Math.floor(c / n) + (c % n) === n - 1);
  }

  function render() {
    const board = app.board;
    if (!board) return;
    const n = board.size, m = Math.ceil(Math.sqrt(n));
    const bad = conflicts();
    const sel = app.selected;
    const selDigit = sel >= 0 ? digitAt(sel) : 0;
    const peers = new Set();
    if (sel >= 0) for (const h of app.houses) if (h.includes(sel)) h.forEach((c) => peers.add(c));
    const hint = app.hint;
    const hintDigits = new Map(); // cell -> Map(digit -> class)
    const note = (list, cls) => (list || []).forEach(([cell, d]) => {
      if (!hintDigits.has(cell)) hintDigits.set(cell, new Map());
      hintDigits.get(cell).set(d, cls);
    });
    if (hint) { note(hint.evidence, "ev"); note(hint.eliminations, "el"); note(hint.placements, "pl"); }
    const cells = $("board").children;
    for (let cell = 0; cell < n * n; cell++) {
      const div = cells[cell];
      const d = digitAt(cell);
      const classes = {
        given: given(cell) > 0,
        player: !given(cell) && d > 0 && !app.solvedCells.has(cell),
        solved: app.solvedCells.has(cell),
        conflict: bad.has(cell),
        wrong: app.wrong.has(cell),
        selected: cell === sel,
        peer: peers.has(cell) && cell !== sel,
        same: selDigit > 0 && d === selDigit && cell !== sel,
        "hl-cell": !!hint && hint.cells.includes(cell),
        "hl-house": !!hint && hint.house_cells.includes(cell),
        "hl-place": !!hint && hint.placements.some(([c]) => c === cell),
      };
      for (const [name, on] of Object.entries(classes)) div.classList.toggle(name, on);
      div.replaceChildren();
      if (d) {
        div.textContent = board.symbols[d - 1];
        div.setAttribute("aria-label", `r${Math.floor(cell / n) + 1}c${cell % n + 1} ${board.symbols[d - 1]}`);
        continue;
      }
      div.setAttribute("aria-label", `r${Math.floor(cell / n) + 1}c${cell % n + 1} empty`);
      const shown = hintDigits.get(cell);
      if (!app.marks[cell] && !shown) continue;
      const marks = document.createElement("div");
      marks.className = "marks";
      marks.style.setProperty("--m", m);
      for (let digit = 1; digit <= n; digit++) {
        const span = document.createElement("span");
        const cls = shown && shown.get(digit);
        if (cls || app.marks[cell] & (1 << (digit - 1))) {
          span.textContent = board.symbols[digit - 1];
          if (cls) span.className = cls;
        }
        marks.appendChild(span);
      }
      div.appendChild(marks);
    }
    $("pencil").setAttribute("aria-pressed", String(app.pencil));
    $("apply").hidden = !(hint && hint.placements.length);
  }

  // --- loading ----------------------------------------------------------

  function show(board) {
    app.board = board;
    app.text = board.text;
    const cells = board.size * board.size;
    app.values = new Array(cells).fill(0);
    app.marks = new Array(cells).fill(0);
    app.solvedCells = new Set();
    app.solution = null;
    app.undo = []; app.redo = [];
    app.selected = -1; app.hint = null; app.wrong.clear();
    $("hint-text").textContent = "";
    $("rating").textContent = "";
    $("puzzle-input").value = board.text;
    build();
    render();
    const url = new URL(window.location.href);
    url.search = "";
    url.searchParams.set("p", board.text);
    if (board.format !== "line") url.searchParams.set("f", board.format);
    history.replaceState(null, "", url);
    $("share-link").value = url.href;
    const clues = board.givens.filter((g) => g).length;
    const kind = board.box ? `${board.box[0]}x${board.box[1]} boxes` : "jigsaw";
    const extras = board.variant.length ? `, ${board.variant.join(" + ")}` : "";
    status(`${board.size}x${board.size} (${kind}${extras}), ${clues} givens. Your move.`);
  }

  async function load(text, format) {
    const body = { puzzle: text };
    if (format) body.format = format;
    const answer = await api("parse", body);
    show(answer.board);
  }

  // --- actions ----------------------------------------------------------

  function needBoard() {
    if (!app.board) throw new Error("Load or generate a puzzle first.");
  }

  async function solution() {
    if (!app.solution) {
      const answer = await api("solve", { puzzle: app.text });
      if (answer.verdict === "multiple") throw new Error("This puzzle has several solutions.");
      if (answer.verdict !== "unique") throw new Error("This puzzle has no solution.");
      app.solution = answer.values;
    }
    return app.solution;
  }

  async function check() {
    needBoard();
    const sol = await solution();
    app.wrong = new Set();
    app.values.forEach((v, cell) => { if (v && v !== sol[cell]) app.wrong.add(cell); });
    render();
    const filled = current().every((d) => d);
    if (app.wrong.size) status(`${app.wrong.size} digit${app.wrong.size > 1 ? "s are" : " is"} wrong (framed in red).`, "error");
    else if (filled) status("Solved — every digit is right. Well done!", "good");
    else status("All correct so far.", "good");
  }

  async function hint() {
    needBoard();
    const answer = await api("hint", { puzzle: app.text, values: current() });
    app.hint = null;
    app.wrong.clear();
    if (answer.verdict === "mistakes") {
      app.wrong = new Set(answer.mistakes);
      $("hint-text").textContent = `Fix these first: ${answer.text}.`;
    } else if (answer.verdict === "step") {
      app.hint = answer.highlight;
      $("hint-text").textContent = answer.text;
    } else {
      $("hint-text").textContent = answer.text;
    }
    render();
  }

  function applyHint() {
    const placements = app.hint ? app.hint.placements : [];
    if (!placements.length) return;
    change(() => {
      for (const [cell, d] of placements) {
        app.values[cell] = d;
        clearMarksSeenBy(cell, d);
      }
    });
    $("hint-text").textContent = "";
  }

  async function solve() {
    needBoard();
    const sol = await solution();
    change(() => {
      sol.forEach((d, cell) => {
        if (!given(cell) && app.values[cell] !== d) { app.values[cell] = d; app.solvedCells.add(cell); }
      });
    });
    status("Solved by the engine (purple digits).", "good");
  }

  async function rate() {
    needBoard();
    const answer = await api("rate", { puzzle: app.text });
    const r = answer.rating;
    $("rating").textContent = r
      ? `ER ${r.er.toFixed(1)} · EP ${r.ep.toFixed(1)} · ED ${r.ed.toFixed(1)} — ${r.level} (${r.steps} steps)`
      : answer.text;
  }

  async function generate() {
    const size = Number($("gen-size").value);
    const variant = $("gen-variant").value;
    const level = $("gen-level").value;
    const body = { size };
    if (variant !== "classic") body[variant] = true;
    if (level) body.level = level;
    status("Generating…");
    const answer = await api("generate", body);
    show(answer.board);
    const rated = answer.level ? ` Rated ${answer.er.toFixed(1)} (${answer.level}).` : "";
    status(`A new ${size}x${size} ${variant} puzzle, ${answer.clues} givens, seed ${answer.seed}.${rated}`, "good");
  }

  async function share() {
    needBoard();
    const link = $("share-link").value;
    try {
      await navigator.clipboard.writeText(link);
      status("Link copied.", "good");
    } catch (e) {
      $("share-link").select();
      status("Copy the link from the box.", "");
    }
  }

  function stepUndo(from, to) {
    if (!from.length) return;
    to.push(snapshot());
    restore(from.pop());
    app.hint = null;
    render();
  }

  // --- input ------------------------------------------------------------

  function digitOfKey(key) {
    if (!app.board || key.length !== 1) return -1;
    const i = app.board.symbols.toUpperCase().indexOf(key.toUpperCase());
    if (i >= 0) return i + 1;
    return key === "0" || key === "." ? 0 : -1;
  }

  function onKey(event) {
    const t = event.target;
    if (t instanceof HTMLTextAreaElement || t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
    if (!app.board) return;
    const n = app.board.size;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      if (event.shiftKey) stepUndo(app.redo, app.undo); else stepUndo(app.undo, app.redo);
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "y") {
      event.preventDefault(); stepUndo(app.redo, app.undo); return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      event.preventDefault();
      const sel = app.selected < 0 ? 0 : app.selected;
      let next = sel + moves[event.key];
      if (event.key === "ArrowLeft" && sel % n === 0) next = sel + n - 1;
      if (event.key === "ArrowRight" && sel % n === n - 1) next = sel - n + 1;
      app.selected = (next + n * n) % (n * n);
      render();
      return;
    }
    if (event.key === " ") { event.preventDefault(); app.pencil = !app.pencil; render(); return; }
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      if (app.selected >= 0 && !given(app.selected)) change(() => { app.values[app.selected] = 0; app.marks[app.selected] = 0; app.solvedCells.delete(app.selected); });
      return;
    }
    const d = digitOfKey(event.key);
    if (d >= 0 && app.selected >= 0) { event.preventDefault(); setDigit(app.selected, d); }
  }

  function wire() {
    $("board").addEventListener("click", (event) => {
      const div = event.target.closest(".cell");
      if (!div) return;
      app.selected = Number(div.dataset.cell);
      render();
      $("board").focus({ preventScroll: true });
    });
    $("pad").addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (button) setDigit(app.selected, Number(button.dataset.digit));
    });
    document.addEventListener("keydown", onKey);
    $("pencil").addEventListener("click", () => { app.pencil = !app.pencil; render(); });
    $("undo").addEventListener("click", () => stepUndo(app.undo, app.redo));
    $("redo").addEventListener("click", () => stepUndo(app.redo, app.undo));
    $("erase").addEventListener("click", () => setDigit(app.selected, 0));
    $("load").addEventListener("click", guarded(() => load($("puzzle-input").value)));
    $("check").addEventListener("click", guarded(check));
    $("hint").addEventListener("click", guarded(hint));
    $("apply").addEventListener("click", applyHint);
    $("solve").addEventListener("click", guarded(solve));
    $("rate").addEventListener("click", guarded(rate));
    $("generate").addEventListener("click", guarded(generate));
    $("share").addEventListener("click", guarded(share));
    window.addEventListener("resize", () => { if (app.board) layout(); });
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

  wire();
  // A shared link carries its puzzle.
  const params = new URLSearchParams(window.location.search);
  if (params.get("p")) guarded(() => load(params.get("p"), params.get("f")))();
  // For the browser tests and the curious: the page's state, read-only use.
  window.sudokit = app;
})();
