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
    assets: express.static(distDir, { index: false, maxAge: '1h' }),
    navigation: (req, res, next) => {
      const accept = req.headers.accept ?? '';
      if (req.method !== 'GET' || !accept.includes('text/html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    },
  };
}
