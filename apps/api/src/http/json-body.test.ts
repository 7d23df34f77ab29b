import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../config.ts';
import { registerAccount } from '../test/accounts.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent, type Agent } from '../test/test-agent.ts';
import { expectProblem, useTestServer } from '../test/test-server.ts';
import { BODY_SHAPE, bodyShapeProblem, parseJsonBody, rawShapeProblem } from './json-body.ts';
import { unreadableTextErrors } from './validation.ts';

let app: FastifyInstance;

useTestServer((server) => ({ app } = server));

const JSON_HEADERS = { 'content-type': 'application/json' };
const nested = (depth: number, inner = '0') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('the shape of a body, bounded before anything walks it (decision 037)', () => {
  it('counts nesting on the raw text, leaving brackets inside texts out', () => {
    const limits = { depth: 16, values: 100 };
    expect(rawShapeProblem(nested(16), limits)).toBeUndefined();
    expect(rawShapeProblem(nested(17), limits)).toBe('too_deep');
    expect(rawShapeProblem(`{"a":"${'['.repeat(100)}","b":[1]}`, limits)).toBeUndefined();
    // An escaped quote does not end the text: the brackets after it are still inside it.
    expect(rawShapeProblem(`{"a":"\\"${'{'.repeat(100)}"}`, limits)).toBeUndefined();
  });

  it('counts values on the raw text without ever counting more than there are', () => {
    const limits = { depth: 16, values: 100 };
    // 100 numbers and their list: 101 values, 100 counted (99 commas and a bracket), so let through to the exact count.
    expect(rawShapeProblem(`[${Array(100).fill('1').join(',')}]`, limits)).toBeUndefined();
    expect(rawShapeProblem(`[${Array(102).fill('1').join(',')}]`, limits)).toBe('too_many_values');
    expect(rawShapeProblem(`{"a":"${','.repeat(500)}"}`, limits)).toBeUndefined();
  });

  it('answers body_too_deep past the documented depth, and parses the deepest allowed', () => {
    expect(parseJsonBody(nested(BODY_SHAPE.depth))).toBeDefined();
    expect(() => parseJsonBody(nested(BODY_SHAPE.depth + 1))).toThrow(
      expect.objectContaining({ code: 'body_too_deep', status: 400 }),
    );
  });

  it('answers body_too_complex past the documented number of values', () => {
    expect(bodyShapeProblem(Array.from({ length: BODY_SHAPE.values - 1 }, () => 0))).toBeUndefined();
    expect(bodyShapeProblem(Array.from({ length: BODY_SHAPE.values }, () => 0))).toMatchObject({
      code: 'body_too_complex',
      status: 400,
    });
  });

  it('names a text over the documented length, and a key any object inherits, as fields', () => {
    const long = 'a'.repeat(BODY_SHAPE.textLength + 1);
    expect(bodyShapeProblem({ notes: 'a'.repeat(BODY_SHAPE.textLength) })).toBeUndefined();
    expect(bodyShapeProblem({ boat: { notes: long } })?.errors).toEqual([
      expect.objectContaining({ field: 'boat.notes', code: 'too_long' }),
    ]);
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const body = parseJsonBodyOrProblem(`{"boat":{"${key}":{"x":1}}}`);
      expect(body.errors, key).toEqual([expect.objectContaining({ field: `boat.${key}`, code: 'unknown_field' })]);
    }
  });

  it('walks a value as deep as one likes in linear time (the text guard once copied the path at every level)', () => {
    let deep: unknown = 'Brisa\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(unreadableTextErrors({ boat: deep })).toEqual([
      expect.objectContaining({ field: `boat.${Array(100_000).fill('0').join('.')}` }),
    ]);
  });
});

function parseJsonBodyOrProblem(text: string): { errors?: unknown } {
  try {
    parseJsonBody(text);
    return {};
  } catch (error) {
    return error as { errors?: unknown };
  }
}

interface Route {
  method: string;
  path: string;
  properties: string[];
  /** The top-level fields that take a list. */
  lists: string[];
}

/** Every documented operation that takes a JSON body, with its top-level fields. */
async function routesWithBodies(): Promise<Route[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { requestBody?: { content: Record<string, { schema?: { properties?: Record<string, { type?: unknown }> } }> } }
      >
    >;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody?.content['application/json'] !== undefined)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        // Any id: the body is parsed and checked before the handler looks the id up.
        path: path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, '0b3c6ed4-5a8f-4a62-9d1e-3f0a7c2b9e15'),
        properties: Object.keys(operation.requestBody!.content['application/json']!.schema?.properties ?? {}),
        lists: Object.entries(operation.requestBody!.content['application/json']!.schema?.properties ?? {})
          .filter(
            ([, property]) =>
              property.type === 'array' || (Array.isArray(property.type) && property.type.includes('array')),
          )
          .map(([name]) => name),
      })),
  );
}

