// The service worker: the game loads with the network off after one visit,
// and a new version is picked up on the next load.
//
// Pages are fetched network first (falling back to the cached page), so a
// new build is seen as soon as the network answers. Everything else trunk
// emits has a content hash in its name, so it is served cache first: a new
// build has new names, fetched and cached on its first load, and the names
// the new page no longer mentions are dropped.
//
// The panels' chunks of wasm are fetched by the page only when a panel
// first opens; the page lists them in its `<meta name=chunks>`
// (scripts/chunks.mjs), and they are cached with the rest, so after one
// visit every panel opens offline.
//
// The AI worker's files (index.html's ai-worker link, which trunk removes
// from the page) are the exception: the page loads them only when the AI is
// first asked, and trunk gives a worker's files no content hash, so a new
// build reuses their names. They are fetched network first, like the page,
// and cached for offline play whenever a new build is stored.
const CACHE = 'leptos-2048';
// Quoted or not: the minified page writes `href=/main-….css`.
const ASSET = /["'=](\/[^"'\s?#>]+\.(?:js|wasm|css|webmanifest|svg|png))/g;
const WORKER = ['/ai-worker_loader.js', '/ai-worker.js', '/ai-worker_bg.wasm'];

// The list in the page's `<meta name=chunks content="/a.wasm /b.wasm">`.
const CHUNKS = /<meta name=chunks content="([^"]*)"/;

function assetsOf(html) {
  const chunks = CHUNKS.exec(html)?.[1].split(' ').filter(Boolean) ?? [];
  return [...new Set([...[...html.matchAll(ASSET)].map((m) => m[1]), ...chunks])];
}

async function storePage(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  await cache.put('/', response);
  const assets = assetsOf(html);
  const keep = new Set(['/', ...assets, ...WORKER].map((p) => new URL(p, location.origin).href));
  const added = await Promise.all(
    assets.map((p) => cache.match(p).then((hit) => !hit && cache.add(p).then(() => true))),
  );
  // An asset not cached yet means a new build, with a new worker. Without
  // the worker's files (a failed fetch) the AI just needs the network.
  const newBuild = added.some(Boolean);
  await Promise.all(
    WORKER.map((p) => cache.match(p).then((hit) => (hit && !newBuild) || cache.add(p).catch(() => {}))),
  );
  for (const request of await cache.keys()) {
    if (!keep.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch('/', { cache: 'no-cache' })
      .then((response) => (response.ok ? storePage(response) : undefined))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  const page = request.mode === 'navigate';
  if (page || WORKER.includes(new URL(request.url).pathname)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(
              page ? storePage(copy) : caches.open(CACHE).then((cache) => cache.put(request, copy)),
            );
          }
          return response;
        })
        .catch(() => caches.match(page ? '/' : request)),
    );
    return;
  }
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        }),
    ),
  );
});
