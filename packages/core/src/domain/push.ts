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
 * What a person may choose how to be told about (docs/product.md §4.12): each notice the marina sends a customer
 * belongs to one kind. `outing_overdue` is a safety alert and always goes both ways.
 */
export const NOTICE_KINDS = [
  'launch_confirmed',
  'launch_cancelled',
  'waitlist_promoted',
  'boat_in_water',
  'boat_back',
  'launch_reminder',
  'stow_reminder',
  'contract_approved',
  'authorisation',
  'data_to_confirm',
  'outing_overdue',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** `push`: to the phone only; `message`: the marina's SMS or e-mail only; `both`. */
export const NOTICE_CHANNELS = ['push', 'message', 'both'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** Until the person chooses. */
export const DEFAULT_NOTICE_CHANNEL: NoticeChannel = 'both';

/** Kinds nobody can change: always `both`. */
export const LOCKED_NOTICE_KINDS: ReadonlySet<NoticeKind> = new Set<NoticeKind>(['outing_overdue']);

export const isNoticeKind = (value: unknown): value is NoticeKind =>
  typeof value === 'string' && (NOTICE_KINDS as readonly string[]).includes(value);

/** `PUT /notification-preferences`: one kind's channel. */
export const noticePreferenceSchema = yup.object({
  kind: yup
    .string()
    .required(m.notice_kind_invalid)
    .oneOf(NOTICE_KINDS, m.notice_kind_invalid)
    .test('locked', m.notice_kind_locked, (value) => value === undefined || !LOCKED_NOTICE_KINDS.has(value))
    .meta({ description: 'Which notices (`NoticeKind`).' }) as yup.StringSchema<NoticeKind>,
  channel: yup.string().required(m.notice_channel_invalid).oneOf(NOTICE_CHANNELS, m.notice_channel_invalid).meta({
    description: '`push`, `message` (the marina’s SMS or e-mail) or `both`.',
  }) as yup.StringSchema<NoticeChannel>,
});
export type NoticePreferenceInput = yup.InferType<typeof noticePreferenceSchema>;

/** `GET`/`PUT /notification-preferences`: every kind with its channel, and how many devices take pushes. */
export const notificationPreferencesResponse = Shared(
  Type.Object(
    {
      items: Type.Array(
        Type.Object({
          kind: StringEnum(NOTICE_KINDS),
          channel: StringEnum(NOTICE_CHANNELS),
          /** A safety alert: always `both`, not changeable. */
          locked: Type.Boolean(),
        }),
      ),
      /** This account's push subscriptions on this marina. */
      pushDevices: Type.Integer({ minimum: 0 }),
    },
    { $id: 'NotificationPreferences' },
  ),
);
export type NotificationPreferences = Static<typeof notificationPreferencesResponse>;

/** `GET /push/subscriptions`: the signed-in account's devices, by their push service, never keys nor endpoint. */
export const pushSubscriptionListResponse = Shared(
  Type.Object(
    {
      items: Type.Array(
        Type.Object({
          id: Uuid(),
          /** The push service's origin (`https://fcm.googleapis.com`). */
          origin: Type.String(),
          createdAt: Instant(),
          updatedAt: Instant(),
        }),
      ),
    },
    { $id: 'PushSubscriptionList' },
  ),
);
export type PushSubscriptionList = Static<typeof pushSubscriptionListResponse>;

/** What a push carries (JSON, encrypted aes128gcm): what the lock screen shows, and where a tap opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** An app path (a deep link). */
  url: string;
  /** Replaces an earlier notification with the same tag (`launch-<id>`). */
  tag: string;
  kind: NoticeKind;
  /**
   * When the notice was written (ISO 8601), set as it is queued: pushes can arrive out of order, and the
   * service worker keeps the newest of a tag.
   */
  at?: string;
}
