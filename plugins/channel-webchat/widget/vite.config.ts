import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The widget's two browser scripts, each one classic (IIFE) file at a fixed name that the plugin's routes serve:
// `--mode page` builds the chat page (widget.js and widget.css, socket.io client included), `--mode embed` the
// launcher that other websites load with one <script> tag (embed.js). Both land in the plugin's dist/widget.
const entries = {
  page: { entry: 'src/widget-page-app.ts', file: 'widget.js' },
  embed: { entry: 'src/embed-launcher.ts', file: 'embed.js' },
} as const;

export default defineConfig(({ mode }) => {
  const target = mode === 'embed' ? entries.embed : entries.page;
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: fileURLToPath(new URL('../dist/widget', import.meta.url)),
      // Both builds share the folder: only the first one (page) empties it.
      emptyOutDir: mode !== 'embed',
      target: 'es2018',
      sourcemap: false,
      lib: {
        entry: fileURLToPath(new URL(target.entry, import.meta.url)),
        formats: ['iife'],
        name: mode === 'embed' ? 'SwitchboardWidgetEmbed' : 'SwitchboardWidget',
        fileName: () => target.file,
        cssFileName: 'widget',
      },
    },
  };
});
