import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pageScripts } from './build/page-scripts.ts';
import {
  ICON_MODULES,
  isCommonModule,
  isFirstPaintModule,
  isPopupModule,
  isPostbackListModule,
} from './critical-chunks.ts';

// The API runs on its own port in development (apps/server, PORT=8090); the built app is served
// by the server itself, same origin.
export default defineConfig({
  plugins: [react(), tailwindcss(), pageScripts()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:8090', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // Every browser we support has modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files: a page over a slow mobile link waits on round trips as much as on
        // bytes. What the entry imports is one file; modules that several routes share are grouped
        // by the routes that use them, and groups under ~15 kB join their nearest neighbour (no
        // module is ever copied into two files: module state stays single). Joining is by size,
        // so a new lazy chunk can move the login page's small shared modules into a bigger group:
        // check-size then fails on the login page's budget, and a lower threshold is the fix.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 6 },
            { name: 'icons', test: ICON_MODULES, priority: 5 },
            { name: 'common', test: isCommonModule, priority: 4 },
            // The signed-in pages' first paint in one file (critical-chunks.ts).
            { name: 'first-paint', test: isFirstPaintModule, priority: 3 },
            // Menus, popovers, dialogs, pickers: loaded on demand, off the first paint (critical-chunks.ts).
            { name: 'popups', test: isPopupModule, priority: 2 },
            { name: 'postback-lists', test: isPostbackListModule, priority: 2 },
            { name: 'shared', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 15_000, priority: 1 },
          ],
        },
        // A shared group's name lists every route that uses it; the hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
