/* Royal Marriage service worker: the site from Cache Storage, offline, one file at a time.
 *
 * build.py writes dist/sw.js as this file preceded by three constants:
 *   VERSION    a hash of FILES, so any change to any file makes a new worker;
 *   FILES      every file the page loads, as a path relative to this file mapped to the
 *              SHA-256 of its bytes (hex);
 *   ADDRESSES  the files the page asks for with a version query (`static/app.css?v=<hash>`,
 *              tools/addresses.py), each path mapped to that address.
 *
 * Each file is kept under its hash alone, in one cache shared by every version: an update
 * downloads only the files whose bytes changed (a file moved to a folder of a new name, as
 * the runtime's are when one of its files changes, is not downloaded again), and every
 * download is checked against FILES before the new version may go live (a mismatch fails
 * the install, so the old version stays). A download asks for the address the page uses,
 * first from the HTTP cache, which holds what the page itself just loaded, so a first visit
 * fetches each file once. Requests are answered by path: the query plays no part.
 *
 * A page is served, from first request to last, the files of the version that served
 * its navigation, even when another tab activates a newer version meanwhile: files are
 * deleted only once no open page needs them. A new worker waits until the page's Reload
 * button posts "skip-waiting", and it never claims pages it did not load.
 *
 * A navigation gets the file at its address: the game at the scope's own (or index.html),
 * never at a nested or mistyped path, where a not-found page links to it instead.
 */
"use strict";

// Project sites share one origin (user.github.io/a/, /b/): name our caches after our
// scope and only ever touch those.
const SCOPE = self.registration.scope;
const CACHE_PREFIX = `royal-marriage ${SCOPE} `;
const FILE_CACHE = CACHE_PREFIX + "files";
const META_CACHE = CACHE_PREFIX + "meta";
// The game's interpreter keeps a memory snapshot of its start here (static/interpreter.mjs),
// made on this device and replaced there when the build changes: no file of ours, never cleaned.
const SNAPSHOT_CACHE = CACHE_PREFIX + "snapshot";
const PAGE = "index.html";
const PARALLEL_DOWNLOADS = 4;
// The not-found page: the game's own style sheet, a link to the game at its own address,
// both absolute (the page may sit at any depth), and no script at all.
const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>Page not found · Royal Marriage</title>
  <link rel="stylesheet" href="${SCOPE}static/app.css">
  <link rel="icon" href="${SCOPE}static/icons/favicon.svg" type="image/svg+xml">
</head>
<body>
  <header class="masthead">
    <h1><span class="royal-mark" aria-hidden="true">♛♥♚</span> Royal Marriage</h1>
  </header>
  <main>
    <section class="game">
      <h2>There is no page at this address</h2>
      <p>The link may be mistyped or out of date. Your game and your stats are kept as they were.</p>
      <p><a href="${SCOPE}">Play Royal Marriage</a></p>
    </section>
  </main>
