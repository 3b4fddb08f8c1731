// The layers of src/ (docs/architecture.md): dependencies point inward, the composition root (the
// top-level files of src/) sits on top, and no files import each other in a circle. `npm run lint`
// (and so `npm test`) cruises src/ with it; test/architecture.spec.ts shows that each rule bites.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-imports-only-domain',
      comment: 'The domain is pure: it imports the domain and fp-ts/io-ts, nothing outer and no other package.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: '^(src/domain/|node_modules/(fp-ts|io-ts)/)' },
    },
    {
      name: 'application-imports-no-adapter',
      comment: 'Use cases and ports import the domain, the application, fp-ts/io-ts and inversify: no adapter, no other package.',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { pathNot: '^(src/(domain|application)/|node_modules/(fp-ts|io-ts|inversify)/)' },
    },
    {
      name: 'nothing-imports-the-composition-root',
      comment: 'The top-level files of src/ (container, main, cli, index, bootstrap) wire the layers; no layer imports them.',
      severity: 'error',
      from: { path: '^src/(domain|application|adapters)/' },
      to: { path: '^src/[^/]+$' },
    },
    {
      name: 'no-entry-point-imported',
      comment: 'main.ts and cli.ts are programs: they run on import, so nothing imports them.',
      severity: 'error',
      from: {},
      to: { path: '^src/(main|cli)\\.ts$' },
    },
    {
      name: 'no-cycles',
      comment: 'No files import each other in a circle, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves, so that no rule above is passed by an import it could not follow.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // The TypeScript compiler here has no JavaScript API, so the sources are parsed with swc.
    parser: 'swc',
    // Type-only imports count: a layer may not name an outer layer's types either.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
