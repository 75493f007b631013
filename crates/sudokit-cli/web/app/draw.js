// draw.js: the board's cells (built once per puzzle, redrawn on every
// change), the X diagonals, a variant's constraints (the server's SVG), the
// pad with its remaining-digit counts, and the celebration.

const dark = () => {
  const chosen = document.documentElement.dataset.theme;
  return chosen ? chosen === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
};

// A pastel per region, greedy so that touching regions differ.
function regionColours(board) {
  const touching = new Map();
  const link = (a, b) => {
    if (a === b) return;
    if (!touching.has(a)) touching.set(a, new Set());
    touching.get(a).add(b);
  };
  const shape = app.shape;
  shape.pos.forEach(([r, c], cell) => {
    const reg = board.regions[cell];
    for (const other of [shape.cellAt(r, c + 1), shape.cellAt(r + 1, c)]) {
      if (other >= 0) { link(reg, board.regions[other]); link(board.regions[other], reg); }
    }
  });
  // Of the colours no neighbour has, the least used so far: the board gets
  // many colours, not three.
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

function isDiagonal(house, n) {
  return house.every((c) => Math.floor(c / n) === c % n) ||
    house.every((c) => Math.floor(c / n) + (c % n) === n - 1);
}

function paintRegions() {
  const board = app.board;
  // The constraint layer is drawn for white paper; the dark theme inverts it.
  $("board-wrap").classList.toggle("dark", dark());
  if (!board || board.box) return;
  const palette = dark() ? DARK_PASTELS : PASTELS;
  app.cells.forEach((div, cell) => div.style.setProperty("--fill", palette[app.regionColour.get(board.regions[cell]) % palette.length]));
}

function build() {
  const board = app.board;
  const n = board.size;
  app.shape = shapeOf(board);
  const { rows, columns, cellAt } = app.shape;
  // A multi-grid board (samurai …): cells where its grids are, holes
  // between them; its frame is each grid's own.
  const multi = !!board.positions;
  app.houses = houses(board);
  app.peers = peersOf(board, app.houses);
  const windows = new Set();
  const diagonals = [];
  for (const house of board.extras) {
    if (!multi && isDiagonal(house, n)) diagonals.push(house);
    else if (board.variant.includes("windoku")) house.forEach((c) => windows.add(c));
  }
  app.regionColour = board.box ? null : regionColours(board);
  const b = $("board");
  const wrap = $("board-wrap");
  wrap.style.setProperty("--n", n);
  wrap.style.setProperty("--nr", rows);
  wrap.style.setProperty("--nc", columns);
  wrap.classList.toggle("multi", multi);
  buildConstraints(board);
  b.replaceChildren();
  app.cells = new Array(board.givens.length);
  for (let r = 0; r < rows; r++) {
    const row = document.createElement("div");
    row.className = "r";
    row.setAttribute("role", "row");
    for (let c = 0; c < columns; c++) {
      const cell = cellAt(r, c);
      const div = document.createElement("div");
      if (cell < 0) {
        // A hole: no cell, nothing to focus, nothing drawn.
        div.className = "hole";
        div.setAttribute("aria-hidden", "true");
        row.appendChild(div);
        continue;
      }
      const reg = board.regions[cell];
      div.className = "cell";
      div.dataset.cell = cell;
      div.setAttribute("role", "gridcell");
      // Thick lines exactly where regions meet, and on the frame (a
      // multi-grid board's frame runs along its holes too).
      const side = (rr, cc, inner, outer) => {
        const other = cellAt(rr, cc);
        if (other >= 0) { if (board.regions[other] !== reg) div.classList.add(inner); } else if (multi) div.classList.add(outer);
      };
      side(r - 1, c, "bt", "ot");
      side(r, c - 1, "bl", "ol");
      side(r, c + 1, "br", "or");
      side(r + 1, c, "bb", "ob");
      if (!multi && c + 1 === n) div.classList.add("edge-r");
      if (!multi && r + 1 === n) div.classList.add("edge-b");
      if (windows.has(cell)) div.classList.add("window");
      row.appendChild(div);
      app.cells[cell] = div;
    }
    b.appendChild(row);
  }
  paintRegions();
  // The diagonals of an X-sudoku, as lines from corner to corner.
  const svg = $("lines");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.replaceChildren();
  for (const house of diagonals) {
    const main = Math.floor(house[0] / n) === house[0] % n;
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("x1", main ? 0.3 : n - 0.3); line.setAttribute("y1", 0.3);
    line.setAttribute("x2", main ? n - 0.3 : 0.3); line.setAttribute("y2", n - 0.3);
    line.classList.add("diagonal");
    svg.appendChild(line);
  }
  buildPad();
}

// A variant's constraints: the SVG the server's render module drew, in its
// own units (the grid's top-left corner at 0,0), laid over the cells'
// backgrounds; the frame grows by a cell on each side with outside clues.
function buildConstraints(board) {
  const wrap = $("board-wrap");
  const layer = $("constraints");
  const o = board.overlay;
  const pads = o ? o.pads : [0, 0, 0, 0];
  ["--pt", "--pr", "--pb", "--pl"].forEach((name, i) => wrap.style.setProperty(name, pads[i]));
  layer.replaceChildren();
  app.totals = new Set(o ? o.total_cells : []);
  if (o) {
    // The server's own drawing (no script, its text escaped by the render
    // module), parsed as SVG rather than HTML.
    const doc = new DOMParser().parseFromString(o.svg, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.nodeName === "svg") {
      svg.setAttribute("preserveAspectRatio", "none");
      layer.appendChild(document.importNode(svg, true));
    }
  }
  const legend = $("legend");
  legend.hidden = !(o && o.legend);
  legend.textContent = o && o.legend ? o.legend : "";
  // A published puzzle keeps its title, setter and rules with it.
  const title = [board.title ? `“${board.title}”` : "", board.author ? `by ${board.author}` : ""].filter(Boolean).join(" ");
  $("about-title").textContent = title;
  $("about-rules").textContent = board.rules || "";
  $("about").hidden = !title && !board.rules;
}

// The pad: a key per digit with how many are left to place, or the colours.
function buildPad() {
  const pad = $("pad");
  pad.replaceChildren();
  if (!app.board) return;
  if (app.mode === "colour") {
    for (let i = 1; i <= 9; i++) {
      const button = document.createElement("button");
      button.className = "swatch";
      button.dataset.colour = i;
      button.style.setProperty("--colour", `var(--c${i})`);
      button.setAttribute("aria-label", `colour ${i}`);
      button.textContent = String(i);
      pad.appendChild(button);
    }
  } else {
    [...app.board.symbols].forEach((symbol, i) => {
      const button = document.createElement("button");
      button.dataset.digit = i + 1;
      const sym = document.createElement("span");
      sym.textContent = symbol;
      // The name is the text itself ("5, 3 left"), so what is seen is said.
      const comma = document.createElement("span");
      comma.className = "sr-only";
      comma.textContent = ", ";
      const left = document.createElement("span");
      left.className = "left";
      const words = document.createElement("span");
      words.className = "sr-only";
      words.textContent = " left";
      button.append(sym, comma, left, words);
      pad.appendChild(button);
    });
  }
  layoutPad();
}

// As many keys a row as fit at 44 px or more, in rows of equal length.
function layoutPad() {
  const keys = $("pad").children.length;
  if (!keys) return;
  const width = $("pad").clientWidth || 360;
  const most = Math.max(1, Math.floor((width + 4) / 48));
  const rows = Math.ceil(keys / most);
  $("pad").style.setProperty("--pc", Math.ceil(keys / rows));
}

// What the board shows now: the player's game, a hint over the candidates,
// or a step of the step list.
function view() {
  if (app.steps) return stepView();
  if (app.hint) return hintView();
  if (app.truth) return { digits: current(), candidates: app.truth, marks: null, highlight: null, walked: null };
  return { digits: current(), candidates: null, marks: null, highlight: null, walked: null };
}

function render() {
  const board = app.board;
  if (!board) return;
  const n = board.size, m = Math.ceil(Math.sqrt(n));
  const v = view();
  const digitsNow = v.digits;
  const playing = !v.candidates;
  const bad = playing ? conflicts() : new Set();
  const sel = app.selection;
  const cursor = app.cursor;
  const selDigit = playing && cursor >= 0 && sel.has(cursor) ? digitsNow[cursor] : 0;
  const peers = new Set(playing && sel.size === 1 && cursor >= 0 ? app.peers[cursor] : []);
  const h = v.highlight;
  const hintDigits = new Map(); // cell -> Map(digit -> class)
  const note = (list, cls) => (list || []).forEach(([cell, d]) => {
    if (!hintDigits.has(cell)) hintDigits.set(cell, new Map());
    hintDigits.get(cell).set(d, cls);
  });
  if (v.marks) note(v.marks, "pre");
  if (h) { note(h.evidence, "ev"); note(h.eliminations, "el"); note(h.placements, "pl"); }
  for (let cell = 0; cell < app.cells.length; cell++) {
    const div = app.cells[cell];
    const d = digitsNow[cell];
    const isGiven = given(cell) > 0;
    const byEngine = playing ? app.engine.has(cell) : v.walked && v.walked.has(cell);
    const classes = {
      given: isGiven,
      player: !isGiven && d > 0 && !byEngine,
      solved: !isGiven && d > 0 && byEngine,
      conflict: bad.has(cell),
      wrong: playing && app.wrong.has(cell),
      selected: sel.has(cell),
      peer: peers.has(cell),
      same: selDigit > 0 && d === selDigit && !sel.has(cell),
      "hl-cell": !!h && h.cells.includes(cell),
      "hl-house": !!h && h.house_cells.includes(cell),
      "hl-place": !!h && h.placements.some(([c]) => c === cell),
      broken: playing && !!app.broken && app.broken.has(cell),
      total: app.totals.has(cell),
    };
    for (const [name, on] of Object.entries(classes)) div.classList.toggle(name, on);
    const colour = playing ? app.colours[cell] : 0;
    if (colour) { div.dataset.colour = colour; div.style.setProperty("--colour", `var(--c${colour})`); } else delete div.dataset.colour;
    div.setAttribute("aria-selected", String(sel.has(cell)));
    div.replaceChildren();
    let label = cellName(cell);
    if (d) {
      // In its own element, so it lies over a variant's constraint layer.
      const digit = document.createElement("span");
      digit.className = "digit";
      digit.textContent = board.symbols[d - 1];
      div.appendChild(digit);
      label += ` ${board.symbols[d - 1]}${isGiven ? " given" : ""}${classes.conflict ? ", clashes" : ""}`;
    } else if (!playing) {
      const shown = hintDigits.get(cell);
      const mask = v.candidates[cell];
      const marks = document.createElement("div");
      marks.className = "marks cands";
      marks.setAttribute("aria-hidden", "true"); // the cell's label says them
      marks.style.setProperty("--m", m);
      for (let digit = 1; digit <= n; digit++) {
        const span = document.createElement("span");
        const cls = shown && shown.get(digit);
        if (cls || mask & (1 << (digit - 1))) {
          span.textContent = board.symbols[digit - 1];
          if (cls) span.className = cls;
        }
        marks.appendChild(span);
      }
      div.appendChild(marks);
      label += ` candidates ${digitsOf(mask).map((x) => board.symbols[x - 1]).join(" ")}`;
    } else {
      label += " empty";
      if (app.corner[cell]) { div.appendChild(marksDiv("corner", app.corner[cell], n)); label += `, corner ${digitsOf(app.corner[cell]).map((x) => board.symbols[x - 1]).join(" ")}`; }
      if (app.centre[cell]) { div.appendChild(marksDiv("centre", app.centre[cell], n)); label += `, centre ${digitsOf(app.centre[cell]).map((x) => board.symbols[x - 1]).join(" ")}`; }
    }
    if (colour) label += `, colour ${colour}`;
    if (d) {
      div.setAttribute("aria-label", label);
    } else {
      // An empty cell's marks are drawn for the eye (aria-hidden); its
      // words are hidden text, so the name and the drawn text never differ.
      div.removeAttribute("aria-label");
      const words = document.createElement("span");
      words.className = "sr-only";
      words.textContent = label;
      div.prepend(words);
    }
  }
  renderPad(digitsNow);
  $("apply").setAttribute("aria-disabled", String(!(app.hint && app.hint.highlight && app.hint.highlight.placements.length && app.hint.shown < 0)));
  $("board-wrap").classList.toggle("won", playing && app.won);
}

const digitsOf = (mask) => [...Array(30).keys()].map((i) => i + 1).filter((d) => mask & (1 << (d - 1)));

// Corner marks: on up to nine digits, each in its place (1 top left, 9
// bottom right); else the marks alone, packed, larger the fewer they are.
function marksDiv(kind, mask, n) {
  const div = document.createElement("div");
  const digits = digitsOf(mask);
  const positional = kind === "corner" && n <= 9;
  div.className = `marks ${kind}${positional ? " pos" : ""}`;
  div.setAttribute("aria-hidden", "true"); // the cell's label says them
  const k = positional ? Math.ceil(Math.sqrt(n)) : Math.max(2, Math.ceil(Math.sqrt(digits.length)));
  div.style.setProperty("--k", k);
  if (positional) {
    for (let d = 1; d <= n; d++) {
      const span = document.createElement("span");
      if (mask & (1 << (d - 1))) span.textContent = app.board.symbols[d - 1];
      div.appendChild(span);
    }
  } else {
    for (const d of digits) {
      const span = document.createElement("span");
      span.textContent = app.board.symbols[d - 1];
      div.appendChild(span);
    }
  }
  return div;
}

function renderPad(digitsNow) {
  const n = app.board.size;
  // Each digit's share of the cells: n on a square grid, 41 on a samurai.
  const each = Math.round(digitsNow.length / n);
  const placed = new Array(n + 1).fill(0);
  digitsNow.forEach((d) => { placed[d] += 1; });
  for (const button of $("pad").children) {
    if (!button.dataset.digit) continue;
    const d = Number(button.dataset.digit);
    const left = each - placed[d];
    button.querySelector(".left").textContent = String(Math.max(0, left));
    button.classList.toggle("done", left <= 0);
  }
}

// Confetti over the board, once, for a grid finished by hand.
function celebrate() {
  const box = $("confetti");
  box.replaceChildren();
  const colours = ["#e53935", "#fb8c00", "#fdd835", "#43a047", "#1e88e5", "#8e24aa"];
  for (let i = 0; i < 60; i++) {
    const bit = document.createElement("i");
    bit.style.left = `${Math.random() * 100}%`;
    bit.style.background = colours[i % colours.length];
    bit.style.animationDelay = `${Math.random() * 0.7}s`;
    box.appendChild(bit);
  }
  setTimeout(() => box.replaceChildren(), 3500);
}
