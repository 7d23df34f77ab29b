import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import type { DataValidationInput, DataValidationStatus } from '../../../domain/data-validation.ts';

export const dataValidationKey = ['data-validation'] as const;

export function dataValidationQuery(api: ApiClient) {
  return queryOptions({ queryKey: dataValidationKey, queryFn: () => api.get<DataValidationStatus>('data-validation') });
}

/** Everything reviewed, confirmed at once. */
export function confirmData(api: ApiClient, body: DataValidationInput): Promise<DataValidationStatus> {
  return api.send('post', 'data-validation', body);
}
