/**
 * A push service for tests (issue 23): an HTTPS server on 127.0.0.1 with a self-signed certificate
 * (`tooling/fixtures/push-service/`, test-only, never trusted outside tests), that takes pushes the way a real
 * one does (`POST /push/<id>`, 201) and keeps each request. `browser()` makes what a browser would: a P-256 key
 * pair and an auth secret, and the subscription that points here, and reads a push back as the browser would
 * (RFC 8291 decryption); `vapidClaims` checks the `Authorization: vapid t=…, k=…` header (RFC 8292). `answer`
 * decides each reply (410 to drop a subscription, 500 to have it retried).
 *
 * Used by the API's tests and by the browser suite (`@marina/api/test/fake-push-service.ts`).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { decrypt } from 'http_ece';
import { REPO_ROOT } from '../config.ts';

const FIXTURE_DIR = join(REPO_ROOT, 'tooling', 'fixtures', 'push-service');
/** The fake service's certificate (PEM): what a client must trust to reach it. */
export const FAKE_PUSH_CERT = readFileSync(join(FIXTURE_DIR, 'cert.pem'), 'utf8');
const FAKE_PUSH_KEY = readFileSync(join(FIXTURE_DIR, 'key.pem'), 'utf8');

export interface ReceivedPush {
  /** The path pushed to (`/push/<id>`). */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** What the service answered. */
  status: number;
}

export interface FakeBrowser {
  /** What `PushSubscription.toJSON()` gives (the body of `POST /push/subscriptions`). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The push's text, decrypted with this browser's private key and secret. */
  read(push: ReceivedPush): string;
}

export interface FakePushService {
  /** `https://127.0.0.1:<port>`. */
  origin: string;
  /** Every push taken, in order of arrival. */
  received: ReceivedPush[];
  /** The status to answer a push with (201 unless set). */
  answer: (push: Omit<ReceivedPush, 'status'>) => number;
  /** An agent that trusts the fake's certificate: give it to `webPushTransport`. */
  agent: Agent;
  browser(): FakeBrowser;
  /** Resolves once `count` pushes have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const waiting = new Set<() => void>();
  const service: Omit<FakePushService, 'origin'> & { origin: string } = {
    origin: '',
    received: [],
    answer: () => 201,
    agent: new Agent({ ca: FAKE_PUSH_CERT, keepAlive: true }),
    browser() {
      const ecdh: ECDH = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        subscription: {
          endpoint: `${service.origin}/push/${randomBytes(16).toString('base64url')}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        read: (push) =>
          decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
      };
    },
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (service.received.length < count) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(service.received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${service.received.length} pushes arrived, not ${count}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: async () => {
      service.agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer({ cert: FAKE_PUSH_CERT, key: FAKE_PUSH_KEY }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      const status = request.method === 'POST' && push.path.startsWith('/push/') ? service.answer(push) : 404;
      service.received.push({ ...push, status });
      response.writeHead(status).end();
      for (const check of [...waiting]) check();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * The claims of a push's `Authorization: vapid t=<JWT>, k=<public key>` header once its ES256 signature is
 * checked against `publicKey` (the deployment's, base64url); throws when it is not so signed.
 */
export function vapidClaims(authorization: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Not a VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('Signed with another key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('The VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('Not ES256');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}
