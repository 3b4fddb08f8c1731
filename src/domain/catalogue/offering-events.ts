import { recordEvents } from '../events/record-events.js';
import { OFFERING_TYPE, type Offering } from './offering.js';

/** What an offering's event names: the offering, as its GET returns it. */
export interface OfferingSubject {
  readonly resource: 'offering';
  readonly offering: Offering;
}

export const OFFERING_EVENTS = recordEvents<Offering, OfferingSubject>(
  {
    created: 'subscription-offering.created',
    updated: 'subscription-offering.updated',
    deleted: 'subscription-offering.deleted',
  },
  OFFERING_TYPE,
  (offering) => ({ resource: 'offering', offering }),
);
