import { expect } from 'chai';
import { subscriptionIds } from '../../bench/subscription-bulk-load.js';

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('bench: subscription ids for a bulk load', () => {
  it("are the service's own time-ordered ids: distinct, and ascending in the order they are handed out", () => {
    const next = subscriptionIds();
    const ids = Array.from({ length: 5000 }, () => next());
    for (const id of ids) expect(id).to.match(VERSION_7);
    expect(new Set(ids).size).to.equal(ids.length);
    for (let i = 1; i < ids.length; i += 1) expect((ids[i - 1] as string) < (ids[i] as string)).to.equal(true);
  });
});
