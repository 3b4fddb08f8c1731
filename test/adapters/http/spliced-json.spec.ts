import { expect } from 'chai';
import fc from 'fast-check';
import { SplicedJson } from '../../../src/adapters/http/documents/spliced-json.js';

describe('JSON with fragments written once', () => {
  it('writes exactly what JSON.stringify writes for the whole', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 5 }),
        fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { minLength: 1, maxLength: 4 }),
        (values, documents) => {
          const spliced = new SplicedJson();
          const withFragments = {
            values,
            documents: documents.map((d) => spliced.fragment(d)),
            again: documents.map((d) => spliced.fragment(d)),
          };
          expect(JSON.parse(spliced.toBuffer(withFragments).toString())).to.deep.equal(
            JSON.parse(JSON.stringify({ values, documents, again: documents })),
          );
        },
      ),
    );
  });

  it('writes as bytes exactly the UTF-8 of its text, fragments and all, in any script', () => {
    const text = fc.string({ unit: 'grapheme' });
    const document = fc.dictionary(text, fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 3 })));
    fc.assert(
      fc.property(fc.array(text, { maxLength: 5 }), fc.array(document, { maxLength: 4 }), (values, documents) => {
        const spliced = new SplicedJson();
        const value = { values, documents: documents.map((d) => spliced.fragment(d)), tail: values };
        const written = spliced.toBuffer(value);
        expect(written.equals(Buffer.from(JSON.stringify({ values, documents, tail: values })))).to.equal(true);
      }),
    );
  });

  it('leaves text that imitates a placeholder alone', () => {
    const spliced = new SplicedJson();
    const fragment = spliced.fragment({ a: 1 });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a placeholder is delimited by NUL characters
    const forged = fragment.replace(/:[0-9]+\u0000$/, ':0\u0000').replace(/^\u0000[^:]+/, '\u0000guess');
    expect(JSON.parse(spliced.toBuffer({ real: fragment, forged }).toString())).to.deep.equal({
      real: { a: 1 },
      forged,
    });
  });
});
