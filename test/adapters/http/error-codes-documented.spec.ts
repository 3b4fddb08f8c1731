import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODE_MEANINGS } from '../../../src/adapters/http/error-documents.js';

describe('error codes in the README', () => {
  it('lists every code once, with its meaning as the code states it', async () => {
    const readme = await readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \| (.+) \|$/gm)].map(([, code, , meaning]) => [code, meaning?.replaceAll('\\|', '|')]);
    expect(rows).to.deep.equal(Object.entries(ERROR_CODE_MEANINGS));
  });
});
