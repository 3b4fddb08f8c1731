import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { FILTER_PARSE_TITLE } from '../../../src/domain/query/filter.js';
import { parseListQuery } from '../../../src/domain/query/list-query.js';
import { queryParams } from '../../../src/domain/query/query-params.js';

const rules = {
  filter: { email: ['eq'], account_id: ['eq', 'in'] },
  include: ['plans', 'products'],
  defaultLimit: 25,
} as const;

const parse = (pairs: Array<[string, string]>) => parseListQuery(queryParams(pairs), rules);

describe('list queries', () => {
  it('defaults to the first page, no filter and no includes', () => {
    expect(parse([])).to.deep.equal(E.right({ page: { offset: 0, limit: 25 }, filter: [], include: new Set() }));
  });

  it('reads the page, the filter and the includes together', () => {
    expect(
      parse([
        ['page[offset]', '10'],
        ['page[limit]', '5'],
        ['filter', 'eq(email,a b@x.com):in(account_id,u1,u2)'],
        ['include', 'plans'],
      ]),
    ).to.deep.equal(
      E.right({
        page: { offset: 10, limit: 5 },
        filter: [
          { op: 'eq', field: 'email', value: 'a b@x.com' },
          { op: 'in', field: 'account_id', values: ['u1', 'u2'] },
        ],
        include: new Set(['plans']),
      }),
    );
  });

  it('reports the problems of every parameter at once', () => {
    expect(
      parse([
        ['page[limit]', '0'],
        ['filter', 'eq(status,x)'],
        ['include', 'x'],
      ]),
    ).to.deep.equal(
      E.left([
        { source: 'page[limit]', detail: 'must be an integer between 1 and 100' },
        {
          source: 'filter',
          title: FILTER_PARSE_TITLE,
          code: 'invalid_filter',
          detail: "unknown field 'status' at position 4; allowed: account_id, email",
        },
        { source: 'include', detail: "unknown include 'x'; allowed: plans, products" },
      ]),
    );
  });

  it('refuses a filter or include given twice', () => {
    expect(
      parse([
        ['filter', 'eq(email,a)'],
        ['filter', 'eq(email,b)'],
        ['include', 'plans'],
        ['include', 'products'],
      ]),
    ).to.deep.equal(
      E.left([
        { source: 'filter', detail: 'must be given at most once' },
        { source: 'include', detail: 'must be given at most once' },
      ]),
    );
  });

  it('refuses an empty filter but not an empty include', () => {
    expect(
      parse([
        ['filter', ''],
        ['include', ''],
      ]),
    ).to.deep.equal(
      E.left([{ source: 'filter', title: FILTER_PARSE_TITLE, code: 'invalid_filter', detail: 'the filter is empty' }]),
    );
  });

  // A field with fixed values (a boolean) takes only those, in `eq` and in `in`, each stray value named.
  const typed = {
    filter: { outstanding: ['eq', 'in'], name: ['eq'] },
    values: { outstanding: ['true', 'false'] },
    defaultLimit: 10,
  } as const;
  const valueCases: ReadonlyArray<[string, readonly string[]]> = [
    ['eq(outstanding,true)', []],
    ['eq(outstanding,false):eq(name,maybe)', []],
    ['eq(outstanding,maybe)', [`outstanding takes only 'true' or 'false', not "maybe"`]],
    ['eq(outstanding,TRUE)', [`outstanding takes only 'true' or 'false', not "TRUE"`]],
    [
      'in(outstanding,true,1,no)',
      [`outstanding takes only 'true' or 'false', not "1"`, `outstanding takes only 'true' or 'false', not "no"`],
    ],
  ];
  for (const [filter, problems] of valueCases) {
    it(`${problems.length === 0 ? 'takes' : 'refuses'} ${filter} on a field with fixed values`, () => {
      const parsed = parseListQuery(queryParams([['filter', filter]]), typed);
      if (problems.length === 0) expect(E.isRight(parsed)).to.equal(true);
      else
        expect(parsed).to.deep.equal(
          E.left(
            problems.map((detail) => ({ source: 'filter', title: FILTER_PARSE_TITLE, code: 'invalid_filter', detail })),
          ),
        );
    });
  }

  it('works for a list without includes', () => {
    const parsed = parseListQuery(queryParams([['filter', 'eq(name,x)']]), {
      filter: { name: ['eq'] },
      include: [],
      defaultLimit: 10,
    });
    expect(parsed).to.deep.equal(
      E.right({
        page: { offset: 0, limit: 10 },
        filter: [{ op: 'eq', field: 'name', value: 'x' }],
        include: new Set(),
      }),
    );
  });
});
