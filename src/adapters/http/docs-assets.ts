import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** One file of the reference page, with a digest of its content that the page asks for it with. */
export interface DocsFile {
  readonly body: Buffer;
  readonly type: string;
  readonly digest: string;
}

/** The reference page's static files, served from the installed swagger-ui-dist, and our own start-up script. */
export const DOCS_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'docs-init.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
} as const;
export type DocsAsset = keyof typeof DOCS_ASSETS;

export const OPENAPI_PATH = '/v2/openapi.json';

/**
 * Starts Swagger UI on the document. Served as a file, not inlined, so that a Content-Security-Policy
 * without 'unsafe-inline' scripts allows the page; no validator badge, which would call a third party.
 */
const DOCS_INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
});
`;

// Resolved from this module, so the package found is the one installed beside this one, wherever that is.
const resolveDist = createRequire(import.meta.url).resolve;

const contentOf = async (file: DocsAsset): Promise<Buffer> =>
  file === 'docs-init.js' ? Buffer.from(DOCS_INIT, 'utf8') : readFile(resolveDist(`swagger-ui-dist/${file}`));

const load = async (): Promise<ReadonlyMap<DocsAsset, DocsFile>> => {
  const files = await Promise.all(
    (Object.keys(DOCS_ASSETS) as DocsAsset[]).map(async (file): Promise<[DocsAsset, DocsFile]> => {
      const body = await contentOf(file);
      return [
        file,
        { body, type: DOCS_ASSETS[file], digest: createHash('sha256').update(body).digest('hex').slice(0, 16) },
      ];
    }),
  );
  return new Map(files);
};

let loaded: Promise<ReadonlyMap<DocsAsset, DocsFile>> | undefined;

/** The page's files, read once on first use (the bundle is over a megabyte, and most processes never serve it). */
export const docsFiles = (): Promise<ReadonlyMap<DocsAsset, DocsFile>> => {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
};

/** The reference page: every file it loads is one of ours, asked for with its digest so it can be cached for good. */
export const docsPage = (files: ReadonlyMap<DocsAsset, DocsFile>): string => {
  const src = (file: DocsAsset) => `/docs/${file}?v=${files.get(file)?.digest ?? ''}`;
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>commerce-core API reference</title>
    <link rel="stylesheet" href="${src('swagger-ui.css')}">
    <link rel="icon" type="image/png" href="${src('favicon-32x32.png')}">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${src('swagger-ui-bundle.js')}"></script>
    <script src="${src('swagger-ui-standalone-preset.js')}"></script>
    <script src="${src('docs-init.js')}"></script>
  </body>
</html>
`;
};
