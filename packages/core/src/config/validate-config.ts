import * as yup from 'yup';
import { contrastProblems, MIN_CONTRAST } from '@marina/theme/contrast.ts';
import { makeTokens } from '@marina/theme/tokens.ts';
import { PLATFORM, type AppConfig, type ClientFolderConfig } from './app-config.ts';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = yup.string().matches(HEX, '${path} must be a hex colour such as #0b4f6c');

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

/**
 * Checks a client folder's config and completes it into the build's `AppConfig`. Every problem is
 * reported at once, each naming the client and the field, so a release fails with a list to fix.
 */
export function resolveAppConfig(
  source: string,
  folder: ClientFolderConfig,
  options: ResolveOptions,
): AppConfig {
  try {
    folderSchema.validateSync(folder, { abortEarly: false, strict: true });
  } catch (error) {
    if (error instanceof yup.ValidationError) throw new ClientConfigError(source, error.errors);
    throw error;
  }
  const tokens = makeTokens(folder.tokens);
  const contrast = contrastProblems(tokens.color);
  if (contrast.length > 0) {
    throw new ClientConfigError(
      source,
      contrast.map(
        ({ foreground, background, ratio }) =>
          `tokens.color.${foreground} on tokens.color.${background} has contrast ${ratio.toFixed(2)}:1, under WCAG AA's ${MIN_CONTRAST}:1`,
      ),
    );
  }
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
