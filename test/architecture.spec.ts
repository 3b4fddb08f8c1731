import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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
    for (const [file, text] of Object.entries(PLANTED)) writeFileSync(path.join(scratch, file), text);
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
      ].sort(),
    );
  });
});
