import { inject, injectable } from 'inversify';
import type { DatabaseHealth } from '../ports/database-health.js';
import { TOKENS } from '../tokens.js';

@injectable()
export class CheckHealth {
  constructor(@inject(TOKENS.DatabaseHealth) private readonly database: DatabaseHealth) {}

  async execute(): Promise<{ readonly database: boolean }> {
    return { database: await this.database.ping() };
  }
}
