import { describe, expect, it } from 'vitest';
import type { OpeningSeason } from './opening-hours.ts';
import {
  departureValid,
  extendOutingSchema,
  isOverdue,
  OUTING_STATE_LABELS,
  OUTING_STATES,
  outingReturnLink,
  outingSchema,
  overdueAt,
  returnRefusal,
  type OutingMarina,
} from './outings.ts';

const seasons: OpeningSeason[] = [
  { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
  { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
];
const madrid: OutingMarina = { timeZone: 'Europe/Madrid', openingHours: seasons, allowOvernight: false };
const overnight: OutingMarina = { ...madrid, allowOvernight: true };
const at = (iso: string) => new Date(iso);

const valid = {
  boatId: '3f0c2a4e-8a51-4b8e-9d7c-1f6a2b3c4d5e',
  departure: '2027-07-04T10:00:00+02:00',
  expectedReturn: '2027-07-04T18:00:00+02:00',
  people: 3,
  skipper: 'owner',
  destination: '  Cala   Llamp  ',
  contactPhone: '612 345 678',
};

async function fieldErrors(body: unknown, schema: typeof outingSchema | typeof extendOutingSchema = outingSchema) {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries(
      (error as { inner: Array<{ path: string; message: string }> }).inner.map((inner) => [inner.path, inner.message]),
    );
  }
}

describe('outing states', () => {
  it('labels every state in Spanish', () => {
    expect(OUTING_STATES.map((state) => OUTING_STATE_LABELS[state])).toEqual([
      'En el mar',
      'Sin noticias: retrasada',
      'De vuelta',
    ]);
  });

  it('links "He vuelto" to the outings screen with the outing', () => {
    expect(outingReturnLink('abc')).toBe('/salidas?volver=abc');
  });
});

describe('outingSchema', () => {
  it('normalises a valid body', async () => {
    const input = await outingSchema.validate(valid);
    expect(input).toMatchObject({
      destination: 'Cala Llamp',
      contactPhone: '+34612345678',
      skipper: 'owner',
      people: 3,
    });
  });

  it('takes an authorisation id as skipper and no departure (now)', async () => {
    const { departure: _departure, ...rest } = valid;
    await expect(
      outingSchema.validate({ ...rest, skipper: '9b2f6a3c-1d4e-4f5a-8b6c-7d8e9f0a1b2c' }),
    ).resolves.toBeTruthy();
  });

  it('names every wrong field in Spanish', async () => {
    expect(
      await fieldErrors({
        boatId: 'x',
        skipper: 'captain',
        people: 0,
        destination: ' ',
        contactPhone: '912345678',
        departure: 'ayer',
      }),
    ).toEqual({
      boatId: 'Elige uno de la lista.',
      departure: 'No es una fecha y hora válida.',
      expectedReturn: 'Elige la hora de vuelta prevista.',
      people: 'Al menos 1.',
      skipper: 'Elige uno de la lista.',
      destination: 'Escribe el destino o la zona de navegación.',
      contactPhone: 'Un móvil español empieza por 6 o 7.',
    });
  });

  it('refuses a return before the departure', async () => {
    expect(await fieldErrors({ ...valid, expectedReturn: '2027-07-04T09:00:00+02:00' })).toEqual({
      expectedReturn: 'Debe ser posterior a la salida.',
    });
  });

  it('extend needs a valid date-time', async () => {
    expect(await fieldErrors({}, extendOutingSchema)).toEqual({
      expectedReturn: 'Elige la nueva hora de vuelta prevista.',
    });
    expect(await fieldErrors({ expectedReturn: '2027-07-04 19:00' }, extendOutingSchema)).toEqual({
      expectedReturn: 'No es una fecha y hora válida.',
    });
  });
});

describe('time rules', () => {
  const departure = at('2027-07-04T10:00:00+02:00');
  const now = at('2027-07-04T10:05:00+02:00');

  it('is overdue from 30 minutes after the expected return', () => {
    const expected = at('2027-07-04T18:00:00+02:00');
    expect(overdueAt(expected).toISOString()).toBe('2027-07-04T16:30:00.000Z');
    expect(isOverdue(expected, at('2027-07-04T18:29:00+02:00'))).toBe(false);
    expect(isOverdue(expected, at('2027-07-04T18:31:00+02:00'))).toBe(true);
  });

  it('wants the return the same day by closing unless the marina allows overnight', () => {
    expect(returnRefusal(madrid, departure, at('2027-07-04T20:00:00+02:00'), now)).toBeUndefined();
    expect(returnRefusal(madrid, departure, at('2027-07-04T20:01:00+02:00'), now)).toBe('return_after_closing');
    expect(returnRefusal(madrid, departure, at('2027-07-05T09:00:00+02:00'), now)).toBe('return_after_closing');
    expect(returnRefusal(madrid, departure, at('2027-07-04T10:04:00+02:00'), now)).toBe('return_in_past');
    expect(returnRefusal(overnight, departure, at('2027-07-05T09:00:00+02:00'), now)).toBeUndefined();
    expect(returnRefusal(overnight, departure, at('2027-07-07T10:01:00+02:00'), now)).toBe('outing_too_long');
  });

  it('uses the season of the day: 18:00 closing in winter', () => {
    const winter = at('2027-12-04T10:00:00+01:00');
    expect(returnRefusal(madrid, winter, at('2027-12-04T18:30:00+01:00'), winter)).toBe('return_after_closing');
  });

  it('wants the departure today and at most an hour ahead', () => {
    expect(departureValid('Europe/Madrid', at('2027-07-04T08:00:00+02:00'), now)).toBe(true);
    expect(departureValid('Europe/Madrid', at('2027-07-04T11:05:00+02:00'), now)).toBe(true);
    expect(departureValid('Europe/Madrid', at('2027-07-04T11:06:00+02:00'), now)).toBe(false);
    expect(departureValid('Europe/Madrid', at('2027-07-03T23:00:00+02:00'), now)).toBe(false);
  });
});
