/**
 * Under the test runner, every answer is checked against its route's response schema before it is
 * serialised, with every object closed (`additionalProperties: false`): a field the schema forgets, which the
 * serialiser would silently drop, fails the request with a 500 naming it, and so does a missing or mistyped
 * one (decision 045). Outside tests the serialiser alone runs, as before.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { closedSchema } from '@marina/core/domain/response-schema.ts';

type Validate = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };

/**
 * The response schema Fastify would serialise this answer with: its status code's, `2xx`-style, or `default`;
 * of its content type when the schema is given per type (`content`).
 */
function schemaFor(responses: Record<string, unknown>, status: number, contentType: unknown): unknown {
  const schema = (responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default) as
    { content?: Record<string, { schema?: unknown }> } | undefined;
  if (schema?.content === undefined) return schema;
  const type = String(contentType ?? '').split(';')[0] ?? '';
  return schema.content[type]?.schema;
}

export function checkResponsesInTests(app: FastifyInstance) {
  if (!process.env.VITEST) return;
  const fromPool = AjvCompiler();
  // Compiled once per plugin context (its shared schemas) and route schema.
  const compiled = new WeakMap<object, Map<unknown, Validate>>();
  const validatorFor = (server: FastifyInstance, route: RouteOptions, schema: unknown): Validate => {
    let byRoute = compiled.get(server);
    if (!byRoute) compiled.set(server, (byRoute = new Map()));
    let validate = byRoute.get(schema);
    if (!validate) {
      const shared = Object.fromEntries(
        Object.entries(server.getSchemas()).map(([id, shared]) => [id, closedSchema(shared)]),
      );
      const build = fromPool(
        shared as Parameters<typeof fromPool>[0],
        {
          customOptions: {
            allErrors: true,
            coerceTypes: false,
            removeAdditional: false,
            useDefaults: false,
            // OpenAPI's keywords (`content`, `example`) sit beside JSON Schema's in the route schemas.
            strict: false,
          },
        } as Parameters<typeof fromPool>[1],
      );
      validate = (build as unknown as (route: object) => Validate)({
        schema: closedSchema(schema),
        method: route.method,
        url: route.url,
        httpPart: 'response',
      });
      byRoute.set(schema, validate);
    }
    return validate;
  };

  app.addHook('onRoute', (route) => {
    const responses = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    if (!responses) return;
    const check = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const schema = schemaFor(responses, reply.statusCode, reply.getHeader('content-type'));
      if (schema === undefined || typeof payload !== 'object' || payload === null) return payload;
      const validate = validatorFor(request.server, route, schema);
      if (!validate(JSON.parse(JSON.stringify(payload)))) {
        const found = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
        const message = `${request.method} ${request.url} answered ${reply.statusCode} outside its response schema: ${found.join('; ')}`;
        process.stderr.write(`${message}\n`);
        throw new Error(message);
      }
      return payload;
    };
    route.preSerialization = [route.preSerialization ?? []].flat().concat(check);
  });
}
