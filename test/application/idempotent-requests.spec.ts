import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryIdempotencyStore } from '../../src/adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { InMemoryState } from '../../src/adapters/persistence/in-memory/in-memory-state.js';
import { IdempotentRequests, type Ticket } from '../../src/application/use-cases/idempotent-requests.js';
import { IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_WINDOW_MS } from '../../src/domain/idempotency/idempotency.js';
import { TestClock, testIds, uuid } from '../support/system-fakes.js';

describe('idempotent requests', () => {
  const store = uuid('11111111-1111-4111-8111-111111111111');
  const setup = () => {
    const clock = new TestClock();
    const requests = new IdempotentRequests(new InMemoryIdempotencyStore(new InMemoryState()), clock, testIds);
    const ticket = async (fingerprint = 'f'): Promise<Ticket> => {
      const begun = await requests.begin(store, 'k', fingerprint);
      if (E.isLeft(begun)) throw new Error(`not claimed: ${begun.left.kind}`);
      return begun.right;
    };
    return { clock, requests, ticket };
  };
  const kindOf = (r: E.Either<{ kind: string }, unknown>) => (E.isLeft(r) ? r.left.kind : 'run');

  it('replays the first response to a retry, and refuses the key for another request', async () => {
    const { requests, ticket } = setup();
    await requests.finish(await ticket(), { status: 201, body: '{"data":{"id":"1"}}' });
    expect(await requests.begin(store, 'k', 'f')).to.deep.equal(E.left({ kind: 'replay', response: { status: 201, body: '{"data":{"id":"1"}}' } }));
    expect(kindOf(await requests.begin(store, 'k', 'g'))).to.equal('mismatch');
  });

  it('says in-flight while the first request runs, and lets a retry take over a claim its process abandoned', async () => {
    const { clock, requests, ticket } = setup();
    const first = await ticket();
    expect(kindOf(await requests.begin(store, 'k', 'f'))).to.equal('in-flight');
    clock.advance(IDEMPOTENCY_LOCK_MS);
    const second = await ticket();
    await requests.finish(first, { status: 201, body: 'late' });
    await requests.finish(second, { status: 201, body: 'taken over' });
    const replay = await requests.begin(store, 'k', 'f');
    expect(E.isLeft(replay) && replay.left.kind === 'replay' && replay.left.response.body).to.equal('taken over');
  });

  it('releases the key after a 5xx or a 429, so that a retry runs the request', async () => {
    const { requests, ticket } = setup();
    await requests.finish(await ticket(), { status: 503, body: '{}' });
    await requests.finish(await ticket(), { status: 429, body: '{}' });
    await requests.finish(await ticket(), { status: 400, body: '{"errors":[]}' });
    expect(kindOf(await requests.begin(store, 'k', 'f'))).to.equal('replay');
  });

  it('forgets a response after 24 hours, when the key may serve a new request', async () => {
    const { clock, requests, ticket } = setup();
    await requests.finish(await ticket(), { status: 201, body: 'first' });
    clock.advance(IDEMPOTENCY_WINDOW_MS);
    expect(kindOf(await requests.begin(store, 'k', 'another request'))).to.equal('run');
    clock.advance(IDEMPOTENCY_WINDOW_MS - 1);
    expect(await requests.purge(), 'the new claim is not yet a day old').to.equal(0);
    clock.advance(1);
    expect(await requests.purge()).to.equal(0);
    clock.advance(1);
    expect(await requests.purge()).to.equal(1);
  });
});
