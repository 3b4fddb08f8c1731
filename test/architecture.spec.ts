import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../src');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });

const importsIn = (text: string): string[] =>
  [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
const importsOf = (file: string): string[] => importsIn(readFileSync(file, 'utf8'));

/** Which layer a relative import lands in, or the package name of a bare one. */
const target = (file: string, specifier: string): { layer?: string; pkg?: string } => {
  if (!specifier.startsWith('.'))
    return {
      pkg: specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? ''),
    };
  const resolved = path.relative(SRC, path.resolve(path.dirname(file), specifier));
  return { layer: resolved.split(path.sep)[0] ?? '' };
};

const RULES: Record<string, { layers: string[]; packages: string[] }> = {
  domain: { layers: ['domain'], packages: ['fp-ts', 'io-ts'] },
  application: { layers: ['domain', 'application'], packages: ['fp-ts', 'io-ts', 'inversify'] },
};

describe('architecture: dependencies point inward', () => {
  for (const [layer, allowed] of Object.entries(RULES)) {
    it(`${layer}/ imports only ${[...allowed.layers, ...allowed.packages].join(', ')}`, () => {
      const files = filesUnder(path.join(SRC, layer));
      expect(files.length).to.be.greaterThan(0);
      const violations = files.flatMap((file) =>
        importsOf(file)
          .map((specifier) => ({ specifier, ...target(file, specifier) }))
          .filter(({ layer: l, pkg }) =>
            l !== undefined ? !allowed.layers.includes(l) : !allowed.packages.includes(pkg ?? ''),
          )
          .map(({ specifier }) => `${path.relative(SRC, file)} -> ${specifier}`),
      );
      expect(violations).to.deep.equal([]);
    });
  }

  it('the rule catches a forbidden import', () => {
    const file = path.join(SRC, 'domain/x.ts');
    expect(target(file, '../adapters/http/create-http-app.js')).to.deep.equal({ layer: 'adapters' });
    expect(target(file, 'kysely')).to.deep.equal({ pkg: 'kysely' });
    expect(target(file, '@koa/router')).to.deep.equal({ pkg: '@koa/router' });
    expect(importsOf(path.join(SRC, 'application/use-cases/create-store.ts'))).to.include('inversify');
  });
});

type Graph = Record<string, string[]>;

/** file -> the files it imports, from file -> source text (paths relative to src/); `.js` names the `.ts` file, a directory its index.ts. */
const graphOf = (sources: Record<string, string>): Graph =>
  Object.fromEntries(
    Object.entries(sources).map(([file, text]) => {
      const resolved = importsIn(text)
        .filter((specifier) => specifier.startsWith('.'))
        .flatMap((specifier) => {
          const stem = path.posix.join(path.posix.dirname(file), specifier).replace(/\.(js|ts|mjs|cjs)$/, '');
          return [`${stem}.ts`, path.posix.join(stem, 'index.ts')]
            .filter((candidate) => Object.hasOwn(sources, candidate))
            .slice(0, 1);
        });
      return [file, [...new Set(resolved)].sort()];
    }),
  );

const srcGraph = (): Graph =>
  graphOf(
    Object.fromEntries(
      filesUnder(SRC).map((file) => [path.relative(SRC, file).split(path.sep).join('/'), readFileSync(file, 'utf8')]),
    ),
  );

/** Every top-level file of src/ belongs to the composition root. */
const rootImports = (graph: Graph, layer: string): string[] =>
  Object.entries(graph)
    .filter(([file]) => file.startsWith(`${layer}/`))
    .flatMap(([file, imported]) =>
      imported.filter((target) => !target.includes('/')).map((target) => `${file} -> ${target}`),
    );

const reachable = (graph: Graph, from: string, seen = new Set<string>()): Set<string> => {
  for (const next of graph[from] ?? []) if (!seen.has(next)) reachable(graph, next, seen.add(next));
  return seen;
};

/** The files after `from` on a shortest import path to `to` that stays inside `within`. */
const stepsTo = (graph: Graph, from: string, to: string, within: Set<string>): string[] => {
  const cameFrom = new Map<string, string>();
  const queue = [from];
  for (let i = 0; i < queue.length && !cameFrom.has(to); i++) {
    const file = queue[i] ?? '';
    for (const next of graph[file] ?? []) {
      if (!within.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  const steps = [to];
  for (let previous = cameFrom.get(to); previous !== undefined && previous !== from; previous = cameFrom.get(previous))
    steps.unshift(previous);
  return steps;
};

// One entry per tangle of mutually importing files (strongly connected component): a closed walk from its first file through
// all of them, so a three-file tangle reads as one problem rather than as each of the simple cycles inside it.
const cyclesIn = (graph: Graph): string[] => {
  const reach = new Map(Object.keys(graph).map((file) => [file, reachable(graph, file)]));
  const reported = new Set<string>();
  return Object.keys(graph)
    .sort()
    .flatMap((first) => {
      if (reported.has(first) || !reach.get(first)?.has(first)) return [];
      const tangle = new Set([...(reach.get(first) ?? [])].filter((other) => reach.get(other)?.has(first)));
      const walk = [first];
      for (const file of [...tangle].sort())
        if (!walk.includes(file)) walk.push(...stepsTo(graph, walk.at(-1) ?? first, file, tangle));
      walk.push(...stepsTo(graph, walk.at(-1) ?? first, first, tangle));
      for (const file of tangle) reported.add(file);
      return [walk.join(' -> ')];
    });
};

describe('architecture: the composition root sits on top, and nothing imports in a circle', () => {
  for (const layer of ['domain', 'application', 'adapters']) {
    it(`${layer}/ never imports the composition root (the top-level files of src/)`, () => {
      const graph = srcGraph();
      expect(Object.keys(graph).filter((file) => file.startsWith(`${layer}/`))).to.not.be.empty;
      expect(rootImports(graph, layer)).to.deep.equal([]);
    });
  }

  it('src/ has no import cycles', () => {
    const graph = srcGraph();
    expect(Object.values(graph).flat()).to.not.be.empty;
    expect(cyclesIn(graph)).to.deep.equal([]);
  });

  it('the graph checks catch a cycle and an import of the composition root', () => {
    const graph = graphOf({
      'bootstrap.ts': 'export const boot = 1;',
      'container.ts':
        "import { Store } from './domain';\nimport { serve } from './adapters/http.js';\nimport 'reflect-metadata';",
      'domain/index.ts': "export * from './store.js';",
      'domain/store.ts': "import type { Id } from './id.js';\nexport class Store {}",
      'domain/id.ts': "import { pipe } from 'fp-ts/function';\nimport type {\n  Store,\n} from './index.js';",
      'adapters/http.ts': "import { Store } from '../domain/index.js';\nexport type { Boot } from '../bootstrap.js';",
    });
    expect(graph['container.ts']).to.deep.equal(['adapters/http.ts', 'domain/index.ts']);
    expect(rootImports(graph, 'adapters')).to.deep.equal(['adapters/http.ts -> bootstrap.ts']);
    expect(rootImports(graph, 'domain')).to.deep.equal([]);
    expect(cyclesIn(graph)).to.deep.equal(['domain/id.ts -> domain/index.ts -> domain/store.ts -> domain/id.ts']);
    expect(cyclesIn({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['a.ts'], 'c.ts': ['c.ts'] })).to.deep.equal([
      'a.ts -> b.ts -> a.ts',
      'c.ts -> c.ts',
    ]);
  });
});
