import express, { type RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Paths the API itself answers with a page (the rendered API document), not the web app. */
const apiPages = new Set(['/api-docs']);

/**
 * Serves the built web app at the same origin as the API. The app's own paths (/tickets, /users, ...)
 * overlap API paths, so a browser navigation (Accept: text/html) gets index.html and anything else the API.
 */
export function webAppHandlers(distDir: string): { assets: RequestHandler; navigation: RequestHandler } | null {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return null;
  return {
    assets: express.static(distDir, {
      index: false,
      maxAge: '1h',
      // The service worker is how a new version is noticed: never cached.
      setHeaders: (res, file) => {
        if (path.basename(file) === 'service-worker.js') res.setHeader('Cache-Control', 'no-cache');
      },
    }),
    navigation: (req, res, next) => {
      const accept = req.headers.accept ?? '';
      // Browsers and crawlers ask for /favicon.ico whatever the page names: it is the svg the app links.
      if (req.method === 'GET' && req.path === '/favicon.ico') return res.redirect(301, '/favicon.svg');
      if (req.method !== 'GET' || !accept.includes('text/html') || apiPages.has(req.path)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    },
  };
}
