import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { Clock, IdGenerator } from '../../application/ports/system.js';
import { TOKENS } from '../../application/tokens.js';
import { parseUuid, type Uuid } from '../../domain/shared/uuid.js';
import { cronScheduleCalendar } from './cron-schedule-calendar.js';
import { nodeSecrets } from './node-secrets.js';

const systemClock: Clock = { now: () => new Date() };

export const randomIds: IdGenerator = {
  uuid: (): Uuid => {
    const id = parseUuid(randomUUID());
    if (id === undefined) throw new Error('randomUUID returned a malformed id');
    return id;
  },
};

/** The real clock, random UUIDs, node:crypto secrets and the cron calendar. */
export const systemModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Clock).toConstantValue(systemClock);
  bind(TOKENS.IdGenerator).toConstantValue(randomIds);
  bind(TOKENS.Secrets).toConstantValue(nodeSecrets);
  bind(TOKENS.ScheduleCalendar).toConstantValue(cronScheduleCalendar);
});
