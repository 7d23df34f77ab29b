/**
 * Per-client rules (docs/product.md §4.1): the type, defaults and rules live in
 * `@marina/core/domain/marina.ts`, shared with the folders' check. The server keeps each marina's
 * overrides and the app reads them, filled in, from `GET /api/v1/client`, so a marina can differ without
 * a new build.
 */
import { CLIENT_SETTING_RULES, DEFAULT_CLIENT_SETTINGS } from '@marina/core/domain/marina.ts';

/** JSON schema of the settings, made from the shared rules, for responses and the OpenAPI document. */
export const clientSettingsSchema = {
  $id: 'ClientSettings',
  type: 'object',
  properties: Object.fromEntries(Object.entries(CLIENT_SETTING_RULES).map(([key, rule]) => [key, { ...rule }])),
  required: Object.keys(DEFAULT_CLIENT_SETTINGS),
  additionalProperties: false,
} as const;
