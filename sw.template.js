/* Royal Marriage service worker: the whole site from Cache Storage, offline.
 *
 * build.py writes dist/sw.js as this file preceded by two constants:
 *   VERSION   a hash of every file of the build, so any change makes a new worker;
 *   PRECACHE  every file of the build, plus "./", as URLs relative to this file.
 *
 * A new worker precaches its build next to the old cache and then waits: the
 * page shows "a new version is ready" and its Reload button posts "skip-waiting".
 * Only then does the new worker activate and delete the old cache, so a running
 * game never mixes files of two builds.
 */
"use strict";

// Project sites share one origin (user.github.io/a/, /b/): name our caches
// after our scope and only ever delete those.
const CACHE_PREFIX = `royal-marriage ${self.registration.scope} `;
const CACHE_NAME = CACHE_PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(deleteOldCaches().then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});

/** Download every file afresh: "reload" skips the HTTP cache, which may be stale. */
async function precache() {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
}

async function deleteOldCaches() {
  const names = await caches.keys();
  const old = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME);
  await Promise.all(old.map((name) => caches.delete(name)));
}

/** Cache first. A page load with any query (?deal=N, ?cards=...) gets the cached page. */
async function respond(request) {
  const cache = await caches.open(CACHE_NAME);
  if (request.mode === "navigate") {
    const page =
      (await cache.match(request, { ignoreSearch: true })) ||
      (await cache.match("./index.html")) ||
      (await cache.match("./"));
    if (page) return page;
  }
  return (await cache.match(request)) || fetch(request);
}
