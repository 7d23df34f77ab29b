/** What the accounts API sends and receives (the contract both sides compile against). */
import type { CodeChannel } from './platform.ts';
import { Instant, Nullable, Ref, StringEnum, Shared, Type, Uuid, type Static } from './response-schema.ts';

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

/** A code is on its way: where (masked) and when the person may ask again. */
export interface CodeSent {
  channel: CodeChannel;
  /** Masked ("+34 6•• ••• •12", "j•••@gmail.com"); absent where saying it would reveal an account. */
  destination?: string;
  expiresAt: string;
  resendAvailableAt: string;
}

/** `POST /registrations` */
export interface RegistrationStarted extends CodeSent {
  registrationId: string;
}

/** `POST /registrations/:id/validate` */
export interface RegistrationValidated {
  activationToken: string;
}

/** `GET /activations/:token`: who is activating, for the screen's greeting. */
export interface ActivationInfo {
  firstName: string;
  email: string;
}

/** The query of `micuenta` that carries an e-mail confirmation link's token: `/micuenta?confirmar-email=…`. */
export const EMAIL_CONFIRMATION_PARAM = 'confirmar-email';

/** `POST /me/email-confirmation`: a confirmation link is on its way to the account's e-mail. */
export interface EmailConfirmationSent {
  /** Masked ("j•••@gmail.com"). */
  destination: string;
}

/** `POST /password-resets` — the same answer whether or not an account exists. */
export interface ResetStarted {
  resetId: string;
  channel: CodeChannel;
  expiresAt: string;
  resendAvailableAt: string;
}

/** `PATCH /me` answers this when a new e-mail or phone must be confirmed with a code. */
export interface ContactChangeStarted extends CodeSent {
  changeId: string;
  field: 'email' | 'phone';
}

export interface ProfileUpdated {
  account: AccountSummary;
  /** One per changed contact (e-mail, phone) awaiting its code; empty when everything applied. */
  pendingChanges: ContactChangeStarted[];
}

export type NotificationType =
  | 'welcome'
  | 'launch_confirmed'
  | 'launch_reminder'
  | 'boat_in_water'
  | 'launch_cancelled_by_marina'
  | 'launch_cancelled_by_owner'
  | 'launch_completed'
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

export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  /** A path inside the app, such as `/pedidosbajadas`. */
  link: string | null;
  read: boolean;
  createdAt: string;
}

/** `GET /notifications`: one page, newest first; `unread` counts them all. */
export interface NotificationList {
  items: AppNotification[];
  unread: number;
  /** The cursor of the next page (`?cursor=`), null on the last (decision 042). */
  next: string | null;
}

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
