import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// WEB_DIST_DIR moves the build (the server reads the same variable), so parallel builds don't collide.
const outDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'dist';
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

// Two entries: the lean, prerendered marketing page (landing.html) and the app (index.html).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        landing: path.resolve(import.meta.dirname, 'landing.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
});
