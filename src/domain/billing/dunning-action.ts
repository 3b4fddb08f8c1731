import type { Subscription } from '../subscription/subscription.js';
import type { DunningAction } from './payment-retry.js';

/**
 * The subscription once an invoice's payment retries are spent, by the store's dunning rule: `none` leaves
 * it as it is, `pause` pauses it, `suspend` marks it suspended (the subscriber may still pay), `close`
 * ends it now. Undefined when nothing changes, so applying it twice changes nothing more.
 */
export const afterRetriesSpent = (subscription: Subscription, action: DunningAction, now: Date): Subscription | undefined => {
  const { flags, timestamps } = subscription;
  switch (action) {
    case 'none':
      return undefined;
    case 'pause':
      return flags.paused ? undefined : { ...subscription, flags: { ...flags, paused: true }, timestamps: { ...timestamps, pausedAt: now, updatedAt: now } };
    case 'suspend':
      return flags.suspended ? undefined : { ...subscription, flags: { ...flags, suspended: true }, timestamps: { ...timestamps, updatedAt: now } };
    case 'close':
      return flags.canceled
        ? undefined
        : { ...subscription, flags: { ...flags, canceled: true, paused: false }, timestamps: { ...timestamps, canceledAt: now, endDate: now, updatedAt: now } };
  }
};
