import { describe, expect, it } from 'vitest';
import type { ClientFolderConfig } from './app-config.ts';
import { ClientConfigError, resolveAppConfig } from './validate-config.ts';

const folder: ClientFolderConfig = {
  clientId: 41,
  clientApp: 'MB41',
  clientTitulo: 'Marina Port Blau',
  clientShortName: 'Port Blau',
  clientLogo: './logo.svg',
  clientIcon: './icon.svg',
  tokens: { color: { brand: '#0b4f6c', onBrand: '#ffffff', accent: '#0b6e99' } },
  contact: {
    phone: '+34 971 000 041',
    email: 'capitania@portblau.example',
    address: 'Moll de Ponent, 1',
    openingHours: ['Todos los días de 08:00 a 20:00'],
  },
  faq: [{ question: '¿Cómo pido una bajada?', answer: 'Desde la pestaña Bajadas.' }],
};

const options = { production: true, clientLogoUrl: '/brand/logo.svg' };

function problemsOf(config: unknown): string[] {
  try {
    resolveAppConfig('client 41 (client-41)', config as ClientFolderConfig, options);
  } catch (error) {
    if (error instanceof ClientConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('resolveAppConfig', () => {
  it("completes a client's folder with the platform's constants", () => {
    const config = resolveAppConfig('client 41', folder, options);
    expect(config).toMatchObject({
      production: true,
      apiUrl: 'https://{host}:8443',
      version: '5.1010.1945',
      clientesConSMS: [41, 25],
      clientId: 41,
      clientApp: 'MB41',
      clientTitulo: 'Marina Port Blau',
      clientLogo: '/brand/logo.svg',
      MboLogo: '/brand/mbo-logo.svg',
    });
    expect(config.tokens.color.brand).toBe('#0b4f6c');
  });

  it('names the client and every wrong or missing field', () => {
    const { clientTitulo: _missing, ...rest } = folder;
    let message = '';
    try {
      resolveAppConfig('client 41 (client-41)', { ...rest, clientId: 'x' } as unknown as ClientFolderConfig, options);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('Invalid configuration for client 41 (client-41)');
    expect(message).toContain('clientTitulo is a required field');
    expect(message).toContain('clientId');
  });

  it('refuses an unknown field, so a typo does not pass silently', () => {
    expect(problemsOf({ ...folder, clientTitle: 'x' })).toEqual([expect.stringContaining('clientTitle')]);
  });

  it('refuses a brand colour that fails WCAG AA against its text', () => {
    const problems = problemsOf({ ...folder, tokens: { color: { ...folder.tokens.color, brand: '#8fd3f4' } } });
    expect(problems).toContainEqual(expect.stringMatching(/^tokens\.color\.onBrand on tokens\.color\.brand has contrast 1\.\d\d:1/));
  });

  it('reports wrong fields and contrast together, so one build lists every fix', () => {
    const problems = problemsOf({
      ...folder,
      clientApp: 'M',
      tokens: { color: { brand: '#8fd3f4', onBrand: '#ffffff', accent: 'blue' } },
      contact: { ...folder.contact, phone: '971000041' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('clientApp'),
        expect.stringContaining('contact.phone'),
        expect.stringContaining('tokens.color.accent must be a hex colour'),
        expect.stringMatching(/^tokens\.color\.onBrand on tokens\.color\.brand has contrast 1\.\d\d:1/),
      ]),
    );
    // The accent is already reported as malformed: no contrast line about a colour that cannot be read.
    expect(problems.filter((problem) => problem.includes('accent'))).toHaveLength(1);
  });

  it('refuses a phone that is not international', () => {
    expect(problemsOf({ ...folder, contact: { ...folder.contact, phone: '971000041' } })).toEqual([
      expect.stringContaining('contact.phone'),
    ]);
  });

  it("accepts the marina's IANA time zone and refuses one that is not", () => {
    expect(problemsOf({ ...folder, timeZone: 'Atlantic/Canary' })).toEqual([]);
    expect(problemsOf({ ...folder, timeZone: 'Canarias' })).toEqual(['timeZone must be an IANA time zone such as Atlantic/Canary']);
  });

  it('lets `npm start` point the bundle at its own origin', () => {
    expect(resolveAppConfig('client 41', folder, { ...options, apiUrl: '/' }).apiUrl).toBe('/');
  });
});
