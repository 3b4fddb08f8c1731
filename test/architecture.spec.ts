import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

// The layer rules live in .dependency-cruiser.cjs and `npm run lint` applies them to src/. This test shows
// that each rule bites: on a scratch copy of src/ with forbidden imports planted, the cruise fails and
// reports exactly the planted ones, so the rest of src/ is clean too.

const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
// The project's rules unchanged; preserveSymlinks keeps the scratch copy's linked node_modules under the
// name the rules give the packages, instead of the checkout's real path.
const SCRATCH_CONFIG = 'scratch-cruiser.cjs';

// A violation in the report `npm run lint` prints: `error <rule>: <from> → <to>`, a cycle as `a → b → a`
// over several lines.
const VIOLATION = /^\s*error (\S+): (.+)$/;

/** The cruise's exit code and its violations, as `rule: from -> to`, for src/ under `dir`. */
const cruise = async (dir: string): Promise<{ code: number; violations: string[] }> => {
  const ran = await promisify(execFile)(process.execPath, [DEPCRUISE, 'src', '--config', SCRATCH_CONFIG], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
  const violations = ran.stdout
    .replace(/→\s*\n\s*/g, '→ ')
    .split('\n')
    .flatMap((line) => {
      const [, rule, walk] = VIOLATION.exec(line) ?? [];
      return rule === undefined || walk === undefined ? [] : [`${rule}: ${walk.split(/\s*→\s*/).join(' -> ')}`];
    });
  return { code: ran.code, violations: violations.sort() };
};

const PLANTED: Readonly<Record<string, string>> = {
  'src/domain/planted-outer.ts':
    "import { shared } from '../adapters/planted-root-import.js';\nexport const x = shared;\n",
  'src/domain/planted-package.ts': "import { sql } from 'kysely';\nexport const raw = sql`1`;\n",
  'src/application/planted-adapter-type.ts':
    "import type { Shared } from '../adapters/planted-root-import.js';\nexport const y: Shared = 1;\n",
  'src/adapters/planted-root-import.ts':
    "import { buildContainer } from '../container.js';\nexport const shared = buildContainer;\nexport type Shared = number;\n",
  'src/planted-entry.ts': "import './cli.js';\n",
  'src/domain/planted-cycle-a.ts': "import { b } from './planted-cycle-b.js';\nexport const a = () => b;\n",
  'src/domain/planted-cycle-b.ts': "import { a } from './planted-cycle-a.js';\nexport const b = () => a;\n",
  'src/domain/planted-missing.ts': "import { gone } from './nowhere.js';\nexport const z = gone;\n",
  // Persistence's concept folders, planted whole so that the rules do not hang on today's files.
  'src/adapters/persistence/kysely/planted-stores/planted-store-repository.ts': 'export const storeRows = 1;\n',
  'src/adapters/persistence/kysely/planted-keys/planted-key-rows.ts': 'export const keyColumns = 2;\n',
  'src/adapters/persistence/kysely/planted-keys/planted-key-repository.ts':
    "import { storeRows } from '../planted-stores/planted-store-repository.js';\nexport const keyRows = storeRows;\n",
  'src/adapters/persistence/kysely/planted-stores/planted-store-rows.ts':
    "import { storeRows } from './planted-store-repository.js';\nimport { keyColumns } from '../planted-keys/planted-key-rows.js';\nimport { flavorOf } from '../planted-shared.js';\nexport const rows = [storeRows, keyColumns, flavorOf];\n",
  'src/adapters/persistence/kysely/planted-shared.ts':
    "import { storeRows } from './planted-stores/planted-store-repository.js';\nexport const flavorOf = storeRows;\n",
  'src/adapters/persistence/in-memory/planted-stores/planted-store-repository.ts':
    "import { storeRows } from '../../kysely/planted-stores/planted-store-repository.js';\nexport const stores = storeRows;\n",
  'src/adapters/http/planted-persistence.ts':
    "import { storeRows } from '../persistence/kysely/planted-stores/planted-store-repository.js';\nexport const shown = storeRows;\n",
  'src/adapters/config/planted-persistence.ts':
    "import type { storeRows } from '../persistence/kysely/planted-stores/planted-store-repository.js';\nexport type Read = typeof storeRows;\n",
  'src/adapters/config/planted-drivers.ts':
    "import { Kysely } from 'kysely';\nimport pg from 'pg';\nimport { createPool } from 'mysql2';\nimport { PGlite } from '@electric-sql/pglite';\nexport const drivers = [Kysely, pg, createPool, PGlite];\n",
};

describe('architecture: the dependency rules of .dependency-cruiser.cjs bite', () => {
  let scratch: string;
  before(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'depcruise-'));
    cpSync(path.join(ROOT, 'src'), path.join(scratch, 'src'), { recursive: true });
    cpSync(path.join(ROOT, '.dependency-cruiser.cjs'), path.join(scratch, '.dependency-cruiser.cjs'));
    cpSync(path.join(ROOT, 'package.json'), path.join(scratch, 'package.json'));
    writeFileSync(
      path.join(scratch, SCRATCH_CONFIG),
      "const base = require('./.dependency-cruiser.cjs');\n" +
        'module.exports = { ...base, options: { ...base.options, preserveSymlinks: true } };\n',
    );
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
    for (const [file, text] of Object.entries(PLANTED)) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      writeFileSync(path.join(scratch, file), text);
    }
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('fails on a scratch copy of src/ with planted imports, and reports each of them and nothing else', async () => {
    const { code, violations } = await cruise(scratch);
    // The exit code is the number of errors, so `npm run lint` fails.
    expect(code).to.equal(violations.length);
    expect(violations).to.deep.equal(
      [
        'application-imports-no-adapter: src/application/planted-adapter-type.ts -> src/adapters/planted-root-import.ts',
        'domain-imports-only-domain: src/domain/planted-outer.ts -> src/adapters/planted-root-import.ts',
        'domain-imports-only-domain: src/domain/planted-package.ts -> node_modules/kysely/dist/esm/index.js',
        'no-entry-point-imported: src/planted-entry.ts -> src/cli.ts',
        'nothing-imports-the-composition-root: src/adapters/planted-root-import.ts -> src/container.ts',
        'no-cycles: src/domain/planted-cycle-a.ts -> src/domain/planted-cycle-b.ts -> src/domain/planted-cycle-a.ts',
        'no-unresolvable: src/domain/planted-missing.ts -> ./nowhere.js',
        // An import that resolves nowhere is outside the domain as well.
        'domain-imports-only-domain: src/domain/planted-missing.ts -> ./nowhere.js',
        'http-imports-no-persistence: src/adapters/http/planted-persistence.ts -> src/adapters/persistence/kysely/planted-stores/planted-store-repository.ts',
        'config-opens-no-database: src/adapters/config/planted-persistence.ts -> src/adapters/persistence/kysely/planted-stores/planted-store-repository.ts',
        'config-opens-no-database: src/adapters/config/planted-drivers.ts -> node_modules/kysely/dist/esm/index.js',
        'config-opens-no-database: src/adapters/config/planted-drivers.ts -> node_modules/pg/esm/index.mjs',
        'config-opens-no-database: src/adapters/config/planted-drivers.ts -> node_modules/mysql2/index.js',
        'config-opens-no-database: src/adapters/config/planted-drivers.ts -> node_modules/@electric-sql/pglite/dist/index.d.ts',
        // Another concept's repository file, in the same adapter or in another one; a concept's own
        // repository, another concept's other files and the adapter's shared top are not reported.
        'persistence-concept-imports-no-other-concepts-repository: src/adapters/persistence/kysely/planted-keys/planted-key-repository.ts -> src/adapters/persistence/kysely/planted-stores/planted-store-repository.ts',
        'persistence-concept-imports-no-other-concepts-repository: src/adapters/persistence/in-memory/planted-stores/planted-store-repository.ts -> src/adapters/persistence/kysely/planted-stores/planted-store-repository.ts',
      ].sort(),
    );
  });
});
