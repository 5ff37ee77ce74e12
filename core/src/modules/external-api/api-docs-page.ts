import { createRequire } from 'node:module';
import path from 'node:path';
import type { Response } from 'express';

/**
 * The API document rendered in a browser by Swagger UI, served from our own node_modules (no CDN): the page loads
 * the bundle, its stylesheet and a small start script from /api-docs/assets, all same-origin files, so the app's
 * CSP (script-src 'self', inline styles allowed) holds without an exception.
 */
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The start script, a file rather than inline code so that script-src stays 'self'. */
const startScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api-docs', dom_id: '#swagger-ui', deepLinking: true });
});
`;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Switchboard messages API</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/api-docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api-docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api-docs/assets/start.js"></script>
  </body>
</html>
`;

/** The only files the page needs; any other name answers 404. */
const assets: Record<string, string> = {
  'swagger-ui.css': path.join(swaggerUiDir, 'swagger-ui.css'),
  'swagger-ui-bundle.js': path.join(swaggerUiDir, 'swagger-ui-bundle.js'),
};

/** Whether the caller (a browser's navigation) prefers a page to the JSON document. */
export function wantsPage(accepts: (types: string[]) => string | false): boolean {
  return accepts(['application/json', 'text/html']) === 'text/html';
}

export function sendDocsPage(res: Response): void {
  res.type('html').setHeader('Cache-Control', 'no-cache');
  res.send(page);
}

/** Sends one asset of the page; false when the name is not one of them. Resolves once the file is sent. */
export async function sendDocsAsset(res: Response, name: string): Promise<boolean> {
  if (name === 'start.js') {
    res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
    res.send(startScript);
    return true;
  }
  const file = assets[name];
  if (!file) return false;
  await new Promise<void>((resolve, reject) => res.sendFile(file, { maxAge: '1d' }, (error) => (error ? reject(error) : resolve())));
  return true;
}
