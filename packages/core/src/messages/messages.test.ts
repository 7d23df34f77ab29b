import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../domain/error-codes.ts';
import { accountNotices, type NoticeWords } from './account-notices.ts';
import { contractNotices } from './contract-notices.ts';
import { launchCancellationReasons, launchNotices, maintenanceNotices } from './launch-notices.ts';
import { authorisationNotices } from './authorisation-notices.ts';
import { outingNotices } from './outing-notices.ts';
import { validationNotices } from './validation-notices.ts';
import { errorMessages, formatWait, parametrisedErrorMessages } from './error-messages.ts';
import { expectedTypeMessages, fieldMessages, problemDetails, skipperRefusals } from './problem-details.ts';
import { problemTitles } from './problem-titles.ts';
import { fieldLabels, fieldRuleMessages } from './field-rules.ts';

type Catalogue = Record<string, string | ((params: never) => string)>;
/** The parameters of each entry that is a function: a missing sample is a type error. */
type Samples<T extends Catalogue> = {
  [K in keyof T as T[K] extends (params: never) => string ? K : never]: T[K] extends (params: infer P) => string
    ? P
    : never;
};

const FIELD_SAMPLES: Samples<typeof fieldMessages> = {
  phone_country_not_allowed: { countries: 'España' },
  code_invalid: { left: 4 },
  slot_too_soon: { minLeadMinutes: 60 },
  slot_too_far: { maxAdvanceDays: 14 },
  range_too_long: { max: 62 },
  boat_has_open_launch_by: { booker: { by: 'owner', name: 'Ana Pons' }, when: 'martes 3 de junio a las 10:00' },
  authorisation_duplicate: { boat: 'Brisa' },
  authorisation_limit_reached: { boat: 'Brisa', max: 3 },
  skipper_not_allowed: { why: 'suspended' },
  setting_unknown: { setting: 'minLeadMinutes' },
  setting_boolean: { setting: 'waitlist' },
  setting_range: { setting: 'minLeadMinutes', integer: true, minimum: 0, maximum: 1440 },
};

const FIELD_RULE_SAMPLES: Samples<typeof fieldRuleMessages> = {
  too_long: { label: fieldLabels.make, max: 60 },
  too_many: { label: fieldLabels.boats, max: 50 },
  invalid_date: { label: fieldLabels.valid_to },
  invalid_date_time: { label: fieldLabels.slot_start },
  choose_from_list: { label: fieldLabels.boat },
  today_or_later: { label: fieldLabels.valid_from, today: 'lunes 23 de noviembre' },
  name_required: { label: fieldLabels.your_first_name },
  name_too_long: { label: fieldLabels.person_surnames, max: 60 },
  password_too_short: { min: 8 },
  code_format: { digits: 6 },
  expiry_required: { what: fieldLabels.the_licence },
  expiry_invalid_date: { what: fieldLabels.your_identity_document },
  expiry_past_renew: { what: fieldLabels.the_licence },
  certificate_too_large: { megabytes: 5 },
  metres_required: { label: fieldLabels.length },
  metres_not_number: { label: fieldLabels.beam },
  metres_not_positive: { label: fieldLabels.length },
  metres_too_large: { label: fieldLabels.beam, max: 2.5 },
  contract_start_from_today: { today: 'lunes 23 de noviembre' },
  people_too_few: { min: 1 },
  closure_too_long: { days: 31 },
  push_endpoint_too_long: { max: 2048 },
};

const DETAIL_SAMPLES: Samples<typeof problemDetails> = {
  body_too_deep: { depth: 32 },
  body_too_complex: { values: 10_000 },
  method_not_allowed: { method: 'PUT' },
  unknown_client: { clientId: 7 },
  account_not_active: { status: 'suspended' },
  resend_wait: { seconds: 42 },
  code_invalid_tries_left: { left: 2 },
  booker_only: { booker: 'Ana Pons', change: 'move' },
  too_many_open_launches: { open: 3 },
  not_withdrawable: { state: 'active' },
  contract_not_pending: { status: 'Activo' },
  launch_transition: { from: 'Pedida', to: 'En el agua' },
};

