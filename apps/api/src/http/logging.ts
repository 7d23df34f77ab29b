/**
 * Logger options for Fastify's pino: structured lines with enough to trace a request (method, path, client,
 * headers) and never a secret. Cookies, CSRF tokens, passwords, codes and tokens are censored wherever
 * they appear in a logged object or query string; errors are logged without the data they were about
 * (SQL parameters, bodies, the values a database error quotes).
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

/**
 * Properties of an error that carry the data it was about rather than what went wrong: SQL text and
 * parameters (Drizzle, postgres-js, PGlite), a failing row or key (PostgreSQL's `detail`, `where`),
 * bodies and payloads of HTTP clients. Objects and arrays are never copied either.
 */
const DATA_KEYS = new Set([
  'query',
  'params',
  'parameters',
  'args',
  'types',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
  'body',
  'payload',
  'data',
  'values',
  'value',
  'response',
  'raw',
]);

/** SQLSTATE class 22 (data exception) messages quote the offending value: `invalid input syntax for type uuid: "…"`. */
const QUOTES_DATA = /^22/;
const MAX_CAUSES = 5;

/** Drizzle's message is `Failed query: <sql>\nparams: <values>`: the statement stays, the values go. */
function scrubMessage(message: string, code: unknown): string {
  const params = message.indexOf('\nparams:');
  let scrubbed = params === -1 ? message : message.slice(0, params);
  if (typeof code === 'string' && QUOTES_DATA.test(code)) scrubbed = scrubbed.replace(/"[^"]*"/g, '"[Redacted]"');
  return scrubbed;
}

/**
 * The `err` serializer: type, message, stack, and the error's own primitive properties (code, SQLSTATE,
 * constraint, table, routine…), its causes nested the same way, and nothing that holds data.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const own = error as Record<string, unknown>;
  const serialized: Record<string, unknown> = {};
  if (error instanceof Error) {
    const message = scrubMessage(error.message, own.code);
    serialized.type = error.constructor.name || error.name;
    serialized.message = message;
    // The stack starts with the message: the scrubbed one replaces it.
    serialized.stack = error.stack?.split(error.message).join(message);
  }
  for (const [key, value] of Object.entries(own)) {
    if (key in serialized || key === 'cause' || DATA_KEYS.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') serialized[key] = value;
  }
  if (depth < MAX_CAUSES) {
    if (own.cause !== undefined) serialized.cause = serializeError(own.cause, depth + 1);
    if (error instanceof AggregateError)
      serialized.errors = error.errors.map((inner: unknown) => serializeError(inner, depth + 1));
  }
  return serialized;
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
      // Fastify types the serializer for errors; anything logged under `err` goes through it.
      err: (error: Error) => serializeError(error) as { type: string; message: string; stack: string },
    },
    ...(stream === undefined ? {} : { stream }),
  };
}
