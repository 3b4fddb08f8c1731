import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import type { Access } from '../../../src/domain/auth/access.js';
import {
  type KeyScopes,
  parseScopes,
  SCOPES,
  type Scope,
  scopeNeeded,
  scopeRefusal,
  scopesFromText,
  scopesPermit,
  scopesText,
} from '../../../src/domain/auth/scope.js';
import { propertyRuns } from '../../properties/property-runs.js';

const ACCESSES: readonly Access[] = ['catalogue', 'edit-catalogue', 'read', 'write', 'admin', 'people'];

describe('key scopes', () => {
  // Every scope against every access the routes declare: the whole rule, as a table.
  const table: ReadonlyArray<[Scope, Readonly<Record<Access, boolean>>]> = [
    ['read-only', { catalogue: true, 'edit-catalogue': false, read: true, write: false, admin: false, people: false }],
    ['catalogue', { catalogue: true, 'edit-catalogue': true, read: false, write: false, admin: false, people: false }],
    ['billing', { catalogue: true, 'edit-catalogue': false, read: true, write: true, admin: false, people: false }],
  ];
  for (const [scope, allowed] of table) {
    for (const access of ACCESSES) {
      it(`${allowed[access] ? 'lets' : 'stops'} ${scope} ${access}`, () => {
        expect(scopesPermit([scope], access)).to.equal(allowed[access]);
      });
    }
  }

  it('gives a key without scopes full access, admin included', () => {
    for (const access of ACCESSES) expect(scopesPermit(null, access)).to.equal(true);
  });

  it('adds scopes up: a key may do what any of its scopes allows', () => {
    fc.assert(
      fc.property(fc.subarray([...SCOPES], { minLength: 1 }), fc.constantFrom(...ACCESSES), (scopes, access) => {
        expect(scopesPermit(scopes, access)).to.equal(scopes.some((scope) => scopesPermit([scope], access)));
      }),
      { numRuns: propertyRuns(100) },
    );
  });

  it('names in a refusal a scope that would allow the request, or full access for admin', () => {
    for (const access of ACCESSES) {
      const needed = scopeNeeded(access);
      if (needed === undefined) expect(access).to.be.oneOf(['admin', 'people']);
      else expect(scopesPermit([needed], access), access).to.equal(true);
    }
    expect(scopeRefusal(['read-only'], 'write')).to.equal(
      "the key's scopes (read-only) do not allow this request: it needs the scope billing",
    );
    expect(scopeRefusal(['catalogue', 'billing'], 'admin')).to.match(/needs a key without scopes \(full access\)$/);
  });

  it('reads a list of distinct scopes in a fixed order, and null as full access', () => {
    expect(parseScopes('data.scopes')(['billing', 'read-only'])).to.deep.equal(E.right(['read-only', 'billing']));
    expect(parseScopes('data.scopes')(null)).to.deep.equal(E.right(null));
    expect(parseScopes('data.scopes')([...SCOPES])).to.deep.equal(E.right([...SCOPES]));
  });

  const refused: ReadonlyArray<[string, unknown, readonly string[]]> = [
    ['an empty list', [], ['data.scopes']],
    ['a string', 'read-only', ['data.scopes']],
    ['an object', { 0: 'billing' }, ['data.scopes']],
    ['an unknown scope', ['read-only', 'admin'], ['data.scopes.1']],
    ['a scope in another case', ['Billing'], ['data.scopes.0']],
    ['a repeated scope', ['billing', 'billing'], ['data.scopes.1']],
    ['a number and null inside', [1, null], ['data.scopes.0', 'data.scopes.1']],
    ['a very long list', Array.from({ length: 13 }, () => 'billing'), ['data.scopes']],
  ];
  for (const [label, input, sources] of refused) {
    it(`refuses ${label}, naming each bad entry`, () => {
      const parsed = parseScopes('data.scopes')(input);
      expect(E.isLeft(parsed) && parsed.left.map((i) => i.source)).to.deep.equal(sources);
    });
  }

  it('never accepts anything but distinct known scopes (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...SCOPES), fc.string(), fc.integer())), (input) => {
        const parsed = parseScopes('s')(input);
        const valid =
          input.length > 0 &&
          input.every(
            (v, i) => typeof v === 'string' && (SCOPES as readonly string[]).includes(v) && input.indexOf(v) === i,
          );
        expect(E.isRight(parsed)).to.equal(valid);
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('stores scopes as text and reads them back unchanged', () => {
    const cases: KeyScopes[] = [null, ['read-only'], ['catalogue', 'billing'], [...SCOPES]];
    for (const scopes of cases) expect(scopesFromText(scopesText(scopes))).to.deep.equal(scopes);
  });
});
