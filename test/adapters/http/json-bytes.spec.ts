import { expect } from 'chai';
import fc from 'fast-check';
import { JsonBytes } from '../../../src/adapters/http/documents/json-bytes.js';

const text = fc.string({ unit: 'grapheme' });
const document = fc.dictionary(text, fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 3 })));

describe('JSON written as bytes, documents encoded once', () => {
  it('writes exactly the UTF-8 of what JSON.stringify writes for the whole, in any script', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 5 }), fc.array(document, { maxLength: 4 }), (values, documents) => {
        const out = new JsonBytes().text('{"values":').value(values).text(',"documents":[');
        documents.forEach((d, i) => {
          out.text(i === 0 ? '' : ',').document(d);
        });
        const written = out.text('],"tail":').value(values).text('}').toBuffer();
        expect(written.equals(Buffer.from(JSON.stringify({ values, documents, tail: values })))).to.equal(true);
      }),
    );
  });

  it('writes a document as it was the first time: its bytes are kept, not written again', () => {
    const shared = { name: 'Ünïcode ☕' };
    const first = new JsonBytes().document(shared).toBuffer();
    const second = new JsonBytes().text('[').document(shared).text(',').document(shared).text(']').toBuffer();
    expect(first.toString()).to.equal(JSON.stringify(shared));
    expect(second.toString()).to.equal(JSON.stringify([shared, shared]));
  });

  it('writes nothing for nothing, and text alone when there is no document', () => {
    expect(new JsonBytes().toBuffer().length).to.equal(0);
    expect(new JsonBytes().value({ a: 'é' }).toBuffer().toString()).to.equal('{"a":"é"}');
  });
});