</body>
</html>
`;
const NOT_FOUND_POLICY = "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'";

/** Which version served each page (client id -> version); the meta cache keeps it too. */
const clientVersions = new Map();
/** Versions' records read back from the meta cache (version -> {files, installed}). */
const records = new Map();

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(forgetUnused());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(respond(event));
});

// --- install: fetch what changed, check it, keep it under its hash -------------------

async function install() {
  // The version's record goes first: an older worker cleaning up keeps the files of
  // versions installed after its own.
  const meta = await caches.open(META_CACHE);
  await meta.put(versionKey(VERSION), Response.json({ files: FILES, installed: Date.now() }));
  const cache = await caches.open(FILE_CACHE);
  const queue = Object.entries(FILES);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [path, hash] = next;
      const key = fileKey(hash);
      if (!(await cache.match(key))) await cache.put(key, await download(path, hash));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
}

/** The file's bytes, checked against the build: the HTTP cache's copy if it matches, else the network's. */
async function download(path, hash) {
  for (const mode of ["force-cache", "no-cache"]) {
    let response;
    try {
      // The page as players open it (the scope's own address), so the HTTP cache has it.
      const url = path === PAGE ? SCOPE : new URL(ADDRESSES[path] ?? path, SCOPE);
      response = await fetch(new Request(url, { cache: mode }));
    } catch (error) {
      continue;
    }
    if (!response.ok) continue;
    const body = await response.arrayBuffer();
    if ((await sha256(body)) === hash) {
      const type = response.headers.get("Content-Type");
      return new Response(body, { headers: type ? { "Content-Type": type } : {} });
    }
  }
  throw new Error(`${path} could not be downloaded as this version has it`);
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function fileKey(hash) {
  return new URL(`?sha256=${hash}`, SCOPE).href;
}

function versionKey(version) {
  return new URL(`?version=${version}`, SCOPE).href;
}

function clientKey(id) {
  return new URL(`?client=${encodeURIComponent(id)}`, SCOPE).href;
}

// --- serving: each page from its own version -----------------------------------------

async function respond(event) {
  const request = event.request;
  if (request.mode === "navigate") return navigate(event);
  const files = await filesOf(event.clientId);
  return (await cached(files, pathOf(request.url))) || fetch(request);
}

/** A page opened at an address in our scope: the game at its own address, any other file of this version at its own. */
async function navigate(event) {
  const request = event.request;
  // The query plays no part: ?deal=N, ?cards=... get the page, which reads its query itself.
  const path = pathOf(request.url);
  if (!Object.hasOwn(FILES, path)) return elsewhere(request);
  const file = await cached(FILES, path);
  if (file && event.resultingClientId) event.waitUntil(remember(event.resultingClientId));
  return file || fetch(request);
}

/**
 * An address that is no file of this version (deal/7/, a mistyped link): what the network
 * has there (a file we do not keep, such as a screenshot), else our own not-found page. The
 * game's page there would look for its files in the wrong folder and hang on its loading panel.
 */
async function elsewhere(request) {
  try {
    const response = await fetch(request);
    if (response.status !== 404) return response;
  } catch (error) {
    // Offline: nothing to ask, so the same answer as the host's 404.
  }
  return new Response(NOT_FOUND_PAGE, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": NOT_FOUND_POLICY },
  });
}

function pathOf(url) {
  const path = new URL(url).pathname.slice(new URL(SCOPE).pathname.length);
  if (path === "") return PAGE;
  try {
    return decodeURIComponent(path);
  } catch (error) {
    return path; // a malformed escape (%E0%A4%A) names no file of ours
  }
}

async function cached(files, path) {
  const hash = files[path];
  if (!hash) return undefined;
  const cache = await caches.open(FILE_CACHE);
  return cache.match(fileKey(hash));
}

async function remember(clientId) {
  clientVersions.set(clientId, VERSION);
  const meta = await caches.open(META_CACHE);
  await meta.put(clientKey(clientId), new Response(VERSION));
  const open = await openClients();
  for (const request of await meta.keys()) {
    const id = new URL(request.url).searchParams.get("client");
    if (id !== null && id !== clientId && !open.has(id)) await meta.delete(request);
  }
}

/** The files of the version that served this page (ours when it is not known). */
async function filesOf(clientId) {
  if (!clientId) return FILES;
  let version = clientVersions.get(clientId);
  if (version === undefined) {
    const meta = await caches.open(META_CACHE);
    const record = await meta.match(clientKey(clientId));
    version = record ? await record.text() : VERSION;
    clientVersions.set(clientId, version);
  }
  return (await versionRecord(version))?.files || FILES;
}

async function versionRecord(version) {
  if (!records.has(version)) {
    const meta = await caches.open(META_CACHE);
    const record = await meta.match(versionKey(version));
    records.set(version, record ? await record.json() : null);
  }
  return records.get(version);
}

async function openClients() {
  const clients = await self.clients.matchAll({ includeUncontrolled: true });
  return new Set(clients.map((client) => client.id));
}

// --- cleaning up, on activation: keep what this version and open pages use ----------

/** Delete files and versions that neither this version, nor an open page, nor a newer install needs. */
async function forgetUnused() {
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && ![FILE_CACHE, META_CACHE, SNAPSHOT_CACHE].includes(name)) {
      await caches.delete(name);
    }
  }
  const open = await openClients();
  const meta = await caches.open(META_CACHE);
  const keep = new Set([VERSION]);
  const versions = [];
  for (const request of await meta.keys()) {
    const params = new URL(request.url).searchParams;
    if (params.has("client")) {
      if (open.has(params.get("client"))) keep.add(await (await meta.match(request)).text());
      else await meta.delete(request);
    } else if (params.has("version")) versions.push(params.get("version"));
  }
  const installed = (await versionRecord(VERSION))?.installed ?? Date.now();
  const wanted = new Set();
  for (const version of versions) {
    const record = await versionRecord(version);
    if (keep.has(version) || (record && record.installed > installed)) {
      for (const hash of Object.values(record?.files || {})) wanted.add(fileKey(hash));
    } else {
      records.delete(version);
      await meta.delete(versionKey(version));
    }
  }
  const cache = await caches.open(FILE_CACHE);
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
}
