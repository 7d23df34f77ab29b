/**
 * What a customer is told when staff decide on their contract: in the app (a notification) and by SMS or
 * e-mail through the outbox, by the marina's channel (SMS marinas write to the mobile, the others to the
 * e-mail), in Spanish, naming the marina.
 */
import { href } from '@marina/core/domain/app-paths.ts';
import type { ContractPlan } from '@marina/core/domain/boats.ts';
import { formatCalendarDate } from '@marina/core/domain/calendar.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import type { AccountRow } from '../accounts/accounts.schema.ts';
import type { BoatRow, ContractRow } from '../boats/boats.schema.ts';
import { tellCustomer } from '../notifications/tell-customer.ts';
import { personText } from '../outbox/person-text.ts';

/** The plan as it reads after "tu contrato". */
const PLAN_WORDS: Record<ContractPlan, string> = { annual: 'anual', seasonal: 'de temporada', monthly: 'mensual' };

interface Decision {
  client: ClientRecord;
  owner: AccountRow;
  boat: BoatRow;
  contract: ContractRow;
}

function texts({ client, boat: named, contract }: Decision) {
  // The boat's name is the owner's own words (docs/product.md §7.6); the reason is staff's.
  const boat = { id: named.id, name: personText(named.name) || 'tu barco' };
  const plan = PLAN_WORDS[contract.plan];
  if (contract.status === 'active') {
    const period = `del ${formatCalendarDate(contract.startsOn)} al ${formatCalendarDate(contract.endsOn)}`;
    return {
      type: 'contract_approved' as const,
      title: 'Contrato aprobado',
      body: `Tu contrato ${plan} para ${boat.name} está aprobado: ${period}.`,
      link: href.barco(boat.id),
      sms: `${client.title}: tu contrato ${plan} para ${boat.name} está aprobado, ${period}.`,
    };
  }
  const reason = contract.rejectionReason ?? '';
  return {
    type: 'contract_rejected' as const,
    title: 'Contrato no aprobado',
    body: `${client.title} no ha aprobado el contrato para ${boat.name}. Motivo: ${reason}`,
    link: href.altaContrato(boat.id),
    sms: `${client.title}: no hemos aprobado el contrato para ${boat.name}. Motivo: ${reason}`,
  };
}

/** In the transaction that decided: the notice exists exactly when the decision does. */
export async function tellContractDecision(
  tx: Tx,
  decision: Decision,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  await tellCustomer(
    tx,
    decision,
    { ...texts(decision), emailFooter: 'Lo tienes en la app, en Mis barcos.' },
    now,
    config,
  );
}
