/**
 * The app's test fakes are what the API answers: each is checked against the response schema of the call it
 * fakes (the one the server serialises with, decision 045), closed to fields the schema does not name, so a
 * fake cannot drift from what the API sends.
 */
import { Ajv, type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { sessionInfoResponse, accountSummaryResponse } from '../domain/accounts.ts';
import { authorisationResponse, boatAuthorisationResponse } from '../domain/authorisations.ts';
import { boatResponse, contractResponse, insuranceResponse } from '../domain/boats.ts';
import { dataValidationStatusResponse, licenceResponse } from '../domain/data-validation.ts';
import { cardCheckResponse, cardReasonResponse, cardResponse } from '../domain/cards.ts';
import { eligibilityReasonResponse } from '../domain/eligibility.ts';
import { launchDaysResponse, launchResponse, launchSlotDayResponse } from '../domain/launches.ts';
import { clientSettingsResponse, marinaResponse } from '../domain/marina.ts';
import { outingOptionsResponse, outingResponse } from '../domain/outings.ts';
import { notificationPreferencesResponse } from '../domain/push.ts';
import { closedSchema, type TSchema } from '../domain/response-schema.ts';
import * as authorisationFakes from '../features/authorisations/authorisations.fixtures.ts';
import * as boatFakes from '../features/boats/boats.fixtures.ts';
import * as cardFakes from '../features/card/card.fixtures.ts';
import * as launchFakes from '../features/launches/launches.fixtures.ts';
import * as outingFakes from '../features/outings/outings.fixtures.ts';
import { bareBoat } from './boats.ts';
import { testMarina, testNotificationPreferences, testSession } from './fixtures.tsx';

const shared = [
  clientSettingsResponse,
  accountSummaryResponse,
  sessionInfoResponse,
  eligibilityReasonResponse,
  licenceResponse,
  insuranceResponse,
  contractResponse,
  boatAuthorisationResponse,
  boatResponse,
  authorisationResponse,
  dataValidationStatusResponse,
  launchResponse,
  outingResponse,
  cardReasonResponse,
];

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
for (const schema of shared) ajv.addSchema(closedSchema(schema) as AnySchema);

/** The fakes of each answer, by name. */
const fakes: Array<[string, TSchema, unknown[]]> = [
  ['testMarina', marinaResponse, [testMarina]],
  ['testSession', sessionInfoResponse, [testSession]],
  ['testNotificationPreferences', notificationPreferencesResponse, [testNotificationPreferences]],
  [
    'boats',
    boatResponse,
    [
      bareBoat('11111111-1111-4111-8111-111111111111', 'Gaviota', '7ª-BA-1-1-20'),
      boatFakes.readyBoat(),
      boatFakes.uninsuredBoat(),
      ...authorisationFakes.boats(),
      ...launchFakes.boats(),
    ],
  ],
  ['authorisations', authorisationResponse, authorisationFakes.people()],
  ['launches', launchResponse, [launchFakes.launch()]],
  ['launch slot days', launchSlotDayResponse, [launchFakes.slotDay()]],
  [
    'launch days',
    launchDaysResponse,
    [
      launchFakes.launchDays(),
      launchFakes.launchDays(launchFakes.tomorrow, 1, {
        [launchFakes.tomorrow]: { 0: { state: 'closed', closedReason: 'Temporal' } },
      }),
    ],
  ],
  ['outings', outingResponse, [outingFakes.outing(), ...outingFakes.history()]],
  ['outing options', outingOptionsResponse, [outingFakes.options()]],
  ['cards', cardResponse, [cardFakes.greenCard(), cardFakes.redCard()]],
  ['card checks', cardCheckResponse, [cardFakes.validCheck(), cardFakes.staleCheck()]],
];

describe('the app’s fakes match the response schemas', () => {
  it.each(fakes)('%s', (_name, schema, values) => {
    const validate = ajv.compile(closedSchema({ ...schema, $id: undefined }) as AnySchema);
    for (const value of values) {
      validate(value);
      expect(validate.errors ?? [], JSON.stringify(value)).toEqual([]);
    }
  });

  it('a fake with a field the schema lacks is found', () => {
    const validate = ajv.compile(closedSchema({ ...sessionInfoResponse, $id: undefined }) as AnySchema);
    expect(validate({ ...testSession, account: { ...testSession.account, nickname: 'Ana' } })).toBe(false);
  });
});
