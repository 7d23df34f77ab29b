import type { BrandTokens, Tokens } from '@marina/theme/tokens.ts';
import type { ClientSettings } from '../domain/marina.ts';
import type { OpeningSeason } from '../domain/opening-hours.ts';

/** One question of the marina's help page. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * How a person reaches the marina: `ayuda` shows it, as would any screen that cannot go on without it
 * (loading it as `ayuda` does: `RuntimeConfig.help`).
 */
export interface MarinaContact {
  phone: string;
  email: string;
  address: string;
  /**
   * The hours as the help page shows them, in the marina's words. Every time they mention must be one of
   * the folder's `openingHours` (the build checks it), so the two cannot drift apart.
   */
  openingHours: string[];
}

/**
 * The configuration a build carries: exactly the seed's fields, plus what a branded bundle needs.
 * Field names follow the seed (Spanish and mixed case included) because deployments already use them.
 */
export interface AppConfig {
  production: boolean;
  /** `https://{host}:8443`; `{host}` is the page's host name. `/` means "same origin as the app". */
  apiUrl: string;
  MboLogo: string;
  version: string;
  /** Every marina whose folder declares `sendsSms: true`, derived at build from all the folders. */
  clientesConSMS: number[];
  clientId: number;
  clientApp: string;
  clientTitulo: string;
  clientLogo: string;
  /** Short name for the home screen icon (web manifest `short_name`). */
  clientShortName: string;
  /** IANA time zone of the marina: every day and time the app writes is in it (domain/format-dates.ts). */
  timeZone: string;
  tokens: Tokens;
  contact: MarinaContact;
  faq: FaqEntry[];
}

/** The help page's content: how to reach the marina, and its questions. */
export type MarinaHelp = Pick<AppConfig, 'contact' | 'faq'>;

/**
 * The configuration as the app's code has it (`virtual:marina/config`): the build's, but for the brand
 * tokens, which the stylesheet carries, and the help page's content, which comes with that page
 * (`help()`, a chunk of its own). Neither is needed before the sign-in form can be sent (decision 017).
 */
export type RuntimeConfig = Omit<AppConfig, 'tokens' | keyof MarinaHelp> & {
  help: () => Promise<MarinaHelp>;
};

/** The build's configuration in the two parts the app's code gets: at once, and with the help page. */
export function splitConfig({ tokens: _tokens, contact, faq, ...runtime }: AppConfig): {
  runtime: Omit<RuntimeConfig, 'help'>;
  help: MarinaHelp;
} {
  return { runtime, help: { contact, faq } };
}

/**
 * What a client folder declares in its `client.config.ts`: everything about the marina, in one place. The
 * build, `npm start`, `pnpm dev`, the browser suite and the API's seed all read it (`marina-folders.ts`);
 * the platform fills in the rest.
 */
export interface ClientFolderConfig {
  clientId: number;
  clientApp: string;
  clientTitulo: string;
  clientShortName: string;
  /** Path of the logo, relative to the client folder. */
  clientLogo: string;
  /** Square icon (favicon, home screen), relative to the client folder. */
  clientIcon: string;
  tokens: BrandTokens;
  contact: MarinaContact;
  /**
   * The marina's own questions for `ayuda`. Not those answered by a rule staff can change (how far ahead to
   * ask for a launch): the platform words those from the live settings (docs/product.md §4.11).
   */
  faq: FaqEntry[];
  /** Only for a marina whose API lives elsewhere than the platform's usual address. */
  apiUrl?: string;
  /** IANA time zone of the marina: every time it shows and every launch slot is in it. */
  timeZone: string;
  /**
   * Opening hours by season, as data (launch slots are computed from them): every day of the year in
   * exactly one season, e.g. `[{ from: '04-01', to: '10-31', open: '08:00', close: '20:00' }, …]`.
   */
  openingHours: OpeningSeason[];
  /** Only the rules where this marina differs from the platform's DEFAULT_CLIENT_SETTINGS. */
  settings?: Partial<ClientSettings>;
  /** Verification codes go by SMS to the customer's mobile; otherwise by e-mail. */
  sendsSms: boolean;
  /**
   * The countries whose mobiles the marina sends SMS to, as ISO codes (`['ES', 'PT']`; the list is
   * SMS_COUNTRIES in `domain/contact.ts`); Spain alone when left out (docs/product.md §7.6).
   */
  smsCountries?: string[];
}

/**
 * The platform's constants (docs/product.md §5), the same for every marina. `clientesConSMS` is not one of them: the
 * build derives it from the folders' `sendsSms`.
 */
export const PLATFORM = {
  apiUrl: 'https://{host}:8443',
  version: '5.1010.1945',
  MboLogo: '/brand/mbo-logo.svg',
} as const;

/** Type helper for `client.config.ts`: a typo or a missing field fails the type check too. */
export function defineClientConfig(config: ClientFolderConfig): ClientFolderConfig {
  return config;
}

export function sendsSms(config: Pick<AppConfig, 'clientId' | 'clientesConSMS'>): boolean {
  return config.clientesConSMS.includes(config.clientId);
}
