// Club 500: the words a player may type at a 500 table and the engine's actions they
// mean (static/js/commands.js reads them; docs/protocol.md): a bid ("7 pique", "8 sans
// atout", "misère", "misère ouverte", "passe"), the breach round ("défi"), the partner
// call at five players ("partenaire as de pique" → "partner:AS", "seul" → "alone"), a
// joker (the Blanche or the Bonhomme), led in no trump with the suit it asks for
// ("joker pique" → "WJ:S") or named before the first lead ("nommer joker cœur" →
// "name:WJ:H").
export const words = {
  pass: ["passe", "passer", "pass"],
  misere: ["misere", "mis", "misery"],
  open: ["ouverte", "ouvert", "open"],
  breach: ["defi", "breach"],
  alone: ["seul", "alone"],
  partner: ["partenaire", "partner"],
  name: ["nomme", "nommer", "name"],
  joker: ["joker", "jokers"],
  high: ["blanche", "haut", "high", "grand"],
  low: ["bonhomme", "bas", "low", "petit"],
  nt: ["nt", "sa"],
};

export const phrases = [[/\bsans[\s-]+atouts?\b|\bno[\s-]*trumps?\b/g, " nt "]];

/** The jokers the words name: the high one, the low one, or either. */
function jokersOf(p) {
  const has = (w) => p.words.has(w);
  if (has("joker")) {
    if (has("high") && !has("low")) return ["WJ"];
    if (has("low") && !has("high")) return ["BJ"];
    return ["WJ", "BJ"];
  }
  if (has("high")) return ["WJ"]; // "la Blanche"
  if (has("low")) return ["BJ"]; // "le Bonhomme"
  return [];
}

/** The actions the words could mean, legal or not, besides the card they name. */
export function candidates(p) {
  const out = [];
  const has = (w) => p.words.has(w);
  if (has("pass")) out.push("pass");
  if (has("misere")) out.push(has("open") ? "OMIS" : "MIS");
  if (has("breach")) out.push("breach");
  if (has("alone")) out.push("alone");
  if (p.numbers.length && has("nt")) out.push(String(Number(p.numbers[0])) + "NT"); // a bid
  for (const joker of jokersOf(p)) {
    if (p.suits.length) {
      out.push((has("name") ? "name:" : "") + joker + ":" + p.suits[0]);
      if (!has("name")) out.push("name:" + joker + ":" + p.suits[0]);
    }
    out.push(joker, "partner:" + joker);
  }
  if (p.card) out.push("partner:" + p.card);
  return out;
}

/** Of several legal actions: the one to play ("joker pique" is the joker led asking for
 * spades rather than named as a spade); none when the words fit two cards (either joker). */
export function prefer(ok) {
  const first = ok.filter((a) => !a.startsWith("partner:") && !a.startsWith("name:"));
  return first.length === 1 ? first[0] : null;
}
