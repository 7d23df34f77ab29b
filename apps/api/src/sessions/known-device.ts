/**
 * The browser an account signed in from (decision 008): a long-lived `__Host-device` cookie, set at every
 * successful sign-in and password reset, that lets the owner's own browser skip the sign-in limits an
 * attacker can fill from elsewhere (it has a delay of its own instead).
 *
 * The value is `<device id>.<issued, s>.<MAC>`, the MAC an HMAC with SESSION_SECRET over the marina, the
 * account, the device, the date and a digest of the account's password hash: nothing is stored, a forged or
 * other account's cookie is worth nothing, and changing the password forgets every known browser (a thief's
 * too). It opens no session and carries nothing personal.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountRow } from '../accounts/accounts.schema.ts';
import { KNOWN_DEVICE_TTL_MS } from '../security/limits.ts';
import { hmacSha256, randomToken, safeEqual, sha256 } from '../security/secrets.ts';

export const DEVICE_COOKIE = '__Host-device';

const DEVICE_VALUE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

type DeviceAccount = Pick<AccountRow, 'id' | 'clientId' | 'passwordHash'>;

function deviceMac(secret: string, account: DeviceAccount, deviceId: string, issuedAt: number): string {
  return hmacSha256(
    secret,
    `device:${account.clientId}:${account.id}:${deviceId}:${issuedAt}:${sha256(account.passwordHash ?? '')}`,
  );
}

/** The id of this browser if its cookie is a live one of `account`, else null. */
export function knownDeviceId(
  request: FastifyRequest,
  secret: string,
  account: DeviceAccount | undefined,
  now: Date,
): string | null {
  const match = DEVICE_VALUE.exec(request.cookies[DEVICE_COOKIE] ?? '');
  if (!match || !account?.passwordHash) return null;
  const [, deviceId, issued, mac] = match as unknown as [string, string, string, string];
  const issuedAt = Number(issued);
  if (issuedAt * 1000 + KNOWN_DEVICE_TTL_MS <= now.getTime()) return null;
  return safeEqual(mac, deviceMac(secret, account, deviceId, issuedAt)) ? deviceId : null;
}

/** Marks this browser as known to `account` for KNOWN_DEVICE_TTL_MS, keeping its id if it had one. */
export function rememberDevice(
  reply: FastifyReply,
  secret: string,
  account: DeviceAccount,
  deviceId: string | null,
  now: Date,
): void {
  const id = deviceId ?? randomToken(16);
  const issuedAt = Math.floor(now.getTime() / 1000);
  reply.setCookie(DEVICE_COOKIE, `${id}.${issuedAt}.${deviceMac(secret, account, id, issuedAt)}`, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'lax',
    maxAge: KNOWN_DEVICE_TTL_MS / 1000,
  });
}
