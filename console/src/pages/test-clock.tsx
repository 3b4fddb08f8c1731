import { api } from '../api';
import { TEST_CLOCK, testClockChanged, useTestClock } from '../test-clock';
import { ActionButton, ActionForm, Field, text, when } from '../ui';

const move = async (now: string): Promise<void> => {
  await api('PUT', TEST_CLOCK, { data: { type: 'subscription_test_clock', attributes: { now } } });
  testClockChanged();
};

/** The store's test clock, where the service runs them: move it forward, or give the store the real time back. */
export const TestClockSection = () => {
  const clock = useTestClock();
  if (clock === undefined) return null;
  return (
    <section aria-labelledby="test-clock">
      <h2 id="test-clock">Test clock</h2>
      <p>
        {clock.attributes.set
          ? `The store's time is held at ${when(clock.attributes.now)} by its test clock.`
          : `The store follows the real time (${when(clock.attributes.now)}); no test clock is set.`}{' '}
        A test clock only moves forward, and is cleared once the real time has reached it.
      </p>
      <ActionForm
        label="Move the test clock"
        submit="Move the test clock"
        action={async (form) => move(text(form, 'now'))}
      >
        <Field label="Move to" hint="RFC 3339 with a zone, e.g. 2030-02-16T00:00:00Z">
          <input name="now" required spellcheck={false} defaultValue={clock.attributes.now} />
        </Field>
      </ActionForm>
      {clock.attributes.set ? (
        <ActionButton
          label="Clear the test clock"
          action={async () => {
            await api('DELETE', TEST_CLOCK);
            testClockChanged();
          }}
        />
      ) : null}
    </section>
  );
};
