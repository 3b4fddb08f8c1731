import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import { AUDIT_TOKENS } from '../../application/audit-tokens.js';
import { AUTHENTICATION_REALM_TOKENS } from '../../application/authentication-realm-tokens.js';
import type { Clock, IdGenerator, Random } from '../../application/ports/system.js';
import { TOKENS } from '../../application/tokens.js';
import { parseUuid, type Uuid } from '../../domain/shared/uuid.js';
import { openIdClientProvider } from '../oidc/openid-client-provider.js';
import { asyncAuditScope } from './async-audit-scope.js';
import { cronScheduleCalendar } from './cron-schedule-calendar.js';
import { nodeSecrets } from './node-secrets.js';
import { scryptPasswordHasher } from './scrypt-password-hasher.js';
import { timeOrderedIds } from './time-ordered-ids.js';

const systemClock: Clock = { now: () => new Date() };

/** The runtime's own generator: retry jitter spreads load, it guards nothing, so it needs no cryptographic source. */
const systemRandom: Random = { fraction: () => Math.random() };

/** Random (version 4) UUIDs, which sort in no order: for ids whose order must tell nothing. */
export const randomIds: IdGenerator = {
  uuid: (): Uuid => {
    const id = parseUuid(randomUUID());
    if (id === undefined) throw new Error('randomUUID returned a malformed id');
    return id;
  },
};

/**
 * The real clock, time-ordered UUIDs, node:crypto secrets, scrypt for passwords, the runtime's random numbers,
 * the cron calendar and the audit scope.
 */
export const systemModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Clock).toConstantValue(systemClock);
  bind(TOKENS.IdGenerator).toConstantValue(timeOrderedIds());
  bind(TOKENS.Secrets).toConstantValue(nodeSecrets);
  bind(TOKENS.Random).toConstantValue(systemRandom);
  bind(TOKENS.ScheduleCalendar).toConstantValue(cronScheduleCalendar);
  bind(AUTHENTICATION_REALM_TOKENS.PasswordHasher).toConstantValue(scryptPasswordHasher());
  bind(AUTHENTICATION_REALM_TOKENS.OpenIdProvider).toConstantValue(openIdClientProvider());
  bind(AUDIT_TOKENS.AuditScope).toConstantValue(asyncAuditScope());
});
