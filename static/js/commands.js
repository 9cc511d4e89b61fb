// Club 500: a move typed in words ("8 pique", "valet de cœur", "joker pique", "passe",
// "7 sans atout", "misère"; in French or English) read against the legal actions of the
// current state frame (view.legal), so that only a legal move is ever sent. Shared by
// every kind: the words name cards, suits, bids and the few other actions the kinds'
// engines take ("breach", "alone", "partner:AS", "name:WJ:H", a joker led "WJ:S",
// "hide", "aside:KC", "major:9H,...", "pot:P3"; docs/protocol.md).
//
//   resolve(text, { legal, nameOf, wordsOf })   (wordsOf(action): the move as the text
//                                                view lists it: typed as is, it is that move)
//     -> { action }                      one legal action: send it
//     -> { choices: [actions] }          several legal actions fit: say which
//     -> { known: [actions] }            understood, but none of it is legal now
//     -> { unknown: true }               not understood
const SUITS = {
  pique: "S", piques: "S", spade: "S", spades: "S",
  coeur: "H", coeurs: "H", heart: "H", hearts: "H",
  carreau: "D", carreaux: "D", diamond: "D", diamonds: "D",
  trefle: "C", trefles: "C", club: "C", clubs: "C",
};
const RANKS = {
  as: "A", ace: "A", roi: "K", king: "K", k: "K", r: "K",
  dame: "Q", queen: "Q", q: "Q", d: "Q", valet: "J", jack: "J", j: "J", v: "J",
};
// Words that say nothing of the move: articles, "of", "I play", "asking for".
const FILLERS = new Set(["de", "du", "des", "l", "le", "la", "les", "of", "the", "je", "joue", "jouer",
  "play", "plays", "bid", "demande", "demander", "asking", "ask", "for", "pour", "comme", "a", "au", "sans",
  "without", "to"]);
const WORDS = {
  pass: ["passe", "passer", "pass"],
  misere: ["misere", "mis", "misery"],
  open: ["ouverte", "ouvert", "open"],
  breach: ["defi", "breach"],
  alone: ["seul", "alone"],
  partner: ["partenaire", "partner"],
  name: ["nomme", "nommer", "name"],
  hide: ["retourner", "retourne", "cacher", "cache", "hide"],
  aside: ["eliminer", "elimine", "eliminate"],
  major: ["suite", "majeure", "major", "sequence"],
  pot: ["pot", "donner", "donne", "give"],
  joker: ["joker", "jokers"],
  high: ["blanche", "haut", "high", "grand"],
  low: ["bonhomme", "bas", "low", "petit"],
  next: ["suivante", "suivant", "next", "continuer"],
};
const WORD_OF = Object.fromEntries(Object.entries(WORDS).flatMap(([word, forms]) => forms.map((f) => [f, word])));

/** Lower case, no accents, the suit symbols as words, nothing but letters and digits. */
export function normalise(text) {
  return String(text).toLowerCase().replace(/œ/g, "oe")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/♠/g, " pique ").replace(/♥/g, " coeur ").replace(/♦/g, " carreau ").replace(/♣/g, " trefle ")
    .replace(/\bsans[\s-]+atouts?\b|\bno[\s-]*trumps?\b/g, " nt ")
    .replace(/[^a-z0-9]+/g, " ").trim();
}

/** What the words name: a card's rank and suit, a bid's level and strain, the joker
 * (high, low or either), and the action words met. */
function parse(text) {
  const out = { words: new Set(), ranks: [], suits: [], numbers: [], nt: false, jokers: [] };
  for (const token of normalise(text).split(" ")) {
    if (!token || FILLERS.has(token)) continue;
    if (token === "nt" || token === "sa") out.nt = true;
    else if (SUITS[token]) out.suits.push(SUITS[token]);
    else if (/^\d+$/.test(token)) out.numbers.push(token);
    else if (WORD_OF[token]) out.words.add(WORD_OF[token]);
    else if (RANKS[token]) out.ranks.push(RANKS[token]);
    else out.words.add("?" + token);
  }
  if (out.words.has("joker")) {
    if (out.words.has("high") && !out.words.has("low")) out.jokers = ["WJ"];
    else if (out.words.has("low") && !out.words.has("high")) out.jokers = ["BJ"];
    else out.jokers = ["WJ", "BJ"];
  } else if (out.words.has("high")) out.jokers = ["WJ"]; // "la Blanche"
  else if (out.words.has("low")) out.jokers = ["BJ"]; // "le Bonhomme"
  return out;
}

/** The actions the words could mean, legal or not. */
function candidates(p, { legal, nameOf, text }) {
  const out = [];
  const has = (w) => p.words.has(w);
  if (has("pass")) out.push("pass");
  if (has("misere")) out.push(has("open") ? "OMIS" : "MIS");
  if (has("breach")) out.push("breach");
  if (has("alone")) out.push("alone");
  if (has("hide")) out.push("hide");
  // A card: its rank (a figure or a number) and its suit.
  const rank = p.ranks[0] || (p.numbers.length ? String(Number(p.numbers[0])) : null);
  const card = rank && p.suits.length ? rank + p.suits[0] : null;
  if (p.numbers.length && p.nt) out.push(String(Number(p.numbers[0])) + "NT"); // a bid
  if (p.words.has("major")) {
    const majors = legal.filter((a) => a.startsWith("major:"));
    out.push(...(card ? majors.filter((a) => a.slice(6).split(",").includes(card)) : majors));
    if (!majors.length) out.push("major:");
  }
  if (has("pot")) {
    const words = normalise(text);
    const pots = legal.filter((a) => a.startsWith("pot:"));
    const named = pots.filter((a) => {
      const seat = a.slice(4);
      return (` ${words} `).includes(` ${normalise(nameOf(seat))} `) || p.numbers.includes(seat.replace(/^P/, ""));
    });
    out.push(...(named.length ? named : pots.length ? [] : ["pot:"]));
    if (!named.length && pots.length) out.push(...pots);
  }
  for (const joker of p.jokers) {
    if (p.suits.length) {
      out.push((has("name") ? "name:" : "") + joker + ":" + p.suits[0]);
      if (!has("name")) out.push("name:" + joker + ":" + p.suits[0]);
    }
    out.push(joker, "partner:" + joker);
  }
  if (card) {
    if (has("aside")) out.push("aside:" + card);
    if (has("partner")) out.push("partner:" + card);
    out.push(card, "aside:" + card, "partner:" + card);
  }
  return [...new Set(out)];
}

export function resolve(text, ctx) {
  const p = parse(text);
  if (p.words.has("next")) return { action: "next" };
  const legal = ctx.legal || [];
  // The words the text view lists for a legal move, typed as they are shown.
  const typed = normalise(text);
  const same = legal.filter((a) => ctx.wordsOf && normalise(ctx.wordsOf(a)) === typed);
  if (same.length === 1) return { action: same[0] };
  const found = candidates(p, { ...ctx, legal, text });
  if (!found.length) return { unknown: true };
  const ok = found.filter((a) => legal.includes(a));
  if (ok.length === 1) return { action: ok[0] };
  if (ok.length > 1) {
    // A joker led wants its suit: "joker pique"; a joker of either kind, which one.
    const first = ok.filter((a) => !a.startsWith("partner:") && !a.startsWith("name:"));
    if (first.length === 1) return { action: first[0] };
    return { choices: ok };
  }
  // The card asked for is legal only with a suit (a joker led): which suit.
  const more = legal.filter((a) => found.some((f) => a.startsWith(f + ":")));
  if (more.length) return { choices: more };
  return { known: found.slice(0, 1) };
}
