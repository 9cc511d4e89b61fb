// Club 500: "your turn" noticed on the live table. When the member's turn comes: the tab's
// title and icon change; a short sound (a setting, off by default, kept in this browser);
// a vibration on phones; and, when the page is hidden, a browser notification if the
// member turned them on (the browser asks for permission then).
import { gettext as _ } from "./cards.js";

const SOUND_KEY = "club500.sound";
const NOTIFY_KEY = "club500.notify";
const iconLink = () => document.querySelector("link[rel=icon]");
let normalIcon = null;
let audio = null;
let wasMine = false;

function stored(key) {
  try { return localStorage.getItem(key) === "1"; } catch { return false; }
}
function store(key, on) {
  try { localStorage.setItem(key, on ? "1" : "0"); } catch { /* private mode */ }
}

export const soundOn = () => stored(SOUND_KEY);
export const notificationsOn = () => stored(NOTIFY_KEY) && "Notification" in window && Notification.permission === "granted";

function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "sine";
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.12, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.25);
}

/** Call at every render: `mine` whether it is the member's turn now, `baseTitle` the
 * page's own title, `turnIcon` the icon's URL for "your turn". */
export function noticeTurn(mine, { baseTitle, turnIcon, text }) {
  const link = iconLink();
  if (link && normalIcon === null) normalIcon = link.getAttribute("href");
  document.title = mine ? "▶ " + _("Your turn") + " · " + baseTitle : baseTitle;
  if (link) link.setAttribute("href", mine ? turnIcon : normalIcon);
  document.documentElement.dataset.myTurn = mine ? "1" : "0";
  if (mine && !wasMine) {
    if (soundOn()) beep();
    // Chrome refuses (and logs) a vibration before the member has touched the page.
    const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && touched) navigator.vibrate(180);
    if (document.hidden && notificationsOn()) {
      try {
        const note = new Notification(_("Your turn"), { body: text || baseTitle, tag: "club500-turn", icon: turnIcon });
        note.onclick = () => { window.focus(); note.close(); };
      } catch { /* a browser that only notifies from a service worker */ }
    }
  }
  wasMine = mine;
}

function setPressed(button, on) {
  button.setAttribute("aria-pressed", String(on));
}

/** Wire the two settings' buttons (sound; notifications, asking for permission). */
export function wireSettings(soundButton, notifyButton) {
  if (soundButton) {
    setPressed(soundButton, soundOn());
    soundButton.addEventListener("click", () => {
      const on = !soundOn();
      store(SOUND_KEY, on);
      setPressed(soundButton, on);
      if (on) beep(); // a sample, and the browser's audio unlocked by this tap
    });
  }
  if (notifyButton) {
    if (!("Notification" in window)) { notifyButton.hidden = true; return; }
    setPressed(notifyButton, notificationsOn());
    notifyButton.addEventListener("click", async () => {
      if (notificationsOn()) { store(NOTIFY_KEY, false); setPressed(notifyButton, false); return; }
      const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      store(NOTIFY_KEY, permission === "granted");
      setPressed(notifyButton, notificationsOn());
    });
  }
}
