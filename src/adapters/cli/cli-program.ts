import { Command, CommanderError } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import type { MigrationResult } from 'kysely';
import { CreateApplicationKey } from '../../application/use-cases/keys/create-application-key.js';
import { UpdateStoreSettings } from '../../application/use-cases/settings/update-store-settings.js';
import { CreateStore } from '../../application/use-cases/stores/create-store.js';
import { ListStores } from '../../application/use-cases/stores/list-stores.js';
import { SetStoreRateLimit } from '../../application/use-cases/stores/set-store-rate-limit.js';
import { parseStoreId } from '../../application/use-cases/stores/store-lookup.js';
import { SCOPES } from '../../domain/auth/scope.js';
import { APPLICATION_KEY_TYPE } from '../../domain/keys/application-key.js';
import { queryParams } from '../../domain/query/query-params.js';
import { SUBSCRIPTIONS_GENERATIONS } from '../../domain/settings/subscriptions-generation.js';
import { type AppConfig, readConfig } from '../config/app-config.js';
import { CliFailure, refused } from './cli-failure.js';
import {
  createdKeyReply,
  createdStoreReply,
  generationReply,
  migrationsReply,
  type Reply,
  rateLimitReply,
  storeListReply,
  versionReply,
} from './cli-replies.js';

/** The core over the configured, migrated database, as the composition root opens it. */
export interface CliCore {
  readonly container: Container;
  readonly migrated: readonly MigrationResult[];
  /** How long bringing the schema up to date took, in whole milliseconds. */
  readonly migrationMs: number;
  close(): Promise<void>;
}

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Opens and migrates the configured database and binds the core to it. */
  readonly open: (config: AppConfig) => Promise<CliCore>;
  /** The package's version, for `--version`. */
  readonly version: string;
}

/**
 * How output is written, decided from the arguments before commander parses them: commander ends the
 * parse at `--version` or at a usage error, before it has read every option.
 */
export interface CliMode {
  /** One JSON document on stdout, and errors as a JSON object on stderr. */
  readonly json: boolean;
}

const DEFAULT_KEY_NAME = 'CLI key';

/** Runs `work` on the core over the configured database, and closes it. */
const withCore = async <A>(io: CliIo, work: (core: CliCore) => Promise<A>): Promise<A> => {
  const config = readConfig(io.env);
  if (E.isLeft(config)) {
    throw new CliFailure(
      'invalid_input',
      'the configuration in the environment is invalid',
      config.left.map((detail) => ({ detail })),
    );
  }
  const core = await io.open(config.right);
  try {
    return await work(core);
  } finally {
    await core.close();
  }
};

/**
 * Arguments are text. Text that reads as a whole number goes to the use case as the number, anything
 * else as the text it is, so that the use case's own rules judge it and word the issue.
 */
const wholeNumberOrText = (text: string): number | string => (/^-?[0-9]+$/.test(text) ? Number(text) : text);

/**
 * Operator commands over the configured database (DATABASE_URL, or the embedded one in DATA_DIR).
 * Each prints its result in `mode`; failures are thrown for the caller to print (see `runCli`), and
 * commander's own messages are left to it too, so that every failure is printed one way.
 */
