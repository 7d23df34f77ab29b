import type { BrandTokens, Tokens } from '@marina/theme/tokens.ts';
import { CLIENTES_CON_SMS } from '../domain/platform.ts';

/** One question of the marina's help page. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** How a person reaches the marina: `ayuda` shows it, and so does every screen that cannot go on without it. */
export interface MarinaContact {
  phone: string;
  email: string;
  address: string;
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
  clientesConSMS: number[];
  clientId: number;
  clientApp: string;
  clientTitulo: string;
  clientLogo: string;
  /** Short name for the home screen icon (web manifest `short_name`). */
  clientShortName: string;
  tokens: Tokens;
  contact: MarinaContact;
  faq: FaqEntry[];
}

/** What a client folder declares in its `client.config.ts`; the platform fills in the rest. */
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
  faq: FaqEntry[];
  /** Only for a marina whose API lives elsewhere than the platform's usual address. */
  apiUrl?: string;
  /**
   * IANA time zone of the marina, when not Europe/Madrid. The one place it is declared: `npm start`,
   * `pnpm dev` and the browser suite seed the API with it.
   */
  timeZone?: string;
}

/** The platform's constants (seed §9), the same for every marina. */
export const PLATFORM = {
  apiUrl: 'https://{host}:8443',
  version: '5.1010.1945',
  clientesConSMS: CLIENTES_CON_SMS,
  MboLogo: '/brand/mbo-logo.svg',
} as const;

/** Type helper for `client.config.ts`: a typo or a missing field fails the type check too. */
export function defineClientConfig(config: ClientFolderConfig): ClientFolderConfig {
  return config;
}

export function sendsSms(config: Pick<AppConfig, 'clientId' | 'clientesConSMS'>): boolean {
  return config.clientesConSMS.includes(config.clientId);
}
