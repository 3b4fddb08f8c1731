import { expect } from 'chai';
import { InMemoryAccountMemberTokenRepository } from '../../../src/adapters/persistence/in-memory/auth/in-memory-account-member-token-repository.js';
import { issueAccountMemberToken } from '../../../src/application/use-cases/auth/account-member-tokens.js';
import { aMember, aMembership, anAccount } from '../../support/account-builders.js';
import { inMemoryCore } from '../../support/in-memory-core.js';
import { uuid } from '../../support/system-fakes.js';

const STORE = uuid('00000000-0000-4000-8000-000000000001');
const ACCOUNT = uuid('00000000-0000-4000-8000-000000000002');
const MEMBER = uuid('00000000-0000-4000-8000-000000000003');

describe('issueAccountMemberToken', () => {
  const setup = () => {
    const core = inMemoryCore();
    const tokens = new InMemoryAccountMemberTokenRepository(core.state);
    const account = anAccount(STORE, { id: ACCOUNT });
    const member = aMember(STORE, { id: MEMBER });
    const membership = aMembership(account, member);
    core.state.accountMemberships.set(membership.id, membership);
    return { ...core, memberTokens: tokens, ports: { tokens, secrets: core.secrets, clock: core.clock } };
  };

  it('hands out 256 bits of random text once and stores only its hash, for 24 hours', async () => {
    const { ports, memberTokens, secrets, clock, state } = setup();
    const issued = await issueAccountMemberToken(ports, {
      storeId: STORE,
      accountId: ACCOUNT,
      accountMemberId: MEMBER,
    });
    expect(issued.token).to.match(/^[0-9a-f]{64}$/);
    expect(issued.expiresAt.getTime() - clock.now().getTime()).to.equal(86_400_000);
    expect([...state.accountMemberTokens.keys()]).to.deep.equal([secrets.hash(issued.token)]);
    expect(JSON.stringify([...state.accountMemberTokens.values()])).not.to.contain(issued.token);
    expect(await memberTokens.findActive(secrets.hash(issued.token), clock.now())).to.deep.equal({
      tokenHash: secrets.hash(issued.token),
      storeId: STORE,
      accountId: ACCOUNT,
      accountMemberId: MEMBER,
      createdAt: clock.now(),
      expiresAt: issued.expiresAt,
    });
    clock.advance(86_400_000);
    expect(await memberTokens.findActive(secrets.hash(issued.token), clock.now()), 'expired').to.equal(undefined);
  });

  it('mints a different token each time', async () => {
    const { ports } = setup();
    const grant = { storeId: STORE, accountId: ACCOUNT, accountMemberId: MEMBER };
    const first = await issueAccountMemberToken(ports, grant);
    const second = await issueAccountMemberToken(ports, grant);
    expect(first.token).not.to.equal(second.token);
  });
});
