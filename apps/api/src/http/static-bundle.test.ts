import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createTestServer, PROBLEM_JSON } from '../test/test-server.ts';

const INDEX = '<!doctype html><title>Marina Port Blau</title><div id="root"></div>';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let bundle: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  bundle = mkdtempSync(join(tmpdir(), 'marina-bundle-'));
  mkdirSync(join(bundle, 'assets'));
  writeFileSync(join(bundle, 'index.html'), INDEX);
  writeFileSync(join(bundle, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(join(bundle, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(join(bundle, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(bundle, 'manifest.webmanifest'), '{"name":"Marina Port Blau"}');
  database = await openTestDatabase();
  app = await createTestServer(database, { config: { staticDir: bundle } });
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(bundle, { recursive: true, force: true });
});

describe('serving a client bundle', () => {
  it('serves index.html at / for revalidation on every load', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: HTML } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to a browser that accepts brotli', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("app")');
  });

  it('revalidates the service worker and the manifest', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a reload of a client-side route with the app', async () => {
    for (const url of ['/login', '/ayuda', '/checkQR/abc123', '/alta-pedido-bajada-barco?barco=7']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('does not answer a missing script with the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
  });

  it('keeps unknown API paths as problem+json, even for a browser', async () => {
    for (const url of ['/api/v1/nothing', '/api/nothing', '/api']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(PROBLEM_JSON);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('never answers an API path with the app, however it is spelt', async () => {
    for (const url of [
      '/%61pi/v1/nothing',
      '/%61%70%69',
      '/api%2Fv1/nothing',
      '/%2561pi/v1/nothing',
      '/ayuda/..%2F%61pi/v1/nothing',
      '/ayuda/%2e%2e/%61pi/v1/nothing',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: HTML } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(PROBLEM_JSON);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body, url).not.toBe(INDEX);
    }
  });

  it('still serves the API beside the bundle', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': '903' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 903, app: 'MB903' });
  });
});

describe('a bundle with the sign-in screen drawn at build time', () => {
  const LOGIN =
    '<!doctype html><title>Entrar · Marina Port Blau</title><div id="root" data-prerendered="login"><form></form></div>';
  let drawn: string;
  let drawnApp: FastifyInstance;

  beforeAll(async () => {
    drawn = mkdtempSync(join(tmpdir(), 'marina-bundle-'));
    writeFileSync(join(drawn, 'index.html'), INDEX);
    writeFileSync(join(drawn, 'login.html'), LOGIN);
    writeFileSync(join(drawn, 'login.html.br'), brotliCompressSync(LOGIN));
    writeFileSync(join(drawn, 'index.html.br'), brotliCompressSync(INDEX));
    drawnApp = await createTestServer(database, { config: { staticDir: drawn } });
  });

  afterAll(async () => {
    await drawnApp.close();
    rmSync(drawn, { recursive: true, force: true });
  });

  it('answers the sign-in address and the empty path with it', async () => {
    for (const url of ['/', '/login', '/login?next=%2Fmisbarcos', '/LOGIN', '/login/']) {
      const response = await drawnApp.inject({ method: 'GET', url, headers: { accept: HTML } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(LOGIN);
    }
  });

  it('sends its precompressed file, at the empty path too', async () => {
    for (const url of ['/', '/login']) {
      const response = await drawnApp.inject({
        method: 'GET',
        url,
        headers: { accept: HTML, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(LOGIN);
    }
  });

  it('answers every other page load with index.html, which draws no sign-in form', async () => {
    for (const url of ['/ayuda', '/registro', '/login/otra', '/home?next=%2Flogin']) {
      const response = await drawnApp.inject({ method: 'GET', url, headers: { accept: HTML } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });
});
