import express, { type RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

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
      if (req.method !== 'GET' || !accept.includes('text/html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    },
  };
}
