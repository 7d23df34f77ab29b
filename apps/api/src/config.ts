/**
 * Server configuration from environment variables, checked once at start. Every bad variable is listed
 * in one error so a deployment is fixed in one go, not one restart per mistake.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOOPBACK_HOSTS } from './push/push-hosts.ts';
import webPush from 'web-push';

export const API_VERSION = '1.0.0';
export const API_PREFIX = '/api/v1';

/** `/api`, `/api/…`: the namespace where answers are problem+json and never cached, never the app's HTML. */
export function isApiPath(url: string): boolean {
  return /^\/api(?:[/?#]|$)/.test(url);
}

export const SESSION_COOKIE = '__Host-sid';
/** Readable by the app, which echoes it in X-XSRF-TOKEN (the seed's names). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
/**
 * How often each instance reads the clients table again, so that settings staff changed on another instance
 * apply here too within this time (the instance that took the change applies it at once).
 */
export const CLIENTS_REFRESH_MS = 30_000;

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Messages sent at once to each provider by one instance, unless OUTBOX_*_CONCURRENCY says otherwise. */
export const DEFAULT_OUTBOX_CONCURRENCY = 4;
const MAX_OUTBOX_CONCURRENCY = 100;

const NODE_ENVS = ['development', 'test', 'production'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MIN_SECRET_LENGTH = 32;

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** A PostgreSQL server; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** PGlite data folder (absolute), or `memory`. */
  dataDir: string;
  /** A built client bundle to serve at `/`. */
  staticDir: string | undefined;
  logLevel: LogLevel;
  /** App origins allowed to make mutating calls, besides the server's own (APP_ORIGIN among them). */
  allowedOrigins: string[];
  /**
   * Where links sent to people point (APP_ORIGIN, else the first of ALLOWED_ORIGINS). Never taken from a
   * request: a forged Host or Origin must not reach a genuine e-mail. Undefined only outside production,
   * where links point at the server itself (`appLink`).
   */
  appOrigin: string | undefined;
  /** `/api/v1/dev/*` (the outbox with its codes, expiring codes): only with DEV_ROUTES=1, never in production. */
  devRoutes: boolean;
  /** Key for HMAC tokens tied to sessions (CSRF). */
  sessionSecret: string;
  /**
   * The marina folders (`client-*` with a `client.config.ts`) seeded at start: MARINAS_DIR, else the
   * repository's `apps/`. They are the one declaration of every marina.
   */
  marinasDir: string;
  /** smtp:// or smtps:// URL of the mail relay; without it e-mails are only logged (development, tests). */
  smtpUrl: string | undefined;
  /** From address of every e-mail. */
  mailFrom: string;
  /** The SMS provider's endpoint (POST JSON {to, from, text}); without it SMS are only logged. */
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
  /** Sender name or number shown on SMS. */
  smsSender: string;
  /**
   * How many messages each provider is sent at once by this instance (OUTBOX_SMS_CONCURRENCY,
   * OUTBOX_EMAIL_CONCURRENCY): one place is kept for urgent messages (decision 039).
   */
  outboxConcurrency: { sms: number; email: number };
  /**
   * Behind a load balancer or proxy: which hops to trust for the client's address (per-IP throttling) and
   * protocol. `false` (default), `true`, or a list of proxy addresses/CIDRs.
   */
  trustProxy: boolean | string[];
  /**
   * The deployment's Web Push identity (RFC 8292): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (P-256, base64url, as
   * `web-push generate-vapid-keys` prints them) and VAPID_SUBJECT (a mailto: or https: contact for the push
   * services). Required in production; elsewhere, without them, keys made once per process (`npm start` keeps
   * its own in the data folder: push/development-keys.ts).
   */
  vapid: VapidConfig;
  /**
   * The hosts a push subscription's endpoint may be on (PUSH_SERVICE_HOSTS, a comma list; a host covers its
   * subdomains): the browsers' push services by default, and outside production this machine too (tests' fake
   * service). The server posts to every stored endpoint, so an endpoint elsewhere would make it a messenger to
   * any address a customer names (decision 061).
   */
  pushServiceHosts: string[];
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class ConfigError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const DEFAULT_DATA_DIR = resolve(REPO_ROOT, '.data/pglite');
export const DEFAULT_MARINAS_DIR = resolve(REPO_ROOT, 'apps');

// One per process: development sessions survive a restart, their CSRF tokens are simply issued again.
const developmentSecret = randomBytes(32).toString('base64url');

/** Outside production without configured keys: one pair per process (a browser's subscriptions end with it). */
let developmentVapidKeys: { publicKey: string; privateKey: string } | undefined;
const DEVELOPMENT_VAPID_SUBJECT = 'mailto:push@marina.invalid';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const issues: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === '' ? undefined : raw;
  };

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    issues.push(`${name}: must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  };

  const nodeEnv = oneOf('NODE_ENV', NODE_ENVS, 'development');
  const logLevel = oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info');

  let port = 8443;
  const rawPort = value('PORT');
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535) {
      issues.push(`PORT: must be an integer from 0 to 65535 (got "${rawPort}")`);
    }
  }

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined) {
    let protocol = '';
    try {
      protocol = new URL(databaseUrl).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      // Never echo it: the URL may hold a password.
      issues.push('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    }
  }

  const rawDataDir = value('DATA_DIR');
  const dataDir =
    rawDataDir === undefined ? DEFAULT_DATA_DIR : rawDataDir === 'memory' ? 'memory' : resolve(rawDataDir);

  const rawStaticDir = value('STATIC_DIR');
  const staticDir = rawStaticDir === undefined ? undefined : resolve(rawStaticDir);
  if (staticDir !== undefined && !existsSync(resolve(staticDir, 'index.html'))) {
    const reason = existsSync(staticDir) && statSync(staticDir).isDirectory() ? 'has no index.html' : 'is not a folder';
    issues.push(`STATIC_DIR: ${staticDir} ${reason} (expected a built client bundle)`);
  }

  const allowedOrigins: string[] = [];
  for (const entry of (value('ALLOWED_ORIGINS') ?? '').split(',')) {
    const origin = entry.trim();
    if (origin === '') continue;
    const parsed = parseOrigin(origin);
    if (parsed) allowedOrigins.push(parsed);
    else issues.push(`ALLOWED_ORIGINS: "${origin}" is not an origin such as https://app.example.com`);
  }

  let appOrigin: string | undefined;
  const rawAppOrigin = value('APP_ORIGIN');
  if (rawAppOrigin !== undefined) {
    appOrigin = parseOrigin(rawAppOrigin);
    if (appOrigin === undefined)
      issues.push(`APP_ORIGIN: "${rawAppOrigin}" is not an origin such as https://app.example.com`);
    // The app the links open must be able to make calls.
    else if (!allowedOrigins.includes(appOrigin)) allowedOrigins.push(appOrigin);
  }
  appOrigin ??= allowedOrigins[0];
  if (nodeEnv === 'production') {
    if (appOrigin === undefined)
      issues.push('APP_ORIGIN: required in production (the links sent by e-mail point there), or set ALLOWED_ORIGINS');
    else if (!appOrigin.startsWith('https:'))
      issues.push(`APP_ORIGIN: must be https:// in production (got "${appOrigin}")`);
  }

  const rawDevRoutes = value('DEV_ROUTES');
  const devRoutes = rawDevRoutes === '1' || rawDevRoutes === 'true';
  if (rawDevRoutes !== undefined && !devRoutes && rawDevRoutes !== '0' && rawDevRoutes !== 'false') {
    issues.push(`DEV_ROUTES: must be 1 or 0 (got "${rawDevRoutes}")`);
  }
  if (devRoutes && nodeEnv === 'production')
    issues.push('DEV_ROUTES: not allowed in production (it shows every code and link in clear)');

  let sessionSecret = value('SESSION_SECRET');
  if (sessionSecret === undefined) {
    if (nodeEnv === 'production')
      issues.push(`SESSION_SECRET: required in production (at least ${MIN_SECRET_LENGTH} characters)`);
    sessionSecret = developmentSecret;
  } else if (sessionSecret.length < MIN_SECRET_LENGTH) {
    issues.push(`SESSION_SECRET: must be at least ${MIN_SECRET_LENGTH} characters long`);
  }

  const rawMarinasDir = value('MARINAS_DIR');
  const marinasDir = rawMarinasDir === undefined ? DEFAULT_MARINAS_DIR : resolve(rawMarinasDir);
  if (!existsSync(marinasDir) || !statSync(marinasDir).isDirectory()) {
    issues.push(
      `MARINAS_DIR: ${marinasDir} is not a folder (expected the folder holding the client-<id> marina folders)`,
    );
  }

  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:$/.test(protocolOf(smtpUrl))) {
    // Never echo it: the URL may hold a password.
    issues.push('SMTP_URL: must be an smtp:// or smtps:// URL');
  }
  const smsProviderUrl = value('SMS_PROVIDER_URL');
  if (smsProviderUrl !== undefined && !/^https?:$/.test(protocolOf(smsProviderUrl))) {
    issues.push('SMS_PROVIDER_URL: must be an http:// or https:// URL');
  }
  const smsProviderToken = value('SMS_PROVIDER_TOKEN');
  if (smsProviderUrl !== undefined && smsProviderToken === undefined)
    issues.push('SMS_PROVIDER_TOKEN: required with SMS_PROVIDER_URL');
  if (nodeEnv === 'production') {
    // In production a code that is only logged never reaches anyone.
    if (smtpUrl === undefined) issues.push('SMTP_URL: required in production (e-mails would not leave)');
    if (smsProviderUrl === undefined) issues.push('SMS_PROVIDER_URL: required in production (SMS would not leave)');
    if (value('MAIL_FROM') === undefined) issues.push('MAIL_FROM: required in production');
  }

  const concurrency = (name: string): number => {
    const raw = value(name);
    if (raw === undefined) return DEFAULT_OUTBOX_CONCURRENCY;
    const parsed = Number(raw);
    if (/^\d+$/.test(raw) && parsed >= 1 && parsed <= MAX_OUTBOX_CONCURRENCY) return parsed;
    issues.push(`${name}: must be a whole number from 1 to ${MAX_OUTBOX_CONCURRENCY} (got "${raw}")`);
    return DEFAULT_OUTBOX_CONCURRENCY;
  };
  const outboxConcurrency = {
    sms: concurrency('OUTBOX_SMS_CONCURRENCY'),
    email: concurrency('OUTBOX_EMAIL_CONCURRENCY'),
  };

  let trustProxy: Config['trustProxy'] = false;
  const rawTrustProxy = value('TRUST_PROXY');
  if (rawTrustProxy === 'true') trustProxy = true;
  else if (rawTrustProxy !== undefined && rawTrustProxy !== 'false') {
    trustProxy = rawTrustProxy
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (trustProxy.some((entry) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry))) {
      issues.push(`TRUST_PROXY: must be true, false or a comma list of proxy addresses (got "${rawTrustProxy}")`);
    }
  }

  const vapid = vapidConfig(value, nodeEnv, issues);
  const pushServiceHosts = pushHostsConfig(value('PUSH_SERVICE_HOSTS'), nodeEnv, issues);

  if (issues.length > 0) throw new ConfigError(issues);
  return {
    nodeEnv,
    port,
    host: value('HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    staticDir,
    logLevel,
    allowedOrigins,
    appOrigin,
    devRoutes,
    sessionSecret,
    marinasDir,
    smtpUrl,
    mailFrom: value('MAIL_FROM') ?? 'Marina <no-reply@marina.invalid>',
    smsProviderUrl,
    smsProviderToken,
    smsSender: value('SMS_SENDER') ?? 'Marina',
    outboxConcurrency,
    trustProxy,
    vapid,
    pushServiceHosts,
  };
}

