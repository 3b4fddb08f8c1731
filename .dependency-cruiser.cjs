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
      name: 'http-imports-no-persistence',
      comment:
        'The HTTP adapter reaches storage through the use cases and ports it is given: it never names the persistence adapter (ports are in src/application).',
      severity: 'error',
      from: { path: '^src/adapters/http/' },
      to: { path: '^src/adapters/persistence/' },
    },
    {
      name: 'config-opens-no-database',
      comment:
        'Configuration is read and decoded as plain data (a database target, timeouts); opening a database is the persistence adapter\'s, so config imports neither it nor a database driver.',
      severity: 'error',
      from: { path: '^src/adapters/config/' },
      to: { path: '^(src/adapters/persistence/|node_modules/(kysely|pg|mysql2|@electric-sql/pglite)/)' },
    },
    {
      name: 'persistence-concept-imports-no-other-concepts-repository',
      comment:
        'A concept folder of a persistence adapter keeps to its own repositories: what two concepts share lives beside them at the adapter\'s top, not in one of their repository files.',
      severity: 'error',
      from: { path: '^src/adapters/persistence/([^/]+)/([^/]+)/' },
      to: {
        path: '^src/adapters/persistence/[^/]+/[^/]+/[^/]+-repository\\.ts$',
        pathNot: '^src/adapters/persistence/$1/$2/',
      },
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