/** Every message the accounts flows send, worded with sample values: a missing kind is a type error. */
const ACCOUNT_MESSAGES: Record<
  Exclude<keyof typeof accountNotices, 'welcomeNotification' | 'passwordChangedNotification'>,
  NoticeWords
> = {
  code: accountNotices.code({
    marina: 'Puerto',
    purpose: 'registration',
    channel: 'email',
    code: '123456',
    minutes: 10,
  }),
  activationLink: accountNotices.activationLink({ marina: 'Puerto', name: '', link: 'https://x', hours: 24 }),
  emailConfirmation: accountNotices.emailConfirmation({ marina: 'Puerto', name: 'Ana', link: 'https://x', hours: 24 }),
  registrationAttempt: accountNotices.registrationAttempt({ marina: 'Puerto' }),
  passwordChanged: accountNotices.passwordChanged({ marina: 'Puerto' }),
  emailChanged: accountNotices.emailChanged({ marina: 'Puerto', maskedEmail: 'a***@b.es' }),
};

/** Every entry's words: a string as it is, a function with its sample parameters. */
function worded(catalogue: Catalogue, samples: Record<string, unknown>): [string, string][] {
  return Object.entries(catalogue).map(([key, entry]) => [
    key,
    typeof entry === 'string' ? entry : (entry as (params: unknown) => string)(samples[key]),
  ]);
}

/** Words, not a placeholder: at least one Spanish word of three letters. */
const WORDS = /[a-záéíóúñ]{3,}/i;

