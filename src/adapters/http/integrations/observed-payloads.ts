import type { ObservedPayloads } from '../../../application/ports/integrations/observed-payloads.js';
import type { ScheduleCalendar } from '../../../application/ports/schedules/schedule-calendar.js';
import type { Clock } from '../../../application/ports/system.js';
import { timingOf } from '../../../domain/schedules/schedule.js';
import { accountMemberResource, accountMembershipResource, accountResource } from '../accounts/account-documents.js';
import { invoiceResource } from '../billing/invoice-documents.js';
import { refundResource } from '../billing/refund-2025-documents.js';
import { offeringResource, planResource, productResource } from '../catalogue/subscription-catalogue-documents.js';
import { entitlementsChangeResource } from '../features/entitlements-change-document.js';
import { jobResource } from '../jobs/job-document.js';
import { scheduleResource } from '../schedules/schedule-documents.js';
import { subscriberResource } from '../subscriptions/subscriber-document.js';
import { subscriptionResource } from '../subscriptions/subscription-documents.js';

/** The documents the API answers with, as events carry them; a schedule's next firing is read on `clock`. */
export const httpPayloads = (calendar: ScheduleCalendar, clock: Clock): ObservedPayloads => ({
  subscription: (subscription, offering, now) => subscriptionResource(subscription, offering, now),
  invoice: (invoice) => invoiceResource(invoice),
  refund: (refund) => refundResource(refund),
  subscriber: (subscriber) => subscriberResource(subscriber),
  entitlements: (subject) => entitlementsChangeResource(subject),
  product: (product) => productResource(product),
  plan: (plan) => planResource(plan),
  offering: (offering) => offeringResource(offering),
  schedule: (schedule) =>
    scheduleResource({ schedule, nextFiring: calendar.nextFiringAfter(timingOf(schedule), clock.now()) }),
  job: (job) => jobResource(job),
  account: (account) => accountResource(account),
  accountMember: (member) => accountMemberResource(member),
  accountMembership: (membership) => accountMembershipResource(membership),
});
