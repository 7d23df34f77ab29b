/** Signing in as a marina's staff member (the demo one every test server seeds). */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_STAFF_ACCOUNT } from '../db/seed.ts';
import { createAgent, type Agent } from './test-agent.ts';

export async function signInStaff(app: FastifyInstance, clientId: number): Promise<Agent> {
  const agent = createAgent(app, clientId);
  const { email, password } = DEMO_STAFF_ACCOUNT(clientId);
  const response = await agent.post('/session', { identifier: email, password });
  expect(response.statusCode, response.body).toBe(200);
  return agent;
}
