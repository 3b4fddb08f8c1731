import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { IssueAccessToken } from '../../../src/application/use-cases/auth/issue-access-token.js';
import { RotateApplicationKeySecret } from '../../../src/application/use-cases/keys/rotate-application-key-secret.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { inMemoryCore } from '../../support/in-memory-core.js';

const setup = async () => {
  const core = inMemoryCore();
  const created = await new CreateStore(core.stores, core.clock, core.ids, core.secrets).execute('Shop');
  if (E.isLeft(created)) throw new Error('store not created');
  const issue = new IssueAccessToken(core.keys, core.tokens, core.clock, core.secrets);
  const accepts = async (secret: string) =>
    E.isRight(
      await issue.execute({
        grant_type: 'client_credentials',
        client_id: created.right.key.clientId,
        client_secret: secret,
      }),
    );
  return {
    ...core,
    created: created.right,
    accepts,
    rotate: new RotateApplicationKeySecret(core.keys, core.clock, core.secrets),
  };
};

describe('RotateApplicationKeySecret', () => {
  it('accepts the old secret until the chosen instant and the new one from the start', async () => {
    const { rotate, created, clock, accepts } = await setup();
    const until = new Date(clock.now().getTime() + 60_000);
    const rotated = await rotate.execute(created.store.id, created.key.id, {
      type: 'application_key',
      expire_current_secret_at: until.toISOString(),
    });
    if (E.isLeft(rotated)) throw new Error('not rotated');
    expect(rotated.right.clientSecret).not.to.equal(created.clientSecret);
    expect(rotated.right.key.previousSecret?.expiresAt).to.deep.equal(until);
    expect(await accepts(rotated.right.clientSecret)).to.equal(true);
    clock.advance(59_999);
    expect(await accepts(created.clientSecret)).to.equal(true);
    clock.advance(1);
    expect(await accepts(created.clientSecret)).to.equal(false);
    expect(await accepts(rotated.right.clientSecret)).to.equal(true);
  });

  it('does not store the new secret, only its hash', async () => {
    const { rotate, created, keys } = await setup();
    const rotated = await rotate.execute(created.store.id, created.key.id, { type: 'application_key' });
    if (E.isLeft(rotated)) throw new Error('not rotated');
    const stored = await keys.findById(created.store.id, created.key.id);
    expect(JSON.stringify(stored)).not.to.include(rotated.right.clientSecret);
    expect(JSON.stringify(stored)).not.to.include(created.clientSecret);
  });

  it('answers not found for another store, a malformed id, and a validation failure before looking the key up', async () => {
    const { rotate, created, accepts } = await setup();
    const other = '00000000-0000-4000-8000-000000000000';
    const tagOf = (outcome: E.Either<{ _tag: string }, unknown>) => (E.isLeft(outcome) ? outcome.left._tag : 'Right');
    expect(tagOf(await rotate.execute(other as never, created.key.id, { type: 'application_key' }))).to.equal(
      'NotFound',
    );
    expect(tagOf(await rotate.execute(created.store.id, 'x', { type: 'application_key' }))).to.equal('NotFound');
    expect(tagOf(await rotate.execute(created.store.id, created.key.id, { type: 'other' }))).to.equal(
      'ValidationFailed',
    );
    expect(await accepts(created.clientSecret)).to.equal(true);
  });
});
