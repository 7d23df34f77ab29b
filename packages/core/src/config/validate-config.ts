import * as yup from 'yup';
import {
  colourDifferenceProblems,
  contrastProblems,
  MIN_COLOUR_DIFFERENCE,
  type Scheme,
} from '@marina/theme/contrast.ts';
import { makeTokens } from '@marina/theme/tokens.ts';
import { marinaRules } from '../domain/marina.ts';
import { isTimeOfDay } from '../domain/opening-hours.ts';
import { PLATFORM, type AppConfig, type ClientFolderConfig } from './app-config.ts';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = yup.string().matches(HEX, '${path} must be a hex colour such as #0b4f6c');

// The marina's facts (id, code, name, zone, hours, settings, SMS) by the rules the server's seed uses too.
const folderSchema = yup
  .object({
    clientId: marinaRules.id,
    clientApp: marinaRules.app,
    clientTitulo: marinaRules.title,
    timeZone: marinaRules.timeZone,
    openingHours: marinaRules.openingHours,
    settings: marinaRules.settings.optional(),
    sendsSms: marinaRules.sendsSms,
    smsCountries: marinaRules.smsCountries,
    clientShortName: yup.string().trim().min(2).max(12).required(),
    clientLogo: yup
      .string()
      .matches(/\.(svg|png|webp)$/, '${path} must be an .svg, .png or .webp file')
      .required(),
    clientIcon: yup
      .string()
      .matches(/\.svg$/, '${path} must be a square .svg file')
      .required(),
    apiUrl: yup.string().matches(/^(\/|https:\/\/.+)$/, '${path} must be "/" or an https:// address'),
    tokens: yup
      .object({
        color: yup
          .object({
            brand: colour.required(),
            onBrand: colour.required(),
            accent: colour.required(),
          })
          .required(),
        // The dark scheme is derived from the brand (docs/design.md); a marina may set any of its colours.
        dark: yup.object({ color: yup.object().optional() }).optional().default(undefined),
      })
      .required(),
    contact: yup
      .object({
        phone: yup
          .string()
          .matches(/^\+[1-9][0-9 ]{6,18}$/, '${path} must be an international number such as +34 971 000 000')
          .required(),
        email: yup.string().email().required(),
        address: yup.string().trim().min(5).required(),
        openingHours: yup.array(yup.string().trim().required()).min(1).required(),
      })
      .required(),
    faq: yup
      .array(
        yup.object({
          question: yup.string().trim().min(5).required(),
          answer: yup.string().trim().min(5).required(),
        }),
      )
      .min(1)
      .required(),
  })
  .noUnknown(true, '${path} has unknown field(s): ${unknown}');

export class ClientConfigError extends Error {
  readonly problems: string[];

