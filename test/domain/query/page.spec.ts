import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { pageMeta, pageOffsets, parsePageRequest } from '../../../src/domain/query/page.js';
import { queryParams } from '../../../src/domain/query/query-params.js';

const parse = (pairs: Array<[string, string]>, defaultLimit = 25) => parsePageRequest(queryParams(pairs), defaultLimit);

describe('page requests', () => {
  const limits: ReadonlyArray<[string, boolean]> = [
    ['0', false],
    ['1', true],
    ['100', true],
    ['101', false],
  ];
  for (const [limit, valid] of limits) {
    it(`${valid ? 'accepts' : 'refuses'} page[limit]=${limit}`, () => {
      expect(E.isRight(parse([['page[limit]', limit]]))).to.equal(valid);
    });
  }

  const offsets: ReadonlyArray<[string, boolean]> = [
    ['0', true],
    ['1', true],
    ['10000', true],
    ['10001', false],
    ['-1', false],
  ];
  for (const [offset, valid] of offsets) {
    it(`${valid ? 'accepts' : 'refuses'} page[offset]=${offset}`, () => {
      expect(E.isRight(parse([['page[offset]', offset]]))).to.equal(valid);
    });
  }

  it("uses the store's page length when page[limit] is absent", () => {
    expect(parse([], 7)).to.deep.equal(E.right({ offset: 0, limit: 7 }));
  });

  it('reports every problem, each naming its parameter', () => {
    expect(
      parse([
        ['page[limit]', 'x'],
        ['page[offset]', '1'],
        ['page[offset]', '2'],
      ]),
    ).to.deep.equal(
      E.left([
        { source: 'page[offset]', detail: 'must be given at most once' },
        { source: 'page[limit]', detail: 'must be an integer between 1 and 100' },
      ]),
    );
  });
});

describe('page meta and offsets', () => {
  it('counts pages and the 1-based current page', () => {
    expect(pageMeta({ offset: 20, limit: 10 }, 35)).to.deep.equal({ limit: 10, offset: 20, current: 3, total: 4 });
    expect(pageMeta({ offset: 0, limit: 25 }, 0)).to.deep.equal({ limit: 25, offset: 0, current: 1, total: 0 });
  });

  it('has no prev on the first page and no next on the last', () => {
    expect(pageOffsets({ offset: 0, limit: 10 }, 35)).to.deep.equal({
      current: 0,
      first: 0,
      last: 30,
      next: 10,
      prev: null,
    });
    expect(pageOffsets({ offset: 30, limit: 10 }, 35)).to.deep.equal({
      current: 30,
      first: 0,
      last: 30,
      next: null,
      prev: 20,
    });
    expect(pageOffsets({ offset: 5, limit: 10 }, 35)).to.deep.equal({
      current: 5,
      first: 0,
      last: 30,
      next: 15,
      prev: 0,
    });
  });

  it('never links past the offset limit', () => {
    const offsets = pageOffsets({ offset: 9990, limit: 30 }, 1_000_000);
    expect(offsets.last).to.equal(9990);
    expect(offsets.next).to.equal(null);
  });

  it('links to an empty first page when nothing matches', () => {
    expect(pageOffsets({ offset: 0, limit: 25 }, 0)).to.deep.equal({
      current: 0,
      first: 0,
      last: 0,
      next: null,
      prev: null,
    });
  });
});
