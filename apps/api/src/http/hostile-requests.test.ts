/**
 * Every operation of the API's own OpenAPI document, sent hostile bodies, path parameters and query strings
 * (wrong types, nulls, huge numbers, control characters, member-named keys, deep and wide values) by an
 * anonymous visitor, a customer and a staff member: none may answer 5xx (docs/product.md §7.8, decision 037).
 * The seed is fixed, so a run is repeatable; `FUZZ_SEED=… FUZZ_RUNS=200` explores further by hand.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { registerAccount } from '../test/accounts.ts';
import { eligibleOwner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent, type Agent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';

let app: FastifyInstance;
let database: Database;

useTestServer((server) => ({ app, database } = server));

const SEED = Number(process.env.FUZZ_SEED ?? 19);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Operation {
  method: Method;
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  /** Every property name its body schema mentions, at any depth; undefined when it takes no JSON body. */
  bodyFields: string[] | undefined;
}

interface OpenApiSchema {
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  allOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
}

function propertyNames(schema: OpenApiSchema | undefined, into = new Set<string>()): Set<string> {
  if (!schema) return into;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    into.add(name);
    propertyNames(property, into);
  }
  propertyNames(schema.items, into);
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    propertyNames(part, into);
  return into;
}

async function operations(): Promise<Operation[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema?: OpenApiSchema }> };
        }
      >
    >;
  };
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const json = operation.requestBody?.content['application/json'];
      return {
        method: method.toUpperCase() as Method,
        path: path.replace(/^\/api\/v1/, ''),
        pathParameters: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name),
        queryParameters: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
        bodyFields: json ? [...propertyNames(json.schema)] : undefined,
      };
    }),
  );
}

const MEMBER_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  // Any code point, controls and lone surrogates among them.
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\r\n',
    '\u2028',
    '\ud800',
    'ñ'.repeat(400),
    '𝔐'.repeat(100),
    '../../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '2026-02-30',
    '9999-99-99T99:99',
    '00000000-0000-0000-0000-000000000000',
    '+34 600 000 000',
    'a@b',
    'NaN',
    'Infinity',
    '1e400',
    ...MEMBER_KEYS,
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    5e-324,
  ),
);

const hostileScalar = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));

/** Nested lists as deep as `depth` around a value: the shapes that froze the API (decision 037). */
const deepValue = fc.tuple(fc.integer({ min: 2, max: 40 }), hostileScalar).map(([depth, inner]) => {
  let value: unknown = inner;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
});

const wideValue = fc.oneof(
  fc.integer({ min: 50, max: 6_000 }).map((length) => Array.from({ length }, () => 0)),
  fc
    .integer({ min: 50, max: 6_000 })
    .map((length) => Object.fromEntries(Array.from({ length }, (_, index) => [`k${index}`, index]))),
);

function hostileValue(keys: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileScalar,
      tie('list'),
      tie('object'),
      deepValue,
      wideValue,
    ),
    list: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
  }));
  return value;
}

function bodyFor(fields: string[]): fc.Arbitrary<string> {
  const keys = fc.oneof(
    fc.constantFrom(...(fields.length > 0 ? fields : ['x'])),
    fc.constantFrom(...MEMBER_KEYS),
    hostileText,
  );
  const value = hostileValue(keys);
  return fc.oneof(
    // The operation's own fields, each given a wrong type, a null, a huge number or a hostile text.
    fc
      .record(Object.fromEntries(fields.map((field) => [field, hostileScalar])), { requiredKeys: [] })
      .map((body) => JSON.stringify(body)),
    // Its fields and others, each given something hostile, nested or not.
    fc.dictionary(keys, value, { maxKeys: 8 }).map((body) => JSON.stringify(body)),
    // Any JSON at all, where an object is expected.
    value.map((body) => JSON.stringify(body) ?? 'null'),
    // Text that is not JSON, or is JSON only in part.
    fc.constantFrom(
      '',
      '{',
      '{"a":}',
      'null',
      '[]',
      '"texto"',
      '1e400',
      '{"__proto__":{"admin":true}}',
      '{"a":1,"a":2}',
      '\u0000',
    ),
  );
}

