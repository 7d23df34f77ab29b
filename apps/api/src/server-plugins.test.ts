import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { apiModules } from './api-module.ts';
import { BEFORE_ROUTES, corsPlugin, csrf, sessionLookup } from './server-plugins.ts';
import type { Services } from './services.ts';
import { loadConfig } from './config.ts';

const secondSchema = { $id: 'Second', type: 'object', properties: { n: { type: 'integer' } } };
const services = { config: loadConfig({ NODE_ENV: 'test' }) } as Services;

describe("the server's plugins (decision 047)", () => {
  it('stop the start when one is registered before a plugin it relies on, naming it', async () => {
    await expect(Fastify().register(csrf, { config: services.config })).rejects.toThrow(/'session-lookup'/);
    await expect(Fastify().register(sessionLookup, { services })).rejects.toThrow(/'cookies'/);
    await expect(Fastify().register(corsPlugin, { config: services.config })).rejects.toThrow(/'security-headers'/);
  });

  it('declare no module before every request hook is in place', async () => {
    await expect(Fastify().register(apiModules, { modules: [], services })).rejects.toThrow(/'known-routes'/);
  });

  it('refuse a module listed twice', async () => {
    const app = Fastify();
    for (const name of BEFORE_ROUTES) await app.register(fp(async () => {}, { name }));
    await expect(
      app.register(apiModules, { modules: [{ name: 'boats' }, { name: 'boats' }], services }),
    ).rejects.toThrow('The API module boats is listed twice');
  });

  it("declare each module's routes under the API prefix, where any module's schemas may be referred to", async () => {
    const app = Fastify();
    for (const name of BEFORE_ROUTES) await app.register(fp(async () => {}, { name }));
    await app.register(apiModules, {
      services,
      modules: [
        {
          name: 'first',
          routes: async (api) => {
            // Refers to a schema the next module adds.
            api.get('/first', { schema: { response: { 200: { $ref: 'Second#' } } } }, async () => ({ n: 1 }));
          },
        },
        { name: 'second', schemas: [secondSchema] },
      ],
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/first' });
    expect(response.json()).toEqual({ n: 1 });
    await app.close();
  });
});