/** Bodies within the 1 MB limit built to make parsing or checking slow, each with the answer's code. */
function worstShapes(route: Route): [name: string, body: string, code: string][] {
  const room = BODY_LIMIT_BYTES - 64;
  const heaviestAllowed: Record<string, unknown> = {};
  for (const property of route.properties) heaviestAllowed[property] = 'é'.repeat(BODY_SHAPE.textLength);
  for (let filler = route.properties.length; filler < BODY_SHAPE.values - 10; filler++)
    heaviestAllowed[`relleno${filler}`] = [];
  const deepestAllowed = Object.fromEntries(
    route.properties.map((property) => [property, JSON.parse(nested(BODY_SHAPE.depth - 1, '"x"'))]),
  );
  return [
    ['deepest', nested(Math.floor(room / 2)), 'body_too_deep'],
    ['deepest in a field', `{"${route.properties[0] ?? 'x'}":${nested(Math.floor(room / 2) - 8)}}`, 'body_too_deep'],
    [
      'widest',
      `[${Array(Math.floor(room / 2))
        .fill('0')
        .join(',')}]`,
      'body_too_complex',
    ],
    [
      'many keys',
      `{${Array.from({ length: Math.floor(room / 16) }, (_, index) => `"k${index}":0`).join(',')}}`,
      'body_too_complex',
    ],
    ['one long text', JSON.stringify({ [route.properties[0] ?? 'x']: 'a'.repeat(room - 40) }), 'validation_failed'],
    [
      'many short texts',
      `[${Array(Math.floor(room / 4))
        .fill('"a"')
        .join(',')}]`,
      'body_too_complex',
    ],
    [
      'member-named keys',
      '{"constructor":{},"__proto__":{},"toString":1,"valueOf":1,"hasOwnProperty":1}',
      'validation_failed',
    ],
    ['every field at the longest allowed, and as many values as allowed', JSON.stringify(heaviestAllowed), ''],
    ['every field nested as deep as allowed', JSON.stringify(deepestAllowed), ''],
    // Each item of a list the rules check costs an error or more: thousands of them once took 370 ms.
    ...route.lists.flatMap((list): [string, string, string][] => [
      [
        `${list}: as many empty objects as allowed`,
        `{"${list}":[${Array(Math.floor(BODY_SHAPE.values / 2) - 10)
          .fill('{}')
          .join(',')}]}`,
        '',
      ],
      [
        `${list}: as many wrong texts as allowed`,
        JSON.stringify({ [list]: Array(BODY_SHAPE.values - 10).fill('x') }),
        '',
      ],
      [`${list}: as many nulls as allowed`, JSON.stringify({ [list]: Array(BODY_SHAPE.values - 10).fill(null) }), ''],
    ]),
  ];
}

/**
 * Milliseconds of CPU this thread has used: what the server's event loop did, unlike the wall clock, which a
 * busy machine stretches by taking the core away (the loop waits for the core, not for the request).
 */
function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

describe('no request within the size limit holds the server (issue 19, finding 1)', () => {
  it('answers the worst bodies on every route with a 4xx in under 100 ms, while /health keeps answering in under 100 ms', async () => {
    const routes = await routesWithBodies();
    expect(routes.length).toBeGreaterThan(20);
    const customer = (await registerAccount(app, 901)).agent;
    const staff = await signInStaff(app, 901);
    const anonymous = createAgent(app, 901);
    const agentFor = (route: Route): Agent =>
      route.path.startsWith('/staff/') ? staff : route.path === '/session' ? anonymous : customer;
    // Sign-out routes take no body: every agent stays signed in throughout. Each route once, untimed, so the
    // first call's compilation and the first database round trips are not what is measured.
    for (const route of routes)
      await agentFor(route).request(route.method as 'POST', route.path, { body: '{}', headers: JSON_HEADERS });

    // The server shares this thread (inject): a request that held the event loop shows as CPU spent before
    // the health check could answer. CPU, not the wall clock, so the test holds on a busy machine; a request
    // that froze the loop for seconds, as before, fails either way.
    // Built before the clock starts: making 1 MB texts is this test's work, not the server's.
    const plans = routes.map((route) => [route, worstShapes(route)] as const);
    const slowHealth: string[] = [];
    let polls = 0;
    let measuring = true;
    const poll = (async () => {
      while (measuring) {
        const [cpu, wall] = [threadCpuMs(), performance.now()];
        const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
        const [spent, waited] = [threadCpuMs() - cpu, performance.now() - wall];
        polls += 1;
        expect(health.statusCode).toBe(200);
        if (spent >= 100)
          slowHealth.push(`GET /health: ${Math.round(spent)} ms of CPU (${Math.round(waited)} ms in all)`);
        // A poll every 10 ms, not a busy loop: the requests under test need the event loop too.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    const slow: string[] = [];
    try {
      for (const [route, shapes] of plans) {
        for (const [shape, body, code] of shapes) {
          expect(Buffer.byteLength(body), shape).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
          const [cpu, wall] = [threadCpuMs(), performance.now()];
          const response: LightMyRequestResponse = await agentFor(route).request(route.method as 'POST', route.path, {
            body,
            headers: JSON_HEADERS,
          });
          const [spent, waited] = [threadCpuMs() - cpu, performance.now() - wall];
          const label = `${route.method} ${route.path}, ${shape}`;
          expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (code !== '') expectProblem(response, 400, code);
          if (spent >= 100) slow.push(`${label}: ${Math.round(spent)} ms of CPU (${Math.round(waited)} ms in all)`);
        }
      }
    } finally {
      measuring = false;
      await poll;
    }
    expect(slow.join('\n')).toBe('');
    expect(polls).toBeGreaterThan(routes.length);
    expect(slowHealth.join('\n')).toBe('');
  }, 120_000);
});
