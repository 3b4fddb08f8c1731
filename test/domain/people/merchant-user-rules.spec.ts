import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { type MerchantUser, removesLastOwner } from '../../../src/domain/people/merchant-user.js';
import { parseMerchantUserChanges, parseNewMerchantUser } from '../../../src/domain/people/merchant-user-input.js';
import type { Role } from '../../../src/domain/people/role.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';

const person = (role: Role): MerchantUser => ({
  id: '1f0e8a2e-8d65-4a3f-9a57-1c2b3d4e5f60' as Uuid,
  storeId: '2f0e8a2e-8d65-4a3f-9a57-1c2b3d4e5f60' as Uuid,
  name: 'Ada',
  email: 'ada@example.com',
  role,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  lastSignedInAt: null,
});

describe("the merchant's people: rules", () => {
  describe('the last owner', () => {
    // before → after (undefined: deleted), other owners → refused
    const table: ReadonlyArray<[Role, Role | undefined, number, boolean]> = [
      ['owner', 'admin', 0, true],
      ['owner', 'read-only', 0, true],
      ['owner', undefined, 0, true],
      ['owner', 'owner', 0, false],
      ['owner', 'admin', 1, false],
      ['owner', undefined, 1, false],
      ['admin', undefined, 0, false],
      ['billing', 'admin', 0, false],
    ];
    for (const [before, after, others, refused] of table)
      it(`${refused ? 'refuses' : 'allows'} ${before} → ${after ?? 'deleted'} with ${others} other owner(s)`, () => {
        expect(removesLastOwner(person(before), after === undefined ? undefined : person(after), others)).to.equal(
          refused,
        );
      });
  });

  describe('a new person and a change', () => {
    const fields = { type: 'merchant_user', name: 'Ada', email: 'ada@example.com', role: 'owner' };
    const sources = (parsed: E.Either<readonly { source: string }[], unknown>) =>
      E.isLeft(parsed) ? parsed.left.map((i) => i.source) : [];
    // name lengths at the edges: 0 and 256 refused, 1 and 255 taken
    for (const [length, ok] of [
      [0, false],
      [1, true],
      [255, true],
      [256, false],
    ] as const)
      it(`${ok ? 'takes' : 'refuses'} a name of ${length} characters`, () => {
        expect(E.isRight(parseNewMerchantUser({ ...fields, name: 'a'.repeat(length) }))).to.equal(ok);
      });

    it('requires a name, an email address and one of the four roles, naming every problem', () => {
      expect(sources(parseNewMerchantUser({ type: 'merchant_user' }))).to.deep.equal([
        'data.name',
        'data.email',
        'data.role',
      ]);
      expect(sources(parseNewMerchantUser({ ...fields, type: 'user', email: 'a b@c', role: 'Owner' }))).to.deep.equal([
        'data.type',
        'data.email',
        'data.role',
      ]);
      expect(parseNewMerchantUser(fields)).to.deep.equal(
        E.right({ name: 'Ada', email: 'ada@example.com', role: 'owner' }),
      );
    });

    it('changes only the fields given, and refuses clearing a role', () => {
      expect(parseMerchantUserChanges({ type: 'merchant_user', role: 'billing' })).to.deep.equal(
        E.right({ role: 'billing' }),
      );
      expect(sources(parseMerchantUserChanges({ type: 'merchant_user', role: null, name: '' }))).to.deep.equal([
        'data.name',
        'data.role',
      ]);
    });
  });
});
