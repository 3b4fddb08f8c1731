// Spec output plus one plain summary line, so a run with no tests can never look green.
const { reporters, Runner } = require('mocha');

class SpecWithSummary extends reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Runner.constants.EVENT_RUN_END, () => {
      const s = this.stats;
      process.stdout.write(`${s.passes} passed, ${s.failures} failed, ${s.pending} skipped\n`);
    });
  }
}
module.exports = SpecWithSummary;
