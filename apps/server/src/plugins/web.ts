import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA: hashed assets cached for a year, HTML never cached, the prerendered landing
 * page at /landing, history fallback to index.html for every other page. Unknown /api paths are left
 * to the JSON 404 handler.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const { distDir } = options;
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` (npm start does it for you)');
    return;
  }
  const landingPath = path.join(distDir, 'landing.html');

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else if (filePath.endsWith('.html')) {
        res.setHeader('cache-control', 'no-cache');
      } else {
        res.setHeader('cache-control', 'public, max-age=3600');
      }
    },
  });

  // Only files that exist at build time are served as files; every other path is an app route.
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(gz|br)$/.test(entry.name))
        files.add(`/${path.relative(distDir, full).split(path.sep).join('/')}`);
    }
  };
  walk(distDir);

  const landingFile = fs.existsSync(landingPath) ? 'landing.html' : 'index.html';
  app.get('/landing', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(landingFile),
  );

  app.get('/*', async (request, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: 'The address is not valid.' } });
    }
    if (urlPath.startsWith('/api/') || urlPath === '/api') return reply.callNotFound();
    if (files.has(urlPath) && !urlPath.endsWith('.html')) return reply.sendFile(urlPath.slice(1));
    if (urlPath.startsWith('/assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
});
