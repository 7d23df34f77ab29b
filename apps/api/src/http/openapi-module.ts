import type { ApiModule } from '../api-module.ts';
import { openApiRoutes } from './openapi.ts';

/** The OpenAPI document itself, at `/api/v1/openapi.json` (decision 041). */
export const openApiModule: ApiModule = {
  name: 'openapi-document',
  routes: openApiRoutes,
};
