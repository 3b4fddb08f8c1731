import { AdvanceTestClock } from '../../../application/use-cases/test-clocks/advance-test-clock.js';
import { ClearTestClock } from '../../../application/use-cases/test-clocks/clear-test-clock.js';
import { GetTestClock } from '../../../application/use-cases/test-clocks/get-test-clock.js';
import { MAX_INSTANTS_PER_MOVE, TEST_CLOCK_TYPE } from '../../../domain/test-clocks/test-clock.js';
import { concept, withAndWithoutV2 } from '../endpoints/endpoint.js';
import { answer, inData } from '../endpoints/handlers.js';
import type { Schema } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import {
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  openObject,
  schemaRef,
  timestamp,
} from '../openapi/schema-builders.js';
import type { UseCase } from '../routes/route-context.js';
import { testClockResource } from './test-clock-document.js';

const TAG = 'Test clock';
const EXTENSION =
  "An extension, as Stripe's test clocks: on only when the service starts with `TEST_CLOCKS=on`, and a 404 otherwise. A store's billing reads its time from its test clock once the clock is set: creation and state timestamps, periods, go-live, billing, tax and payment runs, dunning intervals, schedules. Tokens, rate limits, leases and timeouts keep real time.";

const testClock: Schema = closedObject({
  type: constant(TEST_CLOCK_TYPE),
  attributes: closedObject({
    now: { ...timestamp, description: "The store's time: its test clock's while set, the system's otherwise." },
    set: {
      type: 'boolean',
      description: "Whether the store's test clock holds its time (`false`: the store reads the system's time).",
    },
  }),
});

const TEST_CLOCK_SCHEMAS = { SubscriptionTestClock: testClock };

const document = jsonContent(dataDocument(schemaRef('SubscriptionTestClock')));

interface TestClockUseCases {
  readonly get: UseCase<GetTestClock>;
  readonly advance: UseCase<AdvanceTestClock>;
  readonly clear: UseCase<ClearTestClock>;
}

/**
 * The store's test clock (an extension, `TEST_CLOCKS=on`; 404 otherwise): moving or clearing it is store
 * administration, like its settings; reading it is a read, so that whoever reads invoices can tell that
 * their dates are the clock's.
 */
export const TEST_CLOCK_ENDPOINTS = concept<TestClockUseCases>({
  useCases: ({ use }) => ({ get: use(GetTestClock), advance: use(AdvanceTestClock), clear: use(ClearTestClock) }),
  schemas: TEST_CLOCK_SCHEMAS,
  endpoints: [
    {
      method: 'get',
      ...withAndWithoutV2('/subscriptions/test-clock'),
      spec: {
        operationId: 'getTestClock',
        summary: "Get the store's time",
        description: `${EXTENSION} \`set\` says whether the store's clock holds its time.`,
        tag: TAG,
        access: 'read',
        extension: true,
        success: { '200': { description: "The store's time.", content: document } },
        errors: { 404: 'Test clocks are off (`TEST_CLOCKS` is not `on`).' },
      },
      handle: ({ get }) => answer((storeId) => get.execute(storeId), inData(testClockResource)),
    },
    {
      method: 'put',
      ...withAndWithoutV2('/subscriptions/test-clock'),
      spec: {
        operationId: 'advanceTestClock',
        summary: "Move the store's clock forward and hold it there",
        description: `${EXTENSION} The clock moves forward only (to the time it reads now, or later), and stays at the new time until moved again. Each instant of the store's schedules that the move passes starts its job once (at most ${MAX_INSTANTS_PER_MOVE} per schedule and move); while its clock is set, a store's schedules do not fire on real time.`,
        tag: TAG,
        access: 'admin',
        extension: true,
        requestBody: {
          description: 'The time to move to.',
          content: jsonContent(
            dataRequest(
              openObject({ type: constant(TEST_CLOCK_TYPE), attributes: openObject({ now: timestamp }, ['now']) }, [
                'type',
                'attributes',
              ]),
            ),
          ),
        },
        success: { '200': { description: "The store's time after the move.", content: document } },
        errors: {
          400: 'A missing or wrong `type`, or `now` that is not an RFC 3339 time.',
          404: 'Test clocks are off (`TEST_CLOCKS` is not `on`).',
          422: "A time before the store's time now.",
          codes: { 422: ['test_clock_backwards'] },
        },
      },
      handle: ({ advance }) =>
        answer(
          (storeId, ctx) => advance.execute(storeId, ctx.request.body),
          inData((now: Date) => testClockResource({ now, set: true })),
        ),
    },
    {
      method: 'delete',
      ...withAndWithoutV2('/subscriptions/test-clock'),
      spec: {
        operationId: 'clearTestClock',
        summary: "Clear the store's clock: the store reads the system's time again",
        description: `${EXTENSION} The clock is forgotten and the store's time is the system's again (\`set: false\`). As a move, a clear never takes the store's time back: while the clock is ahead of the system's time it is refused, and it can be cleared once the system's time has reached it. Clearing a clock that is not set changes nothing.`,
        tag: TAG,
        access: 'admin',
        extension: true,
        success: { '200': { description: "The store's time after the clear: the system's.", content: document } },
        errors: {
          404: 'Test clocks are off (`TEST_CLOCKS` is not `on`).',
          422: "The store's clock is ahead of the system's time.",
          codes: { 422: ['test_clock_backwards'] },
        },
      },
      handle: ({ clear }) => answer((storeId) => clear.execute(storeId), inData(testClockResource)),
    },
  ],
});
