import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryIdempotencyStore } from '../../../src/adapters/persistence/in-memory/idempotency/in-memory-idempotency-store.js';
import { InMemoryState } from '../../../src/adapters/persistence/in-memory/in-memory-state.js';
import { IdempotentRequests, type Ticket } from '../../../src/application/use-cases/idempotency/idempotent-requests.js';
import {
  IDEMPOTENCY_LOCK_MS,
  IDEMPOTENCY_RENEW_MS,
  IDEMPOTENCY_WINDOW_MS,
} from '../../../src/domain/idempotency/idempotency.js';
import { TestClock, testIds, uuid } from '../../support/system-fakes.js';

describe('idempotent requests', () => {
  const store = uuid('11111111-1111-4111-8111-111111111111');
  const setup = () => {
    const clock = new TestClock();
    const state = new InMemoryState();
    const requests = new IdempotentRequests(new InMemoryIdempotencyStore(state), clock, testIds);
    const ticket = async (fingerprint = 'f'): Promise<Ticket> => {
      const begun = await requests.begin(store, 'k', fingerprint);
      if (E.isLeft(begun)) throw new Error(`not claimed: ${begun.left.kind}`);
      return begun.right;
    };
    return { clock, requests, ticket, state };
  };
  // Releases happen in the background; in memory they are done after a turn of the event loop.
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  const kindOf = (r: E.Either<{ kind: string }, unknown>) => (E.isLeft(r) ? r.left.kind : 'run');

  it('replays the first response to a retry, and refuses the key for another request', async () => {
    const { requests, ticket } = setup();
    await requests.finish(await ticket(), { status: 201, body: '{"data":{"id":"1"}}' }, true);
    expect(await requests.begin(store, 'k', 'f')).to.deep.equal(
      E.left({ kind: 'replay', response: { status: 201, body: '{"data":{"id":"1"}}' } }),
    );
    expect(kindOf(await requests.begin(store, 'k', 'g'))).to.equal('mismatch');
  });

  it('says in-flight while the first request runs, and lets a retry take over a claim its process abandoned', async () => {
    const { clock, requests, ticket } = setup();
    const first = await ticket();
    expect(kindOf(await requests.begin(store, 'k', 'f'))).to.equal('in-flight');
    clock.advance(IDEMPOTENCY_LOCK_MS);
    const second = await ticket();
    await requests.finish(first, { status: 201, body: 'late' }, true);
    await requests.finish(second, { status: 201, body: 'taken over' }, true);
    const replay = await requests.begin(store, 'k', 'f');
    expect(E.isLeft(replay) && replay.left.kind === 'replay' && replay.left.response.body).to.equal('taken over');
  });

  it('releases the key after a 5xx or a 429 that stored nothing, so that a retry runs the request', async () => {
    const { requests, ticket } = setup();
    await requests.finish(await ticket(), { status: 503, body: '{}' }, false);
    await settled();
    await requests.finish(await ticket(), { status: 429, body: '{}' }, false);
    await settled();
    await requests.finish(await ticket(), { status: 400, body: '{"errors":[]}' }, false);
    expect(kindOf(await requests.begin(store, 'k', 'f'))).to.equal('replay');
  });

  it('keeps the claim of a request that may have stored its change, and answers a retry from its applied mark once the lease has run out', async () => {
    const { clock, requests, ticket, state } = setup();
    const first = await ticket();
    await requests.finish(first, { status: 504, body: '{}' }, true);
    await settled();
    expect(kindOf(await requests.begin(store, 'k', 'f')), 'within the lease').to.equal('in-flight');
    clock.advance(IDEMPOTENCY_LOCK_MS);
    expect(
      kindOf(await requests.begin(store, 'k', 'f')),
      'no change was committed with the key marked: the retry runs',
    ).to.equal('run');

    clock.advance(IDEMPOTENCY_WINDOW_MS);
    const second = await ticket('g');
    // What the database adapter does in the committing transaction, done here by hand.
    const slot = [...state.idempotencyRecords.entries()].find(([, r]) => r.claimId === second.claimId)!;
    state.idempotencyRecords.set(slot[0], { ...slot[1], applied: true });
    await requests.finish(second, { status: 504, body: '{}' }, true);
    clock.advance(IDEMPOTENCY_LOCK_MS);
    const retry = await requests.begin(store, 'k', 'g');
    expect(kindOf(retry)).to.equal('applied');
    if (E.isLeft(retry) && retry.left.kind === 'applied')
      await requests.settle(retry.left.ticket, { status: 409, body: 'applied' });
    const later = await requests.begin(store, 'k', 'g');
    expect(E.isLeft(later) && later.left.kind === 'replay' && later.left.response).to.deep.equal({
      status: 409,
      body: 'applied',
    });
  });

  it('renews the lease of a running request, so that it stays in flight past the lease while it runs', async () => {
    const { clock, requests, ticket } = setup();
    const first = await ticket();
    const letGo = requests.hold(first);
    clock.advance(IDEMPOTENCY_LOCK_MS - 1);
    try {
      await new Promise((resolve) => setTimeout(resolve, IDEMPOTENCY_RENEW_MS + 200));
    } finally {
      letGo();
    }
    clock.advance(2);
    expect(kindOf(await requests.begin(store, 'k', 'f')), 'renewed while it ran').to.equal('in-flight');
    clock.advance(IDEMPOTENCY_LOCK_MS);
    expect(kindOf(await requests.begin(store, 'k', 'f')), 'not renewed once let go').to.equal('run');
  }).timeout(IDEMPOTENCY_RENEW_MS + 5000);

  it('forgets a response after 24 hours, when the key may serve a new request', async () => {
    const { clock, requests, ticket } = setup();
    await requests.finish(await ticket(), { status: 201, body: 'first' }, true);
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
