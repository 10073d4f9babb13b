import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API runs on its own port in development (apps/server, PORT=8090); the built app is served
// by the server itself, same origin.
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
