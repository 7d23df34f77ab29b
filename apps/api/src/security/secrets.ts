/** Random identifiers, hashes and MACs: the few primitives every token in the server is made from. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** base64url of `bytes` random bytes; 32 bytes (256 bits) by default. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A 6-digit verification code, uniformly drawn (leading zeros allowed). */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function hmacSha256(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Compares two strings without leaking, through timing, how much of them matched. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
