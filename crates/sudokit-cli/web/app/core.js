// core.js: the page's state, its requests to the API, the board's houses,
// and how progress is kept (localStorage) and shared (the link's fragment).
// The files of web/app/ are parts of one script: assets.rs serves them
// joined, inside one function, in the order core, draw, teach, play, main.

const $ = (id) => document.getElementById(id);
// Soft region colours for jigsaws; neighbouring regions get different ones.
const PASTELS = ["#fde2e4", "#e2ece9", "#dfe7fd", "#fff1c1", "#e8dff5", "#d7f0dd",
  "#fce1cf", "#dbeefc", "#f0e6d8", "#e4f5c9", "#f9d9ef", "#d9f2f2"];
const DARK_PASTELS = ["#3d2a2e", "#263a35", "#28304a", "#3d3620", "#33293f", "#24392a",
  "#3f2e22", "#233442", "#3a3226", "#2f3b22", "#3d2636", "#233b3b"];
// The first visit's puzzle: an easy classic, so the page opens playable.
const FIRST_PUZZLE =
  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const STORE = "sudokit-game";
const THEME = "sudokit-theme";
const AUTO = "sudokit-auto-marks";

const app = {
  board: null,      // the API's board view
  shape: null,      // where its cells lie (shapeOf)
  text: "",         // the puzzle as text, what every request sends
  format: null,
  solutions: null,  // 0, 1, 2 (several) or null (unknown), from parse
  values: [],       // the player's digits (0 = empty); givens are not here
  corner: [],       // corner marks per cell, bit d-1 for digit d
  centre: [],       // centre marks per cell
  colours: [],      // colour per cell, 0 = none, 1..9
  engine: new Set(), // cells filled by Solve
  solution: null,   // the solution's digits, once asked for
  undo: [], redo: [],
  selection: new Set(),
  cursor: -1,       // the last selected cell: where arrows start
  mode: "digit",    // digit, corner, centre, colour
  hint: null,       // { text, highlight, before: [{text, highlight}], candidates, shown }
  steps: null,      // { steps, highlights, candidates, at }
  wrong: new Set(),
  broken: null,     // cells of the constraints a full grid breaks (variants)
  truth: null,      // true candidates shown on demand, one mask per cell
  totals: new Set(), // cells holding a cage total (marks move below it)
  clock: { base: 0, since: null }, // seconds before `since`, and when it last started
  won: false,       // finished by hand (congratulated once)
  finished: false,  // every cell filled with no clash
  auto: (() => { try { return localStorage.getItem(AUTO) !== "off"; } catch (e) { return true; } })(),
  busy: 0,
  answeredBy: null, // who answered the last request: "wasm" (in the page) or "server"
};

// --- requests -------------------------------------------------------------

// The engine: sudokit itself in a Web Worker (WebAssembly), when the page
// came with one (`engine.js`, from `sudokit serve --engine` or an exported
// folder). It answers every request with the API's own code, so the page
// works with the server stopped, from a static host or from disk. Without
// it, requests go to the server. The worker starts from a blob: a page
// opened from file:// may not load a worker script or fetch a module, so
// the module comes inside engine.js and goes to the worker by message.
const ENGINE_TIMEOUT_MS = 20000;
// Said once: the page then asks the server.
function engineFailed(why) {
  app.engineError = String(why);
  console.warn(`sudokit: the page's engine did not start (${why}); using the server`);
}
const engine = (() => {
  const e = window.sudokitEngine;
  if (!e || typeof Worker === "undefined" || typeof WebAssembly === "undefined") return null;
  const main = `
    self.onmessage = (event) => {
      const m = event.data;
      if (m.wasm) {
        try {
          const bytes = Uint8Array.from(atob(m.wasm), (c) => c.charCodeAt(0));
          initSync({ module: bytes });
          self.postMessage({ ready: true });
        } catch (err) {
          self.postMessage({ ready: false, error: String(err) });
        }
        return;
      }
      let envelope;
      try {
        envelope = JSON.parse(api(m.path, JSON.stringify(m.body), m.timeout));
      } catch (err) {
        envelope = { status: 500, body: { error: "the engine failed: " + err } };
      }
      self.postMessage({ id: m.id, envelope });
    };`;
  let worker;
  try {
    // A page from file:// has no origin to start a blob's worker in: its
    // worker comes from a data: address (the module itself goes by message).
    const url =
      location.protocol === "file:"
        ? "data:text/javascript;charset=utf-8," + encodeURIComponent(e.glue + main)
        : URL.createObjectURL(new Blob([e.glue, main], { type: "text/javascript" }));
    worker = new Worker(url, { type: "module" });
  } catch (err) {
    engineFailed(err);
    return null;
  }
  const waiting = new Map();
  let next = 0;
  const ready = new Promise((resolve) => {
    worker.onmessage = (event) => {
      const m = event.data;
      if ("ready" in m) {
        if (!m.ready) engineFailed(m.error);
        resolve(m.ready);
        return;
      }
      const pending = waiting.get(m.id);
      waiting.delete(m.id);
      if (pending) pending(m.envelope);
    };
    worker.onerror = (event) => {
      engineFailed(event.message || "the worker did not start");
      resolve(false);
    };
  });
  worker.postMessage({ wasm: e.wasm });
  return {
    ready,
    ask(path, body) {
      return new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        worker.postMessage({ id, path, body, timeout: ENGINE_TIMEOUT_MS });
      });
    },
  };
})();

