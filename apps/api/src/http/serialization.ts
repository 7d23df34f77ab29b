/**
 * Response serialisers compiled once per process, not once per server. fast-json-stringify turns each response
 * schema into a function, resolving it against every shared schema: about a second and a half of CPU for the
 * API's routes. A process that builds several servers (one per marina with `npm start -- --client 41,25`, and
 * every API test file) would compile the same functions again each time; the API test suite spent more than
 * half of its CPU doing so (docs/decisions/048-serialisers-compiled-once.md).
 *
 * A compiled serialiser depends on nothing but its schema, the shared schemas and the serialiser options, so
 * it is kept under those, as text: a schema built afresh for each server, equal in content, finds it too.
 */
import { createHash } from 'node:crypto';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;
type RouteSchema = Parameters<ReturnType<SerializerFactory>>[0];

const compiled = new Map<string, Serializer>();
const build = SerializerSelector();

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/** Fastify's own serialiser factory (`compilersFactory.buildSerializer`), remembering what it compiled. */
export const cachedSerializers: SerializerFactory = (externalSchemas, serializerOptions) => {
  const compile = build(externalSchemas, serializerOptions);
  const context = digest([externalSchemas ?? null, serializerOptions ?? null]);
  return (route: RouteSchema) => {
    const key = `${context}:${digest(route.schema)}`;
    let serializer = compiled.get(key);
    if (!serializer) {
      serializer = compile(route);
      compiled.set(key, serializer);
    }
    return serializer;
  };
};

/** How many serialisers this process has compiled (tests). */
export function compiledSerializerCount(): number {
  return compiled.size;
}
