import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as library from '../src/index.js';

const SRC = path.resolve(import.meta.dirname, '../src');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });

/** The classes the HTTP adapter, the job machinery, the relay, the service and the composition root import from use-case modules: what the service resolves. */
const useCasesOfTheApi = (): string[] => {
  const names = new Set<string>();
  const files = [
    ...filesUnder(path.join(SRC, 'adapters/http')),
    ...filesUnder(path.join(SRC, 'adapters/jobs')),
    ...filesUnder(path.join(SRC, 'adapters/integrations')),
    ...filesUnder(path.join(SRC, 'adapters/service')),
    path.join(SRC, 'container.ts'),
    path.join(SRC, 'main.ts'),
  ];
  for (const file of files) {
    // Values only (`import type` and `type X` name types, which src/index.ts exports as types).
    for (const [, list = ''] of readFileSync(file, 'utf8').matchAll(
      /import\s+\{([^}]*)\}\s+from\s+['"][./]+application\/use-cases\/[^'"]+['"]/g,
    )) {
      for (const item of list.split(',')) {
        const name = item.trim();
        // Classes only: a use case is a class; helpers beside it are not use cases.
        if (/^[A-Z][A-Za-z]+$/.test(name)) names.add(name);
      }
    }
  }
  return [...names].sort();
};

describe('the library face', () => {
  it('exports every use case the HTTP API and its jobs resolve, so an embedder can do what the API does', () => {
    const used = useCasesOfTheApi();
    expect(used.length, 'the API resolves use cases').to.be.above(60);
    const exported = new Set(Object.keys(library));
    const missing = used.filter(
      (name) => !exported.has(name) || typeof (library as Record<string, unknown>)[name] !== 'function',
    );
    expect(missing, 'use cases the API resolves that src/index.ts does not export').to.deep.equal([]);
  });

  it('starts what the service runs beside its API with the one call it exports, which the service makes too', () => {
    expect(library.startBackgroundWork, 'exported').to.be.a('function');
    const service = readFileSync(path.join(SRC, 'adapters/service/start-service.ts'), 'utf8');
    expect(service).to.match(/import \{[^}]*\bstartBackgroundWork\b[^}]*\} from '\.\/start-background-work\.js'/);
    // Starting jobs or the relay on its own, the service could run something an embedder's call does not.
    expect(service).not.to.match(/\bstart(Jobs|Relay)\b/);
  });
});
