// Club 500: a finished hand replayed step by step, for every kind of game. The server
// sends the steps (the kind's replay_data, with the seats' players by name) in the
// "replay-data" script; this core reads them and steps through them (buttons, slider,
// keyboard, play); the kind's renderer, a module the page names in #replay-app's
// data-renderer (the kind's replay_client), draws each step.
//
// A renderer module's interface: its default is a function,
// `createRenderer({ data, stage, nameOf })` (`data`: the replay data; `stage`:
// #replay-stage, the kind's felt; `nameOf(seat)`: a seat's player by name), which
// returns `{ render(index), thoughts(answer, index) }`: `render` draws step `index`
// into the stage and returns what the step says in words; `thoughts` (optional, for a
// kind whose bot searches) draws the server's answer to "what would the robot play
// here" at step `index` (the kind's GameKind.bot_thoughts) and returns the node. The
// question is offered on the steps whose `think` is true. (No word "ex" + "port" or "im" + "port" before a space up
// here: the hashed static storage would read it as the start of a module statement.)
import { fmt, gettext as _, namesOf } from "./cards.js";

const PLAY_MS = 1200;
const pgettext = (ctx, s) => (window.pgettext ? window.pgettext(ctx, s) : s);

const root = document.getElementById("replay-app");
const data = JSON.parse(document.getElementById("replay-data").textContent);
const steps = data.steps;
const last = steps.length - 1;
const slider = document.getElementById("replay-slider");
const playButton = root.querySelector("[data-go=play]");
const { default: createRenderer } = await import(root.dataset.renderer);
// Every seat by its player's name, as the table named them (a bot: "Bot North").
const renderer = createRenderer({
  data, stage: document.getElementById("replay-stage"), nameOf: namesOf(data.players || []),
});

let index = 0;
let timer = null;

// "What would the robot play here": asked of the server once per step, kept here.
const think = document.getElementById("replay-think");
const thinkAsk = document.getElementById("replay-think-ask");
const thinkOut = document.getElementById("replay-think-out");
const thoughts = new Map();

function showThoughts() {
  const offered = Boolean(steps[index].think && renderer.thoughts);
  think.hidden = !offered;
  if (!offered) return;
  const known = thoughts.get(index);
  thinkAsk.hidden = Boolean(known && !known.error);
  thinkOut.replaceChildren(...(known ? [known.error ? errorNode(known.error) : renderer.thoughts(known, index)] : []));
}

function errorNode(message) {
  const p = document.createElement("p");
  p.className = "form-errors";
  p.setAttribute("role", "alert");
  p.textContent = message;
  return p;
}

async function askThoughts() {
  const at = index;
  thinkAsk.disabled = true;
  think.setAttribute("aria-busy", "true");
  thinkOut.replaceChildren(Object.assign(document.createElement("p"), { className: "muted small", textContent: _("The robot is thinking…") }));
  let answer;
  try {
    const response = await fetch(think.dataset.url.replace(/0\/$/, at + "/"), { headers: { Accept: "application/json" } });
    answer = await response.json();
    if (!response.ok && !answer.error) answer = { error: _("The robot could not answer: try again.") };
  } catch {
    answer = { error: _("The robot could not answer: try again.") };
  }
  thinkAsk.disabled = false;
  think.removeAttribute("aria-busy");
  thoughts.set(at, answer);
  if (at === index) showThoughts();
  if (answer.error) thoughts.delete(at); // asked again, it may answer
}
thinkAsk.addEventListener("click", askThoughts);

function render() {
  document.getElementById("replay-text").textContent = renderer.render(index);
  document.getElementById("replay-count").textContent = fmt(_("Step %(i)s of %(n)s"), { i: index + 1, n: steps.length });
  slider.value = String(index);
  for (const go of ["first", "prev"]) root.querySelector(`[data-go=${go}]`).disabled = index === 0;
  for (const go of ["next", "last"]) root.querySelector(`[data-go=${go}]`).disabled = index === last;
  root.dataset.step = String(index);
  showThoughts();
}

function play(on) {
  clearInterval(timer);
  timer = on ? setInterval(() => go("next", true), PLAY_MS) : null;
  playButton.setAttribute("aria-pressed", String(on));
  playButton.textContent = on ? _("Pause") : pgettext("replay", "Play");
}

/** Step to ``where`` (first, prev, next, last, or a step's index); a step asked for by
 * hand stops the play. */
function go(where, playing = false) {
  if (!playing) play(false);
  const to = { first: 0, prev: index - 1, next: index + 1, last }[where] ?? Number(where);
  index = Math.min(last, Math.max(0, to));
  if (playing && index === last) play(false);
  render();
}

for (const button of root.querySelectorAll("[data-go]")) {
  button.addEventListener("click", () => {
    if (button.dataset.go !== "play") go(button.dataset.go);
    else if (timer) play(false);
    else { if (index === last) go("first"); play(true); }
  });
}
slider.max = String(last);
slider.addEventListener("input", () => go(slider.value));
document.addEventListener("keydown", (event) => {
  if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  const where = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" }[event.key];
  if (where) { event.preventDefault(); go(where); }
});
root.dataset.steps = String(steps.length);
render();
