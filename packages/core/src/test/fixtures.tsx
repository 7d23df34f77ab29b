import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import type { ApiClient } from '../api/client.ts';
import type { AppConfig } from '../config/app-config.ts';
import { appRoutes } from '../app/router.tsx';
import { createSessionStore } from '../lib/session-store.ts';
import { ServicesProvider } from '../lib/services.tsx';
import { baseTokens } from '@marina/theme/tokens.ts';

export const testConfig: AppConfig = {
  production: false,
  apiUrl: '/',
  MboLogo: '/brand/mbo-logo.svg',
  version: '5.1010.1945',
  clientesConSMS: [41, 25],
  clientId: 41,
  clientApp: 'MB41',
  clientTitulo: 'Marina de Prueba',
  clientShortName: 'Prueba',
  clientLogo: '/brand/logo.svg',
  tokens: baseTokens,
  contact: {
    phone: '+34 971 000 041',
    email: 'capitania@prueba.example',
    address: 'Moll de Ponent, 1',
    openingHours: ['Abril a octubre: de 08:00 a 20:00'],
  },
  faq: [{ question: '¿Puedo pedir una bajada hoy?', answer: 'Sí, con dos horas de antelación.' }],
};

/** An API with no session: what a first visit meets. */
export function signedOutApi(): ApiClient {
  return {
    get: async () => {
      throw new ApiError('unauthenticated', { status: 401 });
    },
    create: async () => {
      throw new ApiError('unauthenticated', { status: 401 });
    },
    send: async () => {
      throw new ApiError('unauthenticated', { status: 401 });
    },
  };
}

export function renderApp(path: string, { api = signedOutApi(), sliderSeen = true } = {}) {
  if (sliderSeen) localStorage.setItem('mb.sliderSeen', '1');
  const services = { config: testConfig, api, storage: localStorage, session: createSessionStore() };
  const router = createMemoryRouter(appRoutes(services), { initialEntries: [path] });
  render(
    <ServicesProvider services={services}>
      <RouterProvider router={router} />
    </ServicesProvider>,
  );
  return { router, services };
}
