import type { Launch } from '@marina/core/domain/launches.ts';
import { DEFAULT_CLIENT_SETTINGS } from '@marina/core/domain/marina.ts';
import { describe, expect, it } from 'vitest';
import type { ClientRecord } from '../clients/client-directory.ts';
import { calendarEntry, escapeText, foldLine } from './launch-calendar.ts';

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('Notas: remolque; 2 personas, a las 9\\10\ny más')).toBe(
      'Notas: remolque\\; 2 personas\\, a las 9\\\\10\\ny más',
    );
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'ñ'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    expect(folded.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });
});

/** A launch as the route hands it to `calendarEntry`, with the notes under test. */
function launchWith(notes: string, overrides: Partial<Launch> = {}): Launch {
  return {
    id: 'l1',
    boatId: 'b1',
    boatName: 'Brisa',
    status: 'confirmed',
    slotStart: '2027-06-02T11:00:00+02:00',
    slotEnd: '2027-06-02T11:30:00+02:00',
    expectedReturn: '2027-06-02T13:00:00+02:00',
    people: 2,
    notes,
    waitlistPosition: null,
    haulOutPosition: null,
    changeableUntil: '2027-06-02T10:00:00+02:00',
    cancellationReason: null,
    createdAt: '2027-06-01T08:00:00+02:00',
    actions: { reschedule: true, cancel: true, readyToStow: false, calendar: true },
    history: [],
    bookedBy: null,
    ...overrides,
  };
}

const marina = {
  id: 41,
  app: 'MB41',
  title: 'Marina Port Blau',
  timeZone: 'Europe/Madrid',
  openingHours: [],
  settings: DEFAULT_CLIENT_SETTINGS,
  sendsSms: true,
  contactEmail: null,
} as unknown as ClientRecord;

/** The file's content lines as a calendar reads them: split at CRLF only, folded lines joined again. */
function contentLines(file: string): string[] {
  expect(file.endsWith('\r\n')).toBe(true);
  return file
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
}

/** A TEXT value read back (RFC 5545 §3.3.11). */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, escaped: string) => (escaped.toLowerCase() === 'n' ? '\n' : escaped));

// Every C0 control character, DEL and every C1 one.
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
];

describe('a launch in the booker calendar', () => {
  it.each(CONTROLS.map((code) => ({ code, hex: code.toString(16).padStart(4, '0') })))(
    'keeps U+$hex in the notes inside the one DESCRIPTION of the one event',
    ({ code }) => {
      const character = String.fromCharCode(code);
      const notes = `Remolque${character}END:VEVENT${character}BEGIN:VEVENT${character}SUMMARY:Falso${character}DTSTART:20270101T000000Z`;
      const file = calendarEntry(
        launchWith(notes, { boatName: `Brisa${character}X-INJECTED:1` }),
        marina,
        new Date('2027-06-01T06:00:00Z'),
      );
      // No line ends but CRLF, and nothing else of C0, DEL or C1 but the tab (allowed in TEXT).
      // eslint-disable-next-line no-control-regex
      expect(file.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/);
      const lines = contentLines(file);
      expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('DTSTART'))).toEqual(['DTSTART:20270602T090000Z']);
      expect(lines.some((line) => line.startsWith('SUMMARY:Falso') || line.startsWith('X-INJECTED'))).toBe(false);
      expect(lines.map((line) => line.match(/^[A-Z-]+/)?.[0])).toEqual([
        'BEGIN',
        'VERSION',
        'PRODID',
        'CALSCALE',
        'METHOD',
        'BEGIN',
        'UID',
        'DTSTAMP',
        'DTSTART',
        'DTEND',
        'SUMMARY',
        'DESCRIPTION',
        'LOCATION',
        'STATUS',
        'BEGIN',
        'ACTION',
        'DESCRIPTION',
        'TRIGGER',
        'END',
        'END',
        'END',
      ]);
      const description = unescapeText(
        lines.find((line) => line.startsWith('DESCRIPTION:Bajada'))!.slice('DESCRIPTION:'.length),
      );
      const lineBreak = ['\n', '\r', '\u0085'].includes(character);
      const kept = lineBreak ? '\n' : character === '\t' ? '\t' : '';
      expect(description).toBe(
        `Bajada al agua de Brisa${kept}X-INJECTED:1. Preséntate en el pantalán a la hora del turno.\nNotas: ${notes.split(character).join(kept)}`,
      );
    },
  );

  it('writes CRLF, a lone CR, a lone LF and the Unicode line separators as one line break each', () => {
    expect(escapeText('a\r\nb\rc\nd\u2028e\u2029f\u0085g\r\n\r\nh')).toBe('a\\nb\\nc\\nd\\ne\\nf\\ng\\n\\nh');
  });

  it('folds a long DESCRIPTION at 75 octets, every line, and reads back the notes whole', () => {
    const notes = `${'Llevo nevera, cañas; y «€» 🚤\\ '.repeat(12)}fin`;
    const file = calendarEntry(launchWith(notes), marina, new Date('2027-06-01T06:00:00Z'));
    const physical = file.slice(0, -2).split('\r\n');
    expect(physical.length).toBeGreaterThan(21);
    for (const line of physical) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    // Each physical line is whole UTF-8: no character was cut between two of them.
    for (const line of physical) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    const description = contentLines(file).find((line) => line.startsWith('DESCRIPTION:Bajada'))!;
    expect(unescapeText(description.slice('DESCRIPTION:'.length)).endsWith(`Notas: ${notes}`)).toBe(true);
  });
});
