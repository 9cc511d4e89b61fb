// Club 500: a move typed in words ("8 pique", "valet de cœur", "passe"; in French or
// English) read against the legal actions of the current state frame (view.legal), so
// that only a legal move is ever sent. Kind-free: this module knows the words of the
// cards (ranks, suits, numbers) and of asking for the next deal; each kind's own words
// and how they map to its engine's actions come from its vocabulary, the `commands`
// its table renderer exports (static/js/kinds/<kind>/commands.js):
//
//   { words: { word: [forms, ...] },      the kind's action words, each in both languages
//     phrases: [[regexp, " word "], ...], several words that say one (rewritten first)
//     candidates(p, ctx) -> [actions],    the actions the parsed words could mean, legal
//                                         or not (besides the card they name, p.card)
//     prefer(ok) -> action | null }       of several legal actions that fit, the one meant
//
//   resolve(text, { legal, nameOf, wordsOf, vocabulary })   (wordsOf(action): the move as
//                                         the text view lists it: typed as is, it is that move)
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
// The core's own word: the next deal, asked for during a finished deal's review.
const NEXT = ["suivante", "suivant", "next", "continuer"];
const NO_WORDS = { words: {}, phrases: [], candidates: () => [], prefer: () => null };

/** Lower case, no accents, the suit symbols as words, nothing but letters and digits
 * (``phrases``: a kind's several words that say one, rewritten before). */
export function normalise(text, phrases = []) {
  let out = String(text).toLowerCase().replace(/œ/g, "oe")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/♠/g, " pique ").replace(/♥/g, " coeur ").replace(/♦/g, " carreau ").replace(/♣/g, " trefle ");
  for (const [pattern, word] of phrases) out = out.replace(pattern, word);
  return out.replace(/[^a-z0-9]+/g, " ").trim();
}

/** What the words name: the kind's action words met, the ranks, suits and numbers, and
 * the card they make (a rank, a figure or a number, and a suit). */
function parse(text, vocabulary) {
  const wordOf = Object.fromEntries(Object.entries(vocabulary.words).flatMap(([word, forms]) => forms.map((f) => [f, word])));
  const out = { words: new Set(), ranks: [], suits: [], numbers: [], next: false, card: null };
  for (const token of normalise(text, vocabulary.phrases).split(" ")) {
    if (!token || FILLERS.has(token)) continue;
    if (SUITS[token]) out.suits.push(SUITS[token]);
    else if (/^\d+$/.test(token)) out.numbers.push(token);
    else if (NEXT.includes(token)) out.next = true;
    else if (wordOf[token]) out.words.add(wordOf[token]);
    else if (RANKS[token]) out.ranks.push(RANKS[token]);
    else out.words.add("?" + token);
  }
  const rank = out.ranks[0] || (out.numbers.length ? String(Number(out.numbers[0])) : null);
  out.card = rank && out.suits.length ? rank + out.suits[0] : null;
  return out;
}

export function resolve(text, ctx) {
  const vocabulary = ctx.vocabulary || NO_WORDS;
  const p = parse(text, vocabulary);
  if (p.next) return { action: "next" };
  const legal = ctx.legal || [];
  // The words the text view lists for a legal move, typed as they are shown.
  const typed = normalise(text, vocabulary.phrases);
  const same = legal.filter((a) => ctx.wordsOf && normalise(ctx.wordsOf(a), vocabulary.phrases) === typed);
  if (same.length === 1) return { action: same[0] };
  const found = [...new Set([...(p.card ? [p.card] : []), ...vocabulary.candidates(p, { ...ctx, legal, text })])];
  if (!found.length) return { unknown: true };
  const ok = found.filter((a) => legal.includes(a));
  if (ok.length === 1) return { action: ok[0] };
  if (ok.length > 1) {
    const meant = vocabulary.prefer(ok);
    return meant ? { action: meant } : { choices: ok };
  }
  // The move asked for is legal only with more said ("WJ" as "WJ:S"): which one.
  const more = legal.filter((a) => found.some((f) => a.startsWith(f + ":")));
  if (more.length) return { choices: more };
  return { known: found.slice(0, 1) };
}
