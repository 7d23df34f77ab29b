import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import type {
  Boat,
  BoatInput,
  BoatList,
  CertificateType,
  Contract,
  ContractPlan,
  InsuranceInput,
} from '../../../domain/boats.ts';
import { boatsKey, persisted } from '../../../lib/queries.ts';

export const boatKey = (id: string) => [...boatsKey, id] as const;

/** `misbarcos` and `inicio` read the same list; kept on the phone, so it can be read at the dock without coverage. */
export function boatsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: boatsKey,
    queryFn: () => api.get<BoatList>('boats'),
    ...persisted,
  });
}

/** One boat; what the list already says shows while it loads. */
export function boatQuery(api: ApiClient, client: QueryClient, id: string) {
  return queryOptions({
    queryKey: boatKey(id),
    queryFn: () => api.get<Boat>(`boats/${encodeURIComponent(id)}`),
    placeholderData: () => client.getQueryData<BoatList>(boatsKey)?.boats.find((boat) => boat.id === id),
    ...persisted,
  });
}

export type BoatPatch = Partial<BoatInput> & { insurance?: InsuranceInput };

export function patchBoat(api: ApiClient, id: string, patch: BoatPatch): Promise<Boat> {
  return api.send('patch', `boats/${encodeURIComponent(id)}`, patch);
}

/** The certificate's bytes, typed with what its first bytes say it is (never the name or the browser's guess). */
export function uploadCertificate(api: ApiClient, boatId: string, file: File, type: CertificateType): Promise<unknown> {
  return api.send('put', `boats/${encodeURIComponent(boatId)}/insurance-certificate`, new Blob([file], { type }));
}

export function downloadCertificate(api: ApiClient, boatId: string): Promise<Blob> {
  return api.get<Blob>(`boats/${encodeURIComponent(boatId)}/insurance-certificate`);
}

export interface ContractRequestBody {
  boatId?: string;
  boat?: BoatInput;
  insurance?: InsuranceInput;
  plan: ContractPlan;
  startsOn: string;
  acceptConditions: boolean;
}

export function requestContract(api: ApiClient, body: ContractRequestBody, idempotencyKey: string): Promise<Contract> {
  return api.create('contracts', body, { idempotencyKey });
}

/** What the server said about one boat, in the list and in its own entry; then both load again. */
export function boatChanged(client: QueryClient, boat: Boat): void {
  client.setQueryData(boatKey(boat.id), boat);
  client.setQueryData<BoatList>(
    boatsKey,
    (list) => list && { boats: list.boats.map((item) => (item.id === boat.id ? boat : item)) },
  );
  void client.invalidateQueries({ queryKey: boatsKey });
}
