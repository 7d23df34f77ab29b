import * as yup from 'yup';
import { contrastProblems, MIN_CONTRAST } from '@marina/theme/contrast.ts';
import { makeTokens } from '@marina/theme/tokens.ts';
import { PLATFORM, type AppConfig, type ClientFolderConfig } from './app-config.ts';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = yup.string().matches(HEX, '${path} must be a hex colour such as #0b4f6c');

function isTimeZone(value: string | undefined): boolean {
  if (value === undefined) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value !== '';
  } catch {
    return false;
  }
}

const folderSchema = yup
  .object({
    clientId: yup.number().integer().positive().required(),
    clientApp: yup
      .string()
      .matches(/^[A-Za-z0-9]{2,12}$/, '${path} must be 2 to 12 letters or digits')
      .required(),
    clientTitulo: yup.string().trim().min(2).max(60).required(),
    clientShortName: yup.string().trim().min(2).max(12).required(),
    clientLogo: yup.string().matches(/\.(svg|png|webp)$/, '${path} must be an .svg, .png or .webp file').required(),
    clientIcon: yup.string().matches(/\.svg$/, '${path} must be a square .svg file').required(),
    apiUrl: yup.string().matches(/^(\/|https:\/\/.+)$/, '${path} must be "/" or an https:// address'),
    timeZone: yup.string().test('time-zone', '${path} must be an IANA time zone such as Atlantic/Canary', isTimeZone),
    tokens: yup
      .object({
        color: yup
          .object({
            brand: colour.required(),
            onBrand: colour.required(),
            accent: colour.required(),
          })
          .required(),
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
  /** Overrides `apiUrl` for a build served by the API itself (`/`), as `npm start` and the tests do. */
  apiUrl?: string;
  /** Public URLs of the files the build emitted for the folder's logo. */
  clientLogoUrl: string;
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
 * Contrast of the colours that could be read, checked even when other fields are wrong so that one build
 * lists every fix. A colour already reported as missing or malformed is left out: a ratio for it says nothing.
 */
function colourContrastProblems(folder: ClientFolderConfig, fields: FieldProblem[]): string[] {
  const declared: unknown = (folder as Partial<ClientFolderConfig> | undefined)?.tokens?.color;
  if (typeof declared !== 'object' || declared === null) return [];
  const unreadable = new Set(fields.map(({ path }) => path).filter((path) => path?.startsWith('tokens.color.')));
  const readable = Object.fromEntries(
    Object.entries(declared).filter(([key, value]) => typeof value === 'string' && !unreadable.has(`tokens.color.${key}`)),
  );
  const tokens = makeTokens({ color: readable } as ClientFolderConfig['tokens']);
  return contrastProblems(tokens.color)
    .filter(({ foreground, background }) => !unreadable.has(`tokens.color.${foreground}`) && !unreadable.has(`tokens.color.${background}`))
    .map(
      ({ foreground, background, ratio }) =>
        `tokens.color.${foreground} on tokens.color.${background} has contrast ${ratio.toFixed(2)}:1, under WCAG AA's ${MIN_CONTRAST}:1`,
    );
}

/**
 * Checks a client folder's config and completes it into the build's `AppConfig`. Every problem is
 * reported at once, each naming the client and the field, so a release fails with a list to fix.
 */
export function resolveAppConfig(
  source: string,
  folder: ClientFolderConfig,
  options: ResolveOptions,
): AppConfig {
  const fields = fieldProblems(folder);
  const problems = [...fields.map(({ message }) => message), ...colourContrastProblems(folder, fields)];
  if (problems.length > 0) throw new ClientConfigError(source, problems);
  const tokens = makeTokens(folder.tokens);
  return {
    production: options.production,
    apiUrl: options.apiUrl ?? folder.apiUrl ?? PLATFORM.apiUrl,
    MboLogo: PLATFORM.MboLogo,
    version: PLATFORM.version,
    clientesConSMS: [...PLATFORM.clientesConSMS],
    clientId: folder.clientId,
    clientApp: folder.clientApp,
    clientTitulo: folder.clientTitulo,
    clientLogo: options.clientLogoUrl,
    clientShortName: folder.clientShortName,
    tokens,
    contact: folder.contact,
    faq: folder.faq,
  };
}
