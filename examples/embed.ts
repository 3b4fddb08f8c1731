import 'reflect-metadata';
import * as E from 'fp-ts/lib/Either.js';
import { buildContainer, CreateApplicationKey, CreateStore, ListApplicationKeys, queryParams } from '../src/index.js';

// No database: the in-memory adapters. Pass { kind: 'database', handle } from openDatabase() for a real one.
const core = buildContainer({ kind: 'memory' });

const created = await core.get(CreateStore).execute('Embedded store');
if (E.isLeft(created)) throw new Error(created.left._tag);
const storeId = created.right.store.id;

const key = await core
  .get(CreateApplicationKey)
  .execute(storeId, { type: 'application_key', name: 'Batch jobs', reserved_rate_limit: 10 });
if (E.isRight(key)) console.log('client_id:', key.right.key.clientId);

const page = await core.get(ListApplicationKeys).execute(storeId, queryParams([['page[limit]', '10']]));
if (E.isRight(page)) console.log('keys:', page.right.total, 'reserved:', page.right.totalReservedRateLimit);
