import { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import type { MigrationResult } from 'kysely';
import { CreateStore } from '../../application/use-cases/create-store.js';
import { SetStoreRateLimit } from '../../application/use-cases/set-store-rate-limit.js';
import { readConfig, type AppConfig } from '../config/app-config.js';
import { credentialsBanner } from '../service/credentials-banner.js';

/** The core over the configured, migrated database, as the composition root opens it. */
export interface CliCore {
  readonly container: Container;
  readonly migrated: readonly MigrationResult[];
  close(): Promise<void>;
}

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Opens and migrates the configured database and binds the core to it. */
  readonly open: (config: AppConfig) => Promise<CliCore>;
}

/** Runs `work` on the core over the configured database, and closes it. */
const withCore = async (io: CliIo, work: (core: CliCore) => Promise<void>): Promise<void> => {
  const config = readConfig(io.env);
  if (E.isLeft(config)) throw new Error(`Invalid configuration:\n${config.left.map((e) => `  ${e}`).join('\n')}`);
  const core = await io.open(config.right);
  try {
    await work(core);
  } finally {
    await core.close();
  }
};

/** Operator commands over the configured database (DATABASE_URL, or the embedded one in DATA_DIR). */
export const cliProgram = (io: CliIo): Command => {
  const program = new Command('commerce-core')
    .description('Operate a commerce-core database')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(() =>
      withCore(io, async ({ migrated }) => {
        io.out(migrated.length === 0 ? 'schema is up to date\n' : migrated.map((r) => `${r.migrationName}: ${r.status}\n`).join(''));
      }),
    );

  program
    .command('create-store')
    .description('create a store with its first application key and print the key once')
    .argument('[name]', 'name of the store', 'Store')
    .action(async (name: string) => {
      await withCore(io, async ({ container }) => {
        const created = await container.get(CreateStore).execute(name);
        if (E.isLeft(created)) {
          const detail = created.left._tag === 'ValidationFailed' ? created.left.issues.map((i) => `${i.source} ${i.detail}`).join('; ') : created.left._tag;
          throw new Error(`the store could not be created: ${detail}`);
        }
        io.out(credentialsBanner(created.right));
      });
    });

  program
    .command('set-rate-limit')
    .description("set a store's request budget in requests per second (its keys' reservations share it)")
    .requiredOption('--store <id>', 'the id of the store')
    .argument('<requests-per-second>', 'a whole number from 1 to 1000000')
    .action(async (rate: string, options: { store: string }) => {
      await withCore(io, async ({ container }) => {
        const set = await container.get(SetStoreRateLimit).execute(options.store, rate);
        if (E.isLeft(set)) {
          const detail = set.left._tag === 'ValidationFailed' ? set.left.issues.map((i) => `${i.source} ${i.detail}`).join('; ') : set.left.detail;
          throw new Error(`the rate limit was not set: ${detail}`);
        }
        io.out(`store ${set.right.id}: ${set.right.rateLimit} requests per second\n`);
      });
    });

  return program;
};
