import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { AuthenticateBearer } from '../../../src/application/use-cases/auth/authenticate-bearer.js';
import { IssueAccessToken } from '../../../src/application/use-cases/auth/issue-access-token.js';
import { CALLER_REQUIRED, RevokeAccessToken } from '../../../src/application/use-cases/auth/revoke-access-token.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { inMemoryCore } from '../../support/in-memory-core.js';

const setup = async () => {
  const core = inMemoryCore();
  const created = await new CreateStore(core.stores, core.clock, core.ids, core.secrets).execute('Shop');
  if (E.isLeft(created)) throw new Error('store not created');
  const issue = new IssueAccessToken(core.keys, core.tokens, core.clock, core.secrets);
  const client = {
    kind: 'client',
    clientId: created.right.key.clientId,
    clientSecret: created.right.clientSecret,
  } as const;
  const mint = async (): Promise<string> => {
    const issued = await issue.execute({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    if (E.isLeft(issued)) throw new Error('not issued');
    return issued.right.accessToken;
  };
  const authenticate = new AuthenticateBearer(core.tokens, core.clock, core.secrets);
  return {
    client,
    mint,
    revoke: new RevokeAccessToken(core.keys, core.tokens, core.clock, core.secrets),
    valid: async (token: string) => E.isRight(await authenticate.execute(`Bearer ${token}`)),
  };
};

describe('RevokeAccessToken', () => {
  it('revokes a token of the authenticated client, and answers the same for a token that does not exist', async () => {
    const { client, mint, revoke, valid } = await setup();
    const token = await mint();
    expect(await revoke.execute(client, { token })).to.deep.equal(E.right(undefined));
    expect(await valid(token)).to.equal(false);
    expect(await revoke.execute(client, { token })).to.deep.equal(E.right(undefined));
  });

  it('lets a bearer revoke itself only', async () => {
    const { mint, revoke, valid } = await setup();
    const [self, other] = [await mint(), await mint()];
    expect(E.isRight(await revoke.execute({ kind: 'bearer', token: self }, { token: other }))).to.equal(true);
    expect(await valid(other)).to.equal(true);
    expect(E.isRight(await revoke.execute({ kind: 'bearer', token: self }, { token: self }))).to.equal(true);
    expect(await valid(self)).to.equal(false);
  });

  it('refuses an unauthenticated caller, a wrong secret and an expired bearer, revoking nothing', async () => {
    const { client, mint, revoke, valid } = await setup();
    const token = await mint();
    expect(await revoke.execute(undefined, { token })).to.deep.equal(
      E.left({ _tag: 'Unauthenticated', detail: CALLER_REQUIRED }),
    );
    const tagOf = (outcome: E.Either<{ _tag: string }, void>) => (E.isLeft(outcome) ? outcome.left._tag : 'Right');
    expect(tagOf(await revoke.execute({ ...client, clientSecret: 'wrong' }, { token }))).to.equal('Unauthenticated');
    expect(tagOf(await revoke.execute({ kind: 'bearer', token: 'unknown' }, { token }))).to.equal('Unauthenticated');
    expect(await valid(token)).to.equal(true);
  });

  it('reports a missing, unusable or overlong token as a validation failure of `token`', async () => {
    const { client, revoke } = await setup();
    for (const form of [{}, { token: '' }, { token: 'a\u0000b' }, { token: 'x'.repeat(513) }, { token: 7 }, null]) {
      const outcome = await revoke.execute(client, form);
      expect(
        E.isLeft(outcome) && outcome.left._tag === 'ValidationFailed' && outcome.left.issues[0].source,
        JSON.stringify(form),
      ).to.equal('token');
    }
    expect(E.isRight(await revoke.execute(client, { token: 'x'.repeat(512) })), 'the longest allowed').to.equal(true);
  });
});
