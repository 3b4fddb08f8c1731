import { expect } from 'chai';
import { bootstrapKeyNotice } from '../../../src/adapters/service/bootstrap-key-file.js';
import type { CreatedStore } from '../../../src/application/use-cases/stores/create-store.js';

const created = {
  store: { id: 'store-1' },
  key: { clientId: 'client-1' },
  clientSecret: 'secret-1',
} as unknown as CreatedStore;

describe('the first start notice on stderr', () => {
  it('shows the secret on a terminal, with the file that also holds it', () => {
    expect(bootstrapKeyNotice(created, '/srv/key.txt', { written: true }, true)).to.equal(
      [
        'store_id: store-1',
        'client_id: client-1',
        'client_secret: secret-1',
        'Keep the client secret now: it is stored only as a hash and cannot be shown again.',
        'The key is also saved in /srv/key.txt (readable by its owner only).',
        '',
      ].join('\n'),
    );
  });

  it('keeps the secret out of stderr that is not a terminal, once the file holds it', () => {
    const notice = bootstrapKeyNotice(created, '/srv/key.txt', { written: true }, false);
    expect(notice).not.to.include('secret-1');
    expect(notice).to.equal(
      [
        'store_id: store-1',
        'client_id: client-1',
        'The client secret is not shown here (stderr is not a terminal): it is saved in /srv/key.txt (readable by its owner only).',
        '',
      ].join('\n'),
    );
  });

  it('shows the secret wherever stderr goes when the file could not take it: otherwise it would be lost', () => {
    for (const onTerminal of [true, false]) {
      const notice = bootstrapKeyNotice(
        created,
        '/srv/key.txt',
        { written: false, reason: 'the file already exists and is left as it is' },
        onTerminal,
      );
      expect(notice).to.include('client_secret: secret-1\n');
      expect(notice).to.include(
        'The key was NOT saved in /srv/key.txt: the file already exists and is left as it is.\n',
      );
    }
  });
});
