import { expect } from 'chai';
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import {
  CURSOR_ISSUE_TITLE,
  CURSOR_TOKEN_MAX,
  cursorBinding,
  cursorToken,
  parseCursorStart,
  readCursorToken,
} from '../../../src/domain/query/cursor.js';
import { parseListQuery } from '../../../src/domain/query/list-query.js';
import { queryParams } from '../../../src/domain/query/query-params.js';

const position = { createdAt: new Date('2026-02-01T10:00:00.123Z'), id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60' };
const binding = cursorBinding([{ op: 'eq', field: 'email', value: 'ada@example.com' }], new Set(['plans']));
const token = cursorToken(position, binding);

const refusedCode = (result: ReturnType<typeof readCursorToken>) =>
  E.isLeft(result) ? result.left.map((i) => [i.source, i.code, i.title]) : 'accepted';
const REFUSED = [['page[after]', 'invalid_cursor', CURSOR_ISSUE_TITLE]];

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('cursor tokens', () => {
  it('reads back the position a token was made of, for the list it was made for', () => {
    expect(readCursorToken(token, binding)).to.deep.equal(E.right({ kind: 'after', position, token }));
    expect(token).to.match(/^[A-Za-z0-9_-]+$/);
    expect(token.length).to.be.at.most(CURSOR_TOKEN_MAX);
  });

  it('an empty page[after] starts a walk', () => {
    expect(parseCursorStart('', binding)).to.deep.equal(E.right({ kind: 'first' }));
  });

  const altered = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
  const cases: readonly [string, string, string][] = [
    [
      'another filter',
      token,
      cursorBinding([{ op: 'eq', field: 'email', value: 'bob@example.com' }], new Set(['plans'])),
    ],
    ['no filter', token, cursorBinding([], new Set(['plans']))],
    ['another include', token, cursorBinding([{ op: 'eq', field: 'email', value: 'ada@example.com' }], new Set())],
    ['one character altered', altered, binding],
    ['not base64url', 'abc+/=', binding],
    ['garbage', 'x', binding],
    ['base64 of garbage', b64('hello world'), binding],
    ['a future version', b64(`c2.${position.createdAt.getTime()}.${position.id}.0000000000000000`), binding],
    [
      'an id in upper case',
      b64(`c1.${position.createdAt.getTime()}.${position.id.toUpperCase()}.0000000000000000`),
      binding,
    ],
    ['not a uuid', b64(`c1.1.not-a-uuid.0000000000000000`), binding],
    ['a negative time', b64(`c1.-1.${position.id}.0000000000000000`), binding],
    ['a time past the dates', b64(`c1.99999999999999999.${position.id}.0000000000000000`), binding],
    ['a leading zero', b64(`c1.0${position.createdAt.getTime()}.${position.id}.0000000000000000`), binding],
    [
      'a position moved, digest kept',
      b64(
        `c1.${position.createdAt.getTime() + 1}.${position.id}.${Buffer.from(token, 'base64url').toString().split('..')[3]}`,
      ),
      binding,
    ],
    ['longer than the limit', 'A'.repeat(CURSOR_TOKEN_MAX + 1), binding],
  ];
  for (const [name, input, bound] of cases) {
    it(`refuses ${name} with invalid_cursor on page[after]`, () => {
      expect(refusedCode(readCursorToken(input, bound))).to.deep.equal(REFUSED);
    });
  }

  it('refuses every other text, and every token altered in one character unless it decodes to the same (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        fc.pre(text !== token);
        expect(refusedCode(readCursorToken(text, binding))).to.deep.equal(REFUSED);
      }),
    );
    fc.assert(
      fc.property(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
        (at, c) => {
          const changed = token.slice(0, at) + c + token.slice(at + 1);
          fc.pre(changed !== token);
          const read = readCursorToken(changed, binding);
          // A change in the unused low bits of the last character decodes to the same token text: the same position.
          if (E.isRight(read)) expect(read.right).to.deep.equal({ kind: 'after', position, token: changed });
          else expect(refusedCode(read)).to.deep.equal(REFUSED);
        },
      ),
    );
  });

  it('round-trips any position (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(0), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
        fc.uuid(),
        (createdAt, id) => {
          const made = cursorToken({ createdAt, id }, binding);
          expect(readCursorToken(made, binding)).to.deep.equal(
            E.right({ kind: 'after', position: { createdAt, id }, token: made }),
          );
        },
      ),
    );
  });
});

describe('list queries with page[after]', () => {
  const rules = { filter: { email: ['eq'] }, include: ['plans'], defaultLimit: 25, cursor: true } as const;
  const parse = (pairs: Array<[string, string]>, r: object = rules) =>
    parseListQuery(queryParams(pairs), { ...rules, ...r });

  it('asks for a cursor page, keeping page[limit], the filter and the include', () => {
    const first = parse([
      ['page[after]', ''],
      ['page[limit]', '7'],
      ['filter', 'eq(email,ada@example.com)'],
      ['include', 'plans'],
    ]);
    expect(E.isRight(first) && first.right).to.deep.include({
      page: { offset: 0, limit: 7 },
      after: { kind: 'first' },
    });
    const next = parse([
      ['page[after]', token],
      ['filter', 'eq(email,ada@example.com)'],
      ['include', 'plans'],
    ]);
    expect(E.isRight(next) && next.right.after).to.deep.equal({ kind: 'after', position, token });
  });

  it('is not combined with page[offset], even 0', () => {
    expect(
      parse([
        ['page[after]', ''],
        ['page[offset]', '0'],
      ]),
    ).to.deep.equal(
      E.left([{ source: 'page[offset]', detail: 'cannot be combined with page[after]: a cursor walk has no offsets' }]),
    );
  });

  it('refuses a token of another filter, and page[after] given twice', () => {
    expect(
      E.isLeft(
        parse([
          ['page[after]', token],
          ['include', 'plans'],
        ]),
      ),
    ).to.equal(true);
    expect(
      parse([
        ['page[after]', ''],
        ['page[after]', ''],
      ]),
    ).to.deep.equal(E.left([{ source: 'page[after]', detail: 'must be given at most once' }]));
  });

  it('leaves the parameter alone on a list that does not page by cursor, and without it answers as before', () => {
    const { cursor: _cursor, ...offsetOnly } = rules;
    expect(parseListQuery(queryParams([['page[after]', 'garbage']]), offsetOnly)).to.deep.equal(
      E.right({ page: { offset: 0, limit: 25 }, filter: [], include: new Set() }),
    );
    expect(parse([['page[offset]', '20']])).to.deep.equal(
      E.right({ page: { offset: 20, limit: 25 }, filter: [], include: new Set() }),
    );
  });
});
