import { expect } from 'chai';
import { pauseGaps, type StateChangeAt } from '../../../src/domain/billing/periods/pause-gaps.js';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const change = (action: StateChangeAt['action'], day: number): StateChangeAt => ({ action, at: at(day) });

describe('Pause gaps from a state history', () => {
  const cases: ReadonlyArray<{
    name: string;
    history: readonly StateChangeAt[];
    gaps: ReadonlyArray<[number, number | undefined]>;
  }> = [
    { name: 'no history, no gap', history: [], gaps: [] },
    {
      name: 'each pause up to the resume after it',
      history: [change('pause', 2), change('resume', 5), change('pause', 10), change('resume', 15)],
      gaps: [
        [2, 5],
        [10, 15],
      ],
    },
    {
      name: 'a pause not resumed yet is open',
      history: [change('pause', 2), change('resume', 5), change('pause', 10)],
      gaps: [
        [2, 5],
        [10, undefined],
      ],
    },
    {
      name: 'other actions in between do not end a gap',
      history: [change('go_live', 1), change('pause', 2), change('cancel', 3), change('resume', 7)],
      gaps: [[2, 7]],
    },
    {
      name: 'a resume without a pause before it is no gap',
      history: [change('resume', 3), change('pause', 4), change('resume', 6)],
      gaps: [[4, 6]],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(pauseGaps(c.history).map((g) => [g.from.getUTCDate(), g.until?.getUTCDate()])).to.deep.equal(c.gaps);
    });
  }
});
