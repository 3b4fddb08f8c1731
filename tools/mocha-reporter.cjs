// Spec output plus one plain summary line, so a run with no tests can never look green.
// With TEST_TIMINGS_FILE set, it also writes each spec file's wall time (hooks included), slowest first.
// With TEST_SUMMARY_FILE set, the counts go to that file as JSON instead: the runner that started this
// process adds them to its other shard's and prints the one summary line.
const fs = require('node:fs');
const { reporters, Runner } = require('mocha');

const { EVENT_RUN_END, EVENT_SUITE_BEGIN } = Runner.constants;

class SpecWithSummary extends reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const timings = new Map();
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
        fs.writeFileSync(summary, JSON.stringify({ passed: s.passes, failed: s.failures, skipped: s.pending }));
      else process.stdout.write(`${s.passes} passed, ${s.failures} failed, ${s.pending} skipped\n`);
    });
  }
}
module.exports = SpecWithSummary;
