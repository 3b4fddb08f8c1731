import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { OBSERVABLE_KEYS } from '../../../src/domain/events/event-keys.js';
import { withinShares } from '../../../src/domain/integrations/delivery-shares.js';
import {
  applyIntegrationChanges,
  parseIntegrationChanges,
  parseNewIntegration,
  SECRET_KEY_RULE,
} from '../../../src/domain/integrations/integration.js';
import { STORABLE_TEXT_RULE } from '../../../src/domain/shared/text.js';

const webhook = (more: Record<string, unknown> = {}) => ({
  type: 'integration',
  name: 'n',
  integration_type: 'webhook',
  observes: [],
  configuration: { url: 'https://h.example.com/' },
  ...more,
});

describe('Integration rules', () => {
  it('takes names of 1 to 255 code points, descriptions up to 1024, URLs up to 2048, secrets of 1 to 255', () => {
    const cases: readonly [Record<string, unknown>, boolean][] = [
      [{ name: '' }, false],
      [{ name: 'n' }, true],
      [{ name: '☕'.repeat(255) }, true],
      [{ name: 'n'.repeat(256) }, false],
      [{ description: '' }, true],
      [{ description: 'd'.repeat(1024) }, true],
      [{ description: 'd'.repeat(1025) }, false],
      [{ configuration: { url: `https://h.example.com/${'p'.repeat(2048 - 22)}` } }, true],
      [{ configuration: { url: `https://h.example.com/${'p'.repeat(2049 - 22)}` } }, false],
      [{ configuration: { url: 'https://h.example.com/', secret_key: '' } }, false],
      [{ configuration: { url: 'https://h.example.com/', secret_key: 's'.repeat(255) } }, true],
      [{ configuration: { url: 'https://h.example.com/', secret_key: 's'.repeat(256) } }, false],
      [{ configuration: { url: 'ws://h.example.com/' } }, false],
      [{ configuration: { url: 'http://[::1/' } }, false],
      [{ observes: 'subscription.created' }, false],
      [{ observes: [...OBSERVABLE_KEYS] }, true],
      [{ enabled: 'true' }, false],
    ];
    for (const [more, valid] of cases)
      expect(E.isRight(parseNewIntegration(webhook(more))), JSON.stringify(more).slice(0, 80)).to.equal(valid);
  });

  describe('a secret_key is sent as a header: printable ASCII, no space at either end, at create and update', () => {
    /** Each secret, and whether it is taken or the reason it is refused with. */
    const secrets: readonly [string, string, true | string][] = [
      [
        'every printable ASCII character',
        Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
          .join('')
          .trim(),
        true,
      ],
      ['one character', 's', true],
      ['a space between others', 'my secret', true],
      ['the first and last printable ones', '!~', true],
      ['a Latin-1 é (sent as one byte, signed as two)', 'clé', SECRET_KEY_RULE],
      ['a € beyond Latin-1 (Node refuses to send it)', 'price-in-€', SECRET_KEY_RULE],
      ['an emoji', 'key-😀', SECRET_KEY_RULE],
      ['a tab', 'a\tb', SECRET_KEY_RULE],
      ['a newline', 'a\nb', SECRET_KEY_RULE],
      ['a carriage return', 'a\rb', SECRET_KEY_RULE],
      ['NUL', 'a\u0000b', STORABLE_TEXT_RULE],
      ['DEL', 'a\u007fb', SECRET_KEY_RULE],
      ['a leading space (HTTP strips it)', ' secret', SECRET_KEY_RULE],
      ['a trailing space', 'secret ', SECRET_KEY_RULE],
      ['only a space', ' ', SECRET_KEY_RULE],
    ];
    for (const [label, secret, outcome] of secrets) {
      it(`${outcome === true ? 'takes' : 'refuses, naming the field,'} ${label}`, () => {
        const configuration = { url: 'https://h.example.com/', secret_key: secret };
        const created = parseNewIntegration(webhook({ configuration }));
        const updated = parseIntegrationChanges({ type: 'integration', configuration: { secret_key: secret } });
        for (const result of [created, updated]) {
          if (outcome === true) {
            expect(E.isRight(result), JSON.stringify(result)).to.equal(true);
          } else {
            expect(result).to.deep.equal(
              E.left({ _tag: 'Invalid', issues: [{ source: 'data.configuration.secret_key', detail: outcome }] }),
            );
          }
        }
      });
    }
  });

  it('defaults enabled to true, and a partial update keeps what it leaves out', () => {
    const created = parseNewIntegration(
      webhook({ description: 'd', configuration: { url: 'https://h.example.com/', secret_key: 's' } }),
    );
    if (E.isLeft(created)) throw new Error('refused');
    expect(created.right.enabled).to.equal(true);
    const changes = parseIntegrationChanges({
      type: 'integration',
      configuration: { url: 'https://other.example.com/' },
    });
    if (E.isLeft(changes)) throw new Error('refused');
    expect(applyIntegrationChanges(created.right, changes.right)).to.deep.equal({
      ...created.right,
      configuration: { url: 'https://other.example.com/', secret_key: 's' },
    });
  });

  it('never throws on any input, and accepts only what it can store', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (data, configuration) => {
        const parsed = parseNewIntegration(data);
        const withConfig = parseNewIntegration({ ...webhook(), configuration });
        for (const result of [parsed, withConfig])
          if (E.isRight(result)) expect(result.right.configuration.url).to.match(/^https?:\/\//);
      }),
    );
  });

  it('keeps every integration within its share of the slots, counting what it holds already', () => {
    const candidates = [...'aaaaabbbc'].map((integrationId, i) => ({ id: `d${i}`, integrationId }));
    expect(withinShares(candidates, 10, new Map(), 2)).to.deep.equal(['d0', 'd1', 'd5', 'd6', 'd8']);
    expect(
      withinShares(
        candidates,
        10,
        new Map([
          ['a', 2],
          ['b', 1],
        ]),
        2,
      ),
    ).to.deep.equal(['d5', 'd8']);
    expect(withinShares(candidates, 3, new Map(), 2)).to.deep.equal(['d0', 'd1', 'd5']);
    expect(withinShares(candidates, 0, new Map(), 2)).to.deep.equal([]);
  });
});
