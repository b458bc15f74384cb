// Referee's few behaviours beyond htmx: the remembered game, the check filter, the tappable board.
// The remembered game lives in this browser only (localStorage): the server keeps no state.
"use strict";

function rememberChoice(select) {
  const key = select.dataset.remember;
  const params = new URLSearchParams(window.location.search);
  if (!params.has(select.name) && !params.has("q")) { // a shared link keeps its own choice
    const saved = window.localStorage.getItem(key);
    if (saved !== null && [...select.options].some((o) => o.value === saved)) select.value = saved;
  }
  select.addEventListener("change", () => window.localStorage.setItem(key, select.value));
}

// A new game asks the question again, and only when there is one: picking a game before typing
// showed "the question is empty" (phone review 5, task 21). The form listens for "game-changed".
function askAgainOnGame(select) {
  const form = select.form;
  const question = form && form.querySelector("#q");
  if (!question) return;
  select.addEventListener("change", () => {
    if (question.value.trim()) form.dispatchEvent(new Event("game-changed", { bubbles: true }));
  });
}

function filterList(input) {
  const items = document.querySelectorAll(input.dataset.filter);
  input.addEventListener("input", () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const item of items) {
      const text = item.textContent.toLowerCase();
      item.hidden = !words.every((w) => text.includes(w));
    }
    for (const group of document.querySelectorAll(".check-group")) {
      group.hidden = [...group.querySelectorAll("li")].every((li) => li.hidden);
      // a search opens the games it found checks in; clearing it closes them again
      if (group.tagName === "DETAILS") group.open = words.length ? !group.hidden : group.dataset.game === openGame();
    }
  });
}

// The game whose checks /settle opens: the one asked for, else the one this browser remembers.
function openGame() {
  return new URLSearchParams(window.location.search).get("game") || window.localStorage.getItem("referee.game") || "";
}

function openRememberedGame() {
  const game = openGame();
  for (const group of document.querySelectorAll("details.check-group")) if (group.dataset.game === game) group.open = true;
}

// A box with a maxlength cuts a longer paste without a word: say so while it is full.
function fullNote(note) {
  const input = document.getElementById(note.dataset.fullNote);
  if (!input || input.maxLength < 1) return;
  const show = () => { note.hidden = input.value.length < input.maxLength; };
  input.addEventListener("input", show);
  show();
}

// ---------------------------------------------------------------- the board

const FINGER_PX = 16; // px a unit of the board (an inch, an intersection) under which a tap zooms in, not places

