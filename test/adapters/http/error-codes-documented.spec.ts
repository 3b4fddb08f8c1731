import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { ERROR_CODE_MEANINGS, ERROR_CODE_STATUS, ERROR_CODES } from '../../../src/adapters/http/error-documents.js';

describe('error codes in the API documentation', () => {
  it('lists every code once, with its status and its meaning as the code states them', async () => {
    const readme = await readFile(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \| (.+) \|$/gm)].map(([, code, status, meaning]) => [
      code,
      Number(status),
      meaning?.replaceAll('\\|', '|'),
    ]);
    expect(rows).to.deep.equal(ERROR_CODES.map((code) => [code, ERROR_CODE_STATUS[code], ERROR_CODE_MEANINGS[code]]));
  });
});
