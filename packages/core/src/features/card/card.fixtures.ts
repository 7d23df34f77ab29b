import type { Card, CardCheck } from '../../domain/cards.ts';

export const CARD_ID = 'AbCdEfGhIjKlMnOpQrStUv';
/** RFC 6238's test secret ("12345678901234567890") in base32. */
export const CARD_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** Ana's green card: one boat of her own, ready. `serverTime` is now unless given. */
export function greenCard(overrides: Partial<Card> = {}): Card {
  return {
    idTarjeta: CARD_ID,
    number: '12345678',
    holder: { firstName: 'Ana', surnames: 'García López' },
    role: 'owner',
    marina: { id: 41, title: 'Marina de Prueba' },
    boats: [
      {
        id: 'bbbbbbbb-0000-4000-8000-000000000001',
        name: 'Gaviota',
        role: 'owner',
        eligibility: { eligible: true, reasons: [] },
      },
    ],
    validUntil: '2027-03-31',
    verdict: { valid: true, reasons: [] },
    code: { secret: CARD_SECRET, algorithm: 'SHA1', digits: 6, period: 60 },
    issuedAt: '2026-11-01T10:00:00Z',
    serverTime: new Date().toISOString(),
    ...overrides,
  };
}

/** Red: the account's data to confirm, and one boat whose insurance ran out. */
export function redCard(overrides: Partial<Card> = {}): Card {
  return greenCard({
    boats: [
      {
        id: 'bbbbbbbb-0000-4000-8000-000000000002',
        name: 'Albatros',
        role: 'owner',
        eligibility: {
          eligible: false,
          reasons: [
            {
              code: 'insurance_expired',
              text: 'Seguro caducado',
              fix: { label: 'Renovar el seguro', to: '/misbarcos/b2' },
            },
          ],
        },
      },
    ],
    validUntil: null,
    verdict: {
      valid: false,
      reasons: [
        {
          code: 'data_validation_due',
          text: 'Datos por confirmar',
          fix: { label: 'Confirmar mis datos', to: '/validar-datos' },
          boat: null,
        },
        {
          code: 'insurance_expired',
          text: 'Seguro caducado',
          fix: { label: 'Renovar el seguro', to: '/misbarcos/b2' },
          boat: { id: 'bbbbbbbb-0000-4000-8000-000000000002', name: 'Albatros' },
        },
      ],
    },
    ...overrides,
  });
}

export function validCheck(overrides: Partial<CardCheck> = {}): CardCheck {
  return {
    valid: true,
    codeStale: false,
    reasons: [],
    holder: { firstName: 'Ana', surnameInitial: 'G.' },
    role: 'owner',
    boats: [
      { name: 'Gaviota', valid: true },
      { name: 'Albatros', valid: false },
    ],
    validUntil: '2027-03-31',
    checkedAt: '2026-11-25T09:41:07Z',
    ...overrides,
  };
}

/** What the check answers for a stale, missing or wrong code (and an unknown card). */
export function staleCheck(): CardCheck {
  return {
    valid: false,
    codeStale: true,
    reasons: [{ code: 'code_stale', text: 'Código caducado' }],
    holder: null,
    role: null,
    boats: [],
    validUntil: null,
    checkedAt: '2026-11-25T09:41:07Z',
  };
}
