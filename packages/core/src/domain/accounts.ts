/** What the accounts API sends and receives (the contract both sides compile against). */
import type { CodeChannel } from './platform.ts';
import { Instant, NextCursor, Nullable, Ref, StringEnum, Shared, Type, Uuid, type Static } from './response-schema.ts';

export const ACCOUNT_STATUSES = ['registered', 'validated', 'active', 'suspended', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** `staff` work at the marina and use the `/api/v1/staff/` calls; everyone who registers is a `customer`. */
export const ACCOUNT_ROLES = ['customer', 'staff'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** What every account view tells of the person on file (AccountSummary, StaffCustomer, validar-datos): '' where none. */
export const personOnFileProperties = {
  firstName: Type.String(),
  surnames: Type.String(),
  email: Type.String(),
  phone: Type.String({ description: 'E.164' }),
  document: Type.String(),
};

/** What AccountSummary and the staff's StaffCustomer both tell of an account. */
export const accountProperties = {
  id: Uuid(),
  ...personOnFileProperties,
  status: StringEnum(ACCOUNT_STATUSES),
  /** ISO date of the last data validation, or null if never. */
  dataValidatedAt: Nullable(Instant()),
  /** Personal data must be reviewed (validar-datos) before launches or a green card. */
  dataValidationDue: Type.Boolean(),
};

export const accountSummaryResponse = Shared(
  Type.Object(
    {
      ...accountProperties,
      /**
       * A code or link sent to `email` came back. Until then nothing that recovers the account goes there
       * (micuenta offers to send the confirmation link again).
       */
      emailVerified: Type.Boolean({
        description: 'A code or link sent to the e-mail came back; until then it recovers nothing',
      }),
    },
    { $id: 'AccountSummary' },
  ),
);
export type AccountSummary = Static<typeof accountSummaryResponse>;

/** `GET /session` when signed in. */
export const sessionInfoResponse = Shared(
  Type.Object(
    {
      account: Ref<typeof accountSummaryResponse>('AccountSummary'),
      unreadNotifications: Type.Integer({ minimum: 0 }),
    },
    { $id: 'SessionInfo' },
  ),
);
export type SessionInfo = Static<typeof sessionInfoResponse>;

/** How a code went: by which channel, when it stops working and when another may be asked for. */
const codeTimesProperties = {
  channel: StringEnum(['sms', 'email'] as const satisfies readonly CodeChannel[]),
  expiresAt: Instant(),
  resendAvailableAt: Instant(),
};

/** Those, and where the code went, masked ("+34 6•• ••• •12", "j•••@gmail.com"). */
function codeSentProperties(destination: string) {
  const { channel, ...times } = codeTimesProperties;
  return { channel, destination: Type.String({ description: destination }), ...times };
}

/** A code is on its way: where (masked) and when the person may ask again (`POST /registrations/:id/resend`). */
export const codeSentResponse = Shared(
  Type.Object(codeSentProperties('Masked phone (SMS) or e-mail'), { $id: 'CodeSent' }),
);
export type CodeSent = Static<typeof codeSentResponse>;

/** `POST /registrations` */
export const registrationStartedResponse = Shared(
  Type.Object(
    { registrationId: Uuid(), ...codeSentProperties('Masked phone (SMS) or e-mail') },
    { $id: 'RegistrationStarted' },
  ),
);
export type RegistrationStarted = Static<typeof registrationStartedResponse>;

/** `POST /registrations/:id/validate` */
export const registrationValidatedResponse = Shared(
  Type.Object({ activationToken: Type.String() }, { $id: 'RegistrationValidated' }),
);
export type RegistrationValidated = Static<typeof registrationValidatedResponse>;

/** `GET /activations/:token`: who is activating, for the screen's greeting. */
export const activationInfoResponse = Shared(
  Type.Object(
    {
      firstName: Type.String(),
      /** Masked ("j•••@gmail.com"). */
      email: Type.String({ description: 'Masked' }),
    },
    { $id: 'ActivationInfo' },
  ),
);
export type ActivationInfo = Static<typeof activationInfoResponse>;

/** The query of `micuenta` that carries an e-mail confirmation link's token: `/micuenta?confirmar-email=…`. */
export const EMAIL_CONFIRMATION_PARAM = 'confirmar-email';

/** `POST /me/email-confirmation`: a confirmation link is on its way to the account's e-mail. */
export const emailConfirmationSentResponse = Shared(
  Type.Object(
    {
      /** Masked ("j•••@gmail.com"). */
      destination: Type.String({ description: 'Masked e-mail' }),
    },
    { $id: 'EmailConfirmationSent' },
  ),
);
export type EmailConfirmationSent = Static<typeof emailConfirmationSentResponse>;

/**
 * `POST /password-resets/:id/resend`: a new code, if the account exists. No destination: saying where it
 * went would tell that the account exists.
 */
export const resetCodeSentResponse = Shared(Type.Object(codeTimesProperties, { $id: 'ResetCodeSent' }));
export type ResetCodeSent = Static<typeof resetCodeSentResponse>;

/** `POST /password-resets` — the same answer whether or not an account exists. */
export const resetStartedResponse = Shared(
  Type.Object({ resetId: Uuid(), ...codeTimesProperties }, { $id: 'ResetStarted' }),
);
export type ResetStarted = Static<typeof resetStartedResponse>;

/** `PATCH /me` answers this when a new e-mail or phone must be confirmed with a code. */
export const contactChangeStartedResponse = Shared(
  Type.Object(
    {
      changeId: Uuid(),
      field: StringEnum(['email', 'phone']),
      ...codeSentProperties('Masked new e-mail or phone'),
    },
    { $id: 'ContactChangeStarted' },
  ),
);
export type ContactChangeStarted = Static<typeof contactChangeStartedResponse>;

/** `PATCH /me`: the names applied at once; a new e-mail or phone waits for its code. */
export const profileUpdatedResponse = Shared(
  Type.Object(
    {
      account: Ref<typeof accountSummaryResponse>('AccountSummary'),
      /** One per changed contact (e-mail, phone) awaiting its code; empty when everything applied. */
      pendingChanges: Type.Array(Ref<typeof contactChangeStartedResponse>('ContactChangeStarted')),
    },
    { $id: 'ProfileUpdated' },
  ),
);
export type ProfileUpdated = Static<typeof profileUpdatedResponse>;

export type NotificationType =
  | 'welcome'
  | 'launch_confirmed'
  | 'launch_reminder'
  | 'boat_in_water'
  | 'launch_cancelled_by_marina'
  | 'launch_cancelled_by_owner'
  | 'launch_completed'
  | 'boat_in_maintenance'
  | 'authorisation_validated'
  | 'authorisation_suspended'
  | 'authorisation_attached'
  | 'authorisation_ended'
  | 'contract_approved'
  | 'contract_rejected'
  | 'validation_due'
  | 'outing_overdue'
  | 'marina_notice'
  | 'security';

/** What the marina tells a customer in the app (`GET /notifications`). */
export const notificationResponse = Shared(
  Type.Object(
    {
      id: Uuid(),
      /** A string in the document, as it has always been; the union for the compiler. */
      type: Type.Unsafe<NotificationType>(Type.String()),
      title: Type.String(),
      body: Type.String(),
      /** A path inside the app, such as `/pedidosbajadas`. */
      link: Nullable(Type.String()),
      read: Type.Boolean(),
      createdAt: Instant(),
    },
    { $id: 'Notification' },
  ),
);
export type AppNotification = Static<typeof notificationResponse>;

/** `GET /notifications`: one page, newest first; `unread` counts them all. */
export const notificationListResponse = Shared(
  Type.Object(
    {
      items: Type.Array(Ref<typeof notificationResponse>('Notification')),
      unread: Type.Integer({ minimum: 0 }),
      /** The cursor of the next page (`?cursor=`), null on the last (decision 042). */
      next: NextCursor(),
    },
    { $id: 'NotificationList' },
  ),
);
export type NotificationList = Static<typeof notificationListResponse>;

/** `GET /dev/outbox` (only with DEV_ROUTES=1: development and tests). */
export interface OutboxEntry {
  id: string;
  clientId: number;
  channel: CodeChannel;
  destination: string;
  subject: string | null;
  /** Blank once sent: only metadata is kept. */
  text: string;
  code: string | null;
  link: string | null;
  createdAt: string;
}
