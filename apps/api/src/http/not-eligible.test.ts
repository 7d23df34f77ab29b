import type { EligibilityReason } from '@marina/core/domain/eligibility.ts';
import { describe, expect, it } from 'vitest';
import { notEligible as launchNotEligible } from '../launches/launch-rules.ts';
import { notEligible as outingNotEligible } from '../outings/outing-rules.ts';

const reasons: EligibilityReason[] = [
  { code: 'insurance_expired', text: 'Seguro caducado', fix: null },
  { code: 'data_validation_due', text: 'Datos pendientes de validar', fix: null },
];

describe('the not_eligible problem', () => {
  it('says what may not be done, then every reason, each also on boatId', () => {
    const launch = launchNotEligible(reasons);
    expect(launch).toMatchObject({
      code: 'not_eligible',
      status: 422,
      detail: 'Ahora mismo no se puede bajar este barco: seguro caducado, datos pendientes de validar.',
    });
    expect(launch.errors).toEqual([
      { field: 'boatId', code: 'insurance_expired', message: 'Seguro caducado' },
      { field: 'boatId', code: 'data_validation_due', message: 'Datos pendientes de validar' },
    ]);
    const outing = outingNotEligible(reasons);
    expect(outing).toMatchObject({
      code: 'not_eligible',
      status: 422,
      detail: 'Ahora mismo no puedes salir con este barco: seguro caducado, datos pendientes de validar.',
    });
    expect(outing.errors).toEqual(launch.errors);
  });
});
