/**
 * A boat's state and its storage contract's status (docs/product.md §4.5, §4.6): in a module of their own,
 * because the eligibility rule (eligibility.ts) reads them and boats.ts builds its answers on that rule.
 */
export type BoatState = 'in_rack' | 'in_water' | 'maintenance';
export const BOAT_STATES = ['in_rack', 'in_water', 'maintenance'] as const satisfies readonly BoatState[];

export type ContractStatus = 'requested' | 'active' | 'rejected' | 'expired' | 'cancelled';
export const CONTRACT_STATUSES = [
  'requested',
  'active',
  'rejected',
  'expired',
  'cancelled',
] as const satisfies readonly ContractStatus[];
