import { expect } from 'chai';
import fc from 'fast-check';
import { ascendingRandomIds, subscriptionIds } from '../../bench/subscription-bulk-load.js';
import { Uuid } from '../../src/domain/shared/uuid.js';

const VERSION_4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const takeAll = (next: () => string, total: number): string[] => Array.from({ length: total }, () => next());

describe('bench: subscription ids for a bulk load', () => {
  it('hands out exactly the ids it drew, each once, in ascending order, and refuses one more', () => {
    fc.assert(
      fc.property(fc.array(fc.uuid({ version: 4 }), { maxLength: 60 }), (drawn) => {
        const queue = [...drawn];
        const next = ascendingRandomIds(drawn.length, () => {
          const id = queue.shift();
          if (id === undefined || !Uuid.is(id)) throw new Error('drew more ids than given');
          return id;
        });
        const handed = takeAll(next, drawn.length);
        expect(handed).to.deep.equal([...drawn].sort());
        expect(() => next()).to.throw(`more than ${drawn.length} ids asked for`);
      }),
    );
  });

  for (const total of [0, 1, 2, 1000]) {
    it(`on MySQL/MariaDB: ${total} random version-4 ids, distinct and ascending`, () => {
      const next = subscriptionIds('mysql', total);
      const ids = takeAll(next, total);
      for (const id of ids) expect(id).to.match(VERSION_4);
      for (let i = 1; i < ids.length; i += 1) expect((ids[i - 1] as string) < (ids[i] as string)).to.equal(true);
      expect(() => next()).to.throw();
    });
  }

  it('on PostgreSQL and PGlite: random version-4 ids in the order they are drawn, without a limit', () => {
    for (const backend of ['postgres', 'pglite'] as const) {
      const ids = takeAll(subscriptionIds(backend, 2), 200);
      for (const id of ids) expect(id).to.match(VERSION_4);
      expect(new Set(ids).size).to.equal(200);
      // 200 random ids in ascending order by chance: about 1 in 200!.
      expect(ids).not.to.deep.equal([...ids].sort());
    }
  });
});
