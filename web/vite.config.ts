import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// MUI runs on styled-components (DESIGN §6): its styled engine is swapped for the styled-components one.
// `npm run dev` proxies the API and the socket to a core started with `npm start` (PORT 8080 by default).
const backend = process.env.SWITCHBOARD_BACKEND ?? 'http://localhost:8080';
const apiPaths = /^\/(?!src\/|node_modules\/|@|assets\/|service-worker\.js)[^.]*$/;

/**
 * Writes a version unique to this build into the emitted service-worker.js: a changed worker file is what makes
 * browsers install the new version and the app offer its reload toast (spec 1 §2).
 */
function stampServiceWorker(): Plugin {
  let outDir = 'dist';
  const { version: appVersion } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  const version = `${appVersion}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: 'switchboard-stamp-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const file = path.join(outDir, 'service-worker.js');
      if (!existsSync(file)) return;
      writeFileSync(file, readFileSync(file, 'utf8').replace('__BUILD_VERSION__', version));
    },
  };
}

export default defineConfig({
  plugins: [react(), stampServiceWorker()],
  resolve: {
    alias: {
      '@mui/styled-engine': '@mui/styled-engine-sc',
      // The shared contracts are bundled from source, so the web needs no sdk build.
      '@switchboard/sdk/contracts': fileURLToPath(new URL('../sdk/src/contracts/index.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
  server: {
    port: 5173,
    proxy: {
      '/socket.io': { target: backend, ws: true },
      // API calls share paths with the app's pages; only non-navigation requests go to the backend.
      [apiPaths.source]: {
        target: backend,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
      },
    },
  },
});
