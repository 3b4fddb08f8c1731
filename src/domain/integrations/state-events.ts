import type { SubscriptionStateRecord } from '../subscriptions/subscription.js';
import type { FiringKey } from './observable-events.js';

/**
 * The observable keys a state change fires. A cancel or pause takes effect at once here (there is no
 * pending cancel or pause), and a cancel that leaves the subscription closed fires `closed` too; going
 * live fires nothing, as `subscription.created` already did, nor does holding one pending (EPCC has no key for it).
 */
export const stateEventKeys = (state: SubscriptionStateRecord): readonly FiringKey[] => {
  switch (state.action) {
    case 'cancel':
      return state.flags.closed ? ['subscription.canceled', 'subscription.closed'] : ['subscription.canceled'];
    case 'pause':
      return ['subscription.paused'];
    case 'resume':
      return ['subscription.resumed'];
    case 'go_live':
    case 'pending':
      return [];
  }
};
