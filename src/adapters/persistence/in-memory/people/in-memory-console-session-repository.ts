import { inject, injectable } from 'inversify';
import type {
  ActiveConsoleSession,
  ConsoleSessionRepository,
  SessionHolder,
} from '../../../../application/ports/people/console-session-repository.js';
import { type ConsoleSession, type SessionSubject, sessionLive } from '../../../../domain/people/console-session.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryConsoleSessionRepository implements ConsoleSessionRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async insert(session: ConsoleSession): Promise<boolean> {
    if (this.holder(session) === undefined) return false;
    this.state.consoleSessions.set(session.idHash, session);
    return true;
  }

  async findActive(idHash: string, now: Date): Promise<ActiveConsoleSession | undefined> {
    const session = this.state.consoleSessions.get(idHash);
    if (session === undefined || !sessionLive(session, now)) return undefined;
    const holder = this.holder(session);
    return holder === undefined ? undefined : { session, holder };
  }

  async touch(idHash: string, lastUsedAt: Date, idleExpiresAt: Date): Promise<void> {
    const session = this.state.consoleSessions.get(idHash);
    if (session !== undefined) this.state.consoleSessions.set(idHash, { ...session, lastUsedAt, idleExpiresAt });
  }

  async delete(idHash: string): Promise<boolean> {
    return this.state.consoleSessions.delete(idHash);
  }

  async deleteForSubject(storeId: Uuid, subject: SessionSubject): Promise<number> {
    let deleted = 0;
    for (const [hash, session] of this.state.consoleSessions) {
      if (session.storeId !== storeId || session.subject.kind !== subject.kind || session.subject.id !== subject.id)
        continue;
      this.state.consoleSessions.delete(hash);
      deleted += 1;
    }
    return deleted;
  }

  async deleteExpired(now: Date): Promise<number> {
    let deleted = 0;
    for (const [hash, session] of this.state.consoleSessions) {
      if (sessionLive(session, now)) continue;
      this.state.consoleSessions.delete(hash);
      deleted += 1;
    }
    return deleted;
  }

  private holder({ storeId, subject }: ConsoleSession): SessionHolder | undefined {
    if (subject.kind === 'user') {
      const user = this.state.merchantUsers.get(subject.id);
      return user?.storeId === storeId ? { kind: 'user', user } : undefined;
    }
    const key = this.state.applicationKeys.get(subject.id);
    return key?.storeId === storeId ? { kind: 'key', applicationKeyId: key.id, scopes: key.scopes } : undefined;
  }
}
