import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// MUI runs on styled-components (DESIGN §6): its styled engine is swapped for the styled-components one.
// `npm run dev` proxies the API and the socket to a core started with `npm start` (PORT 8080 by default).
const backend = process.env.SWITCHBOARD_BACKEND ?? 'http://localhost:8080';
const apiPaths = /^\/(?!src\/|node_modules\/|@|assets\/|service-worker\.js)[^.]*$/;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@mui/styled-engine': '@mui/styled-engine-sc' } },
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
