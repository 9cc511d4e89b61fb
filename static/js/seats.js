// Club 500: where the seats of a table of 2 to 6 players sit around the felt (shared by
// table.js and replay.js). The viewer sits at the bottom (a spectator: the first seat),
// the others follow clockwise, the player on the viewer's left first: the order in
// which the cards are dealt and played.

/** Places around the felt, by number of seats, from the bottom clockwise. */
export const RING = {
  2: ["bottom", "top"],
  3: ["bottom", "top-left", "top-right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "left", "top-left", "top", "top-right", "right"],
};

/** The place of ``seat`` among ``order`` (the table's seats) seen from ``anchor``. */
export function seatPosition(order, seat, anchor) {
  const places = RING[order.length] || RING[4];
  const from = Math.max(0, order.indexOf(anchor));
  const offset = (order.indexOf(seat) - from + order.length) % order.length;
  return places[offset] || "top";
}

/** The seat a viewer without a seat looks from: South at four, else the first seat. */
export function defaultAnchor(order) {
  return order.includes("S") ? "S" : order[0];
}

/** Get a felt ready for ``count`` seats: the four-seat felt as it is; for other counts
 * the ring layout (``.felt.ring``, ``data-seats``) and a slot for each of its places. */
export function prepareFelt(felt, count, makeSlot) {
  const ring = count !== 4;
  felt.classList.toggle("ring", ring);
  felt.dataset.seats = String(count);
  if (!ring) return;
  for (const place of RING[count] || []) {
    if (!felt.querySelector(".seat-slot[data-pos=\"" + place + "\"]")) {
      felt.prepend(makeSlot(place));
    }
  }
}