function boardOf(figure) {
  const d = figure.dataset;
  const low = Number(d.low), high = Number(d.high), pad = Number(d.pad), snap = Number(d.snap);
  const svg = figure.querySelector("svg");
  const form = figure.closest("form");
  const toSvg = (x, y) => [x - low + pad, high - y + pad];
  const fromSvg = (sx, sy) => [sx - pad + low, high - (sy - pad)];
  const snapped = (v) => Math.min(high, Math.max(low, Math.round(v / snap) * snap));
  const field = (name) => form.querySelector(`[data-point="${CSS.escape(name)}"]`);
  const pieces = [...figure.querySelectorAll("[data-piece]")];
  const buttons = [...figure.querySelectorAll("[data-place]")];

  function parse(text) {
    const numbers = (text || "").match(/-?\d+(?:\.\d+)?/g);
    return numbers && numbers.length === 2 ? numbers.map(Number) : null;
  }

  function draw() {
    for (const piece of pieces) {
      const where = parse(field(piece.dataset.piece)?.value);
      if (where) {
        const [sx, sy] = toSvg(...where);
        piece.setAttribute("transform", `translate(${sx} ${sy})`);
        piece.removeAttribute("visibility");
      } else {
        piece.setAttribute("visibility", "hidden");
      }
    }
    const line = figure.querySelector("[data-action]");
    const ends = pieces.slice(0, 2).map((p) => parse(field(p.dataset.piece)?.value));
    if (line && ends.length === 2 && ends[0] && ends[1]) {
      const [[x1, y1], [x2, y2]] = ends.map((e) => toSvg(...e));
      Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => line.setAttribute(k, v));
      line.removeAttribute("visibility");
    }
  }

  function select(button) {
    for (const b of buttons) b.setAttribute("aria-pressed", String(b === button));
  }

  // A board shown too fine for a finger (a whole 85-intersection pitch is 4 px an intersection on a
  // phone) zooms to the area of the first tap instead of placing a piece there: the same box, so
  // nothing on the page moves; the grid, the numbers and the pieces are redrawn for the view.
  const NS = "http://www.w3.org/2000/svg";
  const whole = svg.getAttribute("viewBox");
  const wholeMarks = svg.querySelector(".ticks").innerHTML;
  const zoomSpan = Number(d.zoomSpan) || 16;
  const hint = figure.querySelector("[data-zoom-hint]");
  const note = figure.querySelector("[data-zoom-note]");
  const side = () => Number(svg.getAttribute("viewBox").split(" ")[2]);
  const tooFine = () => svg.getBoundingClientRect().width / side() < FINGER_PX;
  const make = (tag, attrs, text) => {
    const el = document.createElementNS(NS, tag);
    Object.entries(attrs).forEach(([k, v]) => el.setAttribute(k, v));
    if (text !== undefined) el.textContent = text;
    return el;
  };
  const gridStep = (span) => [1, 2, 5, 10, 20].find((s) => span / s <= 20) || 50;

  function view(x0, y0, span) {
    svg.setAttribute("viewBox", `${x0} ${y0} ${span} ${span}`);
    const font = span / 28, radius = span / 26;
    svg.querySelectorAll(".fine").forEach((el) => el.remove());
    const ticks = svg.querySelector(".ticks");
    ticks.setAttribute("font-size", font.toFixed(2));
    if (span.toFixed(2) === whole.split(" ")[2]) {
      ticks.innerHTML = wholeMarks;
    } else {
      ticks.replaceChildren();
      const step = gridStep(span);
      const pitch = svg.querySelector(".pitch");
      const [fx, fy] = fromSvg(x0, y0), [tx, ty] = fromSvg(x0 + span, y0 + span);
      // the numbers along the bottom start right of the column up the left side (present.label_gutter)
      const gutter = font * (0.2 + 0.6 * Math.max(String(low).length, String(high).length) + 0.4);
      for (let v = Math.ceil(Math.max(low, fx) / step) * step, i = 0; v <= Math.min(high, tx); v += step, i += 1) {
        const [sx] = toSvg(v, 0);
        pitch.after(make("line", { class: "grid fine", x1: sx, y1: pad, x2: sx, y2: high - low + pad }));
        if (i % 2 === 0 && sx >= x0 + gutter) ticks.append(make("text", { class: "tick", x: sx, y: (y0 + span - font * 0.4).toFixed(2) }, String(v)));
      }
      for (let v = Math.ceil(Math.max(low, ty) / step) * step, i = 0; v <= Math.min(high, fy); v += step, i += 1) {
        const [, sy] = toSvg(0, v);
        pitch.after(make("line", { class: "grid fine", x1: pad, y1: sy, x2: high - low + pad, y2: sy }));
        if (i % 2 === 0) ticks.append(make("text", { class: "tick", x: (x0 + font * 0.2).toFixed(2), y: sy }, String(v)));
      }
    }
    for (const piece of pieces) {
      piece.querySelector("circle").setAttribute("r", radius.toFixed(2));
      const letter = piece.querySelector("text");
      letter.setAttribute("y", (radius * 0.4).toFixed(2));
      letter.setAttribute("font-size", (radius * 1.2).toFixed(2));
    }
    const arrow = svg.querySelector(".direction");
    const marker = svg.querySelector("marker");
    if (marker) ["markerWidth", "markerHeight"].forEach((k) => marker.setAttribute(k, font.toFixed(2)));
    if (arrow) { // the scoring arrow stays at the view's right edge, as the server draws it
      const line = arrow.querySelector("line"), words = arrow.querySelector("text");
      const up = Number(line.getAttribute("y1")) > Number(line.getAttribute("y2"));
      const ax = x0 + span - font * 1.6, ay = y0 + span / 2, arm = span / 6;
      arrow.setAttribute("font-size", font.toFixed(2));
      Object.entries({ x1: ax, x2: ax, y1: ay + (up ? arm : -arm), y2: ay + (up ? -arm : arm) })
        .forEach(([k, v]) => line.setAttribute(k, v.toFixed(2)));
      const tx = (ax - font * 0.9).toFixed(2);
      words.setAttribute("x", tx);
      words.setAttribute("y", ay.toFixed(2));
      words.setAttribute("transform", `rotate(-90 ${tx} ${ay.toFixed(2)})`);
    }
    const zoomed = whole !== svg.getAttribute("viewBox");
    if (note) note.hidden = !zoomed;
    if (hint) hint.hidden = zoomed || !tooFine();
  }

  function zoomTo(sx, sy) {
    const size = high - low + 2 * pad;
    const span = Math.min(size, zoomSpan);
    const x0 = Math.min(Math.max(sx - span / 2, 0), size - span);
    const y0 = Math.min(Math.max(sy - span / 2, 0), size - span);
    view(Number(x0.toFixed(2)), Number(y0.toFixed(2)), span);
  }

  if (hint) hint.hidden = !tooFine();
  figure.querySelector("[data-zoom-out]")?.addEventListener("click", () => view(...whole.split(" ").slice(0, 3).map(Number)));
  let picked = false; // the player chose a piece with its button
  buttons.forEach((b) => b.addEventListener("click", () => { picked = true; select(b); }));
  svg.addEventListener("click", (event) => {
    const active = buttons.find((b) => b.getAttribute("aria-pressed") === "true") || buttons[0];
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(svg.getScreenCTM().inverse());
    if (tooFine()) {
      zoomTo(local.x, local.y);
      return;
    }
    const [x, y] = fromSvg(local.x, local.y).map(snapped);
    const input = field(active.dataset.place);
    input.value = `${x}, ${y}`;
    draw();
    // A piece the player picked stays picked: a second tap nudges it, never the other piece (phone review
    // 4, task 12: after T the picker went back to P, and a nudge moved the passer). Until the player picks
    // one, a tap on a board with a piece still unplaced moves on to it, so two taps place both.
    if (!picked) {
      const next = buttons.slice(buttons.indexOf(active) + 1).find((b) => !parse(field(b.dataset.place)?.value));
      if (next) select(next);
    }
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  form.addEventListener("input", (event) => { if (event.target.dataset.point) draw(); });
}

// A link that changes how the board is shown keeps the facts placed since the page loaded.
function viewLink(link) {
  link.addEventListener("click", (event) => {
    const form = link.closest("form");
    if (!form) return;
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (name !== "view" && value !== "") params.append(name, value);
    if (link.dataset.view) params.set("view", link.dataset.view);
    window.location.assign(`${form.getAttribute("action")}?${params}`);
  });
}

// The ruling in a line at the foot of the screen, shown only while the full ruling is out of view
// (after a tap on the board, the new verdict is above it).
function verdictBar() {
  const bar = () => document.querySelector("[data-verdict-bar]");
  if (!bar() || !("IntersectionObserver" in window)) return;
  let inView = true;
  // the ruling's headline (its first line), below the sticky bar at the top of the screen
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) inView = entry.isIntersecting;
    bar()?.toggleAttribute("data-hidden", inView);
  }, { rootMargin: "-64px 0px 0px 0px" });
  const watch = () => {
    observer.disconnect();
    const headline = document.querySelector("#verdict > :first-child");
    if (headline) observer.observe(headline);
    bar()?.toggleAttribute("data-hidden", inView);
  };
  watch();
  document.body.addEventListener("htmx:afterSettle", watch);
}

