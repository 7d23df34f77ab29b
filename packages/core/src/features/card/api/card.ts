import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import type { Card, CardCheck } from '../../../domain/cards.ts';
import { persisted } from '../../../lib/queries.ts';

/** `GET /card`: the signed-in holder's card. */
export const cardKey = ['card'] as const;

/**
 * Kept on the phone (`persisted`), secret included, so the card and its QR open at the gate without
 * coverage (decision 029); signing out removes it with the rest of the server cache. The verdict may
 * change at any moment (a contract ends, staff suspend the account): asked again every time the card shows.
 */
export function cardQuery(api: ApiClient) {
  return queryOptions({ queryKey: cardKey, queryFn: () => api.get<Card>('card'), ...persisted, staleTime: 0 });
}

/** How often an open card asks for its verdict again (decision 054). */
export const CARD_REFRESH_MS = 30_000;

/**
 * The card as its two screens read it: live while one of them shows (decision 054). Asked again every
 * 30 s while the page is in view and whenever it comes back into view, so a verdict that turns red at the
 * marina (staff put the boats into maintenance, a contract ends) replaces a green card within 35 s without
 * a reload. Only here, never in `cardQuery`'s defaults: `inicio` and the kept copy have no timer.
 */
export function liveCardQuery(api: ApiClient) {
  return queryOptions({
    ...cardQuery(api),
    refetchInterval: CARD_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}

/** `POST /card/reissue`: a new id and secret; every earlier QR stops working at once. */
export async function reissueCard(api: ApiClient, client: QueryClient): Promise<Card> {
  const card = await api.send<Card>('post', 'card/reissue', {});
  client.setQueryData(cardKey, card);
  return card;
}

/**
 * The statuses a check is tried again on: a failure on the way, as every load. Not 429: the client would
 * wait the `Retry-After` (minutes) in silence; the screen says at once to wait instead.
 */
const CHECK_RETRY = { limit: 2, statusCodes: [408, 500, 502, 503, 504] };

/**
 * `GET /cards/{idTarjeta}/check?c=`: public, no session needed. The phone's session goes with it when there
 * is one (as with every call), so a staff member signed in at the gate checks without the anonymous limits.
 */
export function checkCard(api: ApiClient, idTarjeta: string, code: string | null): Promise<CardCheck> {
  const query = code === null ? '' : `?${new URLSearchParams({ c: code }).toString()}`;
  return api.get<CardCheck>(`cards/${encodeURIComponent(idTarjeta)}/check${query}`, { retry: CHECK_RETRY });
}
