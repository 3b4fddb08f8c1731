import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { parseCatalogueName, parseEmail, typedAttributes } from '../catalogue/catalogue-fields.js';
import { type Changes, type Created, parseChanges, parseCreated, requiredField } from '../shared/record-parser.js';
import { parseUuidField, type Uuid } from '../shared/uuid.js';
import type { Parsed } from '../shared/validation.js';

export const SUBSCRIBER_TYPE = 'subscription_subscriber';

const SUBSCRIBER_FIELDS = {
  account_id: requiredField(parseUuidField),
  name: requiredField(parseCatalogueName),
  email: requiredField(parseEmail),
};

/** EPCC's update takes the name and the email: a subscriber stays with the account it was made for. */
const SUBSCRIBER_CHANGE_FIELDS = {
  name: SUBSCRIBER_FIELDS.name,
  email: SUBSCRIBER_FIELDS.email,
};

/** A subscriber's attributes, named as the API names them. */
export type SubscriberAttributes = Created<typeof SUBSCRIBER_FIELDS>;
export type SubscriberChanges = Changes<typeof SUBSCRIBER_CHANGE_FIELDS>;

/** The account, name and email a store's subscriptions bill. */
export interface Subscriber {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly attributes: SubscriberAttributes;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** `POST /subscriptions/subscribers`: `{"type": "subscription_subscriber", "attributes": {...}}`. */
export const parseNewSubscriber = (data: unknown): Parsed<SubscriberAttributes> =>
  pipe(
    typedAttributes(data, SUBSCRIBER_TYPE),
    E.flatMap((attributes) => parseCreated(SUBSCRIBER_FIELDS, attributes, 'data.attributes')),
  );

/** `PUT /subscriptions/subscribers/:id`: a partial update of the name and the email; `account_id` is not among them. */
export const parseSubscriberChanges = (data: unknown): Parsed<SubscriberChanges> =>
  pipe(
    typedAttributes(data, SUBSCRIBER_TYPE),
    E.flatMap((attributes) => parseChanges(SUBSCRIBER_CHANGE_FIELDS, attributes, 'data.attributes')),
  );

/** The same rules on stored columns, so that a drifted row fails loudly. */
export const subscriberAttributesFromStorage = (stored: unknown): Parsed<SubscriberAttributes> =>
  parseCreated(SUBSCRIBER_FIELDS, stored, 'subscriber');
