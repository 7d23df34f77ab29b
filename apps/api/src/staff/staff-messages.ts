/**
 * What a customer is told when staff decide on their contract: in the app (a notification) and by SMS or
 * e-mail through the outbox, by the marina's channel (SMS marinas write to the mobile, the others to the
 * e-mail), naming the marina, in the message catalogue's words (`@marina/core/messages/contract-notices.ts`).
 */
import { href } from '@marina/core/domain/app-paths.ts';
import { formatDay } from '@marina/core/domain/format-dates.ts';
import { contractNotices } from '@marina/core/messages/contract-notices.ts';
import { pushNotices } from '@marina/core/messages/push-notices.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import type { AccountRow } from '../accounts/accounts.schema.ts';
import type { BoatRow, ContractRow } from '../boats/boats.schema.ts';
import { tellCustomer } from '../notifications/tell-customer.ts';
import { personText } from '../outbox/person-text.ts';

interface Decision {
  client: ClientRecord;
  owner: AccountRow;
  boat: BoatRow;
  contract: ContractRow;
}

function texts({ client, boat: named, contract }: Decision) {
  // The boat's name is the owner's own words (docs/product.md §7.6); the reason is staff's.
  const boat = { id: named.id, name: personText(named.name) || contractNotices.unnamedBoat };
  if (contract.status === 'active') {
    return {
      type: 'contract_approved' as const,
      ...contractNotices.approved({
        marina: client.title,
        boat: boat.name,
        plan: contract.plan,
        from: formatDay(contract.startsOn),
        to: formatDay(contract.endsOn),
      }),
      link: href.barco(boat.id),
      push: {
        ...pushNotices.contract.approved,
        url: href.barco(boat.id),
        tag: `contract-${contract.id}`,
        kind: 'contract_approved' as const,
      },
    };
  }
  return {
    type: 'contract_rejected' as const,
    ...contractNotices.rejected({ marina: client.title, boat: boat.name, reason: contract.rejectionReason ?? '' }),
    link: href.altaContrato(boat.id),
    push: {
      ...pushNotices.contract.rejected,
      url: href.altaContrato(boat.id),
      tag: `contract-${contract.id}`,
      kind: 'contract_approved' as const,
    },
  };
}

/** In the transaction that decided: the notice exists exactly when the decision does. */
export async function tellContractDecision(
  tx: Tx,
  decision: Decision,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  await tellCustomer(tx, decision, { ...texts(decision), emailFooter: contractNotices.emailFooter }, now, config);
}
