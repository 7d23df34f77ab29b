import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cachedSerializers, compiledSerializerCount } from './serialization.ts';

/** A server with one route answering `body`, its 200 described by a schema built afresh, as each server does. */
async function serverAnswering(
  body: unknown,
  properties: Record<string, unknown>,
  shared: Array<{ $id: string }> = [],
) {
  const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: cachedSerializers } } });
  for (const schema of shared) app.addSchema(schema);
  app.get('/thing', { schema: { response: { 200: { type: 'object', properties } } } }, async () => body);
  await app.ready();
  return app;
}

describe('cachedSerializers', () => {
  it('compiles a response schema once for every server that describes it alike', async () => {
    const label = `label-${crypto.randomUUID()}`;
    const before = compiledSerializerCount();
    const first = await serverAnswering({ [label]: 'uno', secret: 'x' }, { [label]: { type: 'string' } });
    const compiledForFirst = compiledSerializerCount() - before;
    expect(compiledForFirst).toBeGreaterThan(0);

    const second = await serverAnswering({ [label]: 'dos', secret: 'y' }, { [label]: { type: 'string' } });
    expect(compiledSerializerCount() - before).toBe(compiledForFirst);
    // The shared serialiser still writes only what the schema describes.
    expect((await second.inject('/thing')).json()).toEqual({ [label]: 'dos' });
    expect((await first.inject('/thing')).json()).toEqual({ [label]: 'uno' });
    await Promise.all([first.close(), second.close()]);
  });

  it('compiles again for another schema, or the same one among other shared schemas', async () => {
    const label = `label-${crypto.randomUUID()}`;
    const base = await serverAnswering({ [label]: 1 }, { [label]: { type: 'integer' } });
    const before = compiledSerializerCount();

    const otherType = await serverAnswering({ [label]: 1 }, { [label]: { type: 'string' } });
    expect(compiledSerializerCount()).toBeGreaterThan(before);
    expect((await otherType.inject('/thing')).json()).toEqual({ [label]: '1' });

    const afterOtherType = compiledSerializerCount();
    const otherShared = await serverAnswering({ [label]: 1 }, { [label]: { type: 'integer' } }, [
      { $id: `shared-${label}` },
    ]);
    expect(compiledSerializerCount()).toBeGreaterThan(afterOtherType);
    expect((await otherShared.inject('/thing')).json()).toEqual({ [label]: 1 });
    await Promise.all([base.close(), otherType.close(), otherShared.close()]);
  });
});
