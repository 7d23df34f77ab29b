/**
 * Telling a customer their data are to be confirmed again (docs/product.md §4.4): once `dataValidationDays`
 * calendar days have passed, in the marina's own time zone, since they last confirmed them on `validar-datos`,
 * they are told once for that period (in the app, and by push and/or SMS or e-mail by their choice for
 * `data_to_confirm`, decision 061), with a link to `validar-datos`. An account that never confirmed is not told:
 * the app already puts `validar-datos` first after sign-in and before any launch.
 *
 * A recurring job (decision 014), one instance per period; each marina is read in batches. «Once per period»
 * holds across instances and reruns because the notice is claimed by one conditional UPDATE
 * (`validation_due_told_for` set to the `data_validated_at` the period starts from, unless it already is) in
 * the transaction that writes it: a second claimant waits on the row, then finds it claimed.
 */
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { paths } from '@marina/core/domain/app-paths.ts';
import { instantAt } from '@marina/core/domain/launches.ts';
import { pushNotices } from '@marina/core/messages/push-notices.ts';
import { validationNotices } from '@marina/core/messages/validation-notices.ts';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { accounts } from '../accounts/accounts.schema.ts';
import type { ClientDirectory, ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { defineJob } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';
import { tellCustomer } from '../notifications/tell-customer.ts';

/** Hourly: each marina's new day is seen within the hour of its midnight. */
export const TELL_VALIDATION_DUE = defineJob('accounts.validation-due', { everyMs: 60 * 60_000, maxAttempts: 3 });

/** Accounts read at once. */
export const VALIDATION_DUE_BATCH = 100;

/**
 * The accounts of `client` whose period has run out at `now` and who have not been told for it, told and
 * claimed, `VALIDATION_DUE_BATCH` at a time; answers how many were told.
 */
export async function tellValidationDue(
  db: Db,
  client: ClientRecord,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<number> {
  const { dataValidationDays } = client.settings;
  const today = todayIn(client.timeZone, now);
  // Due when the confirmation's local day is `dataValidationDays` or more days before today: it happened
  // before the start of the day after (today - days), in the marina's zone.
  const confirmedBefore = instantAt(addDays(today, 1 - dataValidationDays), '00:00', client.timeZone);
  let told = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.clientId, client.id),
          eq(accounts.role, 'customer'),
          inArray(accounts.status, ['validated', 'active']),
          isNotNull(accounts.dataValidatedAt),
          lt(accounts.dataValidatedAt, confirmedBefore),
          or(isNull(accounts.validationDueToldFor), ne(accounts.validationDueToldFor, accounts.dataValidatedAt)),
          gt(accounts.id, after),
        ),
      )
      .orderBy(asc(accounts.id))
      .limit(VALIDATION_DUE_BATCH);
    for (const { id } of batch) {
      await db.transaction(async (tx) => {
        // The claim: only one transaction per period gets the row back.
        const [owner] = await tx
          .update(accounts)
          .set({ validationDueToldFor: sql`${accounts.dataValidatedAt}` })
          .where(
            and(
              eq(accounts.id, id),
              eq(accounts.clientId, client.id),
              inArray(accounts.status, ['validated', 'active']),
              lt(accounts.dataValidatedAt, confirmedBefore),
              or(isNull(accounts.validationDueToldFor), ne(accounts.validationDueToldFor, accounts.dataValidatedAt)),
            ),
          )
          .returning();
        if (!owner) return;
        const words = validationNotices.due({ days: dataValidationDays });
        await tellCustomer(
          tx,
          { client, owner },
          {
            type: 'validation_due',
            title: words.title,
            body: words.body,
            link: paths.validarDatos,
            sms: `${client.title}: ${words.sms}`,
            emailFooter: validationNotices.emailFooter,
            push: {
              ...pushNotices.dataToConfirm,
              url: paths.validarDatos,
              tag: 'data-validation',
              kind: 'data_to_confirm',
            },
          },
          now,
          config,
        );
        told += 1;
      });
    }
    if (batch.length < VALIDATION_DUE_BATCH) return told;
    after = batch.at(-1)!.id;
  }
}

export function validationDueHandler(directory: ClientDirectory, config: Pick<Config, 'devRoutes'>): JobHandler {
  return handleJob(TELL_VALIDATION_DUE, async (_payload, { db, clock, log }) => {
    const now = clock();
    let told = 0;
    for (const client of directory.list()) told += await tellValidationDue(db, client, now, config);
    if (told > 0) log.info({ told }, 'data validation due told');
  });
}
