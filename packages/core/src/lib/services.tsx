import { createContext, use, type ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';
import type { RuntimeConfig } from '../config/app-config.ts';
import type { ServerCache } from './server-cache.ts';
import type { SessionStore } from './session-store.ts';

export interface Services {
  config: RuntimeConfig;
  api: ApiClient;
  /** The person's device storage: first start, cached card. Wrapped so tests and sign-out control it. */
  storage: Storage;
  session: SessionStore;
  /** What the screens loaded from the API (TanStack Query), opened by the routes that need it. */
  cache: ServerCache;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): Services {
  const services = use(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider above it');
  return services;
}

export function useConfig(): RuntimeConfig {
  return useServices().config;
}
