/**
 * Every text the accounts flows send to a person (SMS, e-mail, in-app notifications): the words come from the
 * message catalogue (`@marina/core/messages/account-notices.ts`, decision 044); this module gives them their
 * values. A name the person typed goes in only as personText lets it (docs/product.md §7.6): the address it
 * goes to was typed too, maybe someone else's.
 */
import { paths } from '@marina/core/domain/app-paths.ts';
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import { accountNotices } from '@marina/core/messages/account-notices.ts';
import type { CodePurpose } from './accounts.schema.ts';
import { personText } from '../outbox/person-text.ts';
import { ACTIVATION_TOKEN_TTL_MS, CODE_TTL_MS } from '../security/limits.ts';

export interface MessageText {
  subject: string;
  text: string;
  /** The code or link the text carries, for the development outbox (enqueueMessage decides). */
  code?: string;
  link?: string;
}

const CODE_MINUTES = CODE_TTL_MS / 60_000;
const LINK_HOURS = ACTIVATION_TOKEN_TTL_MS / 3_600_000;

export function codeMessage(marina: string, purpose: CodePurpose, channel: CodeChannel, code: string): MessageText {
  return { ...accountNotices.code({ marina, purpose, channel, code, minutes: CODE_MINUTES }), code };
}

export function activationLinkMessage(marina: string, firstName: string, link: string): MessageText {
  return { ...accountNotices.activationLink({ marina, name: personText(firstName), link, hours: LINK_HOURS }), link };
}

/** SMS marinas: proves the e-mail nobody has checked yet (docs/decisions/009). */
export function emailConfirmationMessage(marina: string, firstName: string, link: string): MessageText {
  const name = personText(firstName);
  return { ...accountNotices.emailConfirmation({ marina, name, link, hours: LINK_HOURS }), link };
}

export function registrationAttemptMessage(marina: string): MessageText {
  return accountNotices.registrationAttempt({ marina });
}

export function passwordChangedMessage(marina: string): MessageText {
  return accountNotices.passwordChanged({ marina });
}

export function emailChangedMessage(marina: string, maskedNewEmail: string): MessageText {
  return accountNotices.emailChanged({ marina, maskedEmail: maskedNewEmail });
}

export const notificationTexts = {
  welcome: (marina: string) => ({ ...accountNotices.welcomeNotification({ marina }), link: paths.inicio }),
  passwordChanged: () => ({ ...accountNotices.passwordChangedNotification(), link: paths.micuenta }),
};
