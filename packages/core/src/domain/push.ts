/**
 * Web Push subscriptions (issue 23): the body a browser's `PushSubscription.toJSON()` gives, checked once here for
 * the server (and for the app, when it sends one), and the deployment's public key as the API answers it.
 */
import * as yup from 'yup';
import { Shared, Type, type Static } from './response-schema.ts';
import type {} from './schema-meta.ts';
import { fieldRuleMessages as m } from '../messages/field-rules.ts';

/** Push services' endpoints are a few hundred characters; a longer one is no browser's. */
export const PUSH_ENDPOINT_MAX = 2048;

const BASE64URL = /^[A-Za-z0-9_-]+=*$/;

/** The length in bytes of a base64url text, or -1 when it is not one. */
function base64UrlLength(value: string): number {
  if (!BASE64URL.test(value)) return -1;
  const unpadded = value.replace(/=+$/, '');
  return unpadded.length % 4 === 1 ? -1 : Math.floor((unpadded.length * 3) / 4);
}

/** An https:// URL (what every push service gives: RFC 8030 requires TLS). */
function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export const pushSubscriptionSchema = yup.object({
  endpoint: yup
    .string()
    .required(m.push_endpoint_required)
    .max(PUSH_ENDPOINT_MAX, m.push_endpoint_too_long({ max: PUSH_ENDPOINT_MAX }))
    .test('https', m.push_endpoint_https, (value) => value === undefined || isHttpsUrl(value))
    .meta({ description: 'The push service URL the browser gave (https).' }),
  keys: yup
    .object({
      p256dh: yup
        .string()
        .required(m.push_p256dh_required)
        // An uncompressed P-256 point: 65 bytes.
        .test('p256dh', m.push_p256dh_invalid, (value) => value === undefined || base64UrlLength(value) === 65)
        .meta({ description: 'The browser’s P-256 public key, base64url (RFC 8291).' }),
      auth: yup
        .string()
        .required(m.push_auth_required)
        .test('auth', m.push_auth_invalid, (value) => value === undefined || base64UrlLength(value) === 16)
        .meta({ description: 'The 16-byte authentication secret, base64url (RFC 8291).' }),
    })
    .required(m.push_keys_required)
    .default(undefined),
});
export type PushSubscriptionInput = yup.InferType<typeof pushSubscriptionSchema>;

/** Which subscription to remove: its endpoint. */
export const pushUnsubscribeSchema = yup.object({
  endpoint: yup
    .string()
    .required(m.push_endpoint_required)
    .max(PUSH_ENDPOINT_MAX, m.push_endpoint_too_long({ max: PUSH_ENDPOINT_MAX })),
});
export type PushUnsubscribeInput = yup.InferType<typeof pushUnsubscribeSchema>;

export const pushKeyResponse = Shared(
  Type.Object(
    {
      publicKey: Type.String({
        description: 'The VAPID public key (uncompressed P-256, base64url): `applicationServerKey` of subscribe().',
      }),
    },
    { $id: 'PushKey' },
  ),
);
export type PushKey = Static<typeof pushKeyResponse>;
