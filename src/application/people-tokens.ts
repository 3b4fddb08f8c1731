import type { ServiceIdentifier } from 'inversify';
import type { SessionLifetime } from '../domain/people/console-session.js';
import type { ConsoleSessionRepository } from './ports/people/console-session-repository.js';
import type { MerchantUserRepository } from './ports/people/merchant-user-repository.js';
import type { OidcProfileDirectory } from './ports/people/oidc-profile-directory.js';

/** The ports of the merchant's people and their console sessions, beside the core's TOKENS. */
export const PEOPLE_TOKENS = {
  MerchantUserRepository: Symbol.for(
    'commerce-core.MerchantUserRepository',
  ) as ServiceIdentifier<MerchantUserRepository>,
  ConsoleSessionRepository: Symbol.for(
    'commerce-core.ConsoleSessionRepository',
  ) as ServiceIdentifier<ConsoleSessionRepository>,
  /** How long console sessions last (`CONSOLE_SESSION_IDLE_MINUTES`, `CONSOLE_SESSION_MAX_HOURS`). */
  ConsoleSessionLifetime: Symbol.for('commerce-core.ConsoleSessionLifetime') as ServiceIdentifier<SessionLifetime>,
  OidcProfileDirectory: Symbol.for('commerce-core.OidcProfileDirectory') as ServiceIdentifier<OidcProfileDirectory>,
} as const;
