import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  appLink,
  ConfigError,
  DEFAULT_DATA_DIR,
  DEFAULT_MARINAS_DIR,
  KNOWN_PUSH_SERVICE_HOSTS,
  loadConfig,
  REPO_ROOT,
} from './config.ts';

/** A VAPID pair as `web-push generate-vapid-keys` prints it (base64url, uncompressed public point). */
function vapidPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}
const VAPID = vapidPair();

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('starts with safe defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8443,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: DEFAULT_DATA_DIR,
      staticDir: undefined,
      logLevel: 'info',
      allowedOrigins: [],
      appOrigin: undefined,
      devRoutes: false,
      marinasDir: DEFAULT_MARINAS_DIR,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('is silent in tests unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://marina:secret@db:5432/marina',
      DATA_DIR: 'memory',
      LOG_LEVEL: 'warn',
      ALLOWED_ORIGINS: 'https://app.portblau.example, https://app.varadero.example/',
      SESSION_SECRET: 'x'.repeat(40),
      MARINAS_DIR: `${REPO_ROOT}/apps/../apps`,
      SMTP_URL: 'smtps://mailer:secret@smtp.portblau.example:465',
      MAIL_FROM: 'Marina Port Blau <no-reply@portblau.example>',
      SMS_PROVIDER_URL: 'https://sms.example/api/messages',
      SMS_PROVIDER_TOKEN: 'sms-token',
      SMS_SENDER: 'PortBlau',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: 'mailto:avisos@portblau.example',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://marina:secret@db:5432/marina',
      dataDir: 'memory',
      logLevel: 'warn',
      allowedOrigins: ['https://app.portblau.example', 'https://app.varadero.example'],
      sessionSecret: 'x'.repeat(40),
      marinasDir: DEFAULT_MARINAS_DIR,
      smtpUrl: 'smtps://mailer:secret@smtp.portblau.example:465',
      mailFrom: 'Marina Port Blau <no-reply@portblau.example>',
      smsProviderUrl: 'https://sms.example/api/messages',
      smsProviderToken: 'sms-token',
      smsSender: 'PortBlau',
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
      vapid: { ...VAPID, subject: 'mailto:avisos@portblau.example' },
      // The browsers' push services only: not this machine.
      pushServiceHosts: KNOWN_PUSH_SERVICE_HOSTS,
    });
  });

  it('requires real message transports in production, so codes never stay in a log', () => {
    const error = configError({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(error.message).toContain('SMTP_URL: required in production');
    expect(error.message).toContain('SMS_PROVIDER_URL: required in production');
    expect(error.message).toContain('MAIL_FROM: required in production');
  });

  it('posts pushes only to the browsers’ push services, this machine too outside production', () => {
    const development = loadConfig({});
    expect(development.pushServiceHosts).toEqual(expect.arrayContaining(['fcm.googleapis.com', '127.0.0.1']));
    const own = loadConfig({ PUSH_SERVICE_HOSTS: 'push.portblau.example, FCM.googleapis.com' }).pushServiceHosts;
    expect(own).toEqual(expect.arrayContaining(['push.portblau.example', 'fcm.googleapis.com']));
    expect(own).not.toContain('push.services.mozilla.com');
    expect(configError({ PUSH_SERVICE_HOSTS: 'https://fcm.googleapis.com/' }).message).toContain(
      'PUSH_SERVICE_HOSTS: must be a comma list of host names',
    );
    expect(configError({ PUSH_SERVICE_HOSTS: ' , ' }).message).toContain('PUSH_SERVICE_HOSTS');
    const production = configError({ NODE_ENV: 'production' });
    expect(production.message).not.toContain('PUSH_SERVICE_HOSTS');
  });

  it('refuses a malformed SMTP_URL without echoing it, and an SMS provider without its token', () => {
    const error = configError({ SMTP_URL: 'http://user:hunter2@mail', SMS_PROVIDER_URL: 'https://sms.example' });
    expect(error.message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(error.message).not.toContain('hunter2');
    expect(error.message).toContain('SMS_PROVIDER_TOKEN: required with SMS_PROVIDER_URL');
  });

  it('sends each provider 4 messages at once unless OUTBOX_SMS_CONCURRENCY / OUTBOX_EMAIL_CONCURRENCY say otherwise (decision 039)', () => {
    expect(loadConfig({}).outboxConcurrency).toEqual({ sms: 4, email: 4 });
    expect(loadConfig({ OUTBOX_SMS_CONCURRENCY: '1', OUTBOX_EMAIL_CONCURRENCY: '20' }).outboxConcurrency).toEqual({
      sms: 1,
      email: 20,
    });
    const error = configError({ OUTBOX_SMS_CONCURRENCY: '0', OUTBOX_EMAIL_CONCURRENCY: '2.5' });
    expect(error.message).toContain('OUTBOX_SMS_CONCURRENCY: must be a whole number from 1 to 100 (got "0")');
    expect(error.message).toContain('OUTBOX_EMAIL_CONCURRENCY: must be a whole number from 1 to 100 (got "2.5")');
  });

  it('logs messages instead of sending them when no transport is configured (development)', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, smsProviderUrl: undefined, trustProxy: false });
  });

  it('points links at APP_ORIGIN, else the first of ALLOWED_ORIGINS, else (development) at this server', () => {
    const both = loadConfig({ APP_ORIGIN: 'https://app.portblau.example/', ALLOWED_ORIGINS: 'https://a.example' });
    expect(both.appOrigin).toBe('https://app.portblau.example');
    // The app the links open may call the API.
    expect(both.allowedOrigins).toEqual(['https://a.example', 'https://app.portblau.example']);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).appOrigin).toBe('https://a.example');
    expect(appLink(loadConfig({ APP_ORIGIN: 'https://app.portblau.example' }), '/activar?token=t')).toBe(
      'https://app.portblau.example/activar?token=t',
    );
    expect(appLink(loadConfig({ PORT: '9000' }), '/activar?token=t')).toBe('http://localhost:9000/activar?token=t');
  });

  it('requires an https app origin in production', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(configError(production).message).toContain('APP_ORIGIN: required in production');
    expect(configError({ ...production, APP_ORIGIN: 'http://app.portblau.example' }).message).toContain(
      'APP_ORIGIN: must be https:// in production',
    );
    expect(configError({ ...production, APP_ORIGIN: 'https://app.portblau.example' }).message).not.toContain(
      'APP_ORIGIN',
    );
  });

  it('serves the development routes only when DEV_ROUTES asks, never in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).devRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devRoutes).toBe(false);
    expect(loadConfig({ DEV_ROUTES: '1' }).devRoutes).toBe(true);
    expect(loadConfig({ DEV_ROUTES: '0' }).devRoutes).toBe(false);
    expect(configError({ NODE_ENV: 'production', DEV_ROUTES: '1' }).message).toContain(
      'DEV_ROUTES: not allowed in production',
    );
  });

  it('names each bad variable on its own line', () => {
    const error = configError({
      PORT: 'http',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
      ALLOWED_ORIGINS: 'app.example.com',
      APP_ORIGIN: 'https://app.example.com/activar',
      DEV_ROUTES: 'yes',
    });
    expect(error.issues).toHaveLength(6);
    expect(error.message).toMatch(/^Invalid configuration:\n/);
    expect(error.message).toContain('  - PORT: must be an integer from 0 to 65535 (got "http")');
    expect(error.message).toContain('  - NODE_ENV: must be one of development, test, production (got "staging")');
    expect(error.message).toContain('  - LOG_LEVEL:');
    expect(error.message).toContain('  - ALLOWED_ORIGINS: "app.example.com" is not an origin');
    expect(error.message).toContain('  - APP_ORIGIN: "https://app.example.com/activar" is not an origin');
    expect(error.message).toContain('  - DEV_ROUTES: must be 1 or 0 (got "yes")');
  });

  it('requires the Web Push keys and subject in production', () => {
    const error = configError({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(error.message).toContain('VAPID_PUBLIC_KEY: required in production');
    expect(error.message).toContain('VAPID_PRIVATE_KEY: required in production');
    expect(error.message).toContain('VAPID_SUBJECT: required in production');
  });

  it('refuses a malformed or mismatched VAPID pair, naming the variable and never echoing the private key', () => {
    const other = vapidPair();
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ VAPID_PUBLIC_KEY: VAPID.publicKey }, 'VAPID_PRIVATE_KEY: required with VAPID_PUBLIC_KEY'],
      [{ VAPID_PRIVATE_KEY: VAPID.privateKey }, 'VAPID_PUBLIC_KEY: required with VAPID_PRIVATE_KEY'],
      [
        { VAPID_PUBLIC_KEY: VAPID.publicKey.slice(0, 40), VAPID_PRIVATE_KEY: VAPID.privateKey },
        'VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key',
      ],
      [
        { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: `${VAPID.privateKey}+/` },
        'VAPID_PRIVATE_KEY: must be a P-256 private key in base64url',
      ],
      [
        { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: other.privateKey },
        'VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY',
      ],
      [
        { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: Buffer.alloc(32).toString('base64url') },
        'VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY',
      ],
      [{ VAPID_SUBJECT: 'avisos@portblau.example' }, 'VAPID_SUBJECT: must be a mailto: address or an https:// URL'],
      [{ VAPID_SUBJECT: 'http://portblau.example' }, 'VAPID_SUBJECT: must be a mailto: address or an https:// URL'],
    ];
    for (const [env, issue] of cases) {
      const error = configError(env);
      expect(error.message).toContain(issue);
      expect(error.message).not.toContain(other.privateKey);
      expect(error.message).not.toContain(VAPID.privateKey);
    }
    // Production too: a set pair is checked the same way.
    expect(
      configError({ NODE_ENV: 'production', VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: other.privateKey })
        .message,
    ).toContain('VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY');
  });

  it('makes one VAPID pair per process outside production when none is set', () => {
    const first = loadConfig({}).vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    // A true pair: the checks a configured pair meets.
    expect(loadConfig({ VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey }).vapid).toEqual(first);
    expect(loadConfig({ NODE_ENV: 'test' }).vapid).toEqual(first);
    expect(first.subject).toMatch(/^mailto:/);
    expect(loadConfig({ VAPID_SUBJECT: 'https://portblau.example/contacto' }).vapid.subject).toBe(
      'https://portblau.example/contacto',
    );
  });

  it('requires a long SESSION_SECRET in production', () => {
    expect(configError({ NODE_ENV: 'production' }).message).toContain('SESSION_SECRET: required in production');
    expect(configError({ NODE_ENV: 'production', SESSION_SECRET: 'short' }).message).toContain(
      'SESSION_SECRET: must be at least 32 characters',
    );
  });

  it('refuses a DATABASE_URL that is not PostgreSQL without echoing it', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:hunter2@db/marina' });
    expect(error.message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(error.message).not.toContain('hunter2');
  });

  it('refuses a STATIC_DIR that is not a built bundle', () => {
    expect(configError({ STATIC_DIR: '/nowhere/dist' }).message).toContain('STATIC_DIR: /nowhere/dist is not a folder');
  });

  it('refuses a MARINAS_DIR that is not a folder', () => {
    expect(configError({ MARINAS_DIR: '/nowhere/apps' }).message).toContain(
      'MARINAS_DIR: /nowhere/apps is not a folder',
    );
  });
});
