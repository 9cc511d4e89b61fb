// Club 500: the card picker of a 450 round's entry (the secretary's sheet).
//
// Over each card <select> of the form (data-card-field: the double-faced card, each
// player's last two cards and pot card, the card set aside) and each major-sequence
// <select> (data-major-length), a button shows what is chosen. A tap on it opens a grid
// under the player's cards: the four suits as columns, the ranks as rows from the 3
// down, one tap a card; the card is chosen and the grid moves on to the next empty
// card field. Cards another field already holds are disabled the way the server
// refuses them (docs/rules.md 5.1, ruling 17; games/engine/four_fifty/sheet.py): the
// last two cards, the pot cards and the card set aside are all different, and a major
// sequence holds no card entered for another player nor shown in another player's
// sequence; the double-faced card may be any.
//
// The selects stay the form's fields (hidden while the picker is on): choosing sets
// the select and sends it a "change", so the form, the live value (the sheet's htmx
// preview, counted by the engine) and the server's checks are the same as without
// JavaScript, and a refused entry comes back with its selects, hence its cards.
import { el, fmt, gettext as _, SUIT_SYMBOL } from "../../cards.js";
import { cardShort, cardWords, rankLetter } from "./words.js";

const SUIT_ORDER = ["S", "H", "C", "D"]; // as the selects' groups: alternating colours
const RANKS_DOWN = ["3", "A", "K", "Q", "J", "10", "9", "8", "7"];
const HIERARCHY = ["7", "8", "9", "10", "J", "Q", "K", "A", "3"];
const RED = new Set(["H", "D"]);

const isCard = (select) => select.hasAttribute("data-card-field");
const suitOf = (code) => code.slice(-1);

/** Whose card a field holds: "P1" (c1_P1, pot_P1, major_P1), "aside", or "df". */
function ownerOf(select) {
  const name = select.name;
  if (name === "double_face") return "df";
  if (name === "aside") return "aside";
  return name.slice(name.indexOf("_") + 1);
}

/** The cards of the major sequence starting at `code`, `length` long. */
function run(code, length) {
  const start = HIERARCHY.indexOf(code.slice(0, -1));
  return HIERARCHY.slice(start, start + length).map((rank) => rank + suitOf(code));
}

/** What the field is, in words: its label ("Gaétan — first card"), else its <label>. */
function fieldWords(select) {
  const own = select.getAttribute("aria-label");
  if (own) return own;
  const label = select.id && select.form.querySelector(`label[for="${select.id}"]`);
  return (label || select.closest("label") || select).textContent.replace(/\s+/g, " ").trim().split(" —")[0];
}

/** The cards the other fields hold, and who holds them. */
function holdings(form, except) {
  const cards = new Map();
  const majors = new Map();
  for (const select of form.querySelectorAll("select[data-card-field], select[data-major-length]")) {
    if (select === except || !select.value || ownerOf(select) === "df") continue;
    if (isCard(select)) cards.set(select.value, ownerOf(select));
    else for (const code of run(select.value, Number(select.dataset.majorLength))) majors.set(code, ownerOf(select));
  }
  return { cards, majors };
}

/** Whether `code` may be chosen in `select` (the server's duplicate-card rule). */
function allowed(select, code, held) {
  const owner = ownerOf(select);
  if (owner === "df") return true;
  if (isCard(select)) {
    if (held.cards.has(code)) return false;
    const major = held.majors.get(code);
    return major === undefined || major === owner;
  }
  return run(code, Number(select.dataset.majorLength)).every((c) => {
    const who = held.cards.get(c);
    const shown = held.majors.get(c);
    return (who === undefined || who === owner) && (shown === undefined || shown === owner);
  });
}

function buttonText(select) {
  if (!select.value) return "—";
  if (isCard(select)) return cardShort(select.value);
  const cards = run(select.value, Number(select.dataset.majorLength));
  return cardShort(cards[0]) + "→" + cardShort(cards[cards.length - 1]);
}

function showChoice(select) {
  const button = select.__pick;
  if (!button) return;
  button.textContent = buttonText(select);
  button.classList.toggle("suit-red", !!select.value && RED.has(suitOf(select.value)));
  button.classList.toggle("s450-empty", !select.value);
  const chosen = select.value ? (isCard(select) ? cardWords(select.value) : buttonText(select)) : _("none");
  button.setAttribute("aria-label", fmt(_("%(field)s: %(card)s"), { field: fieldWords(select), card: chosen }));
}

/** Where the grid goes: under the row of fields the select is in. */
function rowOf(select) {
  return select.closest(".s450-cards, .s450-major, .s450-df, .s450-aside") || select;
}

