import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../query/page.js';
import { issues } from '../shared/errors.js';
import { integerInRange } from '../shared/integer.js';
import { oneOf } from '../shared/literal.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { SUBSCRIPTIONS_GENERATIONS, type SubscriptionsGeneration } from './subscriptions-generation.js';

export const SETTINGS_TYPE = 'settings';

/** A validated partial update of a store's settings. */
export interface SettingsChanges {
  readonly pageLength?: number;
  readonly subscriptionsGeneration?: SubscriptionsGeneration;
}

/** Parses the `data` object of `PUT /v2/settings`; `page_length` is 1..100, like `page[limit]`. */
export const parseSettingsChanges = (data: unknown): Parsed<SettingsChanges> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: oneOf([SETTINGS_TYPE])('data.type')(field(data, 'type')),
          pageLength: optional(
            field(data, 'page_length'),
            integerInRange(PAGE_LIMIT_MIN, PAGE_LIMIT_MAX)('data.page_length'),
          ),
          subscriptionsGeneration: optional(
            field(data, 'subscriptions_generation'),
            oneOf(SUBSCRIPTIONS_GENERATIONS)('data.subscriptions_generation'),
          ),
        }),
        E.map(({ pageLength, subscriptionsGeneration }) => ({
          ...(pageLength === undefined ? {} : { pageLength }),
          ...(subscriptionsGeneration === undefined ? {} : { subscriptionsGeneration }),
        })),
      )
    : E.left(issues('data', 'must be an object'));
