import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// WEB_DIST_DIR moves the build (the server reads the same variable), so parallel builds don't collide.
const outDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'dist';
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

// In development, /landing is the landing entry (the server does the same in production).
const landingInDev: Plugin = {
  name: 'adwuma-landing-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === '/landing' || req.url?.startsWith('/landing?'))
        req.url = req.url.replace('/landing', '/landing.html');
      next();
    });
  },
};

// Two entries: the lean, prerendered marketing page (landing.html) and the app (index.html).
export default defineConfig({
  plugins: [react(), tailwindcss(), landingInDev],
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
