// The service worker: the game loads with the network off after one visit,
// and a new version is picked up on the next load.
//
// Pages are fetched network first (falling back to the cached page), so a
// new build is seen as soon as the network answers. Everything else trunk
// emits has a content hash in its name, so it is served cache first: a new
// build has new names, fetched and cached on its first load, and the names
// the new page no longer mentions are dropped.
const CACHE = 'leptos-2048';
const ASSET = /["'](\/[^"'\s?#]+\.(?:js|wasm|css|webmanifest|svg|png))["']/g;

function assetsOf(html) {
  return [...new Set([...html.matchAll(ASSET)].map((m) => m[1]))];
}

async function storePage(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  await cache.put('/', response);
  const keep = new Set(assetsOf(html).map((p) => new URL(p, location.origin).href));
  keep.add(new URL('/', location.origin).href);
  await Promise.all(assetsOf(html).map((p) => cache.match(p).then((hit) => hit || cache.add(p))));
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
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) event.waitUntil(storePage(response.clone()));
          return response;
        })
        .catch(() => caches.match('/')),
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