// Print a sheet from its page: the page itself, whose print stylesheets are the sheet's own
// (sheet.html), so it prints on the PDF's pages; without scripts the link opens the printable page.
function printLink(link) {
  link.addEventListener("click", (event) => {
    event.preventDefault();
    window.print();
  });
}

// The declared action built from the game's own: "#7 passes to #9" becomes a choice of piece,
// the words "passes to", a choice of piece; the text field below holds the result (and can be typed).
function actionBuilder(box) {
  const choice = box.querySelector("[data-actions]");
  const parts = box.querySelector("[data-action-parts]");
  const text = box.querySelector("#action");
  if (!choice || !parts || !text) return;
  const pieces = JSON.parse(text.dataset.pieces || "[]");
  function compose() {
    text.value = [...parts.children].map((part) => (part.tagName === "SELECT" ? `#${part.value}` : part.textContent)).join("");
  }
  choice.addEventListener("change", () => {
    parts.replaceChildren();
    const option = choice.selectedOptions[0];
    if (!option || !option.dataset.parts) return;
    let used = 0;
    for (const part of JSON.parse(option.dataset.parts)) {
      if (/^#\w+$/.test(part) && pieces.length) {
        const select = document.createElement("select");
        select.setAttribute("aria-label", `piece ${part}`);
        for (const id of pieces) select.append(new Option(`#${id}`, id));
        select.value = pieces.includes(part.slice(1)) ? part.slice(1) : pieces[Math.min(used, pieces.length - 1)];
        used += 1;
        select.addEventListener("change", compose);
        parts.append(select);
      } else if (part) {
        const words = document.createElement("span");
        words.textContent = part;
        parts.append(words);
      }
    }
    compose();
  });
}

