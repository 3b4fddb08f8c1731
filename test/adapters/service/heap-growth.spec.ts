import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { heapGrowthFlag, SERVICE_HEAP_GROWING_PERCENT } from '../../../src/adapters/service/heap-growth.js';

const DEFAULT_FLAG = `--heap-growing-percent=${SERVICE_HEAP_GROWING_PERCENT}`;

describe("the service's heap growth", () => {
  const cases: ReadonlyArray<[string, readonly string[], string | undefined, string | undefined]> = [
    ['nothing given', [], undefined, DEFAULT_FLAG],
    ['other node options only', ['--max-semi-space-size=8', '--enable-source-maps'], undefined, DEFAULT_FLAG],
    ['an empty HEAP_GROWING_PERCENT', [], '', DEFAULT_FLAG],
    ['a flag that only starts alike', ['--heap-growing-percentage=5', '--heap-growing'], undefined, DEFAULT_FLAG],
    ['HEAP_GROWING_PERCENT=50', [], '50', '--heap-growing-percent=50'],
    ["HEAP_GROWING_PERCENT=0 (V8's own choice)", [], '0', '--heap-growing-percent=0'],
    ['HEAP_GROWING_PERCENT at its highest', [], '1000', '--heap-growing-percent=1000'],
    ['the flag on the command line', ['--heap-growing-percent=50'], undefined, undefined],
    ['the flag and its value apart on the command line', ['--heap-growing-percent', '50'], undefined, undefined],
    ['the flag with underscores', ['--heap_growing_percent=50'], undefined, undefined],
    ['the flag and the variable', ['--trace-warnings', '--heap-growing-percent=20'], '50', undefined],
  ];
  for (const [label, execArgv, percent, expected] of cases) {
    it(`with ${label}: ${expected ?? 'the command line stands'}`, () => {
      expect(heapGrowthFlag(execArgv, { HEAP_GROWING_PERCENT: percent })).to.deep.equal(E.right(expected));
    });
  }

  for (const bad of ['-1', '1001', '12.5', '1e2', ' 30', '30 ', '0x10', 'thirty', '٣٠']) {
    it(`refuses HEAP_GROWING_PERCENT="${bad}" with a message naming it`, () => {
      expect(heapGrowthFlag([], { HEAP_GROWING_PERCENT: bad })).to.deep.equal(
        E.left(`HEAP_GROWING_PERCENT must be a whole number from 0 to 1000, got "${bad}"`),
      );
    });
  }

  it('is set unless the command line gives the flag, wherever among the options it is', () => {
    const option = fc
      .stringMatching(/^--[a-z][a-z-]{0,20}(=[0-9a-z]{1,4})?$/)
      .filter((o) => !/^--heap-growing-percent(=|$)/.test(o));
    const given = fc
      .tuple(fc.constantFrom('-', '_'), fc.nat(400))
      .map(([sep, n]) => `--heap${sep}growing${sep}percent=${n}`);
    fc.assert(
      fc.property(
        fc.array(option, { maxLength: 6 }),
        fc.option(given, { nil: undefined }),
        fc.nat(6),
        fc.option(fc.nat(1000), { nil: undefined }),
        (options, flag, at, percent) => {
          const execArgv = flag === undefined ? options : [...options.slice(0, at), flag, ...options.slice(at)];
          const env = { HEAP_GROWING_PERCENT: percent === undefined ? undefined : String(percent) };
          expect(heapGrowthFlag(execArgv, env)).to.deep.equal(
            E.right(
              flag === undefined ? `--heap-growing-percent=${percent ?? SERVICE_HEAP_GROWING_PERCENT}` : undefined,
            ),
          );
        },
      ),
    );
  });
});
