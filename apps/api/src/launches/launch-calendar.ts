/**
 * A confirmed launch as an iCalendar event (RFC 5545), for "Añadir al calendario". Written here rather than
 * with a package: one VEVENT needs escaping (§3.3.11), line folding at 75 octets (§3.1), CRLF line ends and
 * UTC times, about thirty lines; the `ics` package would bring its own validation layer and dependencies for
 * that (decision 023), and its text escaping lets a lone carriage return through, as ours did (decision 040).
 */
import type { Launch } from '@marina/core/domain/launches.ts';
import type { ClientRecord } from '../clients/client-directory.ts';

// Every way a person's text may break a line: CRLF, a lone CR or LF, NEL and the Unicode line and paragraph
// separators. Each is one line break of the text, written `\n`; a lone CR left as it is ended the content
// line for calendars that split on it, so the rest of the notes became properties or whole events.
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

// Other control characters (C0 but tab, DEL, C1) are not TEXT at all (RFC 5545 §3.3.11, TSAFE-CHAR): dropped.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** TEXT values: backslash, semicolon, comma escaped, every line break `\n`, no other control character. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(LINE_BREAK, '\\n')
    .replace(CONTROL, '');
}

/** Lines longer than 75 octets continue on the next line after a space, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `20270328T070000Z` */
const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function calendarEntry(launch: Launch, client: ClientRecord, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Marina//${escapeText(client.title)}//ES`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:launch-${launch.id}@client${client.id}.marina`,
    `DTSTAMP:${utc(now.toISOString())}`,
    `DTSTART:${utc(launch.slotStart)}`,
    `DTEND:${utc(launch.expectedReturn)}`,
    `SUMMARY:${escapeText(`Bajada de ${launch.boatName}${launch.bookedBy ? ` (${launch.bookedBy.name})` : ''} · ${client.title}`)}`,
    `DESCRIPTION:${escapeText(`Bajada al agua de ${launch.boatName}. ${launch.bookedBy ? `Pedida por ${launch.bookedBy.name}.` : 'Preséntate en el pantalán a la hora del turno.'}${launch.notes ? `\nNotas: ${launch.notes}` : ''}`)}`,
    `LOCATION:${escapeText(client.title)}`,
    'STATUS:CONFIRMED',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Bajada del barco',
    'TRIGGER:-PT2H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
