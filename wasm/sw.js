// The service worker of Sig: it keeps one build of the game (the page, its scripts, sig.wasm,
// the manifest and the icons) in a cache of its own, so that after one visit the game starts
// with no network, and installs as an app.
//
// - The page is asked of the network first (a new build is picked up on the next visit), and
//   comes from the cache when the network fails or takes more than a few seconds.
// - Every other file of the build comes from the cache. The scripts and the game are named by
//   their content (sig.HASH.wasm), so a page only ever asks for its own build's files: a new
//   page's files, not in this cache yet, come from the network.
// - A build is cached whole or not at all: every file is downloaded before anything is
//   stored, and the worker is installed only once its cache is complete. A failed or partial
//   download leaves the last complete build in charge. The new build then takes over at once
//   and deletes the old cache (an open page of the old build has every file it needs loaded).
//
// build.sh writes BUILD (a hash of all the files) and FILES below; as it stands in wasm/, the
// worker caches nothing.
'use strict';

const BUILD = '';
const FILES = [];

const CACHE = 'sig-' + BUILD;
const PAGE = 'index.html';
// How long a page load waits for the network before starting from the cache.
const NETWORK_WAIT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    if (FILES.length === 0) {
      throw new Error('sig: sw.js was not written by build.sh');
    }
    const responses = await Promise.all(FILES.map(async (file) => {
      // no-cache: revalidated with the server (a 304 costs nothing) rather than taken unchecked
      // from the browser's HTTP cache.
      const response = await fetch(new Request(file, { cache: 'no-cache' }));
      if (!response.ok) {
        throw new Error('sig: ' + file + ': ' + response.status);
      }
      // The whole body, before anything is stored: a download cut short fails here. It is
      // kept unpacked, so the headers say so.
      const body = await response.blob();
      const headers = new Headers(response.headers);
      headers.delete('Content-Encoding');
      headers.set('Content-Length', String(body.size));
      return [file, new Response(body, { status: response.status, statusText: response.statusText, headers })];
    }));
    // The page must be this build's: a site updated while this worker downloaded would
    // otherwise pair another build's page with this build's files.
    const page = responses.find(([file]) => file === PAGE);
    if (!page || !(await page[1].clone().text()).includes('<meta name="sig-build" content="' + BUILD + '">')) {
      throw new Error('sig: the server\'s page is not build ' + BUILD);
    }
    await caches.delete(CACHE); // what an earlier, failed attempt may have left
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(responses.map(([file, response]) => cache.put(file, response)));
    } catch (e) {
      await caches.delete(CACHE); // out of room, say: no half-stored build
      throw e;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('sig-') && name !== CACHE) {
        await caches.delete(name);
      }
    }
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) {
    return;
  }
  const file = request.url.slice(self.registration.scope.length).split(/[?#]/)[0];
  if (request.mode === 'navigate' && (file === '' || file === PAGE)) {
    event.respondWith(page(request));
  } else if (FILES.includes(file) && file !== PAGE) {
    event.respondWith(cached(file, request));
  }
  // Anything else goes to the network, as if there were no worker.
});

// page is the page from the network, or this build's from the cache when the network fails,
// answers with an error, or is slow.
async function page(request) {
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise((_, reject) => setTimeout(() => reject(new Error('slow network')), NETWORK_WAIT_MS)),
    ]);
    if (response.ok) {
      return response;
    }
  } catch (e) {
    // No network: the cache.
  }
  const hit = await caches.match(PAGE, { cacheName: CACHE });
  return hit || fetch(request);
}

// cached is a file of this build, from the cache, or from the network if the cache lost it.
async function cached(file, request) {
  const hit = await caches.match(file, { cacheName: CACHE });
  return hit || fetch(request);
}
