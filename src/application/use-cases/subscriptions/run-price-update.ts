import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { SubscriptionUpdateReport } from '../../../domain/billing/run-reports.js';
import type { JobReport } from '../../../domain/jobs/job.js';
import type { PriceUpdate } from '../../../domain/jobs/price-update.js';
import { type DomainError, unprocessable } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { priceUpdateOf } from '../../../domain/subscriptions/price-changes.js';
import type { JobHandler, JobRun } from '../../ports/jobs/job-handler.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';

/** Subscriptions changed between two heartbeats. */
const UPDATE_BATCH = 200;

/** A subscription the update leaves alone: nothing in the change names what it holds. */
const UNTOUCHED = unprocessable(
  'nothing in the price changes names what the subscription holds',
  'state_transition_not_allowed',
);

/**
 * A `subscription-update` job: each subscription it reaches gets the part of the price changes naming its
 * plan or products, for its next period, with the subscription locked. A listed id the store has no
 * subscription with, or a subscription that cannot take the change, is a failure. Run again after an
 * interruption, a subscription it already changed gets the same change again, so the report is the same.
 */
@injectable()
export class RunPriceUpdate implements JobHandler {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  async run({ job, startedAt, heartbeat }: JobRun): Promise<E.Either<DomainError, JobReport>> {
    const update = job.priceUpdate;
    if (update === undefined)
      return E.left(unprocessable('the job has no price changes', 'state_transition_not_allowed'));
    const ids = await this.targets(job.storeId, update);
    let updated = 0;
    let failures = 0;
    for (const [index, id] of ids.entries()) {
      const changed = await this.subscriptions.update(job.storeId, id, (subscription, offering) => {
        const outcome = priceUpdateOf(subscription, offering, update.changes, startedAt);
        if (outcome.kind === 'updated') return E.right(outcome.subscription);
        return E.left(
          outcome.kind === 'untouched' ? UNTOUCHED : unprocessable(outcome.reason, 'state_transition_not_allowed'),
        );
      });
      if (E.isRight(changed)) updated += 1;
      else if (changed.left !== UNTOUCHED) failures += 1;
      if ((index + 1) % UPDATE_BATCH === 0) await heartbeat();
    }
    const report: SubscriptionUpdateReport = {
      subscriptions_updated: updated,
      subscription_failures: failures,
      total_processed: ids.length,
    };
    return E.right(report);
  }

  private async targets(storeId: Uuid, { target }: PriceUpdate): Promise<readonly Uuid[]> {
    if ('subscriptionIds' in target) return target.subscriptionIds;
    const excluded = new Set(target.excludedSubscriptionIds);
    return (await this.subscriptions.idsOfOffering(storeId, target.offeringId)).filter((id) => !excluded.has(id));
  }
}
