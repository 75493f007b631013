// teach.js: hints drawn on the candidates (with every elimination step the
// placement rests on, each drawable on its own), and the step list, which
// walks the whole logical path forward and back, each step drawn.

// Takes one step on (values, candidates): placements fill their cells and
// leave their peers' candidates; then its eliminations go (the library's
// Board::apply).
function takeStep(state, highlight) {
  for (const [cell, d] of highlight.placements) {
    if (state.values[cell]) continue;
    state.values[cell] = d;
    state.cands[cell] = 0;
    state.walked.add(cell);
    for (const p of app.peers[cell]) state.cands[p] &= ~(1 << (d - 1));
  }
  for (const [cell, d] of highlight.eliminations) state.cands[cell] &= ~(1 << (d - 1));
}

// --- hints ------------------------------------------------------------------

function hintView() {
  const hint = app.hint;
  const cands = hint.candidates.slice();
  if (hint.shown < 0) {
    // The whole hint: every earlier elimination struck through (orange) on
    // the candidates it starts from, and the placement's own pattern.
    const marks = hint.before.flatMap((b) => b.highlight.eliminations);
    return { digits: current(), candidates: cands, marks, highlight: hint.highlight, walked: null };
  }
  const state = { values: current(), cands, walked: new Set() };
  for (let i = 0; i < hint.shown; i++) takeStep(state, hint.before[i].highlight);
  return { digits: state.values, candidates: state.cands, marks: null, highlight: hint.before[hint.shown].highlight, walked: null };
}

function clearHint() {
  app.hint = null;
  app.truth = null;
  $("hint-text").textContent = "";
  $("hint-before").replaceChildren();
}

const stepWords = (s) => `${s.technique}: ${s.text}`;

async function hint() {
  needBoard();
  leaveSteps();
  const answer = await api("hint", { puzzle: app.text, values: current() });
  clearHint();
  app.wrong.clear();
  if (answer.verdict === "mistakes") {
    app.wrong = new Set(answer.mistakes);
    $("hint-text").textContent = `Fix these first: ${answer.text}.`;
  } else if (answer.verdict === "step") {
    app.hint = {
      text: answer.text,
      highlight: answer.highlight,
      before: answer.before.map((s, i) => ({ text: stepWords(s), highlight: answer.before_highlights[i] })),
      candidates: answer.candidates,
      shown: -1,
    };
    $("hint-text").textContent = answer.before.length
      ? `${stepWords(answer.step)}. It rests on ${answer.before.length} elimination step${answer.before.length > 1 ? "s" : ""} (struck through in orange); press one to see it alone:`
      : stepWords(answer.step);
    const list = $("hint-before");
    const items = app.hint.before.map((b, i) => ({ text: `${i + 1}. ${b.text}`, shown: i }));
    if (items.length) items.push({ text: `Then: ${stepWords(answer.step)}`, shown: -1 });
    for (const item of items) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.textContent = item.text;
      button.dataset.shown = item.shown;
      li.appendChild(button);
      list.appendChild(li);
    }
    markShown();
  } else {
    $("hint-text").textContent = answer.text;
  }
  render();
}

function markShown() {
  for (const button of $("hint-before").querySelectorAll("button")) {
    if (Number(button.dataset.shown) === app.hint.shown) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
}

function showHintPart(shown) {
  if (!app.hint) return;
  app.hint.shown = shown;
  markShown();
  render();
}

function applyHint() {
  if ($("apply").getAttribute("aria-disabled") === "true") return;
  const placements = app.hint.highlight.placements;
  change(() => {
    for (const [cell, d] of placements) {
      app.values[cell] = d;
      app.engine.delete(cell);
      clearMarksSeenBy(cell, d);
    }
  });
}

// The true candidates from the digits on the board (the variant engine's,
// or any engine's), shown until the next move.
async function trueCandidates() {
  needBoard();
  leaveSteps();
  const answer = await api("candidates", { puzzle: app.text, values: current() });
  clearHint();
  if (answer.verdict === "ok") {
    app.truth = answer.candidates;
    $("hint-text").textContent = "True candidates: the digits some solution puts in each empty cell, from the digits on the board (your next move hides them).";
  } else {
    $("hint-text").textContent = answer.text;
  }
  render();
}

// --- the step list ------------------------------------------------------------

function stepView() {
  const s = app.steps;
  if (!s.cache || s.cache.at > s.at) {
    s.cache = { at: 0, values: app.board.givens.slice(), cands: s.candidates.slice(), walked: new Set() };
  }
  while (s.cache.at < s.at) takeStep(s.cache, s.highlights[s.cache.at++]);
  return {
    digits: s.cache.values, candidates: s.cache.cands, marks: null,
    highlight: s.at < s.highlights.length ? s.highlights[s.at] : null, walked: s.cache.walked,
  };
}

async function openSteps() {
  needBoard();
  const answer = await api("explain", { puzzle: app.text });
  clearHint();
  if (!answer.steps.length) {
    $("steps-text").textContent = answer.text || "No logical step applies.";
    return;
  }
  app.steps = { steps: answer.steps, highlights: answer.highlights, candidates: answer.candidates, at: 0, cache: null };
  const list = $("steps-list");
  list.replaceChildren();
  answer.steps.forEach((s, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.textContent = `${i + 1}. ${stepWords(s)}`;
    button.dataset.at = i;
    li.appendChild(button);
    list.appendChild(li);
  });
  app.stepsEnd = answer.verdict === "unrated" ? ` The ladder stops here: ${answer.text}` : "";
  goStep(0);
}

function goStep(at) {
  const s = app.steps;
  if (!s) return;
  s.at = Math.max(0, Math.min(at, s.steps.length));
  const n = s.steps.length;
  $("steps-text").textContent = s.at < n
    ? `Step ${s.at + 1} of ${n}: ${stepWords(s.steps[s.at])}`
    : `All ${n} steps taken.${app.stepsEnd || " The grid is solved."}`;
  const list = $("steps-list");
  for (const button of list.querySelectorAll("button")) {
    if (Number(button.dataset.at) === s.at) {
      button.setAttribute("aria-current", "step");
      list.scrollTop = button.offsetTop - list.clientHeight / 2;
    } else button.removeAttribute("aria-current");
  }
  $("step-back").setAttribute("aria-disabled", String(s.at === 0));
  $("step-next").setAttribute("aria-disabled", String(s.at >= n));
  $("steps-close").setAttribute("aria-disabled", "false");
  render();
}

function leaveSteps() {
  if (!app.steps) return;
  app.steps = null;
  $("steps-list").replaceChildren();
  $("steps-text").textContent = "";
  for (const id of ["step-back", "step-next", "steps-close"]) $(id).setAttribute("aria-disabled", "true");
  render();
}
