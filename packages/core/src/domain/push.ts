/**
 * Web Push subscriptions (issue 23): the body a browser's `PushSubscription.toJSON()` gives, checked once here for
 * the server (and for the app, when it sends one), and the deployment's public key as the API answers it.
 */
import * as yup from 'yup';
import { Instant, Shared, StringEnum, Type, Uuid, type Static } from './response-schema.ts';
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

/**
 * What a person may be told about, each with its own choice of channel (issue 23). `launch_cancelled` is every
 * end the marina gives a launch (rejected, cancelled by staff, a closure, expired, the waiting list ended);
 * `contract_approved` covers a rejection too; `authorisation` an invitation, a suspension and an end. Staff
 * cannot move a launch, so there is no kind for that. `outing_overdue` (a boat out past its return) is a safety
 * alert: always both channels (`locked`).
 */
export const NOTICE_KINDS = [
  'launch_confirmed',
  'launch_cancelled',
  'waitlist_promoted',
  'boat_in_water',
  'boat_back',
  'stow_reminder',
  'contract_approved',
  'authorisation',
  'data_to_confirm',
  'outing_overdue',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Push to the phone, the marina's SMS or e-mail (`message`), or both. */
export const NOTICE_CHANNELS = ['push', 'message', 'both'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** Every kind starts as `both`; the locked ones stay so. */
export const DEFAULT_NOTICE_CHANNEL: NoticeChannel = 'both';
export const LOCKED_NOTICE_KINDS: readonly NoticeKind[] = ['outing_overdue'];

export const notificationPreferencesResponse = Shared(
  Type.Object(
    {
      items: Type.Array(
        Type.Object({
          kind: StringEnum(NOTICE_KINDS, { description: 'What the person is told about' }),
          channel: StringEnum(NOTICE_CHANNELS, {
            description: '`push` to the phone, `message` by the marina’s SMS or e-mail, or `both`',
          }),
          locked: Type.Boolean({ description: 'A safety alert: always `both`, not changeable' }),
        }),
      ),
      pushDevices: Type.Integer({
        minimum: 0,
        description: 'How many browsers of this account receive pushes on this marina',
      }),
    },
    { $id: 'NotificationPreferences' },
  ),
);
export type NotificationPreferences = Static<typeof notificationPreferencesResponse>;
export type NotificationPreference = NotificationPreferences['items'][number];

/** `PUT /notification-preferences`: one kind's channel. */
export const notificationPreferenceSchema = yup.object({
  kind: yup
    .string()
    .required(m.notice_kind_required)
    .oneOf([...NOTICE_KINDS], m.notice_kind_invalid)
    .meta({ description: 'What the person is told about' }),
  channel: yup
    .string()
    .required(m.notice_channel_required)
    .oneOf([...NOTICE_CHANNELS], m.notice_channel_invalid)
    .meta({ description: '`push`, `message` (the marina’s SMS or e-mail) or `both`' }),
});
export type NotificationPreferenceInput = { kind: NoticeKind; channel: NoticeChannel };

export const pushSubscriptionsResponse = Shared(
  Type.Object(
    {
      items: Type.Array(
        Type.Object({
          id: Uuid(),
          origin: Type.String({ description: 'The push service’s origin (https://fcm.googleapis.com…)' }),
          createdAt: Instant(),
          updatedAt: Instant(),
        }),
      ),
    },
    { $id: 'PushSubscriptions' },
  ),
);
export type PushSubscriptions = Static<typeof pushSubscriptionsResponse>;

/** What a push carries (JSON, encrypted by the push service's hop): the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  /** An app path: the deep link a tap opens (`/bajada/<id>`). */
  url: string;
  /** Replaces an earlier notification of the same thing (`launch-<id>`). */
  tag: string;
  kind: NoticeKind;
}