// The answer's other choices: one tap shows that choice's quote in place of the first answer
// (already in the page: no request), and the address says which one (a link to share). Listened
// for on the document, so answers htmx swaps in later behave the same.
document.addEventListener("click", (event) => {
  const button = event.target.closest?.("[data-choices] [data-choice]");
  if (!button) return;
  event.preventDefault();
  const box = button.closest("[data-choices]");
  const results = box.closest("#results") || document;
  const which = button.dataset.choice;
  results.querySelector("[data-first-answer]")?.toggleAttribute("hidden", which !== "first");
  for (const answer of results.querySelectorAll("[data-choice-answer]")) answer.hidden = answer.dataset.choiceAnswer !== which;
  for (const other of box.querySelectorAll("[data-choice]")) {
    if (other.dataset.choice === "first") other.hidden = which === "first";
    else other.setAttribute("aria-pressed", String(other === button));
  }
  window.history.replaceState(window.history.state, "", button.getAttribute("href"));
  // the answer shown sits above the buttons: bring it into view and give it the focus (a phone
  // showed it below a screenful of buttons before)
  const shown = which === "first"
    ? results.querySelector("[data-first-answer]")
    : results.querySelector(`[data-choice-answer="${which}"]`);
  if (shown) {
    shown.focus({ preventScroll: true });
    shown.scrollIntoView({ block: "start", behavior: "smooth" });
  }
});

// "Back to the sheet" on a rule opened from a sheet's citation: the browser's Back when the sheet is the
// page before (it comes back where the player was on it), else the link (a rule opened from a shared link).
function backLink(link) {
  link.addEventListener("click", (event) => {
    if (window.sessionStorage.getItem("referee.sheet") !== link.getAttribute("href") || window.history.length < 2) return;
    event.preventDefault();
    window.history.back();
  });
}

function rememberSheet(article) {
  window.sessionStorage.setItem("referee.sheet", window.location.pathname + window.location.search);
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("select[data-remember]").forEach(rememberChoice);
  document.querySelectorAll("form#ask select#game").forEach(askAgainOnGame);
  document.querySelectorAll("input[data-filter]").forEach(filterList);
  openRememberedGame();
  document.querySelectorAll("[data-board]").forEach(boardOf);
  document.querySelectorAll("a[data-view]").forEach(viewLink);
  document.querySelectorAll("a[data-print]").forEach(printLink);
  document.querySelectorAll("[data-action-builder]").forEach(actionBuilder);
  document.querySelectorAll("[data-full-note]").forEach(fullNote);
  document.querySelectorAll("a[data-back]").forEach(backLink);
  document.querySelectorAll("article.sheet").forEach(rememberSheet);
  verdictBar();
});
// Asking as you type replaces the address (one history entry per question, not per keystroke). A new
// question after a pause keeps the answer on screen in the history first, so Back returns to it (a
// phone review found Back skipping every earlier answer).
const NEW_QUESTION_AFTER_MS = 3000;
let lastAsk = 0;
document.addEventListener("htmx:beforeRequest", (event) => {
  if (!event.target.closest || !event.target.closest("#ask")) return;
  const now = Date.now();
  if (new URLSearchParams(window.location.search).get("q") && now - lastAsk > NEW_QUESTION_AFTER_MS) {
    // the entry Back lands on is the one below: marked, then a copy pushed for htmx to replace
    window.history.replaceState({ refereeAnswer: true }, "", window.location.href);
    window.history.pushState(null, "", window.location.href);
  }
  lastAsk = now;
});
// Back to a kept answer: the page of its address, as the server renders it (htmx restores only
// the entries it pushed itself).
window.addEventListener("popstate", (event) => {
  if (event.state && event.state.refereeAnswer) window.location.reload();
});
// A message of the last request (an error, swapped into #flash) goes when the next one starts:
// what is on screen is always the latest answer or says why it is not.
document.addEventListener("htmx:beforeRequest", () => {
  const flash = document.getElementById("flash");
  if (flash && flash.textContent.trim()) flash.replaceWith(Object.assign(document.createElement("div"), { id: "flash" }));
});
// A part of the page swapped in by htmx (another example loaded) gets the same behaviours.
document.addEventListener("htmx:afterSettle", (event) => {
  event.detail.elt.querySelectorAll?.("[data-action-builder]").forEach(actionBuilder);
});
// A new ruling swapped in above the board (a tap settles it) must not move the board under the
// finger: its height changes, so the page is scrolled by what the board moved (phone review 3).
let boardTop = null;
document.addEventListener("htmx:beforeSwap", () => {
  const board = document.querySelector("[data-board]");
  boardTop = board ? board.getBoundingClientRect().top : null;
});
document.addEventListener("htmx:afterSwap", () => {
  const board = document.querySelector("[data-board]");
  if (board && boardTop !== null) window.scrollBy(0, board.getBoundingClientRect().top - boardTop);
  boardTop = null;
});
