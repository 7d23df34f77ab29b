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
  timeZone: 'Europe/Madrid',
  openingHours: [
    { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
    { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
  ],
  sendsSms: true,
  tokens: { color: { brand: '#0b4f6c', onBrand: '#ffffff', accent: '#0b6e99' } },
  contact: {
    phone: '+34 971 000 041',
    email: 'capitania@portblau.example',
    address: 'Moll de Ponent, 1',
    openingHours: ['Todos los días de 08:00 a 20:00'],
  },
  faq: [{ question: '¿Cómo pido una bajada?', answer: 'Desde la pestaña Bajadas.' }],
};

const options = { production: true, clientLogoUrl: '/brand/logo.svg', clientesConSMS: [41, 25] };

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
  it("completes a client's folder with the platform's constants and the SMS marinas it is given", () => {
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
      timeZone: folder.timeZone,
      MboLogo: '/brand/mbo-logo.svg',
    });
    expect(config.tokens.color.brand).toBe('#0b4f6c');
  });

  it("carries a release's version instead of the seed's when it is given one (decision 068)", () => {
    expect(resolveAppConfig('client 41', folder, { ...options, version: '5.2.0-rc.1' }).version).toBe('5.2.0-rc.1');
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
    expect(problems).toContainEqual(
      expect.stringMatching(/^tokens\.color\.onBrand on tokens\.color\.brand has contrast 1\.\d\d:1/),
    );
  });

  it('refuses a brand colour the gate could take for the card’s verdict', () => {
    const problems = problemsOf({ ...folder, tokens: { color: { ...folder.tokens.color, brand: '#1f5c3a' } } });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^tokens\.color\.brand is too close to the card's valid green \(#1e6b34\): colour difference 6\.7, under 15/,
      ),
    );
  });

  it('checks the dark scheme a marina sets by hand', () => {
    const problems = problemsOf({ ...folder, tokens: { ...folder.tokens, dark: { color: { text: '#444444' } } } });
    expect(problems).toContainEqual(
      expect.stringMatching(/^tokens\.dark\.color\.text on tokens\.dark\.color\.background has contrast/),
    );
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
    expect(problemsOf({ ...folder, timeZone: 'Canarias' })).toEqual([
      'timeZone must be an IANA time zone such as Atlantic/Canary',
    ]);
  });

  it('needs the time zone, the opening hours and whether codes go by SMS: no marina gets them by default', () => {
    const { timeZone: _zone, openingHours: _hours, sendsSms: _sms, ...rest } = folder;
    expect(problemsOf(rest)).toEqual([
      'timeZone is a required field',
      'openingHours is a required field',
      'sendsSms is a required field',
    ]);
  });

  it('checks the opening hours as data: times, open before close, every day in exactly one season', () => {
    expect(
      problemsOf({
        ...folder,
        openingHours: [
          { from: '04-01', to: '10-31', open: '8h', close: '20:00' },
          { from: '11-01', to: '02-28', open: '18:00', close: '09:00' },
        ],
        contact: { ...folder.contact, openingHours: ['De 8h a 20:00'] },
      }),
    ).toEqual([
      'openingHours[0].open must be a time of day as HH:MM, such as 08:00',
      'openingHours[1] must open before it closes (opens 18:00, closes 09:00)',
      'openingHours give no hours for 02-29 to 03-31: every day of the year needs exactly one season',
    ]);
  });

  it('refuses an hours text that names a time the seasons do not, so the help page and the slots agree', () => {
    const contact = {
      ...folder.contact,
      openingHours: ['Abril a octubre: de 08:00 a 21:00', 'Noviembre a marzo: de 09:00 a 18:00'],
    };
    expect(problemsOf({ ...folder, contact })).toEqual([
      'contact.openingHours[0] mentions 21:00, which no season of openingHours opens or closes at',
    ]);
  });

  it('takes only overrides of known settings, each by the rule the server applies', () => {
    expect(problemsOf({ ...folder, settings: { slotCapacity: 6, manualApproval: true } })).toEqual([]);
    expect(problemsOf({ ...folder, settings: { slotCapacity: 0, maxBeamM: '4', slots: 3 } })).toEqual([
      'settings.slotCapacity must be greater than or equal to 1',
      expect.stringMatching(/^settings\.maxBeamM must be a `number` type/),
      'settings has unknown setting(s): slots',
    ]);
    expect(problemsOf({ ...folder, sendsSms: 'yes' })).toEqual([
      expect.stringMatching(/^sendsSms must be a `boolean` type/),
    ]);
  });

  it('takes SMS countries the platform can tell by their numbers, at least one (docs/product.md §7.6)', () => {
    expect(problemsOf({ ...folder, smsCountries: ['ES', 'PT', 'FR'] })).toEqual([]);
    expect(problemsOf({ ...folder, smsCountries: ['ES', 'US'] })).toEqual([
      expect.stringMatching(/^smsCountries\[1\] must be one of ES, PT, /),
    ]);
    expect(problemsOf({ ...folder, smsCountries: [] })).toEqual(['smsCountries must name at least one country']);
  });

  it('reports a wrong field, wrong hours and a wrong colour at once', () => {
    const problems = problemsOf({
      ...folder,
      clientApp: 'M',
      openingHours: [{ from: '01-01', to: '11-30', open: '08:00', close: '20:00' }],
      tokens: { color: { ...folder.tokens.color, brand: '#8fd3f4' } },
    });
    expect(problems).toEqual([
      'clientApp must be 2 to 12 letters or digits',
      'openingHours give no hours for 12-01 to 12-31: every day of the year needs exactly one season',
      expect.stringMatching(/^tokens\.color\.onBrand on tokens\.color\.brand has contrast/),
    ]);
  });

  it('lets `npm start` point the bundle at its own origin', () => {
    expect(resolveAppConfig('client 41', folder, { ...options, apiUrl: '/' }).apiUrl).toBe('/');
  });
});