export const cliProgram = (io: CliIo, mode: CliMode): Command => {
  const print = (reply: Reply): void => io.out(mode.json ? `${JSON.stringify(reply.json)}\n` : reply.text);
  const program = new Command('commerce-core')
    .description('Operate a commerce-core database (DATABASE_URL, or the embedded one in DATA_DIR)')
    .option('-V, --version', 'print the version')
    .option('--json', 'print one JSON document on stdout, and errors as a JSON object on stderr')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: mode.json ? () => {} : io.err, outputError: () => {} });
  // As commander's own version option, printed in the mode.
  program.on('option:version', () => {
    print(versionReply(io.version));
    throw new CommanderError(0, 'commander.version', io.version);
  });

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(() => withCore(io, async ({ migrated, migrationMs }) => print(migrationsReply(migrated, migrationMs))));

  program
    .command('create-store')
    .description('create a store with its first application key and print the key once')
    .argument('[name]', 'name of the store, 1 to 255 characters', 'Store')
    .action((name: string) =>
      withCore(io, async ({ container }) => {
        const created = await container.get(CreateStore).execute(name);
        if (E.isLeft(created)) throw refused('the store was not created', created.left, { name: '[name]' });
        print(createdStoreReply(created.right));
      }),
    );

  program
    .command('create-key')
    .description('create an application key for a store and print its credentials once')
    .requiredOption('--store <id>', 'the id of the store')
    .option('--name <name>', 'name of the key, 1 to 255 characters', DEFAULT_KEY_NAME)
    .option('--reserved-rate-limit <n>', "requests per second kept for this key out of the store's budget")
    .option('--scopes <list>', `what the key may do, comma-separated (${SCOPES.join(', ')}); full access without it`)
    .action((options: { store: string; name: string; reservedRateLimit?: string; scopes?: string }) => {
      const storeId = parseStoreId(options.store);
      if (E.isLeft(storeId)) throw refused('the key was not created', storeId.left);
      const scopes = options.scopes?.split(',').map((scope) => scope.trim());
      const data = {
        type: APPLICATION_KEY_TYPE,
        name: options.name,
        ...(options.reservedRateLimit === undefined
          ? {}
          : { reserved_rate_limit: wholeNumberOrText(options.reservedRateLimit) }),
        ...(scopes === undefined ? {} : { scopes }),
      };
      return withCore(io, async ({ container }) => {
        const created = await container.get(CreateApplicationKey).execute(storeId.right, data);
        if (E.isLeft(created)) {
          const scopeSources = Object.fromEntries(
            (scopes ?? []).map((_, index) => [`data.scopes.${index}`, '--scopes']),
          );
          throw refused('the key was not created', created.left, {
            'data.name': '--name',
            'data.reserved_rate_limit': '--reserved-rate-limit',
            'data.scopes': '--scopes',
            ...scopeSources,
          });
        }
        print(createdKeyReply(created.right));
      });
    });

  program
    .command('list-stores')
    .description('list the stores, newest first, a page of at most 100 at a time')
    .option('--limit <n>', 'stores on the page, 1 to 100', '100')
    .option('--offset <n>', 'stores to skip, 0 to 10000', '0')
    .action((options: { limit: string; offset: string }) =>
      withCore(io, async ({ container }) => {
        const params = queryParams([
          ['page[limit]', options.limit],
          ['page[offset]', options.offset],
        ]);
        const listed = await container.get(ListStores).execute(params);
        if (E.isLeft(listed))
          throw refused('the stores were not listed', listed.left, {
            'page[limit]': '--limit',
            'page[offset]': '--offset',
          });
        print(storeListReply(listed.right));
      }),
    );

  program
    .command('set-rate-limit')
    .description("set a store's request budget in requests per second (its keys' reservations share it)")
    .requiredOption('--store <id>', 'the id of the store')
    .argument('<requests-per-second>', 'a whole number from 1 to 1000000')
    .action((rate: string, options: { store: string }) =>
      withCore(io, async ({ container }) => {
        const set = await container.get(SetStoreRateLimit).execute(options.store, rate);
        if (E.isLeft(set))
          throw refused('the rate limit was not set', set.left, { rate_limit: '<requests-per-second>' });
        print(rateLimitReply(set.right));
      }),
    );

  program
    .command('set-generation')
    .description(
      `set which EPCC subscriptions generation a store's un-prefixed paths speak (${SUBSCRIPTIONS_GENERATIONS.join(' or ')}); nothing is migrated`,
    )
    .requiredOption('--store <id>', 'the id of the store')
    .argument('<generation>', SUBSCRIPTIONS_GENERATIONS.join(' or '))
    .action((generation: string, options: { store: string }) => {
      const storeId = parseStoreId(options.store);
      if (E.isLeft(storeId)) throw refused('the generation was not set', storeId.left);
      return withCore(io, async ({ container }) => {
        const set = await container
          .get(UpdateStoreSettings)
          .execute(storeId.right, { type: 'settings', subscriptions_generation: generation });
        if (E.isLeft(set))
          throw refused('the generation was not set', set.left, { 'data.subscriptions_generation': '<generation>' });
        print(generationReply(storeId.right, set.right.subscriptionsGeneration));
      });
    });

  return program;
};
