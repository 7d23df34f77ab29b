import type { ApiModule } from '../api-module.ts';
import { cardRoutes } from './card-routes.ts';
import { cardSchemas } from './card-schemas.ts';

/** The card shown at the gate, and its check. */
export const cardsModule: ApiModule = {
  name: 'cards',
  schemas: cardSchemas,
  routes: cardRoutes,
};
