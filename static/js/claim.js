// Club 500: claims (games/engine/claims.py). The seat to act may claim every
// remaining trick; the engine accepts a certain claim at once, otherwise each
// opponent accepts or refuses. A claim and its answers are intents (table:intent).
import { el, fmt, gettext as _, namesOf } from "./cards.js";

const app = document.getElementById("table-app");
const panel = document.getElementById("claim-panel");
let confirming = false;
let lastKey = "";

function intent(action) {
  app.dispatchEvent(new CustomEvent("table:intent", { detail: { action } }));
}

/** The player in ``seat`` by name, as the table names him (a bot: "Bot North"). */
function nameOf(state, seat) {
  return namesOf(state.table.seats)(seat);
}

function button(label, onclick, cls, testid) {
  return el("button", { type: "button", class: "button small " + (cls || ""), "data-testid": testid, onclick }, label);
}

function render(state) {
  const { table, view } = state;
  const me = table.you;
  const key = state.seq + ":" + confirming;
  if (key === lastKey) return;
  lastKey = key;
  panel.replaceChildren();
  panel.hidden = true;
  if (table.status !== "playing" || !view || view.phase !== "play") { confirming = false; return; }
  const claim = view.claim;
  if (claim && claim.outcome === "pending") {
    panel.hidden = false;
    panel.append(el("p", { class: "prompt" }, fmt(_("%(name)s claims the %(n)s remaining tricks."), { name: nameOf(state, claim.seat), n: claim.tricks })),
      el("p", { class: "muted small", "data-testid": "claim-shown" }, fmt(_("%(name)s's cards are face up at their place."), { name: nameOf(state, claim.seat) })));
    if ((view.legal || []).includes("accept")) {
      panel.append(el("div", { class: "actions" },
        button(_("Accept the claim"), () => intent("accept"), "", "claim-accept"),
        button(_("Refuse: play on"), () => intent("refuse"), "secondary", "claim-refuse")));
    } else {
      panel.append(el("p", { class: "muted small" }, _("Waiting for the opponents' answer…")));
    }
    return;
  }
  if (claim && claim.outcome === "refused" && claim.trick === view.tricks.length + 1) {
    panel.hidden = false;
    panel.append(el("p", { class: "muted small" }, fmt(_("%(name)s refuses the claim: play goes on."), { name: nameOf(state, claim.by) })));
  }
  const mine = me && view.to_act === me && (view.legal || []).length && !["MIS", "OMIS"].includes(view.contract);
  const barred = claim && claim.outcome === "refused" && claim.seat === me && claim.trick === view.tricks.length + 1;
  if (!mine || barred) { confirming = false; return; }
  panel.hidden = false;
  const left = view.card_counts[me];
  if (confirming) {
    panel.append(el("p", { class: "prompt" }, fmt(_("Claim the %(n)s remaining tricks for your side?"), { n: left })),
      el("p", { class: "muted small" }, _("Unless the claim is certain, your cards are laid face up for the opponents to answer.")),
      el("div", { class: "actions" },
        button(_("Yes, claim"), () => { confirming = false; intent("claim"); }, "", "claim-confirm"),
        button(_("Cancel"), () => { confirming = false; lastKey = ""; render(state); }, "secondary", "claim-cancel")));
  } else {
    panel.append(button(_("Claim the remaining tricks"), () => { confirming = true; lastKey = ""; render(state); }, "secondary", "claim-button"));
  }
}

app.addEventListener("table:state", (event) => render(event.detail));
