/**
 * `npm start`'s VAPID keys: made once and kept in the data folder, beside the database folder
 * (`.data/vapid-keys.json`, or next to DATA_DIR), so that a browser's push subscriptions outlive a restart of
 * the local server, as its database does. Never in production, where VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY
 * are required (config.ts); configured keys always win.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import webPush from 'web-push';
import { DEFAULT_DATA_DIR } from '../config.ts';

/** The kept pair's file: in the folder that holds the database folder (`memory` keeps it in the default one). */
export function developmentVapidKeysFile(env: NodeJS.ProcessEnv): string {
  const dataDir = env.DATA_DIR?.trim();
  return resolve(dirname(!dataDir || dataDir === 'memory' ? DEFAULT_DATA_DIR : resolve(dataDir)), 'vapid-keys.json');
}

/**
 * `env` with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from the kept pair (made now when there is none), unless it
 * sets either itself or runs in production. A kept file that cannot be read as one is replaced by a new pair.
 */
export function withDevelopmentVapidKeys(
  env: NodeJS.ProcessEnv,
  file: string = developmentVapidKeysFile(env),
): NodeJS.ProcessEnv {
  if (env.NODE_ENV === 'production' || env.VAPID_PUBLIC_KEY?.trim() || env.VAPID_PRIVATE_KEY?.trim()) return env;
  const keys = readKeys(file) ?? writeKeys(file);
  return { ...env, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

function readKeys(file: string): { publicKey: string; privateKey: string } | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const kept: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (
      typeof kept === 'object' &&
      kept !== null &&
      'publicKey' in kept &&
      'privateKey' in kept &&
      typeof kept.publicKey === 'string' &&
      typeof kept.privateKey === 'string'
    )
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch {
    // Not JSON: made again below.
  }
  return undefined;
}

function writeKeys(file: string): { publicKey: string; privateKey: string } {
  const keys = webPush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  // Only this user reads a private key, even a development one.
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}
