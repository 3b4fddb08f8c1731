import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../../../../src/application/authentication-realm-tokens.js';
import { PEOPLE_TOKENS as P } from '../../../../../src/application/people-tokens.js';
import { missing, referenceMissing, taken } from '../../../../../src/application/ports/storage-outcomes.js';
import { REALM_LIST } from '../../../../../src/application/use-cases/authentication-realms/list-authentication-realms.js';
import type { OidcProfile } from '../../../../../src/domain/authentication-realms/oidc-profile.js';
import type { OidcProfileInfo } from '../../../../../src/domain/authentication-realms/oidc-profile-info.js';
import { attemptExpiry, type OidcSignInAttempt } from '../../../../../src/domain/authentication-realms/oidc-sign-in.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const MINUTE = 60_000;

forEachBackend('OpenID Connect profile, link and sign-in attempt repositories contract', (_b, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [a, b] = [storeRecords(aStore()), storeRecords(aStore())];
    await ports.stores.create(a);
    await ports.stores.create(b);
    return {
      a,
      b,
      profiles: ports.container.get(T.OidcProfileRepository),
      links: ports.container.get(T.OidcProfileInfoRepository),
      attempts: ports.container.get(T.OidcSignInAttemptRepository),
      directory: ports.container.get(P.OidcProfileDirectory),
      merchantPlace: (records: typeof a) => ({ storeId: records.store.id, realmId: records.merchantRealm.id }),
    };
  };
  const aProfile = (storeId: Uuid, realmId: Uuid, n = 0): OidcProfile => ({
    id: randomIds.uuid(),
    storeId,
    realmId,
    name: `Provider ${n}`,
    discoveryUrl: `https://idp${n}.example.com/.well-known/openid-configuration`,
    clientId: `client-${n}`,
    clientSecret: `secret-${n}-${'s'.repeat(900)}`,
    redirectUris: n % 2 === 0 ? [] : ['https://shop.example.com/callback', 'http://localhost:3000/cb'],
    issuer: `https://idp${n}.example.com`,
    createdAt: at(n),
    updatedAt: at(n),
  });
  const aLink = (profile: OidcProfile, subject: string, n = 0, userId = randomIds.uuid()): OidcProfileInfo => ({
    id: randomIds.uuid(),
    storeId: profile.storeId,
    realmId: profile.realmId,
    userId,
    oidcProfileId: profile.id,
    subject,
    issuer: profile.issuer,
    createdAt: at(n),
    updatedAt: at(n),
  });
  const anAttempt = (profile: OidcProfile, expiresAt: Date): OidcSignInAttempt => ({
    stateHash: randomIds.uuid().replaceAll('-', '').repeat(2),
    storeId: profile.storeId,
    realmId: profile.realmId,
    oidcProfileId: profile.id,
    prefix: 'acme-Shop',
    nonce: `nonce-${randomIds.uuid()}`,
    codeVerifier: 'v'.repeat(43),
    redirectUri: 'http://127.0.0.1:8080/console/oidc/callback',
    expiresAt,
  });

  describe('profiles', () => {
    it("keeps a realm's profiles, secret included, newest first, out of another realm's and store's reach", async () => {
      const { a, b, profiles, merchantPlace } = await setup();
      const made = [0, 1, 2].map((n) => aProfile(a.store.id, a.merchantRealm.id, n));
      for (const profile of made) await profiles.insert(profile);
      const accountOne = aProfile(a.store.id, a.accountRealm.id, 3);
      await profiles.insert(accountOne);
      const page = await profiles.list(merchantPlace(a), listQuery(REALM_LIST, { limit: 2 }));
      expect(page.items).to.deep.equal([made[2], made[1]]);
      expect(page.total).to.equal(3);
      expect(
        (await profiles.list({ storeId: a.store.id, realmId: a.accountRealm.id }, listQuery(REALM_LIST))).items,
      ).to.deep.equal([accountOne]);
      expect((await profiles.list(merchantPlace(b), listQuery(REALM_LIST))).items).to.deep.equal([]);
      const first = made[0] as OidcProfile;
      expect(await profiles.find(merchantPlace(a), first.id)).to.deep.equal(first);
      expect(await profiles.find(merchantPlace(b), first.id)).to.equal(undefined);
      expect(await profiles.find({ storeId: a.store.id, realmId: a.accountRealm.id }, first.id)).to.equal(undefined);
    });

    it('changes a profile in its place alone, and deletes it there alone', async () => {
      const { a, b, profiles, merchantPlace } = await setup();
      const profile = aProfile(a.store.id, a.merchantRealm.id, 1);
      await profiles.insert(profile);
      const changed: OidcProfile = {
        ...profile,
        name: 'Renamed',
        discoveryUrl: 'http://127.0.0.1:4000/.well-known/openid-configuration',
        clientSecret: 'another secret',
        redirectUris: [],
        issuer: 'http://127.0.0.1:4000',
        updatedAt: at(9),
      };
      expect(await profiles.update(merchantPlace(b), profile.id, () => changed)).to.equal(undefined);
      expect(await profiles.update(merchantPlace(a), profile.id, () => changed)).to.deep.equal(changed);
      expect(await profiles.find(merchantPlace(a), profile.id)).to.deep.equal(changed);
      expect(await profiles.find(merchantPlace(b), profile.id)).to.equal(undefined);
      expect(await profiles.delete(merchantPlace(b), profile.id)).to.equal(false);
      expect(await profiles.delete(merchantPlace(a), profile.id)).to.equal(true);
      expect(await profiles.find(merchantPlace(a), profile.id)).to.equal(undefined);
      expect(await profiles.delete(merchantPlace(a), profile.id)).to.equal(false);
    });

    it("names a realm's profiles to the sign-in page oldest first, for that realm of that store alone", async () => {
      const { a, b, profiles, directory } = await setup();
      const [older, newer] = [aProfile(a.store.id, a.merchantRealm.id, 4), aProfile(a.store.id, a.merchantRealm.id, 7)];
      await profiles.insert(newer);
      await profiles.insert(older);
      await profiles.insert(aProfile(a.store.id, a.accountRealm.id, 1));
      expect(await directory.listForRealm(a.store.id, a.merchantRealm.id)).to.deep.equal([
        { id: older.id, name: older.name },
        { id: newer.id, name: newer.name },
      ]);
      expect(await directory.listForRealm(b.store.id, a.merchantRealm.id)).to.deep.equal([]);
      expect(await directory.listForRealm(b.store.id, b.merchantRealm.id)).to.deep.equal([]);
    });

    it("takes people's links and the sign-ins begun with a profile when it is deleted", async () => {
      const { a, profiles, links, attempts, merchantPlace } = await setup();
      const [gone, kept] = [aProfile(a.store.id, a.merchantRealm.id, 0), aProfile(a.store.id, a.merchantRealm.id, 1)];
      await profiles.insert(gone);
      await profiles.insert(kept);
      const [goneLink, keptLink] = [aLink(gone, 'sub-1'), aLink(kept, 'sub-1')];
      await links.insert(goneLink);
      await links.insert(keptLink);
      const [goneAttempt, keptAttempt] = [anAttempt(gone, at(10 * MINUTE)), anAttempt(kept, at(10 * MINUTE))];
      await attempts.save(goneAttempt);
      await attempts.save(keptAttempt);
      await profiles.delete(merchantPlace(a), gone.id);
      expect(await links.findBySubject(a.store.id, gone.id, 'sub-1')).to.equal(undefined);
      expect(await links.findBySubject(a.store.id, kept.id, 'sub-1')).to.deep.equal(keptLink);
      expect(await attempts.take(goneAttempt.stateHash, at(0))).to.equal(undefined);
      expect(await attempts.take(keptAttempt.stateHash, at(0))).to.deep.equal(keptAttempt);
    });
  });

  describe("people's links to a provider's subject", () => {
    it('links a subject once per profile, exactly as the provider wrote it; another profile may link it too', async () => {
      const { a, b, profiles, links } = await setup();
      const [one, two] = [aProfile(a.store.id, a.merchantRealm.id, 0), aProfile(a.store.id, a.merchantRealm.id, 1)];
      await profiles.insert(one);
      await profiles.insert(two);
      const ada = aLink(one, 'AbC-123');
      expect(await links.insert(ada)).to.deep.equal(E.right(ada));
      expect(await links.insert(aLink(one, 'AbC-123'))).to.deep.equal(E.left(taken));
      const otherCase = aLink(one, 'abc-123');
      expect(await links.insert(otherCase)).to.deep.equal(E.right(otherCase));
      expect(E.isRight(await links.insert(aLink(two, 'AbC-123')))).to.equal(true);
      expect(await links.findBySubject(a.store.id, one.id, 'AbC-123')).to.deep.equal(ada);
      expect(await links.findBySubject(a.store.id, one.id, 'abc-123')).to.deep.equal(otherCase);
      expect(await links.findBySubject(a.store.id, one.id, 'ABC-123')).to.equal(undefined);
      expect(await links.findBySubject(b.store.id, one.id, 'AbC-123')).to.equal(undefined);
      // A subject is up to 255 characters (OpenID Connect Core 1.0, 2).
      const long = aLink(one, 'x'.repeat(255));
      expect(await links.insert(long)).to.deep.equal(E.right(long));
      expect(await links.findBySubject(a.store.id, one.id, long.subject)).to.deep.equal(long);
    });

    it('lets exactly one of many first sign-ins racing for a subject link it', async () => {
      const { a, profiles, links } = await setup();
      const profile = aProfile(a.store.id, a.merchantRealm.id);
      await profiles.insert(profile);
      const results = await Promise.all(Array.from({ length: 6 }, (_, n) => links.insert(aLink(profile, 'race', n))));
      expect(results.filter(E.isRight)).to.have.length(1);
      expect(results.filter(E.isLeft).map((r) => r.left)).to.deep.equal(Array(5).fill(taken));
    });

    it('refuses a link to a profile that is gone, or is of another store or realm', async () => {
      const { a, b, profiles, links, merchantPlace } = await setup();
      const profile = aProfile(a.store.id, a.merchantRealm.id);
      await profiles.insert(profile);
      await profiles.delete(merchantPlace(a), profile.id);
      expect(await links.insert(aLink(profile, 'sub'))).to.deep.equal(E.left(referenceMissing));
      const theirs = aProfile(b.store.id, b.merchantRealm.id);
      await profiles.insert(theirs);
      const crossing = { ...aLink(theirs, 'sub'), storeId: a.store.id, realmId: a.merchantRealm.id };
      expect(await links.insert(crossing)).to.deep.equal(E.left(referenceMissing));
      const mine = aProfile(a.store.id, a.merchantRealm.id);
      await profiles.insert(mine);
      const otherRealm = { ...aLink(mine, 'sub'), realmId: a.accountRealm.id };
      expect(await links.insert(otherRealm)).to.deep.equal(E.left(referenceMissing));
    });

    it("lists, changes and deletes a person's links, for that person of that realm alone", async () => {
      const { a, profiles, links } = await setup();
      const profile = aProfile(a.store.id, a.merchantRealm.id);
      await profiles.insert(profile);
      const userId = randomIds.uuid();
      const [first, second] = [aLink(profile, 'first', 1, userId), aLink(profile, 'second', 2, userId)];
      const someoneElse = aLink(profile, 'third', 3);
      for (const link of [first, second, someoneElse]) await links.insert(link);
      const ada = { storeId: a.store.id, realmId: a.merchantRealm.id, userId };
      const inAccountRealm = { ...ada, realmId: a.accountRealm.id };
      const other = { ...ada, userId: someoneElse.userId };
      expect((await links.listForUser(ada, listQuery(REALM_LIST))).items).to.deep.equal([second, first]);
      expect((await links.listForUser(inAccountRealm, listQuery(REALM_LIST))).items).to.deep.equal([]);
      expect(await links.find(ada, first.id)).to.deep.equal(first);
      expect(await links.find(other, first.id)).to.equal(undefined);
      expect(await links.find(inAccountRealm, first.id)).to.equal(undefined);
      expect(await links.update(other, first.id, (l) => l)).to.deep.equal(E.left(missing));
      expect(await links.update(ada, first.id, (l) => ({ ...l, subject: 'third' }))).to.deep.equal(E.left(taken));
      const changed = { ...first, subject: 'renamed', issuer: 'https://other.example.com', updatedAt: at(9) };
      expect(await links.update(ada, first.id, () => changed)).to.deep.equal(E.right(changed));
      expect(await links.findBySubject(a.store.id, profile.id, 'renamed')).to.deep.equal(changed);
      expect(await links.findBySubject(a.store.id, profile.id, 'first')).to.equal(undefined);
      expect(await links.delete(other, first.id)).to.equal(false);
      expect(await links.delete(ada, first.id)).to.equal(true);
      expect(await links.find(ada, first.id)).to.equal(undefined);
      expect((await links.listForUser(ada, listQuery(REALM_LIST))).total).to.equal(1);
    });
  });

  describe('sign-in attempts', () => {
    it('gives an attempt back once, by the hash of its state', async () => {
      const { a, profiles, attempts } = await setup();
      const profile = aProfile(a.store.id, a.merchantRealm.id);
      await profiles.insert(profile);
      const attempt = anAttempt(profile, attemptExpiry(at(0)));
      await attempts.save(attempt);
      expect(await attempts.take('not-a-known-hash', at(MINUTE))).to.equal(undefined);
      expect(await attempts.take(attempt.stateHash, at(MINUTE))).to.deep.equal(attempt);
      expect(await attempts.take(attempt.stateHash, at(MINUTE))).to.equal(undefined);
    });

    it('gives an attempt to exactly one of many callbacks racing with its state', async () => {
      const { a, profiles, attempts } = await setup();
      const profile = aProfile(a.store.id, a.merchantRealm.id);
      await profiles.insert(profile);
      const attempt = anAttempt(profile, attemptExpiry(at(0)));
      await attempts.save(attempt);
      const taken = await Promise.all(Array.from({ length: 6 }, () => attempts.take(attempt.stateHash, at(MINUTE))));
      expect(taken.filter((t) => t !== undefined)).to.deep.equal([attempt]);
    });

    it('gives back an expired attempt taken by its state, so the caller can say it expired, and forgets the others', async () => {
      const { a, profiles, attempts } = await setup();
      const profile = aProfile(a.store.id, a.merchantRealm.id);
      await profiles.insert(profile);
      const [early, onTime, later] = [at(5 * MINUTE), at(10 * MINUTE), at(10 * MINUTE + 1)].map((expiry) =>
        anAttempt(profile, expiry),
      ) as [OidcSignInAttempt, OidcSignInAttempt, OidcSignInAttempt];
      for (const attempt of [early, onTime, later]) await attempts.save(attempt);
      expect(await attempts.take(early.stateHash, at(10 * MINUTE))).to.deep.equal(early);
      // An attempt whose expiry is the instant of another's callback is forgotten with it; one a millisecond later is kept.
      expect(await attempts.take(onTime.stateHash, at(10 * MINUTE))).to.equal(undefined);
      expect(await attempts.take(later.stateHash, at(10 * MINUTE))).to.deep.equal(later);
    });
  });
});
