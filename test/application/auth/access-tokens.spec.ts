import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { Secrets } from '../../../src/application/ports/system.js';
import { issueAccountMemberToken } from '../../../src/application/use-cases/auth/account-member-tokens.js';
import { AuthenticateBearer } from '../../../src/application/use-cases/auth/authenticate-bearer.js';
import { IssueAccessToken } from '../../../src/application/use-cases/auth/issue-access-token.js';
import { PurgeExpiredTokens } from '../../../src/application/use-cases/auth/purge-expired-tokens.js';
import { DeleteApplicationKey } from '../../../src/application/use-cases/keys/delete-application-key.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { EnsureDefaultStore } from '../../../src/application/use-cases/stores/ensure-default-store.js';
import { inMemoryCore } from '../../support/in-memory-core.js';

const setup = async () => {
  const core = inMemoryCore();
  const createStore = new CreateStore(core.stores, core.clock, core.ids, core.secrets);
  const created = await createStore.execute('Shop');
  if (E.isLeft(created)) throw new Error('store not created');
  return {
    ...core,
    createStore,
    created: created.right,
    issue: new IssueAccessToken(core.keys, core.tokens, core.clock, core.secrets),
    authenticate: new AuthenticateBearer(core.tokens, core.clock, core.secrets),
  };
};

