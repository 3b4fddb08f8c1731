import { expect } from 'chai';
import { errorDocument, withRequestId } from '../../../src/adapters/http/error-documents.js';

describe('error documents', () => {
  it('puts the request id in the meta of every error object, and leaves other bodies alone', () => {
    const document = {
      errors: [errorDocument(404, 'gone').errors[0]!, errorDocument(409, 'taken', 'prefix_taken').errors[0]!],
    };
    expect(withRequestId(document, 'r-1')).to.deep.equal({
      errors: [
        { status: '404', title: 'Not Found', code: 'route_not_found', detail: 'gone', meta: { request_id: 'r-1' } },
        { status: '409', title: 'Conflict', code: 'prefix_taken', detail: 'taken', meta: { request_id: 'r-1' } },
      ],
    });
    const list = { data: [] };
    expect(withRequestId(list, 'r-1')).to.equal(list);
    expect(withRequestId('{"errors":[]}', 'r-1')).to.equal('{"errors":[]}');
  });

  it('gives an error object stored without a code (a replay from before codes existed) its status code', () => {
    const stored = {
      errors: [
        { status: '409', title: 'Conflict', detail: 'the prefix is already in use' },
        { status: '422', title: 'Unprocessable Content' },
      ],
    };
    expect(withRequestId(stored, 'r-2')).to.deep.equal({
      errors: [
        {
          status: '409',
          title: 'Conflict',
          detail: 'the prefix is already in use',
          code: 'conflict',
          meta: { request_id: 'r-2' },
        },
        { status: '422', title: 'Unprocessable Content', code: 'unprocessable', meta: { request_id: 'r-2' } },
      ],
    });
  });
});