  constructor(source: string, problems: string[]) {
    super(`Invalid configuration for ${source}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ClientConfigError';
    this.problems = problems;
  }
}

export interface ResolveOptions {
  production: boolean;
  /** Every marina that sends codes by SMS, from all the folders' `sendsSms` (`clientesConSMS` in core's marina-folders.ts). */
  clientesConSMS: readonly number[];
  /** Overrides `apiUrl` for a build served by the API itself (`/`), as `npm start` and the tests do. */
  apiUrl?: string;
  /** Public URLs of the files the build emitted for the folder's logo. */
  clientLogoUrl: string;
  /** A release's version (`pnpm release`, decision 068); the seed's `PLATFORM.version` otherwise. */
  version?: string;
}

interface FieldProblem {
  path: string | undefined;
  message: string;
}

function fieldProblems(folder: unknown): FieldProblem[] {
  try {
    folderSchema.validateSync(folder, { abortEarly: false, strict: true });
    return [];
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const inner = error.inner.length > 0 ? error.inner : [error];
    return inner.flatMap((issue) => issue.errors.map((message) => ({ path: issue.path, message })));
  }
}

/**
 * Contrast of the colours that could be read, in both schemes, and the brand's distance from the card's
 * verdicts (decision 050), checked even when other fields are wrong so that one build lists every fix. A
 * colour already reported as missing or malformed is left out: a ratio for it says nothing.
 */
function colourContrastProblems(folder: ClientFolderConfig, fields: FieldProblem[]): string[] {
  const declared: unknown = (folder as Partial<ClientFolderConfig> | undefined)?.tokens?.color;
  if (typeof declared !== 'object' || declared === null) return [];
  const unreadable = new Set(fields.map(({ path }) => path).filter((path) => path?.startsWith('tokens.color.')));
  const readable = Object.fromEntries(
    Object.entries(declared).filter(
      ([key, value]) => typeof value === 'string' && !unreadable.has(`tokens.color.${key}`),
    ),
  );
  const dark = (folder as Partial<ClientFolderConfig> | undefined)?.tokens?.dark;
  const tokens = makeTokens({ color: readable, dark } as ClientFolderConfig['tokens']);
  const path = (scheme: Scheme, colour: string) => `tokens.${scheme === 'dark' ? 'dark.' : ''}color.${colour}`;
  const contrast = contrastProblems(tokens)
    .filter(
      ({ foreground, background }) =>
        !unreadable.has(`tokens.color.${foreground}`) && !unreadable.has(`tokens.color.${background}`),
    )
    .map(
      ({ scheme, foreground, background, ratio, minimum }) =>
        `${path(scheme, foreground)} on ${path(scheme, background)} has contrast ${ratio.toFixed(2)}:1, under WCAG AA's ${minimum}:1` +
        (scheme === 'dark' ? ` (the dark scheme, derived from the brand unless tokens.dark sets it)` : ''),
    );
  const difference = unreadable.has('tokens.color.brand')
    ? []
    : colourDifferenceProblems(tokens).map(
        ({ scheme, colour, difference }) =>
          `${path(scheme, 'brand')} is too close to the card's ${colour === 'cardValid' ? 'valid green' : 'invalid red'} ` +
          `(${(scheme === 'dark' ? tokens.dark.color : tokens.color)[colour]}): ` +
          `colour difference ${difference.toFixed(1)}, under ${MIN_COLOUR_DIFFERENCE} (CIEDE2000): the gate could take the verdict for the brand`,
      );
  return [...contrast, ...difference];
}

/**
 * The help page's hours text against the hours as data: a time the text mentions that no season opens or
 * closes at means one of the two was changed without the other.
 */
function hoursTextProblems(folder: ClientFolderConfig): string[] {
  const texts: unknown = (folder as Partial<ClientFolderConfig> | undefined)?.contact?.openingHours;
  const seasons: unknown = (folder as Partial<ClientFolderConfig> | undefined)?.openingHours;
  if (!Array.isArray(texts) || !Array.isArray(seasons)) return [];
  const declared = new Set(
    seasons.flatMap((season: unknown) =>
      typeof season === 'object' && season !== null ? Object.values(season).filter((value) => isTimeOfDay(value)) : [],
    ),
  );
  return texts.flatMap((text: unknown, index) =>
    typeof text !== 'string'
      ? []
      : [...new Set(text.match(/\b\d{2}:\d{2}\b/g) ?? [])]
          .filter((time) => !declared.has(time))
          .map(
            (time) =>
              `contact.openingHours[${index}] mentions ${time}, which no season of openingHours opens or closes at`,
          ),
  );
}

/**
 * Every problem of a client folder's config, each naming the field: its fields, the contrast of its
 * colours and its hours text. Empty when the folder is fine.
 */
export function folderProblems(folder: ClientFolderConfig): string[] {
  const fields = fieldProblems(folder);
  return [
    ...fields.map(({ message }) => message),
    ...colourContrastProblems(folder, fields),
    ...hoursTextProblems(folder),
  ];
}

/**
 * Checks a client folder's config and completes it into the build's `AppConfig`. Every problem is
 * reported at once, each naming the client and the field, so a release fails with a list to fix.
 */
export function resolveAppConfig(source: string, folder: ClientFolderConfig, options: ResolveOptions): AppConfig {
  const problems = folderProblems(folder);
  if (problems.length > 0) throw new ClientConfigError(source, problems);
  const tokens = makeTokens(folder.tokens);
  return {
    production: options.production,
    apiUrl: options.apiUrl ?? folder.apiUrl ?? PLATFORM.apiUrl,
    MboLogo: PLATFORM.MboLogo,
    version: options.version ?? PLATFORM.version,
    clientesConSMS: [...options.clientesConSMS],
    clientId: folder.clientId,
    clientApp: folder.clientApp,
    clientTitulo: folder.clientTitulo,
    clientLogo: options.clientLogoUrl,
    clientShortName: folder.clientShortName,
    timeZone: folder.timeZone,
    tokens,
    contact: folder.contact,
    faq: folder.faq,
  };
}
