/**
 * A person's own text inside the marina's messages (docs/product.md §7.6, decision 039): no link, address,
 * domain or number survives, however it is disguised, and names people really have come through unchanged.
 */
import { describe, expect, it } from 'vitest';
import { PERSON_NAME_MAX, PERSON_NOTE_MAX, personName, personText } from './person-text.ts';

/** Nothing a phone or a mail reader would turn into something to tap. */
function expectNothingToTap(text: string) {
  expect(text).not.toMatch(/https?|www|:\/\/|@/i);
  expect(text).not.toMatch(/[\p{L}\p{N}][.\u3002][\p{L}]{2}/u);
  expect(text).not.toMatch(/\d(?:\D{0,3}\d){4}/);
}

describe('personText', () => {
  it('takes the link out of the name an attacker gave the marina to send (issue 19)', () => {
    const name = personName({
      firstName: 'BBVA: acceso bloqueado, desbloquea en https://bbva-es.evil.example',
      surnames: 'te autoriza',
    });
    expectNothingToTap(name);
    expect(name).toBe('BBVA: acceso bloqueado, desbloquea en te autoriza');
  });

  it.each([
    ['a bare domain', 'Llama a bbva-es.evil.example ya'],
    ['a short link', 'Pedro wa.me/34600111222'],
    ['www', 'Visita www.evil.example'],
    ['an e-mail address', 'Escribe a soporte@evil.example'],
    ['a tel: link', 'tel:+34600111222'],
    ['full-width letters', 'ｈｔｔｐｓ：／／ｅｖｉｌ．ｅｘａｍｐｌｅ'],
    ['a zero-width space inside the domain', 'bbva\u200B.evil\u200B.example'],
    ['an ideographic full stop', 'bbva-es\u3002evil\u3002example'],
    ['upper case', 'HTTPS://EVIL.EXAMPLE/LOGIN'],
    ['a domain joined again once the digits between are gone', 'bbva.123456evil.example'],
    ['a phone with spaces', 'Llama al 600 111 222'],
    ['a phone with dots and a prefix', '+34.600.111.222'],
    ['a phone with dashes and brackets', '(+34) 600-11-12-22'],
    ['full-width digits', '６００１１１２２２'],
    ['other digits', '٦٠٠١١١٢٢٢'],
    ['an SMS short code', 'envía BAJA al 25521'],
  ])('takes out %s', (_, value) => {
    expectNothingToTap(personText(value, PERSON_NOTE_MAX));
  });

  it('keeps names people have, accents, apostrophes, hyphens and ordinals included', () => {
    for (const name of [
      'María José Pérez-Llorente',
      "Seán O'Connor",
      'Mª del Mar Ruiz',
      'Brisa II',
      'Zoë Ñúñez',
      'Cala 3, luego Dragonera',
    ]) {
      expect(personText(name, PERSON_NOTE_MAX)).toBe(name);
    }
  });

  it('puts everything on one line', () => {
    expect(personText('Ana\r\nBEGIN:VEVENT\tx\u2028y')).toBe('Ana BEGIN:VEVENT x y');
  });

  it(`cuts a name at ${PERSON_NAME_MAX} characters and a note at ${PERSON_NOTE_MAX}, with «…»`, () => {
    const long = 'Á'.repeat(200);
    expect(personText(long)).toHaveLength(PERSON_NAME_MAX);
    expect(personText(long).endsWith('…')).toBe(true);
    expect(personText(long, PERSON_NOTE_MAX)).toHaveLength(PERSON_NOTE_MAX);
    // By characters, so a letter outside the basic plane is never cut in half.
    expect(Array.from(personText('𝔸'.repeat(100)))).toHaveLength(PERSON_NAME_MAX);
  });

  it('falls back when nothing of a name may travel', () => {
    expect(personName({ firstName: 'https://evil.example', surnames: '600111222' })).toBe('Una persona');
    expect(personName({ firstName: 'evil.example', surnames: '' }, 'El titular')).toBe('El titular');
  });
});
