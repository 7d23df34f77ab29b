import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import {
  CLIENT_SETTING_RULES,
  clientSettingsOverridesSchema,
  DEFAULT_CLIENT_SETTINGS,
  marinaDeclarationsSchema,
  settingsWithinRules,
  withDefaultSettings,
  type ClientSettings,
  type MarinaDeclaration,
} from './marina.ts';

function problemsOf(schema: yup.Schema, value: unknown): string[] {
  try {
    schema.validateSync(value, { abortEarly: false, strict: true });
    return [];
  } catch (error) {
    if (error instanceof yup.ValidationError) return error.errors;
    throw error;
  }
}

const marina: MarinaDeclaration = {
  id: 90,
  app: 'MB90',
  title: 'Marina Noventa',
  timeZone: 'Atlantic/Canary',
  openingHours: [{ from: '01-01', to: '12-31', open: '08:00', close: '20:00' }],
  settings: { slotCapacity: 6 },
  sendsSms: false,
};

describe('client settings', () => {
  it('has defaults that meet their own rules', () => {
    expect(problemsOf(clientSettingsOverridesSchema, { ...DEFAULT_CLIENT_SETTINGS })).toEqual([]);
  });

  const ranged = Object.entries(CLIENT_SETTING_RULES).flatMap(([key, rule]) =>
    rule.type === 'boolean' ? [] : [{ key: key as keyof ClientSettings, ...rule }],
  );

  it('gives every number a range that holds its default', () => {
    expect(ranged.map(({ key }) => key).sort()).toEqual(
      Object.entries(DEFAULT_CLIENT_SETTINGS)
        .filter(([, value]) => typeof value === 'number')
        .map(([key]) => key)
        .sort(),
    );
    for (const { key, minimum, maximum } of ranged) {
      expect(minimum, key).toBeLessThanOrEqual(DEFAULT_CLIENT_SETTINGS[key] as number);
      expect(maximum, key).toBeGreaterThanOrEqual(DEFAULT_CLIENT_SETTINGS[key] as number);
    }
  });

  it.each(ranged)(
    'takes $key from $minimum to $maximum, both included, and nothing outside',
    ({ key, minimum, maximum }) => {
      expect(problemsOf(clientSettingsOverridesSchema, { [key]: minimum })).toEqual([]);
      expect(problemsOf(clientSettingsOverridesSchema, { [key]: maximum })).toEqual([]);
      expect(problemsOf(clientSettingsOverridesSchema, { [key]: minimum - 1 })).toEqual([
        `${key} must be greater than or equal to ${minimum}`,
      ]);
      expect(problemsOf(clientSettingsOverridesSchema, { [key]: maximum + 1 })).toEqual([
        `${key} must be less than or equal to ${maximum}`,
      ]);
      expect(problemsOf(clientSettingsOverridesSchema, { [key]: 2147483648 })).toEqual([
        `${key} must be less than or equal to ${maximum}`,
      ]);
      expect(problemsOf(clientSettingsOverridesSchema, { [key]: Infinity })).not.toEqual([]);
    },
  );

  it('leaves out a stored override outside its rule, keeping the others', () => {
    expect(
      settingsWithinRules({ slotCapacity: 2147483648, dataValidationDays: 400, maxBeamM: 0, manualApproval: true }),
    ).toEqual({ dataValidationDays: 400, manualApproval: true });
    expect(settingsWithinRules({ colour: 'blue' } as Partial<ClientSettings>)).toEqual({});
    expect(settingsWithinRules(null)).toEqual({});
  });

  it('refuses an unknown setting and values outside each rule', () => {
    const problems = problemsOf(clientSettingsOverridesSchema, {
      slotCapacity: 0,
      maxAdvanceDays: 1.5,
      maxLengthM: 0,
      manualApproval: 'yes',
      minLeadMinutes: '120',
      colour: 'blue',
    });
    expect(problems).toHaveLength(6);
    expect(problems).toEqual(
      expect.arrayContaining([
        'slotCapacity must be greater than or equal to 1',
        'maxAdvanceDays must be a whole number',
        'maxLengthM must be greater than or equal to 1',
        expect.stringMatching(/^manualApproval must be a `boolean` type/),
        expect.stringMatching(/^minLeadMinutes must be a `number` type/),
        'this has unknown setting(s): colour',
      ]),
    );
  });

  it('fills in every setting a marina does not override', () => {
    expect(withDefaultSettings({ slotCapacity: 6 })).toEqual({ ...DEFAULT_CLIENT_SETTINGS, slotCapacity: 6 });
    expect(withDefaultSettings(undefined)).toEqual(DEFAULT_CLIENT_SETTINGS);
  });
});

describe('marinaDeclarationsSchema', () => {
  it('accepts declarations by the rules', () => {
    expect(
      problemsOf(marinaDeclarationsSchema, [marina, { ...marina, id: 91, app: 'MB91', settings: {}, sendsSms: true }]),
    ).toEqual([]);
  });

  it('names every problem of every entry, a clientId declared twice among them', () => {
    const { timeZone: _zone, ...zoneless } = marina;
    expect(
      problemsOf(marinaDeclarationsSchema, [
        marina,
        { ...marina, app: 'MB-90', sendsSms: 'yes' },
        zoneless,
        { ...marina, id: 92, timeZone: 'Mars/Base', settings: { slotCapacity: -1 } },
      ]),
    ).toEqual([
      '[1].app must be 2 to 12 letters or digits',
      expect.stringMatching(/^\[1\]\.sendsSms must be a `boolean` type/),
      '[2].timeZone is a required field',
      '[3].timeZone must be an IANA time zone such as Atlantic/Canary',
      '[3].settings.slotCapacity must be greater than or equal to 1',
      'clientId 90 declared twice',
    ]);
  });
});
