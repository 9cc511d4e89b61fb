"""Layout measurements of the live table, run in the page (browser tests)."""

from __future__ import annotations

# Problems of the table's layout as it stands, as a list of strings (empty: none):
# anything wider than the viewport; a call bubble over a seat's name, or over another
# seat's plate; a card of the trick or a label of the felt over a name plate; a joker's
# name wider than its card; a 450 count's cards wider than their column; a name cut
# short on its plate or in the scores' boxes; a name in the score sheet broken within a
# word that fits its column. Its argument: the viewport's width as set (a phone's
# browser widens its layout viewport to the content when the content is too wide).
LAYOUT_PROBLEMS = r"""
(W) => {
  const problems = [];
  const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
  const box = (e) => e.getBoundingClientRect();
  const overlap = (a, b) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 1 && h > 1;
  };
  const describe = (e) => (e.className && e.className.baseVal === undefined ? e.className : e.tagName) + " «" + (e.textContent || "").trim().slice(0, 24) + "»";
  if (document.documentElement.scrollWidth > W) problems.push("the page is " + document.documentElement.scrollWidth + "px wide");
  for (const e of document.querySelectorAll("#table-app .plate, #table-app .pc, #table-app button, #table-app .bubble, #table-app .prompt, #table-app .center-note, .site-header *")) {
    if (!visible(e) || e.closest(".sheet-wrap")) continue;
    const r = box(e);
    if (r.right > W + 0.5 || r.left < -0.5) problems.push(describe(e) + " leaves the screen (" + Math.round(r.left) + "–" + Math.round(r.right) + ")");
  }
  const plates = [...document.querySelectorAll("#felt .plate")].filter(visible);
  const things = [...document.querySelectorAll("#felt .bubble, #felt .trick-card, #felt .center-note, #felt .led-suit, #felt .shown-label, #felt .shown .card-wrap, #felt .robot-note")].filter(visible);
  for (const thing of things) {
    for (const plate of plates) {
      if (plate.contains(thing)) {
        const name = plate.querySelector(".plate-name");
        if (thing !== name && !thing.contains(name) && overlap(box(thing), box(name))) problems.push(describe(thing) + " covers the name " + describe(name));
      } else if (overlap(box(thing), box(plate))) {
        problems.push(describe(thing) + " covers the plate of " + plate.dataset.seat);
      }
    }
  }
  for (const name of document.querySelectorAll(".joker-name")) {
    if (!visible(name)) continue;
    const card = box(name.closest(".pc"));
    const r = box(name);
    if (name.scrollWidth > name.clientWidth + 0.5 || r.left < card.left - 0.5 || r.right > card.right + 0.5) problems.push("the joker name «" + name.textContent + "» does not fit its card");
  }
  for (const cards of document.querySelectorAll(".counts-table .cards-cell")) {
    if (visible(cards) && cards.scrollWidth > cards.clientWidth + 0.5) problems.push("the cards of «" + cards.closest("tr").textContent.trim().slice(0, 24) + "» spill out of their column");
  }
  for (const who of document.querySelectorAll("#felt .plate-name .who, .team-name")) {
    if (visible(who) && who.scrollWidth > who.clientWidth + 0.5) problems.push("the name «" + who.textContent + "» is cut short");
  }
  // A name in the score sheet (a side's head, a declarer) broken within a word that
  // would fit its column whole.
  const pen = document.createElement("canvas").getContext("2d");
  for (const name of document.querySelectorAll(".sheet .side-member, .sheet .decl")) {
    if (!visible(name)) continue;
    const cell = name.closest("th, td");
    const style = getComputedStyle(cell);
    const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    pen.font = getComputedStyle(name).font;
    const text = name.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    for (const word of text.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      if (range.getClientRects().length > 1 && pen.measureText(word[0]).width <= room) problems.push("the name «" + word[0] + "» is broken in the score sheet");
    }
  }
  for (const label of document.querySelectorAll(".shown-label")) {
    if (visible(label) && box(label).height > 1.6 * parseFloat(getComputedStyle(label).lineHeight || "16")) problems.push("the label «" + label.textContent + "» wraps");
  }
  return problems;
}
"""

# Whether the member's cards and the whole bid grid are on the screen together, once the
# grid is scrolled into view (the argument: the viewport's height).
HAND_WITH_BID_GRID = r"""
(H) => {
  const rows = document.querySelectorAll("#action-panel .auction-row, #action-panel .auction-extra");
  rows[rows.length - 1].scrollIntoView({ block: "end" });
  const inside = (e) => { const r = e.getBoundingClientRect(); return r.top >= -0.5 && r.bottom <= H + 0.5; };
  const cards = [...document.querySelectorAll("#hand .hand-card")];
  return { cards: cards.length, cardsOnScreen: cards.filter(inside).length, gridOnScreen: [...rows].every(inside) };
}
"""

# The two jokers' faces at the page's card size: their names fit, and their backgrounds
# differ in lightness at a glance (a difference of luminance of at least 0.4).
JOKERS = r"""
async () => {
  const cards = await import(document.querySelector("script[type=module][src*='table']").src.replace("table.js", "cards.js"));
  const box = document.createElement("div");
  box.className = "hand";
  document.getElementById("hand-area").append(box);
  const faces = ["WJ", "BJ"].map((code) => { const face = cards.cardFace(code); box.append(face); return face; });
  const lum = (face) => {
    const css = getComputedStyle(face).backgroundImage;
    const nums = [...css.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => m[1].split(",").slice(0, 3).map(Number));
    const rel = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    return nums.reduce((s, c) => s + rel(c), 0) / nums.length;
  };
  const fits = faces.every((face) => { const n = face.querySelector(".joker-name"); return n.scrollWidth <= n.clientWidth + 0.5 && n.textContent.length > 0; });
  const out = { names: faces.map((f) => f.querySelector(".joker-name").textContent), fits, contrast: Math.abs(lum(faces[0]) - lum(faces[1])) };
  box.remove();
  return out;
}
"""

# The elements of the page's main part that end right of the screen (tag and class, the
# first 5), those inside a strip that scrolls sideways (a pill navigation) apart: a page
# that is not wider than the screen returns [].
MAIN_WIDER_THAN_THE_SCREEN = """() => {
  const scrolls = (e) => { for (let p = e.parentElement; p; p = p.parentElement) { if (/auto|scroll/.test(getComputedStyle(p).overflowX)) return true; } return false; };
  return [...document.querySelectorAll('main *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > document.documentElement.clientWidth + 1 && !scrolls(e);
  }).map((e) => e.tagName + '.' + e.className).slice(0, 5);
}"""
