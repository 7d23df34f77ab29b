import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import type {
  Authorisation,
  AuthorisationInput,
  AuthorisationList,
  RescheduleInput,
} from '../../../domain/authorisations.ts';
import type { BoatList } from '../../../domain/boats.ts';
import { boatsKey, persisted } from '../../../lib/queries.ts';

/** `GET /authorisations` and each one (`['authorisations', id]`). */
export const authorisationsKey = ['authorisations'] as const;
export const authorisationKey = (id: string) => [...authorisationsKey, id] as const;

/**
 * Every person the owner has authorised, on every boat (the screen filters by boat itself, so the filter
 * works offline too). Kept on the phone; asked again each time the list shows: a period ends overnight.
 */
export function authorisationsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: authorisationsKey,
    queryFn: () => api.get<AuthorisationList>('authorisations'),
    ...persisted,
    staleTime: 0,
  });
}

/** One person; what the list already says shows while it loads. */
export function authorisationQuery(api: ApiClient, client: QueryClient, id: string) {
  return queryOptions({
    queryKey: authorisationKey(id),
    queryFn: () => api.get<Authorisation>(`authorisations/${encodeURIComponent(id)}`),
    staleTime: 0,
    placeholderData: () =>
      client.getQueryData<AuthorisationList>(authorisationsKey)?.authorisations.find((item) => item.id === id),
    ...persisted,
  });
}

/** The customer's boats, the same query as `misbarcos` (a feature may not import another). */
export function ownBoatsQuery(api: ApiClient) {
  return queryOptions({ queryKey: boatsKey, queryFn: () => api.get<BoatList>('boats'), ...persisted });
}

const path = (id: string, action?: string) => `authorisations/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export function createAuthorisation(
  api: ApiClient,
  body: AuthorisationInput,
  idempotencyKey: string,
): Promise<Authorisation> {
  return api.create('authorisations', body, { idempotencyKey });
}

export function validateAuthorisation(api: ApiClient, id: string, code: string): Promise<Authorisation> {
  return api.send('post', path(id, 'validate'), { code });
}

/** A new code: the API answers the pending authorisation with it, as `validate` answers the validated one. */
export function resendAuthorisationCode(api: ApiClient, id: string): Promise<Authorisation> {
  return api.send('post', path(id, 'resend'), {});
}

export function suspendAuthorisation(api: ApiClient, id: string, reason: string): Promise<Authorisation> {
  return api.send('post', path(id, 'suspend'), { reason });
}

export function reactivateAuthorisation(api: ApiClient, id: string): Promise<Authorisation> {
  return api.send('post', path(id, 'reactivate'), {});
}

export function rescheduleAuthorisation(api: ApiClient, id: string, body: RescheduleInput): Promise<Authorisation> {
  return api.send('post', path(id, 'reschedule'), body);
}

/** Takes back a pending invitation: the server deletes it with its code (decision 034). */
export function withdrawAuthorisation(api: ApiClient, id: string): Promise<void> {
  return api.send('post', path(id, 'withdraw'), {});
}

/** A withdrawn invitation leaves the list and its own entry at once; then the list loads again. */
export function authorisationWithdrawn(client: QueryClient, id: string): void {
  client.setQueryData<AuthorisationList>(
    authorisationsKey,
    (list) => list && { ...list, authorisations: list.authorisations.filter((item) => item.id !== id) },
  );
  client.removeQueries({ queryKey: authorisationKey(id), exact: true });
  void client.invalidateQueries({ queryKey: authorisationsKey });
}

/**
 * What the server said about one person, in the list and in its own entry; then the list loads again, and
 * the boats too (an owner's boat lists who may use it, and a suspension cancels launches).
 */
export function authorisationChanged(client: QueryClient, authorisation: Authorisation): void {
  client.setQueryData(authorisationKey(authorisation.id), authorisation);
  client.setQueryData<AuthorisationList>(authorisationsKey, (list) => {
    if (!list) return list;
    const known = list.authorisations.some((item) => item.id === authorisation.id);
    return {
      ...list,
      authorisations: known
        ? list.authorisations.map((item) => (item.id === authorisation.id ? authorisation : item))
        : [...list.authorisations, authorisation],
    };
  });
  void client.invalidateQueries({ queryKey: authorisationsKey });
  void client.invalidateQueries({ queryKey: ['launches'] });
}
