import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** One built file of the console, kept in each encoding a browser may ask for. */
export interface ConsoleFile {
  readonly type: string;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
}

/** The console as the build left it: the page's two files by their digest-bearing names. */
export interface ConsoleBuild {
  readonly script: string;
  readonly style: string;
  readonly files: ReadonlyMap<string, ConsoleFile>;
}

/**
 * `dist/console` of the package this module belongs to. The module sits at `src/adapters/http` in a
 * checkout and at `dist/adapters/http` in the package, three folders below the package's root either way.
 */
export const CONSOLE_BUILD_DIR = new URL('../../../dist/console/', import.meta.url);

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const DIGEST_NAME = /^[A-Za-z0-9_-]+-[A-Z0-9]{8}\.(js|css)$/;

const encodeAll = async (name: string, identity: Buffer): Promise<ConsoleFile> => {
  const type = TYPES[name.slice(name.lastIndexOf('.'))];
  if (type === undefined) throw new Error(`the console build has a file of unknown type: ${name}`);
  const [gz, br] = await Promise.all([
    promisify(gzip)(identity, { level: 9 }),
    promisify(brotliCompress)(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  return { type, identity, gzip: gz, br };
};

const manifestName = (manifest: Record<string, unknown>, field: 'script' | 'style'): string => {
  const name = manifest[field];
  if (typeof name !== 'string' || !DIGEST_NAME.test(name))
    throw new Error(`the console manifest names no ${field} file`);
  return name;
};

const load = async (dir: URL): Promise<ConsoleBuild | undefined> => {
  let text: string;
  try {
    text = await readFile(new URL('manifest.json', dir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const manifest = JSON.parse(text) as Record<string, unknown>;
  const script = manifestName(manifest, 'script');
  const style = manifestName(manifest, 'style');
  const files = await Promise.all(
    [script, style].map(
      async (name): Promise<[string, ConsoleFile]> => [
        name,
        await encodeAll(name, await readFile(new URL(`assets/${name}`, dir))),
      ],
    ),
  );
  return { script, style, files: new Map(files) };
};

const cache = new Map<string, Promise<ConsoleBuild | undefined>>();

/**
 * The console's build, read and compressed once per process on first use (most processes never serve
 * it); `undefined` when the package was built without it. Neither a missing build nor a failed read is
 * kept: a build swapped in later (tools/build.mjs) is found by the next request.
 */
export const consoleBuild = (dir: URL = CONSOLE_BUILD_DIR): Promise<ConsoleBuild | undefined> => {
  const key = dir.href;
  let loaded = cache.get(key);
  if (loaded === undefined) {
    loaded = load(dir).then(
      (build) => {
        if (build === undefined) cache.delete(key);
        return build;
      },
      (error: unknown) => {
        cache.delete(key);
        throw error;
      },
    );
    cache.set(key, loaded);
  }
  return loaded;
};

/** The page: the console's own script and style sheet, nothing inline, nothing from elsewhere. */
export const consolePage = (build: ConsoleBuild): string => `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>commerce-core console</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/console/assets/${build.style}">
    <script type="module" src="/console/assets/${build.script}"></script>
  </head>
  <body>
    <div id="console"><noscript>The console needs JavaScript.</noscript></div>
  </body>
</html>
`;

/** The smallest encoding the request accepts: brotli, then gzip, then none. */
export const pickEncoding = (acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' => {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => (name ?? '').trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
};
