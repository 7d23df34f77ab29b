import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from './launch-calendar.ts';

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('Notas: remolque; 2 personas, a las 9\\10\ny más')).toBe('Notas: remolque\\; 2 personas\\, a las 9\\\\10\\ny más');
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