describe('the message catalogue', () => {
  it.each(ERROR_CODES)('words %s for the app and as a problem title', (code) => {
    expect(errorMessages[code]).toMatch(WORDS);
    expect(problemTitles[code]).toMatch(WORDS);
  });

  it('words no code the server never sends, but the failures that never reached it', () => {
    const codes: readonly string[] = ERROR_CODES;
    expect(Object.keys(errorMessages).filter((code) => !codes.includes(code))).toEqual([
      'network_error',
      'timeout',
      'unexpected_response',
    ]);
    expect(Object.keys(problemTitles).filter((code) => !codes.includes(code))).toEqual([]);
  });

  it.each(worded(fieldMessages, FIELD_SAMPLES))('words the field message %s', (_key, words) => {
    expect(words).toMatch(WORDS);
  });

  it.each(worded(fieldRuleMessages, FIELD_RULE_SAMPLES))('words the field rule message %s', (_key, words) => {
    expect(words).toMatch(WORDS);
    expect(words).not.toMatch(/undefined|\[object/);
  });

  it.each(Object.entries(fieldLabels))('words the field label %s', (_key, words) => {
    expect(words).toMatch(WORDS);
  });

  it('words a field rule that names a field or a value with them, as the forms always said it', () => {
    expect(fieldRuleMessages.name_too_long({ label: fieldLabels.your_first_name, max: 60 })).toBe(
      'Como mucho 60 caracteres.',
    );
    expect(fieldRuleMessages.metres_required({ label: fieldLabels.length })).toBe('Escribe la eslora.');
    expect(fieldRuleMessages.metres_too_large({ label: fieldLabels.beam, max: 2.5 })).toBe(
      'El puerto admite como mucho 2,5 m.',
    );
    expect(fieldRuleMessages.valid_to_before_from).toBe('Debe ser el mismo día que «Desde» o posterior.');
    // yup puts the unknown keys in place of ${unknown}: the entry keeps it as it is.
    expect(fieldRuleMessages.unknown_field).toBe('Campo desconocido: $' + '{unknown}.');
  });

  it.each(worded(problemDetails, DETAIL_SAMPLES))('words the problem detail %s', (_key, words) => {
    expect(words).toMatch(WORDS);
    expect(words).not.toMatch(/undefined|\[object/);
  });

  it("gives one error one wording: a field that says what the app says is the app's message", () => {
    expect(fieldMessages.return_after_closing).toBe(errorMessages.return_after_closing);
    expect(fieldMessages.boat_not_in_water).toBe(errorMessages.boat_not_in_water);
    expect(fieldMessages.outing_too_long).toBe(errorMessages.outing_too_long);
  });

  it('words every expected type and every reason a skipper is refused', () => {
    for (const words of [...Object.values(expectedTypeMessages), ...Object.values(skipperRefusals)])
      expect(words).toMatch(WORDS);
  });

  it('has no function entry without its sample, and no sample without its entry', () => {
    const functions = (catalogue: Catalogue) =>
      Object.keys(catalogue)
        .filter((key) => typeof catalogue[key] === 'function')
        .sort();
    expect(Object.keys(FIELD_SAMPLES).sort()).toEqual(functions(fieldMessages));
    expect(Object.keys(DETAIL_SAMPLES).sort()).toEqual(functions(problemDetails));
    expect(Object.keys(FIELD_RULE_SAMPLES).sort()).toEqual(functions(fieldRuleMessages));
  });

  it.each(Object.entries(ACCOUNT_MESSAGES))('words the account message %s, naming the marina', (_kind, words) => {
    expect(words.subject).toMatch(/^Puerto: /);
    expect(words.text).toMatch(WORDS);
  });

  it('words the contract decisions, naming the marina in the SMS', () => {
    const approved = contractNotices.approved({ marina: 'Puerto', boat: 'Brisa', plan: 'annual', from: '1', to: '2' });
    const rejected = contractNotices.rejected({ marina: 'Puerto', boat: 'Brisa', reason: 'Faltan datos' });
    for (const words of [approved, rejected]) {
      expect(words.title).toMatch(WORDS);
      expect(words.body).toContain('Brisa');
      expect(words.sms).toMatch(/^Puerto: /);
    }
    expect(contractNotices.emailFooter).toMatch(WORDS);
  });

  it.each(Object.entries(launchNotices))('words the launch notice %s with its values', (_kind, notice) => {
    const words = notice({
      boat: 'Brisa',
      when: 'martes 3 de junio, 10:00',
      reason: 'Temporal',
      by: 'Ana Pons',
      back: '14:00',
    });
    expect(words.title).toMatch(WORDS);
    expect(`${words.body} ${words.sms}`).toContain('Brisa');
  });

  it('words the «listo para subir» reminder with the planned return, and data to confirm with its period', () => {
    const stow = launchNotices.stow_reminder({ boat: 'Brisa', when: '', reason: '', by: undefined, back: '14:00' });
    expect(stow.body).toContain('a las 14:00');
    expect(stow.body).toContain('«Listo para subir»');
    expect(stow.sms).toContain('14:00');
    const due = validationNotices.due({ days: 365 });
    expect(due.title).toMatch(WORDS);
    expect(due.body).toContain('365 días');
    expect(due.sms).toMatch(WORDS);
    expect(validationNotices.emailFooter).toContain('Validar mis datos');
  });

  it('words a boat put in maintenance with a launch to come: the boat, the slot, and the launch still asked for', () => {
    const when = 'sábado 28 de noviembre a las 10:00';
    const own = maintenanceNotices.asker({ boat: 'Gaviota', when, own: true });
    const lent = maintenanceNotices.asker({ boat: 'Gaviota', when, own: false });
    const owner = maintenanceNotices.owner({ boat: 'Gaviota', when, bookedBy: 'Marta Ruiz Soler' });
    expect(own.title).toBe('Tu barco está en mantenimiento');
    expect(lent.title).toBe('El barco está en mantenimiento');
    expect(owner.title).toBe('Tu barco está en mantenimiento');
    for (const words of [own, lent, owner]) {
      for (const text of [words.body, words.sms]) {
        expect(text).toContain('Gaviota');
        expect(text).toContain(when);
        expect(text).toContain('sigue pedida');
      }
    }
    expect(`${owner.body} ${owner.sms}`).toContain('pidió Marta Ruiz Soler');
  });

  it.each(Object.entries(authorisationNotices.notices))('words the authorised person notice %s', (_kind, notice) => {
    const words = notice({ owner: 'Ana Pons', period: 'desde el 1 de junio', reason: 'Temporal' });
    expect(words.title).toMatch(WORDS);
    expect(words.body).toContain('Ana Pons');
  });

  it("words an authorisation's code by SMS and by e-mail, naming the marina and the owner", () => {
    for (const channel of ['sms', 'email'] as const) {
      const words = authorisationNotices.code({
        marina: 'Puerto',
        owner: 'Ana Pons',
        person: 'Luis',
        document: '12345678Z',
        period: authorisationNotices.period({ from: '1 de junio', to: null }),
        channel,
        code: '123456',
        minutes: 10,
      });
      expect(words.subject).toMatch(/^Puerto: Ana Pons /);
      expect(words.text).toContain('123456');
    }
  });

  it('words the overdue outing: the alert, the notice on board and both ways it clears', () => {
    const alert = outingNotices.marinaAlert({
      boat: 'Brisa',
      registration: '7ª-BA-1-23-45',
      expected: 'hoy, 18:00',
      departure: 'hoy, 10:00',
      destination: 'Calas del norte',
      people: 3,
      skipper: 'Ana Pons',
      contactPhone: '+34600000000',
      logger: 'Ana Pons',
      loggerPhone: null,
      owner: 'Ana Pons',
      ownerPhone: '+34600000000',
    });
    expect(alert.subject).toBe('Salida sin volver: Brisa (7ª-BA-1-23-45)');
    expect(alert.text).toContain('sin teléfono');
    expect(outingNotices.overdue({ marina: 'Puerto', boat: 'Brisa', back: '18:00' }).sms).toMatch(/^Puerto: Brisa /);
    const back = outingNotices.cleared({ who: 'Ana Pons', boat: 'Brisa', since: '18:31', returned: true, at: '19:00' });
    const later = outingNotices.cleared({
      who: 'Ana Pons',
      boat: 'Brisa',
      since: null,
      returned: false,
      until: 'hoy, 20:00',
      overdueMinutes: 30,
    });
    expect(back.text).toContain('desde las 18:31');
    expect(later.text).toContain('30 minutos');
  });

  it('words what the owner is told when an authorisation moves to an account or ends', () => {
    const { toOwner } = authorisationNotices;
    expect([[], ['Brisa'], ['Brisa', 'Sirena'], ['Brisa', 'Sirena', 'Alba']].map(toOwner.boats)).toEqual([
      'tu barco',
      'Brisa',
      'Brisa y Sirena',
      'Brisa, Sirena y Alba',
    ]);
    const attached = toOwner.attached({ marina: 'Puerto', invited: 'Luis', holder: 'Luis Gil', boats: 'Brisa' });
    expect(attached.sms).toMatch(/^Puerto: /);
    const ended = [0, 1, 2].map((cancelledLaunches) =>
      toOwner.ended({ marina: 'Puerto', invited: 'Luis', boats: 'Brisa', cancelledLaunches }),
    );
    expect(ended[0]!.body).not.toContain('anulado');
    expect(ended[1]!.body).toContain('la bajada que tenía pedida');
    expect(ended[2]!.sms).toContain('las 2 bajadas');
  });

  it("words why the system cancelled a launch, with the owner's reason for a suspension", () => {
    const { suspended, ...fixed } = launchCancellationReasons;
    for (const words of Object.values(fixed)) expect(words).toMatch(WORDS);
    expect(suspended({ reason: '' })).toBe('Autorización suspendida por el propietario');
    expect(suspended({ reason: 'Obras' })).toBe('Autorización suspendida por el propietario: Obras');
  });

  it('words the account notifications', () => {
    for (const words of [
      accountNotices.welcomeNotification({ marina: 'Puerto' }),
      accountNotices.passwordChangedNotification(),
    ]) {
      expect(words.title).toMatch(WORDS);
      expect(words.body).toMatch(WORDS);
    }
  });

  it('words a message that names a value with that value', () => {
    expect(parametrisedErrorMessages.rate_limited({ retryAfter: 90 })).toContain('2 minutos');
    expect(parametrisedErrorMessages.outing_too_long({ maxHours: 36 })).toContain('36 horas');
    expect(fieldMessages.slot_too_far({ maxAdvanceDays: 14 })).toContain('14 días');
    expect(problemDetails.code_invalid_tries_left({ left: 1 })).toContain('queda 1 intento');
    expect(fieldMessages.code_invalid({ left: 3 })).toBe('El código no es correcto. Te quedan 3 intentos.');
    expect([1, 30, 60, 61].map(formatWait)).toEqual(['1 segundo', '30 segundos', '1 minuto', '2 minutos']);
  });
});