/** Where the browsers' own push services answer: Chrome, Edge and Android; Firefox; Safari; Windows. */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

function pushHostsConfig(raw: string | undefined, nodeEnv: NodeEnv, issues: string[]): string[] {
  const hosts =
    raw === undefined
      ? KNOWN_PUSH_SERVICE_HOSTS
      : raw
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean);
  const bad = hosts.filter((host) => !HOSTNAME.test(host) && !LOOPBACK_HOSTS.includes(host));
  if (bad.length > 0 || hosts.length === 0)
    issues.push(`PUSH_SERVICE_HOSTS: must be a comma list of host names (got "${raw}")`);
  return nodeEnv === 'production' ? hosts : [...new Set([...hosts, ...LOOPBACK_HOSTS])];
}

/**
 * The VAPID keys and subject, checked: a public key that is a P-256 point, a private key of 32 bytes whose public
 * key it is (a pasted pair from two different runs is refused here, not by every push service later).
 */
function vapidConfig(value: (name: string) => string | undefined, nodeEnv: NodeEnv, issues: string[]): VapidConfig {
  const publicKey = value('VAPID_PUBLIC_KEY');
  const privateKey = value('VAPID_PRIVATE_KEY');
  const subject = value('VAPID_SUBJECT');
  const before = issues.length;
  if (publicKey === undefined && privateKey === undefined) {
    if (nodeEnv === 'production') {
      issues.push(
        'VAPID_PUBLIC_KEY: required in production (Web Push; make a pair with `npx web-push generate-vapid-keys`)',
      );
      issues.push('VAPID_PRIVATE_KEY: required in production (Web Push)');
    }
  } else if (publicKey === undefined) issues.push('VAPID_PUBLIC_KEY: required with VAPID_PRIVATE_KEY');
  else if (privateKey === undefined) issues.push('VAPID_PRIVATE_KEY: required with VAPID_PUBLIC_KEY');
  else {
    // Never echo the private key.
    const publicBytes = base64UrlBytes(publicKey);
    const privateBytes = base64UrlBytes(privateKey);
    if (publicBytes?.length !== 65 || publicBytes[0] !== 4)
      issues.push(
        `VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key in base64url, 87 characters (got "${publicKey}")`,
      );
    if (privateBytes?.length !== 32)
      issues.push('VAPID_PRIVATE_KEY: must be a P-256 private key in base64url, 43 characters');
    if (issues.length === before && !publicKeyOf(privateBytes!).equals(publicBytes!))
      issues.push('VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY (the two come from different pairs)');
  }
  if (subject === undefined) {
    if (nodeEnv === 'production')
      issues.push('VAPID_SUBJECT: required in production (a mailto: or https: contact for the push services)');
  } else if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(subject))
    issues.push(`VAPID_SUBJECT: must be a mailto: address or an https:// URL (got "${subject}")`);
  if (issues.length > before || publicKey === undefined || privateKey === undefined) {
    developmentVapidKeys ??= webPush.generateVAPIDKeys();
    return { ...developmentVapidKeys, subject: subject ?? DEVELOPMENT_VAPID_SUBJECT };
  }
  return { publicKey, privateKey, subject: subject ?? DEVELOPMENT_VAPID_SUBJECT };
}

/** The bytes of a base64url text (no padding), or undefined when it is not one. */
function base64UrlBytes(text: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : undefined;
}

/** The uncompressed public point of a P-256 private key. */
function publicKeyOf(privateKey: Buffer): Buffer {
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateKey);
  } catch {
    // Zero or not below the curve's order: no key at all.
    return Buffer.alloc(0);
  }
  return ecdh.getPublicKey();
}

/**
 * An absolute link into the app for a message: on the configured app origin, else (development, tests)
 * on this server's own configured address, never on a request's Host.
 */
export function appLink(config: Pick<Config, 'appOrigin' | 'port'>, path: string): string {
  return `${config.appOrigin ?? `http://localhost:${config.port}`}${path}`;
}

/** `https://app.example.com` (a trailing slash tolerated), or undefined for anything else. */
function parseOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, ''))
      return url.origin;
  } catch {
    // not a URL
  }
  return undefined;
}

function protocolOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}
