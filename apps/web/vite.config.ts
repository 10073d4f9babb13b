import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { chunkGroups } from './build/chunks.ts';
import { fileURLToPath } from 'node:url';
import { pageScripts } from './build/page-scripts.ts';

// React Router's package points every import at its development build (its warnings for
// developers); the built app takes the production build beside it, the same code without them
// (0.6 kB less in the entry). Development keeps the warnings.
const routerBuild = (spec: string) =>
  fileURLToPath(import.meta.resolve(spec)).replace('/dist/development/', '/dist/production/');

// The API runs on its own port in development (apps/server, PORT=8090); the built app is served
// by the server itself, same origin.
export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), pageScripts()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('react-router') },
            { find: /^react-router\/dom$/, replacement: routerBuild('react-router/dom') },
          ]
        : [],
  },
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
        // bytes. Chunks come from the route table and the module graph (build/chunks.ts); no module
        // is ever copied into two files (module state stays single).
        codeSplitting: { groups: chunkGroups(import.meta.dirname) },
        // A shared file's name says little; the hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
}));
