import { inject, injectable } from 'inversify';
import { AUDIT_TOKENS } from '../../audit-tokens.js';
import type { AuditTrail } from '../../ports/audit/audit-trail.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

const DAY_MS = 24 * 60 * 60 * 1000;

@injectable()
export class PurgeAuditEvents {
  constructor(
    @inject(AUDIT_TOKENS.AuditTrail) private readonly trail: AuditTrail,
    @inject(AUDIT_TOKENS.AuditRetentionDays) private readonly retentionDays: number,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Deletes the events older than the retention (none when it is 0, which keeps them all); returns how many. */
  async execute(): Promise<number> {
    if (this.retentionDays === 0) return 0;
    // The system's time, not a store's test clock: retention is kept in real time, as the events are stamped.
    return this.trail.purgeBefore(new Date(this.clock.now().getTime() - this.retentionDays * DAY_MS));
  }
}
