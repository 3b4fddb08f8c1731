import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, '../src');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });

const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );

/** Which layer a relative import lands in, or the package name of a bare one. */
const target = (file: string, specifier: string): { layer?: string; pkg?: string } => {
  if (!specifier.startsWith('.')) return { pkg: specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0] ?? '' };
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
          .filter(({ layer: l, pkg }) => (l !== undefined ? !allowed.layers.includes(l) : !allowed.packages.includes(pkg ?? '')))
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
