import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

const STOREFRONT = path.resolve(import.meta.dirname, '../../examples/storefront');

export interface StorefrontConfig {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly passwordProfileId: string;
}

export interface StorefrontServer {
  /** The storefront's origin: `localhost`, where the service is reached at `127.0.0.1`, so another origin. */
  readonly url: string;
  close(): Promise<void>;
}

/** The example storefront bundled with its SDK for the browser, once per run. */
let bundle: Promise<string> | undefined;
const storefrontBundle = (): Promise<string> => {
  bundle ??= build({
    entryPoints: [path.join(STOREFRONT, 'storefront.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundle;
};

/** JSON inside a `<script>` element: `<` escaped so that no value can close the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** Serves `examples/storefront` on loopback, configured for one store of the service under test. */
export const serveStorefront = async (config: StorefrontConfig): Promise<StorefrontServer> => {
  const { readFile } = await import('node:fs/promises');
  const page = (await readFile(path.join(STOREFRONT, 'index.html'), 'utf8')).replace(
    '<script type="application/json" id="config">{}</script>',
    `<script type="application/json" id="config">${scriptJson(config)}</script>`,
  );
  const script = await storefrontBundle();
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/' || pathname === '/storefront.js') {
      const html = pathname === '/';
      response.writeHead(200, {
        'Content-Type': html ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      response.end(html ? page : script);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
};
