import { inject, injectable } from 'inversify';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { ConsoleSessionRepository } from '../../ports/people/console-session-repository.js';
import type { AuthenticatedSession } from './authenticate-console-session.js';

/** Signs out: this session, or (`everywhere`) every session of the same person or key in the store. */
@injectable()
export class EndConsoleSession {
  constructor(@inject(PEOPLE_TOKENS.ConsoleSessionRepository) private readonly sessions: ConsoleSessionRepository) {}

  /** How many sessions ended. */
  async execute({ session }: AuthenticatedSession, everywhere: boolean): Promise<number> {
    if (everywhere) return this.sessions.deleteForSubject(session.storeId, session.subject);
    return (await this.sessions.delete(session.idHash)) ? 1 : 0;
  }
}
