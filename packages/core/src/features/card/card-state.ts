import { cardCheckUrl, cardCode, type Card } from '../../domain/cards.ts';

/**
 * A green verdict older than this shows as «Sin comprobar», never green (docs/product.md §4.10, decision
 * 029): a day covers a morning at the dock without coverage, while a contract or insurance that ended
 * yesterday must not still look green at the gate.
 */
export const VERDICT_MAX_AGE = 24 * 60 * 60 * 1000;

/** What the holder's screens show: green, red, or a green one too old to trust. */
export type ShownVerdict = 'valid' | 'invalid' | 'unchecked';

export function shownVerdict(card: Pick<Card, 'verdict'>, fetchedAt: number, now: number = Date.now()): ShownVerdict {
  if (!card.verdict.valid) return 'invalid';
  return now - fetchedAt > VERDICT_MAX_AGE ? 'unchecked' : 'valid';
}

/**
 * How far the phone's clock is from the server's, from the answer's `serverTime` and the moment it
 * arrived: the codes are computed on the server's time, so a phone whose clock is off still shows a
 * code the gate accepts. Kept with the card, so it also holds offline.
 */
export function clockOffset(card: Pick<Card, 'serverTime'>, fetchedAt: number): number {
  const server = Date.parse(card.serverTime);
  return Number.isNaN(server) || fetchedAt === 0 ? 0 : server - fetchedAt;
}

/** The QR's content at `now` (the phone's clock, corrected by `offset`). */
export function cardQrValue(
  card: Pick<Card, 'idTarjeta' | 'code'>,
  origin: string,
  now: number,
  offset: number,
): string {
  return cardCheckUrl(origin, card.idTarjeta, cardCode(card.code.secret, new Date(now + offset)));
}

/** Milliseconds until the next code (the next step of `period` seconds on the server's time). */
export function untilNextCode(period: number, now: number, offset: number): number {
  const step = period * 1000;
  const serverNow = now + offset;
  return step - (((serverNow % step) + step) % step);
}
