/**
 * What a customer is told about their launch when someone else changes it: staff (confirmed, rejected, in the
 * water, completed, cancelled, a closure), the boat's owner (cancelled, decision 033) or the platform (promoted from the waiting list, expired without an
 * answer, a waiting entry whose slot passed, reminders). Their own changes need no message. The words are the
 * message catalogue's (`@marina/core/messages/launch-notices.ts`, decision 044). Staff putting the boat in
 * maintenance changes no launch but is told too, to the owner as well (decision 057).
 */
import { href, paths } from '@marina/core/domain/app-paths.ts';
import { describeSlot, formatTime } from '@marina/core/domain/format-dates.ts';
import { OPEN_LAUNCH_STATUSES } from '@marina/core/domain/launches.ts';
import {
  launchNoticeWords,
  launchNotices,
  maintenanceNotices,
  type LaunchNoticeKind,
} from '@marina/core/messages/launch-notices.ts';
import type { NoticeKind } from '@marina/core/domain/push.ts';
import { pushNotices } from '@marina/core/messages/push-notices.ts';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats, type BoatRow } from '../boats/boats.schema.ts';
import { launches, type LaunchRow } from './launches.schema.ts';
import { tellCustomer, type CustomerNotice } from '../notifications/tell-customer.ts';
import { personName, personText } from '../outbox/person-text.ts';

export type { LaunchNoticeKind };

export interface LaunchNoticeSubject {
  client: ClientRecord;
  owner: AccountRow;
  boat: Pick<BoatRow, 'name'>;
  launch: Pick<LaunchRow, 'id' | 'slotStart' | 'expectedReturn' | 'cancellationReason'>;
  /** Who made the change, when a customer other than the one told (the boat's owner). */
  by?: string;
}

/** The kind of notification each notice is, for the app's list. */
const NOTICE_TYPES: Record<LaunchNoticeKind, CustomerNotice['type']> = {
  confirmed: 'launch_confirmed',
  promoted: 'launch_confirmed',
  promoted_pending: 'launch_confirmed',
  rejected: 'launch_cancelled_by_marina',
  cancelled_by_staff: 'launch_cancelled_by_marina',
  closure: 'launch_cancelled_by_marina',
  expired: 'launch_cancelled_by_marina',
  waitlist_ended: 'launch_cancelled_by_marina',
  cancelled_by_owner: 'launch_cancelled_by_owner',
  in_water: 'boat_in_water',
  completed: 'launch_completed',
  reminder_day: 'launch_reminder',
  reminder_hours: 'launch_reminder',
  stow_reminder: 'launch_reminder',
};

/**
 * The kind each notice is for the person's channel choice (decision 061). The owner cancelling an authorised
 * person's launch is a cancellation to them as much as the marina's.
 */
const NOTICE_KINDS: Record<LaunchNoticeKind, NoticeKind> = {
  confirmed: 'launch_confirmed',
  promoted: 'waitlist_promoted',
  promoted_pending: 'waitlist_promoted',
  rejected: 'launch_cancelled',
  cancelled_by_staff: 'launch_cancelled',
  closure: 'launch_cancelled',
  expired: 'launch_cancelled',
  waitlist_ended: 'launch_cancelled',
  cancelled_by_owner: 'launch_cancelled',
  in_water: 'boat_in_water',
  completed: 'boat_back',
  reminder_day: 'launch_reminder',
  reminder_hours: 'launch_reminder',
  stow_reminder: 'stow_reminder',
};

function notice(
  kind: LaunchNoticeKind,
  { client, boat: named, launch, by: byName }: LaunchNoticeSubject,
  now: Date,
): CustomerNotice {
  // The boat's name and the owner's are the owner's own words: they travel only as personText lets them
  // (docs/product.md §7.6). A reason is staff's, the marina's own words.
  const when = describeSlot(launch.slotStart, client.timeZone);
  const back = formatTime(launch.expectedReturn, client.timeZone);
  const words = launchNotices[kind]({
    boat: personText(named.name) || launchNoticeWords.unnamedBoat,
    when,
    reason: launch.cancellationReason ?? '',
    by: byName === undefined ? undefined : personText(byName) || undefined,
    back,
  });
  return {
    type: NOTICE_TYPES[kind],
    title: words.title,
    body: words.body,
    // «Listo para subir» is an action of the launch's own screen.
    link: kind === 'stow_reminder' ? href.bajada(launch.id) : paths.pedidosbajadas,
    sms: `${client.title}: ${words.sms}`,
    emailFooter: launchNoticeWords.emailFooter,
    // The lock screen: what happened and when, no names (push-notices.ts); a tap opens the launch.
    push: {
      // The server's clock says which year goes without saying.
      ...pushNotices.launch[kind]({ when: describeSlot(launch.slotStart, client.timeZone, now), back }),
      url: href.bajada(launch.id),
      tag: `launch-${launch.id}`,
      kind: NOTICE_KINDS[kind],
    },
  };
}

/** In the transaction that made the change. */
export async function tellLaunch(
  tx: Tx,
  kind: LaunchNoticeKind,
  subject: LaunchNoticeSubject,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  await tellCustomer(tx, subject, notice(kind, subject, now), now, config);
}

/**
 * Staff have just put the boat in maintenance (from another state), in the transaction that did it: each open
 * launch of the boat whose slot is still to come stays as it is (staff decide whether to cancel it), and whoever
 * asked for it is told at once that the boat cannot go down while the work lasts; so is the boat's owner when
 * an authorised person asked (decision 057). Only this marina's boat and launches are read.
 */
export async function tellBoatInMaintenance(
  tx: Tx,
  client: ClientRecord,
  boatId: string,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  const open = await tx
    .select({ launch: launches, boat: boats, asker: accounts })
    .from(launches)
    .innerJoin(boats, and(eq(boats.id, launches.boatId), eq(boats.clientId, client.id)))
    .innerJoin(accounts, eq(accounts.id, launches.accountId))
    .where(
      and(
        eq(launches.clientId, client.id),
        eq(launches.boatId, boatId),
        inArray(launches.status, [...OPEN_LAUNCH_STATUSES]),
        gt(launches.slotStart, now),
      ),
    )
    .orderBy(asc(launches.slotStart));
  if (open.length === 0) return;
  const [owner] = await tx.select().from(accounts).where(eq(accounts.id, open[0]!.boat.accountId)).limit(1);
  for (const { launch, boat, asker } of open) {
    // The boat's name and the asker's are their own words: they travel only as personText lets them (§7.6).
    const values = {
      boat: personText(boat.name) || launchNoticeWords.unnamedBoat,
      when: describeSlot(launch.slotStart, client.timeZone, now),
    };
    const own = asker.id === boat.accountId;
    const told = [{ to: asker, words: maintenanceNotices.asker({ ...values, own }) }];
    if (!own && owner) {
      told.push({ to: owner, words: maintenanceNotices.owner({ ...values, bookedBy: personName(asker) }) });
    }
    for (const { to, words } of told) {
      await tellCustomer(
        tx,
        { client, owner: to },
        {
          type: 'boat_in_maintenance',
          title: words.title,
          body: words.body,
          link: href.bajada(launch.id),
          sms: `${client.title}: ${words.sms}`,
          emailFooter: launchNoticeWords.emailFooter,
        },
        now,
        config,
      );
    }
  }
}
