import { useEffect, useState } from 'preact/hooks';
import { SUBSCRIPTIONS } from './resources';
import { href, usePlace } from './route';
import { useLoad, when } from './ui';

export interface TestClock {
  readonly attributes: { readonly now: string; readonly set: boolean };
}

export const TEST_CLOCK = `${SUBSCRIPTIONS}/test-clock`;

/**
 * Whether this service runs test clocks, as its readiness says (`test_clocks: "on"`): asked once a tab,
 * so that a service without them is never asked for a clock it answers 404 for.
 */
let clocksOn: Promise<boolean> | undefined;
const testClocksOn = (): Promise<boolean> => {
  clocksOn ??= fetch('/health/ready', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : {}))
    .then(
      (body: { test_clocks?: string }) => body.test_clocks === 'on',
      () => false,
    );
  return clocksOn;
};

const CHANGED = 'test-clock-changed';
/** Tells every reader of the clock that the console moved or cleared it. */
export const testClockChanged = (): void => {
  dispatchEvent(new Event(CHANGED));
};

/**
 * The store's clock, read again at every page and after every change the console makes (a change made
 * elsewhere shows at the next page); undefined while test clocks are off or the clock cannot be read.
 */
export const useTestClock = (): TestClock | undefined => {
  const place = usePlace();
  const [on, setOn] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    void testClocksOn().then(setOn);
    const changed = () => setRound((r) => r + 1);
    addEventListener(CHANGED, changed);
    return () => removeEventListener(CHANGED, changed);
  }, []);
  const [visits, setVisits] = useState(0);
  useEffect(() => setVisits((v) => v + 1), [place]);
  return useLoad<{ data: TestClock }>(on ? TEST_CLOCK : undefined, round * 1000 + visits).data?.data;
};

/** On every page while the store's test clock is set: its time, and where it is moved or cleared. */
export const TestClockBanner = () => {
  const clock = useTestClock();
  const set = clock?.attributes.set === true;
  return (
    <div role="status" class={set ? 'test-clock' : undefined}>
      {clock === undefined || !set ? null : (
        <p>
          <strong>Test clock set:</strong> the store's time is held at <time>{when(clock.attributes.now)}</time>.
          Billing, invoices and schedules follow it, not the real time.{' '}
          <a href={href('billing')}>Move or clear it on the Billing page</a>
        </p>
      )}
    </div>
  );
};
