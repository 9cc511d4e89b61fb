// Club 500 lobby: ws/lobby/ says {"type":"lobby.changed"}; the list is refreshed over
// HTTP as an htmx partial (games/_table_list.html). Reconnects with backoff.
const list = document.getElementById("table-list");
const dot = document.getElementById("lobby-live");
let delay = 500;
let timer = null;
let refreshTimer = null;

function refresh() {
  // Coalesce bursts of changes (a bot filling four seats) into one request.
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    if (window.htmx) window.htmx.trigger(document.body, "lobby-changed");
    else fetch(list.dataset.url, { headers: { "HX-Request": "true" } })
      .then((r) => r.text()).then((html) => { list.innerHTML = html; });
  }, 150);
}

function connect() {
  clearTimeout(timer);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket("" + proto + "://" + location.host + "/ws/lobby/");
  let opened = false;
  socket.addEventListener("open", () => {
    if (opened || delay > 500) refresh(); // we may have missed changes while away
    opened = true;
    delay = 500;
    dot.classList.add("on");
    document.body.dataset.lobbyLive = "1";
  });
  socket.addEventListener("message", (event) => {
    try {
      if (JSON.parse(event.data).type === "lobby.changed") refresh();
    } catch { /* ignore */ }
  });
  socket.addEventListener("close", (event) => {
    dot.classList.remove("on");
    document.body.dataset.lobbyLive = "0";
    if (event.code === 4401) return;
    timer = setTimeout(connect, delay * (0.8 + Math.random() * 0.4));
    delay = Math.min(delay * 2, 10000);
  });
}

// The new-table form shows the fields of the chosen game kind only.
const gameField = document.getElementById("id_game");
function showGameFields() {
  for (const el of document.querySelectorAll("[data-only-game]")) {
    el.hidden = !el.dataset.onlyGame.split(" ").includes(gameField.value);
  }
}
if (gameField) {
  gameField.addEventListener("change", showGameFields);
  showGameFields();
}

connect();

// The new-table form: the advanced options that apply to the chosen player count only
// (data-players on the field), and the decks that count plays (data-decks-for). The
// server checks the combination anyway (an error names the options).
function fitOptionsToCount() {
  const count = document.querySelector("[data-catalogue-players]");
  if (!count) return;
  const players = count.value;
  for (const input of document.querySelectorAll("[data-players]")) {
    const fits = input.dataset.players.split(" ").includes(players);
    const field = input.closest(".field");
    if (field) field.hidden = !fits;
    if (!fits) input.value = "";
  }
  const deck = document.querySelector("[data-decks-for]");
  if (deck) {
    const decks = Object.fromEntries(deck.dataset.decksFor.split(" ").map((pair) => pair.split(":")));
    const allowed = (decks[players] || "").split("/");
    for (const option of deck.options) {
      option.hidden = option.value !== "" && !allowed.includes(option.value);
    }
    if (deck.value && !allowed.includes(deck.value)) deck.value = "";
  }
}
const countField = document.querySelector("[data-catalogue-players]");
if (countField) {
  countField.addEventListener("change", fitOptionsToCount);
  fitOptionsToCount();
}
