/**
 * The floors `bench/list-floor.ts` sets beside the service, each in a process of its own so that its CPU can
 * be read from /proc: `raw`, a bare node:http handler, and `koa`, the same handler behind Koa and
 * @koa/router with no middleware, both running the library list's statement for the first page of the
 * unfiltered list and answering with its rows padded to `FLOOR_BODY_BYTES`, the size of the service's page,
 * exactly as the sized raw handler of `bench/list-bench.ts` does; and `stored`, the bare handler reading the
 * page's stored documents and joining their texts as they are, padded the same way: what a page costs when
 * nothing is done to the documents at all.
 *
 *   FLOOR_DATABASE_URL=postgres://... FLOOR_STORE_ID=<uuid> FLOOR_BODY_BYTES=50500 tsx bench/floor-server.ts raw|koa|stored
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';

export const FLOOR_PATH = '/v2/subscriptions/subscriptions';

/**
 * The first-page statement of the library's list (`ListSubscriptions`), as PostgreSQL's statement log shows it:
 * every column of the page's rows but their stored documents, so that the raw floor parses and encodes what
 * it did before documents were kept.
 */
const FIRST_PAGE = `select "id", "store_id", "account_id", "name", "name_key", "email", "email_key", "external_ref",
  "external_ref_key", "offering_id", "offering_version_id", "plan_id", "currency", "body", "created_at",
  "billable_from", "inactive", "invoice_after",
  (select "subscription_count" as "n" from "stores" where "id" = $1) as "matched_total"
  from "subscriptions" where "store_id" = $2 and 1 = 1 order by "created_at" desc, "id" desc limit $3 offset $4`;

/** The same page's stored documents, as the service reads them, for the `stored` floor. */
const FIRST_PAGE_DOCUMENTS = `select "id", "document",
  (select "subscription_count" as "n" from "stores" where "id" = $1) as "matched_total"
  from "subscriptions" where "store_id" = $2 and 1 = 1 order by "created_at" desc, "id" desc limit $3 offset $4`;

const setting = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
};

const main = async (): Promise<void> => {
  const kind = process.argv[2];
  if (kind !== 'raw' && kind !== 'koa' && kind !== 'stored')
    throw new Error('usage: tsx bench/floor-server.ts raw|koa|stored');
  const storeId = setting('FLOOR_STORE_ID');
  const bytes = Number(setting('FLOOR_BODY_BYTES'));
  // The service's own pool size.
  const pool = new pg.Pool({ connectionString: setting('FLOOR_DATABASE_URL'), max: 10 });
  const padded = (json: string) => `{"rows":${json},"pad":"${'x'.repeat(Math.max(0, bytes - json.length - 18))}"}`;
  const page =
    kind === 'stored'
      ? async (): Promise<string> => {
          const { rows } = await pool.query<{ document: string }>(FIRST_PAGE_DOCUMENTS, [storeId, storeId, 25, 0]);
          return padded(`[${rows.map((row) => row.document).join(',')}]`);
        }
      : async (): Promise<string> =>
          padded(JSON.stringify((await pool.query(FIRST_PAGE, [storeId, storeId, 25, 0])).rows));

  let server: http.Server;
  if (kind !== 'koa') {
    server = http.createServer((req, res) => {
      if (req.url !== FLOOR_PATH) {
        res.writeHead(404).end();
        return;
      }
      page().then(
        (body) =>
          res
            .writeHead(200, {
              'content-type': 'application/json; charset=utf-8',
              'content-length': Buffer.byteLength(body),
            })
            .end(body),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
  } else {
    const app = new Koa();
    const router = new Router();
    router.get(FLOOR_PATH, async (ctx) => {
      ctx.type = 'application/json';
      ctx.body = await page();
    });
    app.use(router.routes());
    server = http.createServer(app.callback());
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The same line the service prints, which bench/service-process.ts waits for.
  process.stderr.write(`${kind} is listening on http://127.0.0.1:${(server.address() as AddressInfo).port} \n`);
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    void pool.end().then(() => process.exit(0));
  });
};

// Started as a program; bench/list-floor.ts imports only the path.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