function enhance(form) {
  if (form.__picker) return;
  form.__picker = true;
  form.classList.add("s450-picking");
  const selects = [...form.querySelectorAll("select[data-card-field], select[data-major-length]")];
  let panel = null;
  let current = null;

  function close() {
    if (panel) panel.remove();
    if (current && current.__pick) current.__pick.setAttribute("aria-expanded", "false");
    panel = null;
    current = null;
  }

  function choose(select, code) {
    select.value = code;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    showChoice(select);
    const after = selects.slice(selects.indexOf(select) + 1);
    const next = code && isCard(select) ? after.find((s) => isCard(s) && !s.value && ownerOf(s) !== "df") : null;
    if (next) open(next);
    else {
      close();
      select.__pick.focus();
    }
  }

  function cell(select, code, text, words, held) {
    const chosen = select.value === code;
    return el("button", {
      type: "button",
      class: "button s450-cell" + (RED.has(suitOf(code)) ? " suit-red" : "") + (chosen ? " s450-chosen" : ""),
      "data-code": code,
      "aria-label": words,
      "aria-pressed": chosen ? "true" : "false",
      disabled: !chosen && !allowed(select, code, held),
      onclick: () => choose(select, code),
    }, text);
  }

  function grid(select) {
    const held = holdings(form, select);
    const heads = SUIT_ORDER.map((s) => el("span", { class: "s450-suit" + (RED.has(s) ? " suit-red" : ""), "aria-hidden": "true" }, SUIT_SYMBOL[s]));
    const cells = [];
    if (isCard(select)) {
      for (const rank of RANKS_DOWN) {
        for (const suit of SUIT_ORDER) {
          const code = rank + suit;
          cells.push(cell(select, code, rankLetter(rank) + SUIT_SYMBOL[suit], cardWords(code), held));
        }
      }
    } else {
      const starts = [...select.options].map((o) => o.value).filter(Boolean);
      const rows = Math.max(...SUIT_ORDER.map((s) => starts.filter((c) => suitOf(c) === s).length));
      for (let i = 0; i < rows; i += 1) {
        for (const suit of SUIT_ORDER) {
          const code = starts.filter((c) => suitOf(c) === suit)[i];
          if (!code) { cells.push(el("span")); continue; }
          const cards = run(code, Number(select.dataset.majorLength));
          const text = rankLetter(code.slice(0, -1)) + "→" + rankLetter(cards[cards.length - 1].slice(0, -1));
          const button = cell(select, code, text, cards.map(cardWords).join(", "), held);
          button.classList.add("s450-run");
          cells.push(button);
        }
      }
    }
    return el("div", { class: "s450-grid" }, heads, cells);
  }

  function open(select) {
    close();
    current = select;
    select.__pick.setAttribute("aria-expanded", "true");
    panel = el("div", { class: "s450-picker", role: "group", "aria-label": fieldWords(select), "data-testid": "picker" },
      el("p", { class: "s450-picker-for" }, fieldWords(select)),
      grid(select),
      el("div", { class: "s450-picker-actions" },
        el("button", { type: "button", class: "button secondary s450-clear", "data-testid": "picker-clear", onclick: () => choose(select, "") }, isCard(select) ? _("No card") : _("No sequence")),
        el("button", { type: "button", class: "button secondary s450-close", "data-testid": "picker-close", onclick: () => { const s = current; close(); s.__pick.focus(); } }, _("Close"))));
    rowOf(select).after(panel);
    const fieldset = select.closest("fieldset") || rowOf(select);
    const top = fieldset.getBoundingClientRect().top;
    if (top < 0 || panel.getBoundingClientRect().bottom > window.innerHeight) {
      window.scrollBy(0, top - 8);
    }
    const chosen = panel.querySelector(".s450-chosen") || panel.querySelector(".s450-cell:not([disabled])");
    if (chosen) chosen.focus({ preventScroll: true });
  }

  for (const select of selects) {
    const button = el("button", {
      type: "button",
      class: "button s450-pick",
      "data-testid": "pick-" + select.name,
      "aria-haspopup": "true",
      "aria-expanded": "false",
      onclick: () => (current === select ? close() : open(select)),
    });
    select.__pick = button;
    select.after(button);
    select.tabIndex = -1;
    select.setAttribute("aria-hidden", "true");
    select.addEventListener("change", () => showChoice(select));
    showChoice(select);
  }
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && current) {
      const s = current;
      close();
      s.__pick.focus();
    }
  });
  form.addEventListener("submit", close);
}

function start(root) {
  for (const form of (root || document).querySelectorAll("form.s450-entry")) {
    if (form.querySelector("select[data-card-field]")) enhance(form);
  }
}

start(document);
document.addEventListener("htmx:load", (event) => start(event.detail && event.detail.elt && event.detail.elt.parentElement));
