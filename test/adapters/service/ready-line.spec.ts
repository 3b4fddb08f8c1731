import { expect } from 'chai';
import { readyLine } from '../../../src/adapters/service/ready-line.js';

describe('the line a person reads at start', () => {
  const cases: ReadonlyArray<[string, Parameters<typeof readyLine>[1], string]> = [
    [
      'the embedded database, default directory',
      { kind: 'pglite', dataDir: undefined },
      'embedded PostgreSQL (PGlite) in .data/pglite',
    ],
    [
      'the embedded database, its own directory',
      { kind: 'pglite', dataDir: '/srv/data' },
      'embedded PostgreSQL (PGlite) in /srv/data',
    ],
    [
      'PostgreSQL, the password hidden',
      { kind: 'postgres', url: 'postgres://app:s3cret@db:5432/shop' },
      'PostgreSQL at postgres://app:***@db:5432/shop',
    ],
    [
      'MariaDB without a password',
      { kind: 'mysql', url: 'mysql://app@db/shop' },
      'MySQL/MariaDB at mysql://app@db/shop',
    ],
  ];
  for (const [label, database, described] of cases) {
    it(`names ${label}, never a secret`, () => {
      const line = readyLine('http://127.0.0.1:3000', database, '.data/pglite', '.data/bootstrap-key.txt');
      expect(line).to.equal(
        `commerce-core is listening on http://127.0.0.1:3000 (API reference http://127.0.0.1:3000/docs; database: ${described}; the first key is in .data/bootstrap-key.txt)\n`,
      );
      expect(line).not.to.include('s3cret');
    });
  }
});
