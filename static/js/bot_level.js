// Club 500: the level of a table's bots ("Débutant", "Club", "Fort"): its name beside
// each bot, and the host's form to change it (before the game, or between two hands;
// the server refuses it while a hand is in progress).
import { el, gettext as _ } from "./cards.js";

/** A level's name in the page's language. */
export function botLevelLabel(level) {
  return { debutant: _("Beginner"), club: _("Club"), fort: _("Strong") }[level] || level;
}

/** The host's form: the levels in a list, and a button to choose one (a plain POST). */
export function botLevelForm(url, csrf, current) {
  const select = el("select", { name: "level", "data-testid": "bot-level-select" },
    ...["debutant", "club", "fort"].map((level) => el("option", { value: level, selected: level === current }, botLevelLabel(level))));
  return el("form", { method: "post", action: url, class: "inline bot-level-form", "data-testid": "bot-level-form" },
    el("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf }),
    el("label", {}, _("Bot level") + " ", select), " ",
    el("button", { type: "submit", class: "button small secondary" }, _("Choose")));
}
