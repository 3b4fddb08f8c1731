import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { type Access, permits } from '../../../src/domain/auth/grant.js';
import { parseRevokedToken } from '../../../src/domain/auth/revocation-request.js';
import { parseTokenRequest } from '../../../src/domain/auth/token-request.js';
import { needsLastUsedUpdate } from '../../../src/domain/keys/application-key.js';
import { STORABLE_TEXT_RULE } from '../../../src/domain/shared/text.js';

describe('token requests', () => {
  it('reads the client credentials grant', () => {
    expect(parseTokenRequest({ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' })).to.deep.equal(
      E.right({ grant: 'client_credentials', clientId: 'a', clientSecret: 'b' }),
    );
  });

  it('reads the implicit grant without a secret', () => {
    expect(parseTokenRequest({ grant_type: 'implicit', client_id: 'a' })).to.deep.equal(
      E.right({ grant: 'implicit', clientId: 'a' }),
    );
  });

  it('reports a missing secret and client id together', () => {
    expect(parseTokenRequest({ grant_type: 'client_credentials' })).to.deep.equal(
      E.left([
        { source: 'client_id', detail: 'is required' },
        { source: 'client_secret', detail: 'is required' },
      ]),
    );
  });

  const unusable: ReadonlyArray<[string, Record<string, string>, { source: string; detail: string }]> = [
    [
      'a NUL in the client id',
      { grant_type: 'implicit', client_id: 'ab\u0000' },
      { source: 'client_id', detail: STORABLE_TEXT_RULE },
    ],
    [
      'a lone surrogate in the client id',
      { grant_type: 'implicit', client_id: '\uD800' },
      { source: 'client_id', detail: STORABLE_TEXT_RULE },
    ],
    [
      'a NUL in the secret',
      { grant_type: 'client_credentials', client_id: 'a', client_secret: '\u0000' },
      { source: 'client_secret', detail: STORABLE_TEXT_RULE },
    ],
    [
      'a client id of 513 characters',
      { grant_type: 'implicit', client_id: 'c'.repeat(513) },
      { source: 'client_id', detail: 'must be at most 512 characters long' },
    ],
  ];
  for (const [label, form, problem] of unusable) {
    it(`names the field for ${label}`, () => {
      expect(parseTokenRequest(form)).to.deep.equal(E.left([problem]));
    });
  }

  it('accepts a client id of 512 characters', () => {
    expect(E.isRight(parseTokenRequest({ grant_type: 'implicit', client_id: 'c'.repeat(512) }))).to.equal(true);
  });

  it('counts a credential in code points, as its documented maxLength does: 512 astral characters pass, 513 do not', () => {
    // Each is two UTF-16 units, so a count of units would refuse 512 of them.
    const astral = (n: number) => '\u{1F511}'.repeat(n);
    expect(E.isRight(parseTokenRequest({ grant_type: 'implicit', client_id: astral(512) }))).to.equal(true);
    expect(parseTokenRequest({ grant_type: 'implicit', client_id: astral(513) })).to.deep.equal(
      E.left([{ source: 'client_id', detail: 'must be at most 512 characters long' }]),
    );
  });

  it('counts a revoked token in code points, as its documented maxLength does', () => {
    const astral = (n: number) => '\u{1F511}'.repeat(n);
    expect(parseRevokedToken({ token: astral(512) })).to.deep.equal(E.right(astral(512)));
    expect(parseRevokedToken({ token: astral(513) })).to.deep.equal(
      E.left([{ source: 'token', detail: 'must be at most 512 characters long' }]),
    );
  });

  it('refuses another grant and a body that is not a form', () => {
    expect(E.isLeft(parseTokenRequest({ grant_type: 'password', client_id: 'a' }))).to.equal(true);
    expect(parseTokenRequest('x')).to.deep.equal(
      E.left([
        { source: 'grant_type', detail: 'must be one of client_credentials, implicit' },
        { source: 'client_id', detail: 'is required' },
      ]),
    );
  });
});

describe('grants', () => {
  const table: ReadonlyArray<['client_credentials' | 'implicit', Access, boolean]> = [
    ['client_credentials', 'catalogue', true],
    ['client_credentials', 'read', true],
    ['client_credentials', 'edit-catalogue', true],
    ['client_credentials', 'write', true],
    ['client_credentials', 'admin', true],
    ['implicit', 'catalogue', true],
    ['implicit', 'read', false],
    ['implicit', 'edit-catalogue', false],
    ['implicit', 'write', false],
    ['implicit', 'admin', false],
  ];
  for (const [grant, access, allowed] of table) {
    it(`${allowed ? 'lets' : 'stops'} ${grant} ${access}`, () => {
      expect(permits(grant, access)).to.equal(allowed);
    });
  }
});

describe('last used time', () => {
  const at = new Date('2026-01-01T00:00:00.000Z');
  it('is written for a key never used, and then at most once a minute', () => {
    expect(needsLastUsedUpdate({ lastUsedAt: null }, at)).to.equal(true);
    expect(needsLastUsedUpdate({ lastUsedAt: at }, new Date(at.getTime() + 59_999))).to.equal(false);
    expect(needsLastUsedUpdate({ lastUsedAt: at }, new Date(at.getTime() + 60_000))).to.equal(true);
  });
});
