import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../../../../src/application/authentication-realm-tokens.js';
import { missing, referenceMissing, taken } from '../../../../../src/application/ports/storage-outcomes.js';
import { REALM_LIST } from '../../../../../src/application/use-cases/authentication-realms/list-authentication-realms.js';
import type { PasswordProfile } from '../../../../../src/domain/authentication-realms/password-profile.js';
import type { PasswordProfileInfo } from '../../../../../src/domain/authentication-realms/password-profile-info.js';
import { DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS } from '../../../../../src/domain/settings/account-authentication-settings.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

forEachBackend(
  'Authentication realm, settings, password profile and credentials repositories contract',
  (_b, persistence) => {
    const setup = async () => {
      const ports = portsOf(persistence());
      const [a, b] = [storeRecords(aStore()), storeRecords(aStore())];
      await ports.stores.create(a);
      await ports.stores.create(b);
      const get = <X>(token: Parameters<typeof ports.container.get<X>>[0]) => ports.container.get<X>(token);
      return {
        a,
        b,
        realms: get(T.AuthenticationRealmRepository),
        settings: get(T.AccountAuthenticationSettingsRepository),
        profiles: get(T.PasswordProfileRepository),
        credentials: get(T.PasswordProfileInfoRepository),
        placeOf: (records: typeof a) => ({ storeId: records.store.id, realmId: records.accountRealm.id }),
      };
    };
    const aProfile = (storeId: Uuid, realmId: Uuid, n = 0): PasswordProfile => ({
      id: randomIds.uuid(),
      storeId,
      realmId,
      name: `Profile ${n}`,
      usernameFormat: 'any',
      enableOneTimePasswordToken: false,
      createdAt: at(n),
      updatedAt: at(n),
    });
    const aCredential = (profile: PasswordProfile, username: string, n = 0): PasswordProfileInfo => ({
      id: randomIds.uuid(),
      storeId: profile.storeId,
      accountMemberId: randomIds.uuid(),
      passwordProfileId: profile.id,
      username,
      passwordHash: `$scrypt$ln=14,r=8,p=1$c2FsdA==$${n}`,
      createdAt: at(n),
      updatedAt: at(n),
    });

    it("keeps the realm made with its store, for that store alone, and changes it under the store's id only", async () => {
      const { a, b, realms } = await setup();
      expect(await realms.findByStore(a.store.id)).to.deep.equal(a.accountRealm);
      expect(await realms.findById(a.store.id, a.accountRealm.id)).to.deep.equal(a.accountRealm);
      expect(await realms.findById(b.store.id, a.accountRealm.id)).to.equal(undefined);
      const changed = { ...a.accountRealm, name: 'Shoppers', redirectUris: ['https://x.example/cb'], updatedAt: at(5) };
      expect(await realms.update(b.store.id, a.accountRealm.id, () => changed)).to.equal(undefined);
      expect(
        await realms.update(a.store.id, a.accountRealm.id, (r) => ({
          ...r,
          ...changed,
          duplicateEmailPolicy: 'api_only',
        })),
      ).to.deep.equal({ ...changed, duplicateEmailPolicy: 'api_only' });
      expect(await realms.findByStore(a.store.id)).to.deep.equal({ ...changed, duplicateEmailPolicy: 'api_only' });
      expect(await realms.findByStore(b.store.id)).to.deep.equal(b.accountRealm);
    });

    it('keeps the merchant realm beside the account realm, found by kind, by id and listed account first', async () => {
      const { a, b, realms } = await setup();
      expect(a.merchantRealm.id).to.equal(a.realmMapping.realmId);
      expect(await realms.findMerchantRealm(a.store.id)).to.deep.equal(a.merchantRealm);
      expect(await realms.findById(a.store.id, a.merchantRealm.id)).to.deep.equal(a.merchantRealm);
      expect(await realms.findById(b.store.id, a.merchantRealm.id)).to.equal(undefined);
      expect(await realms.listForStore(a.store.id)).to.deep.equal([a.accountRealm, a.merchantRealm]);
      const renamed = await realms.update(a.store.id, a.merchantRealm.id, (r) => ({
        ...r,
        name: 'Staff',
        kind: 'account',
      }));
      expect(renamed?.name).to.equal('Staff');
      expect((await realms.findMerchantRealm(a.store.id))?.name).to.equal('Staff');
      expect(await realms.findByStore(a.store.id)).to.deep.equal(a.accountRealm);
    });

    it('gives a store the default settings until it changes them, for itself alone', async () => {
      const { a, b, settings } = await setup();
      expect(await settings.find(a.store.id)).to.deep.equal(DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS);
      const changed = { ...DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS, enableSelfSignup: true, tokenTimeoutSecs: 600 };
      expect(await settings.update(a.store.id, () => E.right(changed))).to.deep.equal(E.right(changed));
      expect(
        await settings.update(a.store.id, (s) =>
          E.right({ ...s, accountMemberSelfManagement: 'update_only' as const }),
        ),
      ).to.deep.equal(E.right({ ...changed, accountMemberSelfManagement: 'update_only' }));
      expect(await settings.find(b.store.id)).to.deep.equal(DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS);
      expect(await settings.find(randomIds.uuid())).to.equal(undefined);
    });

    it("keeps a realm's password profiles, newest first, out of every other store's reach", async () => {
      const { a, b, profiles, placeOf } = await setup();
      const made = [0, 1, 2].map((n) => aProfile(a.store.id, a.accountRealm.id, n));
      for (const p of made) await profiles.insert(p);
      const page = await profiles.list(placeOf(a), listQuery(REALM_LIST, { limit: 2 }));
      expect(page.items).to.deep.equal([made[2], made[1]]);
      expect(page.total).to.equal(3);
      expect((await profiles.list(placeOf(b), listQuery(REALM_LIST))).items).to.deep.equal([]);
      const first = made[0] as PasswordProfile;
      expect(await profiles.find(placeOf(a), first.id)).to.deep.equal(first);
      expect(await profiles.find(placeOf(b), first.id)).to.equal(undefined);
      const renamed = { ...first, name: 'Renamed', usernameFormat: 'email' as const, updatedAt: at(9) };
      expect(await profiles.update(placeOf(b), first.id, () => renamed)).to.equal(undefined);
      expect(await profiles.update(placeOf(a), first.id, () => renamed)).to.deep.equal(renamed);
      expect(await profiles.find(placeOf(a), first.id)).to.deep.equal(renamed);
      expect(await profiles.delete(placeOf(b), first.id)).to.equal(false);
      expect(await profiles.delete(placeOf(a), first.id)).to.equal(true);
      expect(await profiles.find(placeOf(a), first.id)).to.equal(undefined);
    });

    it('holds a username once per profile regardless of case; another profile may hold it too', async () => {
      const { a, profiles, credentials } = await setup();
      const [one, two] = [aProfile(a.store.id, a.accountRealm.id, 0), aProfile(a.store.id, a.accountRealm.id, 1)];
      await profiles.insert(one);
      await profiles.insert(two);
      const ron = aCredential(one, 'Ron.Swanson');
      expect(await credentials.insert(ron)).to.deep.equal(E.right(ron));
      expect(await credentials.insert(aCredential(one, 'ron.swanson'))).to.deep.equal(E.left(taken));
      expect(E.isRight(await credentials.insert(aCredential(two, 'RON.SWANSON')))).to.equal(true);
      expect(await credentials.findByUsername(a.store.id, one.id, 'RON.swanson')).to.deep.equal(ron);
      expect(await credentials.findByUsername(a.store.id, one.id, 'ron')).to.equal(undefined);
      expect(await credentials.findByUsername(randomIds.uuid(), one.id, 'ron.swanson')).to.equal(undefined);
      // Lower case can be longer than the name: 255 `İ` are 510 code points once lowered.
      const long = aCredential(one, 'İ'.repeat(255));
      expect(await credentials.insert(long)).to.deep.equal(E.right(long));
      expect(await credentials.findByUsername(a.store.id, one.id, long.username.toLowerCase())).to.deep.equal(long);
    });

    it('lets exactly one of many writes racing for a username win', async () => {
      const { a, profiles, credentials } = await setup();
      const profile = aProfile(a.store.id, a.accountRealm.id);
      await profiles.insert(profile);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, n) => credentials.insert(aCredential(profile, n % 2 === 0 ? 'race' : 'RACE', n))),
      );
      expect(results.filter(E.isRight)).to.have.length(1);
      expect(results.filter(E.isLeft).map((r) => r.left)).to.deep.equal(Array(5).fill(taken));
    });

    it("changes, lists and deletes a member's credentials, for that member alone", async () => {
      const { a, profiles, credentials } = await setup();
      const profile = aProfile(a.store.id, a.accountRealm.id);
      await profiles.insert(profile);
      const [ron, ann] = [aCredential(profile, 'ron', 0), aCredential(profile, 'ann', 1)];
      await credentials.insert(ron);
      await credentials.insert(ann);
      const ronPlace = { storeId: a.store.id, accountMemberId: ron.accountMemberId };
      const annPlace = { storeId: a.store.id, accountMemberId: ann.accountMemberId };
      expect(await credentials.find(ronPlace, ron.id)).to.deep.equal(ron);
      expect(await credentials.find(annPlace, ron.id)).to.equal(undefined);
      expect((await credentials.listForMember(ronPlace, listQuery(REALM_LIST))).items).to.deep.equal([ron]);
      expect(await credentials.update(ronPlace, ron.id, (c) => ({ ...c, username: 'ANN' }))).to.deep.equal(
        E.left(taken),
      );
      expect(await credentials.update(annPlace, ron.id, (c) => c)).to.deep.equal(E.left(missing));
      const changed = { ...ron, username: 'Ronald', passwordHash: 'new hash', updatedAt: at(7) };
      expect(await credentials.update(ronPlace, ron.id, () => changed)).to.deep.equal(E.right(changed));
      expect(await credentials.findByUsername(a.store.id, profile.id, 'ronald')).to.deep.equal(changed);
      expect(await credentials.findByUsername(a.store.id, profile.id, 'ron')).to.equal(undefined);
      expect(await credentials.delete(annPlace, ron.id)).to.equal(false);
      expect(await credentials.delete(ronPlace, ron.id)).to.equal(true);
      expect(await credentials.deleteForMember(annPlace)).to.equal(1);
      expect(await credentials.find(annPlace, ann.id)).to.equal(undefined);
    });

    it('takes the credentials with their profile, and refuses credentials for a profile that is gone', async () => {
      const { a, profiles, credentials, placeOf } = await setup();
      const profile = aProfile(a.store.id, a.accountRealm.id);
      await profiles.insert(profile);
      const ron = aCredential(profile, 'ron');
      await credentials.insert(ron);
      await profiles.delete(placeOf(a), profile.id);
      expect(await credentials.findByUsername(a.store.id, profile.id, 'ron')).to.equal(undefined);
      expect(await credentials.insert(aCredential(profile, 'ann'))).to.deep.equal(E.left(referenceMissing));
    });
  },
);
