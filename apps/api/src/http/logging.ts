/**
 * Logger options for Fastify's pino: structured lines with enough to trace a request (method, path, client,
 * headers) and never a secret. Cookies, CSRF tokens, passwords, codes and tokens are censored wherever
 * they appear in a logged object or query string.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.ts';

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.*.password',
  'currentPassword',
  '*.currentPassword',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  '*.*.token',
  // Verification codes. Not `*.code`: err.code (FST_ERR_…) must stay readable.
  'code',
  'body.code',
  '*.body.code',
  'sessionSecret',
  '*.sessionSecret',
  'databaseUrl',
  '*.databaseUrl',
  'smtpUrl',
  '*.smtpUrl',
  'smsProviderToken',
  '*.smsProviderToken',
  'activationToken',
  '*.activationToken',
];

const SECRET_QUERY_PARAM = /^(token|code|password|secret|sid)$/i;

// Paths whose last segment is a secret (the activation link's token).
const SECRET_PATH = /^(\/api\/v1\/activations\/)[^/?#]+/;

/**
 * `/x?token=abc&a=1` → `/x?token=[Redacted]&a=1`: e-mailed links carry secrets in the query string; and
 * `/api/v1/activations/<token>` → `/api/v1/activations/[Redacted]`.
 */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH, '$1[Redacted]');
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY_PARAM.test(key)) {
      params.set(key, '[Redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params.toString()}` : url;
}

export function loggerOptions(level: LogLevel, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
        headers: { ...request.headers },
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    ...(stream === undefined ? {} : { stream }),
  };
}
