import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, loadConfig, REPO_ROOT } from '../config.ts';
import { developmentVapidKeysFile, withDevelopmentVapidKeys } from './development-keys.ts';

const folder = mkdtempSync(join(tmpdir(), 'vapid-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('development VAPID keys', () => {
  it('are made once, kept readable only by their owner, and read again on the next start', () => {
    const file = join(folder, 'data', 'vapid-keys.json');
    const first = withDevelopmentVapidKeys({}, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = withDevelopmentVapidKeys({ PORT: '9000' }, file);
    expect(again).toEqual({
      PORT: '9000',
      VAPID_PUBLIC_KEY: first.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: first.VAPID_PRIVATE_KEY,
    });
    // A pair the configuration takes as it is.
    expect(loadConfig(again).vapid).toMatchObject({
      publicKey: first.VAPID_PUBLIC_KEY,
      privateKey: first.VAPID_PRIVATE_KEY,
    });
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(kept.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(kept.publicKey);
  });

  it('replace a kept file that is not a pair', () => {
    const file = join(folder, 'broken.json');
    writeFileSync(file, 'not json');
    const env = withDevelopmentVapidKeys({}, file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
    });
  });

  it('are kept beside the database folder, in the default data folder for a database in memory', () => {
    expect(DEFAULT_DATA_DIR).toBe(join(REPO_ROOT, '.data', 'pglite'));
    expect(developmentVapidKeysFile({})).toBe(join(REPO_ROOT, '.data', 'vapid-keys.json'));
    expect(developmentVapidKeysFile({ DATA_DIR: 'memory' })).toBe(join(REPO_ROOT, '.data', 'vapid-keys.json'));
    expect(developmentVapidKeysFile({ DATA_DIR: join(folder, 'other', 'pglite') })).toBe(
      join(folder, 'other', 'vapid-keys.json'),
    );
    const env = withDevelopmentVapidKeys({ DATA_DIR: join(folder, 'beside', 'pglite') });
    expect(JSON.parse(readFileSync(join(folder, 'beside', 'vapid-keys.json'), 'utf8')).publicKey).toBe(
      env.VAPID_PUBLIC_KEY,
    );
  });

  it('leave configured keys and production alone, making no file', () => {
    const file = join(folder, 'untouched.json');
    const configured = { VAPID_PUBLIC_KEY: 'set', VAPID_PRIVATE_KEY: 'set' };
    expect(withDevelopmentVapidKeys(configured, file)).toBe(configured);
    const production = { NODE_ENV: 'production' };
    expect(withDevelopmentVapidKeys(production, file)).toBe(production);
    expect(() => statSync(file)).toThrow();
  });
});
