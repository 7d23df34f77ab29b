/**
 * SMS only to the countries the marina allows (its folder's `smsCountries`, Spain by default; docs/product.md
 * §7.6, decision 039). A number is refused where it is typed, if an SMS will go to it (422 naming the field),
 * and the sending job sends none to another country whatever wrote it (a number kept from before the rule).
 */
import { DEFAULT_SMS_COUNTRIES, smsAllowed, smsCountryNames } from '@marina/core/domain/contact.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import { problem } from '../http/problem.ts';
import { fieldMessages } from '@marina/core/messages/problem-details.ts';

type SmsMarina = Pick<ClientRecord, 'smsCountries'>;

export function smsCountriesOf(client: SmsMarina): readonly string[] {
  return client.smsCountries ?? DEFAULT_SMS_COUNTRIES;
}

/** Whether the marina sends SMS to this number. */
export function marinaSendsSmsTo(client: SmsMarina, phone: string): boolean {
  return smsAllowed(phone, smsCountriesOf(client));
}

/** Refuses, with 422 phone_country_not_allowed on `field`, a number the marina sends no SMS to. */
export function refuseSmsCountry(client: SmsMarina, phone: string, field = 'phone'): void {
  if (marinaSendsSmsTo(client, phone)) return;
  const message = fieldMessages.phone_country_not_allowed({ countries: smsCountryNames(smsCountriesOf(client)) });
  throw problem('phone_country_not_allowed', 422, message, [{ field, code: 'phone_country_not_allowed', message }]);
}