describe('access token use cases', () => {
  it('mints a client-credentials token that authenticates for an hour', async () => {
    const { issue, authenticate, created, clock } = await setup();
    const issued = await issue.execute({
      grant_type: 'client_credentials',
      client_id: created.key.clientId,
      client_secret: created.clientSecret,
    });
    if (E.isLeft(issued)) throw new Error('not issued');
    expect(issued.right.accessToken).to.match(/^[0-9a-f]{40}$/);
    expect(issued.right.expiresAt.getTime() - clock.now().getTime()).to.equal(3_600_000);
    expect(await authenticate.execute(`Bearer ${issued.right.accessToken}`)).to.deep.equal(
      E.right({
        storeId: created.store.id,
        applicationKeyId: created.key.id,
        grant: 'client_credentials',
        scopes: null,
        actor: { kind: 'key', id: created.key.id },
      }),
    );
    clock.advance(3_600_000);
    expect(await authenticate.execute(`Bearer ${issued.right.accessToken}`)).to.deep.equal(
      E.left({ _tag: 'Unauthenticated', detail: 'the access token is invalid or has expired' }),
    );
  });

  it('mints an implicit token from the client id alone', async () => {
    const { issue, authenticate, created } = await setup();
    const issued = await issue.execute({ grant_type: 'implicit', client_id: created.key.clientId });
    if (E.isLeft(issued)) throw new Error('not issued');
    const principal = await authenticate.execute(`bearer ${issued.right.accessToken}`);
    expect(E.isRight(principal) && principal.right.grant).to.equal('implicit');
  });

  it('refuses a wrong secret and an unknown client id alike', async () => {
    const { issue, created } = await setup();
    const refused = E.left({ _tag: 'Unauthenticated', detail: 'the client credentials are not valid' });
    expect(
      await issue.execute({
        grant_type: 'client_credentials',
        client_id: created.key.clientId,
        client_secret: 'wrong',
      }),
    ).to.deep.equal(refused);
    expect(await issue.execute({ grant_type: 'implicit', client_id: 'unknown' })).to.deep.equal(refused);
  });

  it('compares the secret of an unknown client id as it does a known one’s, so that the time taken does not tell them apart', async () => {
    const { keys, tokens, clock, secrets, created } = await setup();
    const compared: string[] = [];
    const counting: Secrets = {
      ...secrets,
      matches(secret, hash) {
        compared.push(hash);
        return secrets.matches(secret, hash);
      },
    };
    const issue = new IssueAccessToken(keys, tokens, clock, counting);
    const credentials = (clientId: string) => ({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: 'wrong',
    });
    expect(E.isLeft(await issue.execute(credentials(created.key.clientId)))).to.equal(true);
    expect(compared, 'a known client id: its one secret').to.have.length(1);
    expect(E.isLeft(await issue.execute(credentials('no-such-client-id')))).to.equal(true);
    expect(E.isLeft(await issue.execute(credentials('nor-this-one')))).to.equal(true);
    expect(compared, 'an unknown one: one hash too, the same each time').to.have.length(3);
    expect(compared[1])
      .to.equal(compared[2])
      .and.match(/^[0-9a-f]{64}$/);
    expect(compared[1]).not.to.equal(compared[0]);
    const matched = await issue.execute({ ...credentials(created.key.clientId), client_secret: created.clientSecret });
    expect(E.isRight(matched), 'the right secret still matches').to.equal(true);
  });

  it('sets last_used_at on the first token and then at most once a minute', async () => {
    const { issue, created, keys, clock } = await setup();
    const form = {
      grant_type: 'client_credentials',
      client_id: created.key.clientId,
      client_secret: created.clientSecret,
    };
    const first = clock.now();
    await issue.execute(form);
    clock.advance(30_000);
    await issue.execute(form);
    expect((await keys.findById(created.store.id, created.key.id))?.lastUsedAt).to.deep.equal(first);
    clock.advance(30_000);
    await issue.execute(form);
    expect((await keys.findById(created.store.id, created.key.id))?.lastUsedAt).to.deep.equal(clock.now());
  });

  it('stops a token from working once its key is deleted', async () => {
    const { issue, authenticate, created, keys } = await setup();
    const issued = await issue.execute({ grant_type: 'implicit', client_id: created.key.clientId });
    if (E.isLeft(issued)) throw new Error('not issued');
    await new DeleteApplicationKey(keys).execute(created.store.id, created.key.id);
    expect(E.isLeft(await authenticate.execute(`Bearer ${issued.right.accessToken}`))).to.equal(true);
  });

  it('asks for a token when the header is missing or not a bearer', async () => {
    const { authenticate } = await setup();
    for (const header of [undefined, '', 'Basic abc', 'Bearer']) {
      expect(await authenticate.execute(header)).to.deep.equal(
        E.left({ _tag: 'Unauthenticated', detail: 'a bearer token is required' }),
      );
    }
  });

  it('purges expired access tokens and account member tokens alike', async () => {
    const { issue, created, tokens, memberTokens, sessions, secrets, clock } = await setup();
    await issue.execute({ grant_type: 'implicit', client_id: created.key.clientId });
    const member = { storeId: created.store.id, accountId: created.key.id, accountMemberId: created.key.id };
    await issueAccountMemberToken({ tokens: memberTokens, secrets, clock }, member);
    clock.advance(3_600_001);
    const later = await issueAccountMemberToken({ tokens: memberTokens, secrets, clock }, member);
    expect(await new PurgeExpiredTokens(tokens, memberTokens, clock, sessions).execute()).to.equal(1);
    clock.advance(86_400_000 - 3_600_001);
    expect(
      await new PurgeExpiredTokens(tokens, memberTokens, clock, sessions).execute(),
      'the first member token',
    ).to.equal(1);
    // The later token outlived both purges: it is the one the purge at its own expiry finds.
    clock.advance(later.expiresAt.getTime() - clock.now().getTime() + 1);
    expect(
      await new PurgeExpiredTokens(tokens, memberTokens, clock, sessions).execute(),
      'the later member token',
    ).to.equal(1);
  });
});

describe('store use cases', () => {
  it('creates the default store only on an empty database', async () => {
    const core = inMemoryCore();
    const ensure = new EnsureDefaultStore(
      core.stores,
      new CreateStore(core.stores, core.clock, core.ids, core.secrets),
    );
    const first = await ensure.execute();
    expect(first?.store.name).to.equal('Default store');
    expect(await ensure.execute()).to.equal(undefined);
    expect(core.state.stores.size).to.equal(1);
  });

  it('refuses an empty store name', async () => {
    const core = inMemoryCore();
    const created = await new CreateStore(core.stores, core.clock, core.ids, core.secrets).execute('');
    expect(E.isLeft(created) && created.left._tag).to.equal('ValidationFailed');
  });
});
