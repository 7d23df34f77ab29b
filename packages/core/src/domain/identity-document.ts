/** Spanish identity documents (DNI, NIE) with their check letter, or a passport number. */
export type DocumentType = 'dni' | 'nie' | 'passport';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const DNI = /^(\d{8})([A-Z])$/;
const NIE = /^([XYZ])(\d{7})([A-Z])$/;
const PASSPORT = /^[A-Z0-9]{6,15}$/;

/** Upper case without spaces, dots or dashes: "12.345.678-z" → "12345678Z". */
export function normalizeDocument(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]/g, '');
}

export function documentTypeOf(normalized: string): DocumentType {
  if (/^\d{8}[A-Z]$/.test(normalized)) return 'dni';
  if (/^[XYZ]\d{7}[A-Z]$/.test(normalized)) return 'nie';
  return 'passport';
}

export function checkLetter(digits: number): string {
  return LETTERS[digits % 23]!;
}

export type DocumentProblem = 'format' | 'letter';

/** `undefined` when valid; else why not, so the form can say which. */
export function documentProblem(value: string): DocumentProblem | undefined {
  const normalized = normalizeDocument(value);
  const dni = DNI.exec(normalized);
  if (dni) return checkLetter(Number(dni[1])) === dni[2] ? undefined : 'letter';
  const nie = NIE.exec(normalized);
  if (nie) {
    const digits = Number(`${'XYZ'.indexOf(nie[1]!)}${nie[2]}`);
    return checkLetter(digits) === nie[3] ? undefined : 'letter';
  }
  // Anything shaped like a DNI or NIE but malformed is a mistake, not a passport.
  if (/^\d{7,9}[A-Z]?$/.test(normalized) || /^[XYZ]\d{6,8}[A-Z]?$/.test(normalized)) return 'format';
  return PASSPORT.test(normalized) ? undefined : 'format';
}
