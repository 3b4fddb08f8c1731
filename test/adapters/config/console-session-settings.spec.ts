import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { readConsoleSessionSettings } from '../../../src/adapters/config/console-session-settings.js';

describe('config: console session lifetime', () => {
  it('defaults to 30 minutes idle and 12 hours at most', () => {
    expect(readConsoleSessionSettings({})).to.deep.equal(E.right({ idleMs: 1_800_000, maxMs: 43_200_000 }));
  });

  it('reads whole minutes and hours within their bounds', () => {
    expect(
      readConsoleSessionSettings({ CONSOLE_SESSION_IDLE_MINUTES: '1440', CONSOLE_SESSION_MAX_HOURS: '1' }),
    ).to.deep.equal(E.right({ idleMs: 86_400_000, maxMs: 3_600_000 }));
  });

  it('names every bad variable', () => {
    expect(
      readConsoleSessionSettings({ CONSOLE_SESSION_IDLE_MINUTES: '0', CONSOLE_SESSION_MAX_HOURS: '1.5' }),
    ).to.deep.equal(
      E.left([
        'CONSOLE_SESSION_IDLE_MINUTES must be a whole number from 1 to 1440, got "0"',
        'CONSOLE_SESSION_MAX_HOURS must be a whole number from 1 to 744, got "1.5"',
      ]),
    );
  });
});
