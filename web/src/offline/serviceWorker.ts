/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

/**
 * Tiyende's service worker (built to /serviceWorker.js by vite-plugin-pwa, which writes the precache list in
 * place of self.__WB_MANIFEST). It keeps the app shell — the page, the framework, styles, the
 * home screen, the map with the bundled offline Copperbelt basemap, the common texts of every
 * language, the icons — so the app opens on a flaky connection or none. The API is never cached
 * here: what the server says about rides is always asked afresh.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The server's own paths: never answered with a cached page. */
const SERVER_PATH = /^\/(api|ws|docs|health)(\/|$)/;
const PAGES = 'tiyende-pages';

// A page is the server's (it carries the tile configuration): fresh when the network answers in
// time, else the copy kept from the last visit.
registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 4 }), { denylist: [SERVER_PATH] }));

// Chunks outside the shell (other screens, other languages' sections) are kept once loaded:
// their names carry their content's hash, so a kept one is never stale.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'tiyende-assets', plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })] }),
);

// Offline, a page never visited before still opens: the app routes on the client from any page.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const page = (await caches.open(PAGES).then((cache) => cache.match('/'))) ?? (await matchPrecache('/index.html'));
  return page ?? Response.error();
});

// A new version takes over at once: the shell it caches belongs to the build the server now serves.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
