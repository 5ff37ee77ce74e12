/*
 * Switchboard's service worker. Its only job is to tell the page that a new version of the app is out (spec 1 §2):
 * every build stamps its own version below (web/vite.config.ts), so the browser sees a changed worker after each
 * deploy and installs it next to the running one. The page then offers a reload; on the user's click it asks the
 * waiting worker to take over and reloads. It caches nothing: pages and API calls always come from the server.
 */
/* global self */
const BUILD_VERSION = '__BUILD_VERSION__';

self.addEventListener('install', () => {
  // No skipWaiting here: a new version waits until the user accepts the reload.
});

self.addEventListener('activate', (event) => {
  // The first version takes the open pages at once, so later versions are seen as updates.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data && event.data.type === 'VERSION' && event.ports[0]) event.ports[0].postMessage(BUILD_VERSION);
});
