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
    }
  });
}

// ---------------------------------------------------------------- the board

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

  buttons.forEach((b) => b.addEventListener("click", () => select(b)));
  svg.addEventListener("click", (event) => {
    const active = buttons.find((b) => b.getAttribute("aria-pressed") === "true") || buttons[0];
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(svg.getScreenCTM().inverse());
    const [x, y] = fromSvg(local.x, local.y).map(snapped);
    const input = field(active.dataset.place);
    input.value = `${x}, ${y}`;
    draw();
    select(buttons[(buttons.indexOf(active) + 1) % buttons.length]); // the next tap places the next piece
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  form.addEventListener("input", (event) => { if (event.target.dataset.point) draw(); });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("select[data-remember]").forEach(rememberChoice);
  document.querySelectorAll("input[data-filter]").forEach(filterList);
  document.querySelectorAll("[data-board]").forEach(boardOf);
});
