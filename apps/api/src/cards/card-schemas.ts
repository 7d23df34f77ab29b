/**
 * The shared schemas of the card calls (docs/product.md §4.10), registered once (`$ref: 'Card#'`) for the
 * serialiser and the OpenAPI document, which sends only what a schema names: a `CardCheck` can hold nothing
 * beyond its keys (CARD_CHECK_KEYS). Each is described once, with its type, in the domain (decision 045).
 */
import { cardCheckResponse, cardReasonResponse, cardResponse } from '@marina/core/domain/cards.ts';

export const cardSchemas = [cardReasonResponse, cardResponse, cardCheckResponse];
