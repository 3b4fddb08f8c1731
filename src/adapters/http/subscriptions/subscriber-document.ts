import { SUBSCRIBER_TYPE, type Subscriber } from '../../../domain/subscriptions/subscriber.js';
import { formatTimestamp } from '../timestamps.js';

/** EPCC's Subscriber: the attributes with their timestamps, and `meta` with the owner and the same timestamps. */
export const subscriberResource = (subscriber: Subscriber) => {
  const timestamps = {
    created_at: formatTimestamp(subscriber.createdAt),
    updated_at: formatTimestamp(subscriber.updatedAt),
  };
  return {
    id: subscriber.id,
    type: SUBSCRIBER_TYPE,
    attributes: { ...subscriber.attributes, ...timestamps },
    meta: { owner: 'store', timestamps },
  };
};
