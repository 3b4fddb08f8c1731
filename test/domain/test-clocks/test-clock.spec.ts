import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { AHEAD, BACKWARDS, clearOf, moveOf, parseTestClockMove } from '../../../src/domain/test-clocks/test-clock.js';

describe('a test clock move', () => {
  const doc = (attributes: unknown, type: unknown = 'subscription_test_clock') => ({ data: { type, attributes } });
  const sourceOf = (result: E.Either<readonly { source: string }[], Date>) =>
    E.isLeft(result) ? result.left[0]!.source : 'ok';

  const table: ReadonlyArray<readonly [string, unknown, string]> = [
    ['a time with a zone', doc({ now: '2030-01-15T00:00:00Z' }), 'ok'],
    ['a time with an offset', doc({ now: '2030-01-15T01:00:00+01:00' }), 'ok'],
    ['no data', {}, 'data'],
    ['another type', doc({ now: '2030-01-15T00:00:00Z' }, 'subscription_job'), 'data.type'],
    ['no attributes', { data: { type: 'subscription_test_clock' } }, 'data.attributes'],
    ['no time', doc({}), 'data.attributes.now'],
    ['a time without a zone', doc({ now: '2030-01-15T00:00:00' }), 'data.attributes.now'],
    ['a day that does not exist', doc({ now: '2030-02-30T00:00:00Z' }), 'data.attributes.now'],
    ['a number', doc({ now: 1_900_000_000_000 }), 'data.attributes.now'],
  ];
  for (const [label, body, expected] of table)
    it(`${label}: ${expected}`, () => expect(sourceOf(parseTestClockMove(body))).to.equal(expected));

  it('reads the offset', () => {
    expect(parseTestClockMove(doc({ now: '2030-01-15T01:00:00+01:00' }))).to.deep.equal(
      E.right(new Date('2030-01-15T00:00:00Z')),
    );
  });

  const at = (iso: string) => new Date(iso);
  const moves: ReadonlyArray<readonly [string, string, string, 'moves' | 'refused']> = [
    ['forward by a month', '2030-01-15T00:00:00Z', '2030-02-15T00:00:00Z', 'moves'],
    ['forward by a millisecond', '2030-01-15T00:00:00.000Z', '2030-01-15T00:00:00.001Z', 'moves'],
    ['to the time it reads', '2030-01-15T00:00:00Z', '2030-01-15T00:00:00Z', 'moves'],
    ['back by a millisecond', '2030-01-15T00:00:00.001Z', '2030-01-15T00:00:00.000Z', 'refused'],
    ['back by a year', '2030-01-15T00:00:00Z', '2029-01-15T00:00:00Z', 'refused'],
  ];
  for (const [label, from, to, outcome] of moves) {
    it(`${label}: ${outcome}`, () =>
      expect(moveOf(at(from), at(to))).to.deep.equal(
        outcome === 'moves' ? E.right({ from: at(from), to: at(to) }) : E.left(BACKWARDS),
      ));
  }
});

describe('clearing a test clock', () => {
  const at = (iso: string) => new Date(iso);
  const system = '2030-01-15T00:00:00.000Z';
  const clears: ReadonlyArray<readonly [string, string | undefined, 'clears' | 'refused']> = [
    ['never set', undefined, 'clears'],
    ['set a year before the system time', '2029-01-15T00:00:00.000Z', 'clears'],
    ['set at the system time', system, 'clears'],
    ['set a millisecond ahead of the system time', '2030-01-15T00:00:00.001Z', 'refused'],
    ['set a month ahead', '2030-02-15T00:00:00.000Z', 'refused'],
  ];
  for (const [label, held, outcome] of clears) {
    it(`${label}: ${outcome}`, () =>
      expect(clearOf(held === undefined ? undefined : at(held), at(system))).to.deep.equal(
        outcome === 'clears' ? E.right(held === undefined ? undefined : at(held)) : E.left(AHEAD),
      ));
  }
});
