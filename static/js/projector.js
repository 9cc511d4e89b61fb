/* The projector: one hall screen that needs no hands (an ES module, served as it is).
 *
 * The page holds slides ([data-slide]: the round's tables with their running totals,
 * the standings, the provisional ranking while games are in progress); the header
 * (tournament, round, clock) stays. Each slide is cut into pages that fit the screen:
 * the items of its [data-page-items] list (table cards, standings rows) are added one by
 * one until the next would overflow. Pages then take turns by themselves, DWELL seconds
 * each (?dwell=N in the address changes it); the arrow keys and the space bar step
 * through them for whoever stands at the laptop. Live updates (tournaments.js re-fetches
 * the fragments through htmx) and a resize lay the pages out again, keeping the slide
 * and page shown. The screen says what it shows in data-slide, data-page and data-index,
 * counts the turns it took by itself in data-turns and fires "projector:page" on each
 * change (for the browser tests); data-ready is "1" once a layout included every part
 * (no placeholder marked data-projector-pending is still waiting for its fragment). */
const DWELL = 12;

const screen = document.querySelector("[data-projector]");
const asked = Number(new URLSearchParams(location.search).get("dwell"));
const dwell = (asked >= 1 ? asked : DWELL) * 1000;

let pages = [];
let index = 0;
let timer = null;
let turns = 0;  // the pages turned by themselves (data-turns)

const slides = () => [...screen.querySelectorAll("[data-slide]")];
const itemsOf = (slide) => {
  const list = slide.querySelector("[data-page-items]");
  return list ? [...list.children] : [];
};

function fits(slide) {
  const root = document.documentElement;
  return slide.scrollHeight <= slide.clientHeight + 1 && slide.scrollWidth <= slide.clientWidth + 1 &&
    root.scrollHeight <= innerHeight && root.scrollWidth <= innerWidth;
}

function counters(slide, text) {
  slide.querySelectorAll("[data-page-count]").forEach((el) => { el.textContent = text; });
}

/* The pages of one slide (shown alone): [from, to) ranges of its items. */
function paginate(slide) {
  const items = itemsOf(slide);
  counters(slide, "8/8");  // the counter's room, while measuring
  items.forEach((item) => item.setAttribute("data-paged-out", ""));
  const out = [];
  let from = 0;
  while (from < items.length) {
    let to = from;
    while (to < items.length) {
      items[to].removeAttribute("data-paged-out");
      if (to > from && !fits(slide)) {
        items[to].setAttribute("data-paged-out", "");
        break;
      }
      to += 1;
    }
    out.push([from, to]);
    for (let k = from; k < to; k += 1) { items[k].setAttribute("data-paged-out", ""); }
    from = to;
  }
  return out.length ? out : [[0, 0]];
}

function layout() {
  const was = pages[index] || null;
  const all = slides();
  pages = [];
  for (const slide of all) {
    all.forEach((s) => s.classList.toggle("is-current", s === slide));
    const ranges = paginate(slide);
    ranges.forEach(([from, to], n) => {
      pages.push({ slide, name: slide.dataset.slide, from, to, number: n + 1, of: ranges.length });
    });
  }
  index = 0;
  if (was) {
    const same = pages.filter((p) => p.name === was.name);
    if (same.length) { index = pages.indexOf(same[Math.min(was.number, same.length) - 1]); }
  }
  show(index);
}

function show(i) {
  if (!pages.length) { return; }
  index = ((i % pages.length) + pages.length) % pages.length;
  const page = pages[index];
  if (!page.slide.isConnected) { layout(); return; }
  slides().forEach((s) => s.classList.toggle("is-current", s === page.slide));
  itemsOf(page.slide).forEach((item, k) => {
    item.toggleAttribute("data-paged-out", k < page.from || k >= page.to);
  });
  counters(page.slide, page.of > 1 ? page.number + "/" + page.of : "");
  screen.dataset.slide = page.name;
  screen.dataset.page = page.number + "/" + page.of;
  screen.dataset.pages = String(pages.length);
  screen.dataset.index = String(index);
  screen.dataset.ready = screen.querySelector("[data-projector-pending]") ? "0" : "1";
  screen.dispatchEvent(new CustomEvent("projector:page", { detail: { slide: page.name, page: page.number, of: page.of } }));
  clearTimeout(timer);
  timer = setTimeout(() => {
    turns += 1;
    screen.dataset.turns = String(turns);
    show(index + 1);
  }, dwell);
}

if (screen) {
  layout();
  document.body.addEventListener("htmx:afterSettle", layout);
  let resizing = null;
  addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(layout, 100);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === " " || event.key === "PageDown") { show(index + 1); }
    else if (event.key === "ArrowLeft" || event.key === "PageUp") { show(index - 1); }
    else { return; }
    event.preventDefault();
  });
}