// Buttons stay enabled while the work goes on (disabling one drops its
// focus); the busy mark says something is under way.
async function api(path, body) {
  app.busy += 1;
  $("busy").hidden = false;
  try {
    if (engine && (await engine.ready)) {
      app.answeredBy = "wasm";
      const { status, body: answer } = await engine.ask(path, body);
      if (status !== 200) {
        const error = new Error(answer.error || `status ${status}`);
        error.answer = answer;
        throw error;
      }
      return answer;
    }
    app.answeredBy = "server";
    const response = await fetch(`api/${path}`, {
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
    if (!response.ok) {
      const error = new Error(answer.error || `status ${response.status}`);
      error.answer = answer;
      throw error;
    }
    return answer;
  } finally {
    app.busy -= 1;
    if (app.busy === 0) $("busy").hidden = true;
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

// --- geometry -------------------------------------------------------------

// Every house as a list of cells: rows, columns, regions, extra houses (a
// multi-grid board's come with it: each grid's rows, columns and boxes).
function houses(board) {
  if (board.houses) return board.houses.map((h) => h.slice());
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

// Each cell's peers (the cells that share a house with it, not itself).
function peersOf(board, list) {
  const peers = Array.from({ length: board.givens.length }, () => new Set());
  for (const house of list) for (const a of house) for (const b of house) if (a !== b) peers[a].add(b);
  return peers.map((s) => [...s]);
}

// Where cells lie: a square grid's n x n, or a multi-grid board's rows x
// columns with holes (slots no grid covers). `at[r * columns + c]` is the
// cell there or -1; `pos[cell]` its [row, column].
function shapeOf(board) {
  const n = board.size;
  const rows = board.rows || n, columns = board.columns || n;
  const pos = board.positions || board.givens.map((_, cell) => [Math.floor(cell / n), cell % n]);
  const at = new Array(rows * columns).fill(-1);
  pos.forEach(([r, c], cell) => { at[r * columns + c] = cell; });
  const cellAt = (r, c) => (r >= 0 && r < rows && c >= 0 && c < columns ? at[r * columns + c] : -1);
  return { rows, columns, pos, cellAt };
}

const given = (cell) => app.board.givens[cell];
const digitAt = (cell) => given(cell) || app.values[cell];
const current = () => app.board.givens.map((g, cell) => g || app.values[cell]);
// Whether the puzzle has variant constraints, which only the server checks.
const isVariant = () => !!app.board && app.board.constraints.length > 0;
const cellName = (cell) => `r${app.shape.pos[cell][0] + 1}c${app.shape.pos[cell][1] + 1}`;

// The digits a cell can still hold, seen from the digits on the board.
function candidatesOf(cell, digits) {
  if (digits[cell]) return 0;
  let mask = (2 ** app.board.size) - 1;
  for (const p of app.peers[cell]) if (digits[p]) mask &= ~(1 << (digits[p] - 1));
  return mask;
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

// --- the clock --------------------------------------------------------------

const seconds = () => Math.floor(app.clock.base + (app.clock.since === null ? 0 : (performance.now() - app.clock.since) / 1000));

function clockRun(on) {
  if (on && app.clock.since === null) app.clock.since = performance.now();
  if (!on && app.clock.since !== null) { app.clock.base = seconds(); app.clock.since = null; }
}

function clockText(s) {
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// --- progress: kept and shared ---------------------------------------------

// Cells with a nonzero value as `cell_value` pairs in base 36, joined by
// dots: URL-safe, and short for a board with a few marks.
function packSparse(list) {
  const out = [];
  list.forEach((v, cell) => { if (v) out.push(`${cell.toString(36)}_${v.toString(36)}`); });
  return out.join(".");
}

function unpackSparse(text, cells, max) {
  const list = new Array(cells).fill(0);
  for (const pair of (text || "").split(".")) {
    const [c, v] = pair.split("_").map((x) => parseInt(x, 36));
    if (Number.isInteger(c) && c >= 0 && c < cells && Number.isInteger(v) && v > 0 && v <= max) list[c] = v;
  }
  return list;
}

function progress() {
  return {
    values: app.values.slice(), corner: app.corner.slice(), centre: app.centre.slice(),
    colours: app.colours.slice(), engine: [...app.engine], seconds: seconds(), won: app.won,
  };
}

// The link to this puzzle and the player's progress, all in the fragment
// (nothing reaches the server; no trailing newline in it).
function linkOf() {
  const text = app.text.replace(/\s+$/, "");
  const f = new URLSearchParams();
  if (text.includes("\n")) {
    const bytes = new TextEncoder().encode(text);
    f.set("z", btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
  } else {
    f.set("p", text);
  }
  if (app.format && app.format !== "line") f.set("f", app.format);
  const parts = { v: packSparse(app.values), m: packSparse(app.corner), c: packSparse(app.centre), k: packSparse(app.colours) };
  for (const [key, value] of Object.entries(parts)) if (value) f.set(key, value);
  if (app.engine.size) f.set("e", [...app.engine].map((c) => c.toString(36)).join("."));
  if (seconds()) f.set("t", String(seconds()));
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = f.toString();
  return url.href;
}

// A link's puzzle and progress, or null.
function fromLink() {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const query = new URLSearchParams(window.location.search); // older links
  let text = hash.get("p") || query.get("p");
  if (!text && hash.get("z")) {
    const b = atob(hash.get("z").replace(/-/g, "+").replace(/_/g, "/"));
    text = new TextDecoder().decode(Uint8Array.from(b, (ch) => ch.charCodeAt(0)));
  }
  if (!text) return null;
  return { text, format: hash.get("f") || query.get("f"), hash };
}

function progressFromLink(hash, cells, n) {
  return {
    values: unpackSparse(hash.get("v"), cells, n),
    corner: unpackSparse(hash.get("m"), cells, 2 ** n - 1),
    centre: unpackSparse(hash.get("c"), cells, 2 ** n - 1),
    colours: unpackSparse(hash.get("k"), cells, 9),
    engine: (hash.get("e") || "").split(".").filter(Boolean).map((c) => parseInt(c, 36)),
    seconds: Math.max(0, parseInt(hash.get("t") || "0", 10) || 0),
    won: false,
  };
}

// Keeps the game for a reload, and the link in the address bar.
function save() {
  if (!app.board) return;
  try {
    localStorage.setItem(STORE, JSON.stringify({ text: app.text, format: app.format, progress: progress() }));
  } catch (e) {
    // Private windows may refuse storage; the link still carries the game.
  }
  const link = linkOf();
  app.lastLink = link;
  history.replaceState(null, "", link);
  $("share-link").value = link;
}

function saved() {
  try {
    const game = JSON.parse(localStorage.getItem(STORE) || "null");
    return game && typeof game.text === "string" ? game : null;
  } catch (e) {
    return null;
  }
}
