/**
 * What a person typed (a name, a boat's name, a reason, a destination), made fit to travel inside a message the
 * marina sends (docs/product.md §7.6, decision 039). Such text reaches addresses its author chooses under the
 * marina's name, so it must not become the marina vouching for a link or a number to call:
 *
 * - it is read as a phone would read it (full-width letters, digits and dots become plain ones; «ª» stays),
 *   invisible characters go (zero-width and direction marks, which hide a link's dots) and line breaks become
 *   spaces;
 * - e-mail addresses, URLs (`https://…`, `www.…`, `tel:`, `sms:`, `mailto:`…), anything shaped like a domain
 *   (`bbva-es.evil.example`, `wa.me`) and runs of five or more digits (phones, SMS short codes, whatever the
 *   spaces, dots or dashes between them) are taken out, again until none is left (taking one out must not join
 *   two halves into another);
 * - it is cut to a length (PERSON_NAME_MAX for a person's or a boat's name, PERSON_NOTE_MAX for a reason or a
 *   destination) and ends with «…» when cut.
 *
 * Callers put the result inside their fixed wording, which always opens with the marina's name: a person's
 * text never starts a message or stands alone. Staff's own words (a rejection's reason) are the marina's and
 * stay as written; validated values (a registration, a phone the marina must call back) are not free text.
 */

/** A person's full name or a boat's name, in characters. */
export const PERSON_NAME_MAX = 50;
/** A reason or a destination, in characters. */
export const PERSON_NOTE_MAX = 120;

/** Controls (line breaks, tabs…) and the line and paragraph separators: a space. */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
/** Format characters (zero-width spaces and joiners, direction marks…): nothing, so no dot hides behind them. */
const INVISIBLE = /\p{Cf}/gu;
const EMAIL = /[^\s@]*@[^\s@]*/gu;
const URL =
  /(?:[\p{L}\p{N}+.-]+:\/\/|www\.|\b(?:tel|sms|smsto|mailto|whatsapp|tg|viber|skype|facetime|intent|javascript|data):)\S*/giu;
/** A label, a dot (or an ideographic one, which some phones read as one), and a name of two letters or more. */
const DOMAIN = /[\p{L}\p{N}_-]*(?:[.\u3002][\p{L}\p{N}_-]+)*[.\u3002]\p{L}[\p{L}\p{N}-]+(?:\/\S*)?/gu;
/** Five digits or more, with anything a number is written with between them. */
const DIGITS = /\+?\p{Nd}(?:[\s.\-‐-―()/+]*\p{Nd}){4,}/gu;
const SPACES = /\s+/gu;
/** Full-width forms of ASCII (`ｈｔｔｐｓ：／／`), and the half-width ideographic full stop. */
const FULL_WIDTH = /[\uFF01-\uFF5E\uFF61]/gu;
const plain = (char: string) => (char === '\uFF61' ? '.' : String.fromCharCode(char.charCodeAt(0) - 0xfee0));

function strip(text: string): string {
  return text.replace(EMAIL, ' ').replace(URL, ' ').replace(DIGITS, ' ').replace(DOMAIN, ' ');
}

/** `value` fit for a message: no link, address, domain or number, one line, at most `max` characters. */
export function personText(value: string, max: number = PERSON_NAME_MAX): string {
  let text = value.normalize('NFC').replace(FULL_WIDTH, plain).replace(INVISIBLE, '').replace(BREAKS, ' ');
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = strip(text);
  }
  text = text.replace(SPACES, ' ').trim();
  const characters = Array.from(text);
  return characters.length <= max
    ? text
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** A person's name (first name and surnames) for a message; `fallback` when nothing of it is left. */
export function personName(person: { firstName: string; surnames: string }, fallback = 'Una persona'): string {
  return personText(`${person.firstName} ${person.surnames}`) || fallback;
}
