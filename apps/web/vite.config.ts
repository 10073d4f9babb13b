import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { chunkGroups } from './build/chunks.ts';
import { pageScripts } from './build/page-scripts.ts';

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
        // Chunks from the route table and the module graph (build/chunks.ts).
        codeSplitting: { groups: chunkGroups(import.meta.dirname) },
        // A shared group's name lists every route that uses it; the hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