/** A text as it may sit in a URL: percent-encoded, lone surrogates (which encodeURIComponent refuses) included. */
function urlText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const pathValue = fc.oneof(
  fc.uuid(),
  hostileText.map(urlText),
  fc.constantFrom('%00', '%2e%2e', '..', '-1', '0', 'null', '%C0%AF', '%FF'),
);

function queryFor(parameters: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    fc.constantFrom(...(parameters.length > 0 ? parameters : ['x'])),
    fc.constantFrom(...MEMBER_KEYS),
    hostileText,
  );
  const value = fc.oneof(
    hostileText,
    fc.uuid(),
    fc.constantFrom('2026-12-01', '2026-13-45', '9999-12-31', '0100-01-01', 'pending', ''),
  );
  return fc
    .array(fc.tuple(name, value), { maxLength: 4 })
    .map((pairs) =>
      pairs.length === 0 ? '' : `?${pairs.map(([key, item]) => `${urlText(key)}=${urlText(item)}`).join('&')}`,
    );
}

/** Sign-outs last: the customer and the staff member stay signed in for every other operation. */
const endsSessions = (operation: Operation) =>
  (operation.path === '/session' && operation.method === 'DELETE') || operation.path === '/session/revoke-all';

it('answers every operation of the OpenAPI document without a 5xx, whatever it is sent', async () => {
  const all = (await operations())
    // The live event stream never ends for a signed-in caller, which `inject` waits for; its refusals (no session,
    // no marina, a wrong `clientId` or `lastEventId`) are tested over a real connection in live-routes.test.ts.
    .filter((operation) => operation.path !== '/events')
    .sort((a, b) => Number(endsSessions(a)) - Number(endsSessions(b)));
  expect(all.length).toBeGreaterThan(60);
  const actors: Record<'anonymous' | 'customer' | 'staff', Agent> = {
    anonymous: createAgent(app, 901),
    customer: (await registerAccount(app, 901)).agent,
    staff: await signInStaff(app, 901),
  };
  for (const operation of all) {
    const request = fc.record({
      actor: fc.constantFrom<keyof typeof actors>('anonymous', 'customer', 'staff'),
      path: fc.tuple(...operation.pathParameters.map(() => pathValue)),
      query: queryFor(operation.queryParameters),
      body: operation.bodyFields === undefined ? fc.constant(undefined) : bodyFor(operation.bodyFields),
      idempotencyKey: fc.option(
        fc.oneof(
          fc.uuid(),
          hostileText.filter((text) => /^[\t\x20-\x7e]*$/.test(text)),
        ),
        { nil: undefined },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ actor, path, query, body, idempotencyKey }) => {
        let index = 0;
        const url = operation.path.replace(/\{[^}]+\}/g, () => path[index++]!) + query;
        const response = await actors[actor].request(operation.method, url, {
          ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
          ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
        });
        expect(
          response.statusCode,
          `${operation.method} ${url} as ${actor} with ${String(body).slice(0, 300)}: ${response.body.slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }
}, 600_000);

it('answers a day or an instant outside the years of the calendar with a 400 naming it, not a 500', async () => {
  // 9999-12-31's next day is the year 10000, which PostgreSQL refuses; a year under 1000 was written with three
  // digits as a local day, which the opening hours refused: each answered 500.
  const owner = await eligibleOwner(app, database.db, 901);
  const staff = await signInStaff(app, 901);
  for (const date of ['9999-12-31', '0100-01-01', '0999-12-31', '3000-01-01']) {
    for (const [agent, url] of [
      [staff, `/staff/launches?date=${date}`],
      [staff, `/staff/outings?date=${date}`],
      [owner.agent, `/launch-slots?boatId=${owner.boatIds[0]}&date=${date}`],
    ] as const) {
      const response = await agent.get(url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'date' })]);
    }
  }
  for (const [start, end] of [
    ['0001-01-01T00:00:00Z', '0001-01-01T03:00:00Z'],
    ['0999-12-31T22:00:00+01:00', '1000-01-01T03:00:00+01:00'],
    ['9999-12-31T22:00:00+01:00', '9999-12-31T23:30:00+01:00'],
  ]) {
    const response = await staff.post('/staff/closures', { start, end, reason: 'Temporal' });
    expect(response.statusCode, `${start}: ${response.body.slice(0, 300)}`).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'start' })]));
  }
}, 60_000);
