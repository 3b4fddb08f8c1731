// Spec output plus one plain summary line, so a run with no tests can never look green.
// With TEST_TIMINGS_FILE set, it also writes each spec file's wall time (hooks included), slowest first.
// With TEST_SUMMARY_FILE set, the counts go to that file as JSON instead, with each failure's title and the
// head of its error: the runner that started this process adds them to its other shard's, repeats every
// failure of both at the end (a log cut to its tail still names them all) and prints the one summary line.
const fs = require('node:fs');
const { reporters, Runner } = require('mocha');

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_TEST_FAIL } = Runner.constants;

const ERROR_LINES = 12;

/** A failure as the runner repeats it: the test's full title, and its error's first lines. */
const failureOf = (test, error) => ({
  title: test.fullTitle(),
  error: String(error?.stack ?? error?.message ?? error)
    .split('\n')
    .slice(0, ERROR_LINES)
    .join('\n'),
});

class SpecWithSummary extends reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const timings = new Map();
    const failures = [];
    runner.on(EVENT_TEST_FAIL, (test, error) => failures.push(failureOf(test, error)));
    let current;
    let since = Date.now();
    const settle = () => {
      if (current !== undefined) timings.set(current, (timings.get(current) ?? 0) + (Date.now() - since));
      since = Date.now();
    };
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (suite.file === undefined || suite.file === current) return;
      settle();
      current = suite.file;
    });
    runner.once(EVENT_RUN_END, () => {
      settle();
      const s = this.stats;
      const target = process.env.TEST_TIMINGS_FILE;
      if (target) {
        const rows = [...timings].sort((a, b) => b[1] - a[1]);
        const lines = rows.map(([file, ms]) => `${(ms / 1000).toFixed(1).padStart(8)} s  ${file}`);
        fs.writeFileSync(target, `${lines.join('\n')}\n`);
      }
      const summary = process.env.TEST_SUMMARY_FILE;
      if (summary)
        fs.writeFileSync(
          summary,
          JSON.stringify({ passed: s.passes, failed: s.failures, skipped: s.pending, failures }),
        );
      else process.stdout.write(`${s.passes} passed, ${s.failures} failed, ${s.pending} skipped\n`);
    });
  }
}
module.exports = SpecWithSummary;
