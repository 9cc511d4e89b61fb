// Club 500: the words a player may type at a 450 table and the engine's actions they
// mean (static/js/commands.js reads them; docs/protocol.md): a card to discard ("valet
// de cœur"), hiding the face-up cards ("retourner" → "hide"), a card eliminated
// ("éliminer roi de trèfle" → "aside:KC"), the major sequence ("suite majeure" →
// "major:9H,10H,JH,QH,KH"), the pot's first card given ("donner le pot à Robot 3" →
// "pot:P3", by name or seat number).
import { normalise } from "../../commands.js";

export const words = {
  hide: ["retourner", "retourne", "cacher", "cache", "hide"],
  aside: ["eliminer", "elimine", "eliminate"],
  major: ["suite", "majeure", "major", "sequence"],
  pot: ["pot", "donner", "donne", "give"],
};

export const phrases = [];

/** The pots the words give: to the player they name (or whose seat number they say);
 * every pot when they name none of the legal ones. */
function pots(p, { legal, nameOf, text }) {
  const words = ` ${normalise(text)} `;
  const all = legal.filter((a) => a.startsWith("pot:"));
  if (!all.length) return ["pot:"];
  const named = all.filter((a) => {
    const seat = a.slice(4);
    return words.includes(` ${normalise(nameOf(seat))} `) || p.numbers.includes(seat.replace(/^P/, ""));
  });
  return named.length ? named : all;
}

/** The actions the words could mean, legal or not, besides the card they name. */
export function candidates(p, ctx) {
  const out = [];
  const has = (w) => p.words.has(w);
  if (has("hide")) out.push("hide");
  if (has("major")) {
    const majors = ctx.legal.filter((a) => a.startsWith("major:"));
    out.push(...(p.card ? majors.filter((a) => a.slice(6).split(",").includes(p.card)) : majors));
    if (!majors.length) out.push("major:");
  }
  if (has("pot")) out.push(...pots(p, ctx));
  if (p.card) out.push("aside:" + p.card);
  return out;
}

/** Of several legal actions: none is meant over the others (say which). */
export function prefer() {
  return null;
}
