/**
 * The marina's settings as its staff change them (`/staff/settings`, docs/product.md §4.1). Checked by the
 * one statement of what each setting may be (`CLIENT_SETTING_RULES` / `clientSettingsOverridesSchema`),
 * written over the folder's overrides in their own column (so a restart, which seeds the folders again,
 * keeps them: decision 019), under a row lock with a record of each change, and served at once by
 * `GET /client`.
 */
import type { FieldError } from '@marina/core/domain/error-codes.ts';
import {
  CLIENT_SETTING_RULES,
  clientSettingsOverridesSchema,
  settingsWithinRules,
  withDefaultSettings,
  type ClientSettings,
  type SettingRule,
} from '@marina/core/domain/marina.ts';
import type { SettingChange, StaffSettings } from '@marina/core/domain/staff.ts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ValidationError } from 'yup';
import type { ClientRecord } from '../clients/client-directory.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import type { Executor } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { clients } from '../clients/clients.schema.ts';
import { settingChanges } from './staff.schema.ts';
import { audit } from '../http/audit.ts';
import { HttpProblem, problemResponses } from '../http/problem.ts';
import { bodyFrom } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { requireStaff } from './require-staff.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

/** How many recorded changes the answer lists. */
const CHANGES_LISTED = 50;

type SettingKey = keyof ClientSettings;

/** What a setting may be, in the words staff read: its range, both ends included (docs/product.md §4.1). */
function ruleText(setting: string, rule: SettingRule): string {
  if (rule.type === 'boolean') return fieldMessages.setting_boolean({ setting });
  return fieldMessages.setting_range({
    setting,
    integer: rule.type === 'integer',
    minimum: rule.minimum,
    maximum: rule.maximum,
  });
}

const invalid = (setting: string, message: string): FieldError => ({
  field: setting,
  code: 'setting_invalid',
  message,
});

/** The body checked by the shared rules, without casting ("5" is not 5); 422 naming each wrong setting. */
async function settingsInput(body: unknown): Promise<Partial<ClientSettings>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpProblem('validation_failed', 400, undefined, [
      { field: 'body', code: 'invalid_type', message: fieldMessages.settings_not_an_object },
    ]);
  }
  const errors = Object.keys(body)
    .filter((key) => !(key in CLIENT_SETTING_RULES))
    .map((key) => invalid(key, fieldMessages.setting_unknown({ setting: key })));
  try {
    await clientSettingsOverridesSchema.validate(body, { strict: true, abortEarly: false });
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    for (const issue of error.inner.length > 0 ? error.inner : [error]) {
      const key = issue.path as SettingKey | undefined;
      if (key && key in CLIENT_SETTING_RULES && !errors.some((known) => known.field === key))
        errors.push(invalid(key, ruleText(key, CLIENT_SETTING_RULES[key])));
    }
  }
  if (errors.length > 0) throw new HttpProblem('setting_invalid', 422, problemDetails.settings_invalid, errors);
  return body as Partial<ClientSettings>;
}

async function staffSettings(db: Executor, client: ClientRecord): Promise<StaffSettings> {
  const rows = await db
    .select({
      change: settingChanges,
      person: { id: accounts.id, firstName: accounts.firstName, surnames: accounts.surnames },
    })
    .from(settingChanges)
    .leftJoin(accounts, eq(accounts.id, settingChanges.accountId))
    .where(eq(settingChanges.clientId, client.id))
    .orderBy(desc(settingChanges.changedAt), desc(settingChanges.id))
    .limit(CHANGES_LISTED);
  const changes: SettingChange[] = rows.map(({ change, person }) => ({
    setting: change.setting as SettingKey,
    oldValue: change.oldValue,
    newValue: change.newValue,
    changedAt: change.changedAt.toISOString(),
    changedBy: person,
  }));
  return { settings: client.settings, changes };
}

export const staffSettingsRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock, directory } = services;

  api.get(
    '/settings',
    {
      schema: {
        operationId: 'staffGetSettings',
        summary: "The marina's settings as they apply now, and the latest changes made by staff",
        tags: ['staff'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          200: { description: 'Settings and changes', $ref: 'StaffSettings#' },
          ...problemResponses(400, 401, 403),
        },
      },
    },
    async (request) => staffSettings(db, requireClient(request)),
  );

  api.patch(
    '/settings',
    {
      schema: {
        operationId: 'staffUpdateSettings',
        summary: 'Change some of the marina’s settings; each change is recorded with who made it',
        description:
          'Body: only the settings that change, each by its rule (ClientSettings). A wrong value or an unknown setting is 422 ' +
          'setting_invalid naming each; nothing is changed then. GET /client serves the new values at once.',
        tags: ['staff'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(clientSettingsOverridesSchema),
        response: { 200: { description: 'Applied', $ref: 'StaffSettings#' }, ...problemResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const session = requireStaff(request);
      const client = requireClient(request);
      const input = await settingsInput(request.body);
      const now = clock();
      const changed = await db.transaction(async (tx) => {
        // The row lock orders concurrent changes: each reads what the one before it wrote.
        const [row] = await tx
          .select({ settings: clients.settings, staffSettings: clients.staffSettings })
          .from(clients)
          .where(eq(clients.id, client.id))
          .for('update');
        // What applies now, as the directory reads it: a stored value outside its range is not in force.
        const before = withDefaultSettings({ ...row!.settings, ...settingsWithinRules(row!.staffSettings) });
        const changes = (Object.entries(input) as [SettingKey, number | boolean][]).filter(
          ([key, value]) => before[key] !== value,
        );
        if (changes.length === 0) return [];
        await tx
          .update(clients)
          .set({ staffSettings: { ...row!.staffSettings, ...Object.fromEntries(changes) } })
          .where(eq(clients.id, client.id));
        await tx.insert(settingChanges).values(
          changes.map(([setting, value]) => ({
            clientId: client.id,
            accountId: session.accountId,
            setting,
            oldValue: before[setting],
            newValue: value,
            changedAt: now,
          })),
        );
        return changes.map(([setting]) => setting);
      });
      if (changed.length > 0) await directory.reload();
      audit(request, 'settings_changed', {
        outcome: 'success',
        accountId: session.accountId,
        ...(changed.length > 0 ? { reason: changed.join(',') } : {}),
      });
      return staffSettings(db, directory.get(client.id)!);
    },
  );
};
