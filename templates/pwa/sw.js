/* Club 500's service worker (served from /sw.js by club/pwa.py, scope "/").
 *
 * It keeps the static files and the offline page (with its catalogs), and nothing else:
 * - static files: cache-first when their names carry a content hash (production: a
 *   changed file gets a new name, so a kept one is good forever); network-first in
 *   development (plain names that `make run` serves as they are edited), the kept copy
 *   only when the network fails;
 * - a page (a GET navigation): always from the network, never kept; when the network
 *   fails, the offline page in the member's language instead of the browser's error;
 * - the offline pages' JavaScript catalogs (CONFIG.catalogs, precached): network-first,
 *   the kept copy when the network fails (the offline page lists the score entries the
 *   phone keeps, in its language);
 * - everything else (htmx and API requests, POSTs, other sites) is left alone: the
 *   worker answers none of it, so nothing is queued, replayed or served stale.
 *   WebSockets never pass through a service worker.
 * The caches' names carry CONFIG.version; activation deletes every other cache of ours.
 * docs/operations.md, "The installable app". */
"use strict";

const CONFIG = {{ config|safe }};
const PREFIX = "club500-";
const CACHE = PREFIX + "static-" + CONFIG.version;
const LANGUAGE = "/__club500-language"; // the last page's language (a cache entry only)

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(CONFIG.precache.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
        .map((name) => caches.delete(name))))
      // Pages are asked of the network while the worker starts, not after.
      .then(() => self.registration.navigationPreload && self.registration.navigationPreload.enable())
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") { return; }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    event.respondWith(page(request, event.preloadResponse));
  } else if (url.pathname.startsWith(CONFIG.staticPrefix)) {
    event.respondWith(CONFIG.hashed ? cacheFirst(request) : networkFirst(request));
  } else if (CONFIG.catalogs.includes(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});

/* A page: from the network; the language it came in is remembered for the offline page. */
async function page(request, preloaded) {
  try {
    const response = (await preloaded) || (await fetch(request));
    remember(response.headers.get("Content-Language"));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(LANGUAGE);
    const language = kept ? await kept.text() : CONFIG.defaultLanguage;
    const offline = await cache.match(CONFIG.offline[language] || CONFIG.offline[CONFIG.defaultLanguage]);
    if (offline) { return offline; }
    throw error;
  }
}

let lastLanguage = null;
function remember(language) {
  if (!language || !(language in CONFIG.offline) || language === lastLanguage) { return; }
  lastLanguage = language;
  caches.open(CACHE).then((cache) => cache.put(LANGUAGE, new Response(language)));
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) { return kept; }
  const response = await fetch(request);
  if (response.ok) { cache.put(request, response.clone()); }
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) { cache.put(request, response.clone()); }
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) { return kept; }
    throw error;
  }
}
