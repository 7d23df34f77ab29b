/**
 * The two cookies of docs/product.md §7.2. `__Host-sid` carries the session id (HttpOnly; the `__Host-` prefix makes
 * the browser insist on Secure, Path=/ and no Domain). `XSRF-TOKEN` is readable by the app, which echoes it
 * in `X-XSRF-TOKEN`; it is an HMAC of the sid, so it changes whenever the sid does (at sign-in).
 * Anonymous visitors get a sid too (no database row), so CSRF protection works before sign-in.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE, XSRF_COOKIE } from '../config.ts';
import { hmacSha256, randomToken, sha256 } from '../security/secrets.ts';

// 256 random bits in base64url: anything else is not one of ours and costs no query.
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID.test(value);
}

export function newSessionId(): string {
  return randomToken(32);
}

/** What the sessions table stores instead of the id. */
export function sessionIdHash(sid: string): string {
  return sha256(sid);
}

export function xsrfTokenFor(secret: string, sid: string): string {
  return hmacSha256(secret, `xsrf:${sid}`);
}

// Secure always: Chromium accepts Secure cookies from http://localhost and 127.0.0.1 (trustworthy origins).
const BASE: CookieSerializeOptions = { path: '/', secure: true, sameSite: 'lax' };

/**
 * Sets both cookies for `sid`. A signed-in session's cookies last as long as its absolute limit; an
 * anonymous one's end with the browser.
 */
export function setSessionCookies(
  reply: FastifyReply,
  secret: string,
  sid: string,
  { signedIn }: { signedIn: boolean },
) {
  const lifetime = signedIn ? { maxAge: SESSION_ABSOLUTE_TIMEOUT_MS / 1000 } : {};
  reply.setCookie(SESSION_COOKIE, sid, { ...BASE, ...lifetime, httpOnly: true });
  setXsrfCookie(reply, secret, sid, { signedIn });
}

export function setXsrfCookie(reply: FastifyReply, secret: string, sid: string, { signedIn }: { signedIn: boolean }) {
  const lifetime = signedIn ? { maxAge: SESSION_ABSOLUTE_TIMEOUT_MS / 1000 } : {};
  reply.setCookie(XSRF_COOKIE, xsrfTokenFor(secret, sid), { ...BASE, ...lifetime, httpOnly: false });
}

/** After sign-out or deletion: a fresh anonymous sid replaces the old one, so CSRF keeps working. */
export function replaceWithAnonymousSession(reply: FastifyReply, secret: string): string {
  const sid = newSessionId();
  setSessionCookies(reply, secret, sid, { signedIn: false });
  return sid;
}
