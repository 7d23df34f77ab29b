/**
 * Serves a built client bundle at `/`, so the app and its API share one origin. Hashed files under
 * `/assets/` never change and are cached for a year; everything else (index.html, sw.js, the manifest,
 * icons) is revalidated on each use so a new release is picked up at once.
 *
 * A bundle may hold `login.html` beside `index.html`: the sign-in screen drawn at build time (decision
 * 017). It answers the sign-in address and the empty path, which leads there; every other page load gets
 * `index.html`, which draws nothing before the app runs.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { paths } from '@marina/core/domain/app-paths.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiNormalisedPath, isApiRequest, normalisedPath } from './api-request.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const DRAWN_SIGN_IN = 'login.html';
const SIGN_IN_PATHS = new Set(['/', paths.login, `${paths.login}/`]);

export interface StaticBundle {
  /** A page load of a client-side route (`/login`, `/ayuda`) that should get index.html. */
  isAppNavigation(request: FastifyRequest): boolean;
  /** The page for that load: the drawn sign-in page for its address, else index.html. */
  sendIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export async function registerStaticBundle(app: FastifyInstance, staticDir: string): Promise<StaticBundle> {
  if (!existsSync(join(staticDir, 'index.html')))
    throw new Error(`${staticDir} has no index.html: not a built client bundle`);
  const assetsDir = `${staticDir.replace(/[\\/]+$/, '')}${sep}assets${sep}`;
  const drawnSignIn = existsSync(join(staticDir, DRAWN_SIGN_IN));
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    // The empty path leads to sign-in.
    index: [drawnSignIn ? DRAWN_SIGN_IN : 'index.html'],
    redirect: false,
    // The build writes .br and .gz beside each text file; send those rather than compress per request.
    preCompressed: true,
    // We set Cache-Control ourselves, per file.
    cacheControl: false,
    // The API namespace is never a file, even if the bundle had such a folder, however the path is spelt.
    allowedPath: (pathname) => !isApiNormalisedPath(pathname),
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  return {
    isAppNavigation: (request) =>
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiRequest(request) &&
      (request.headers.accept ?? '').includes('text/html'),
    sendIndex: (request, reply) =>
      reply
        .header('cache-control', REVALIDATE)
        .sendFile(drawnSignIn && SIGN_IN_PATHS.has(normalisedPath(request.url)) ? DRAWN_SIGN_IN : 'index.html'),
  };
}
