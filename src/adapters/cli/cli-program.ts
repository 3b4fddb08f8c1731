import { Command } from 'commander';
import type { MigrationResult } from 'kysely/migration';
import * as E from 'fp-ts/lib/Either.js';
import { CreateStore } from '../../application/use-cases/create-store.js';
import { buildContainer } from '../../container.js';
import { readConfig } from '../config/app-config.js';
import { migrateToLatest } from '../persistence/kysely/migrate.js';
import { openDatabase, type DatabaseHandle } from '../persistence/kysely/open-database.js';
import { credentialsBanner } from '../service/credentials-banner.js';

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Opens the configured database, brings its schema up to date, runs `work`, and closes it. */
const withDatabase = async (io: CliIo, work: (handle: DatabaseHandle, migrated: readonly MigrationResult[]) => Promise<void>): Promise<void> => {
  const config = readConfig(io.env);
  if (E.isLeft(config)) throw new Error(`Invalid configuration:\n${config.left.map((e) => `  ${e}`).join('\n')}`);
  const handle = await openDatabase(config.right.database);
  try {
    await work(handle, await migrateToLatest(handle.db, handle.flavor));
  } finally {
    await handle.close();
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
      withDatabase(io, async (_handle, migrated) => {
        io.out(migrated.length === 0 ? 'schema is up to date\n' : migrated.map((r) => `${r.migrationName}: ${r.status}\n`).join(''));
      }),
    );

  program
    .command('create-store')
    .description('create a store with its first application key and print the key once')
    .argument('[name]', 'name of the store', 'Store')
    .action(async (name: string) => {
      await withDatabase(io, async (handle) => {
        const created = await buildContainer({ kind: 'database', handle }).get(CreateStore).execute(name);
        if (E.isLeft(created)) {
          const detail = created.left._tag === 'ValidationFailed' ? created.left.issues.map((i) => `${i.source} ${i.detail}`).join('; ') : created.left._tag;
          throw new Error(`the store could not be created: ${detail}`);
        }
        io.out(credentialsBanner(created.right));
      });
    });

  return program;
};
