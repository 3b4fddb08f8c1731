import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { integerInRange } from '../../../src/domain/shared/integer.js';
import {
  applyChanges,
  optionalField,
  parseChanges,
  parseCreated,
  requiredField,
} from '../../../src/domain/shared/record-parser.js';
import { boundedString } from '../../../src/domain/shared/text.js';

const FIELDS = {
  title: requiredField(boundedString(1, 5)),
  size: optionalField(integerInRange(0, 10)),
  note: optionalField(boundedString(0, 3)),
};

const created = (input: unknown) => parseCreated(FIELDS, input, 'data');
const changes = (input: unknown) => parseChanges(FIELDS, input, 'data');

describe('record parser: new records', () => {
  it('keeps the given fields and leaves absent optional ones out', () => {
    expect(created({ title: 'abc', size: 3, note: 'n' })).to.deep.equal(E.right({ title: 'abc', size: 3, note: 'n' }));
    expect(created({ title: 'abc' })).to.deep.equal(E.right({ title: 'abc' }));
  });

  it('ignores unknown fields', () => {
    expect(created({ title: 'abc', colour: 'red', size: 1 })).to.deep.equal(E.right({ title: 'abc', size: 1 }));
  });

  it('treats an explicit undefined as absent', () => {
    expect(created({ title: 'abc', size: undefined })).to.deep.equal(E.right({ title: 'abc' }));
    expect(created({ title: undefined })).to.deep.equal(E.left([{ source: 'data.title', detail: 'is required' }]));
  });

  it('reports a missing or null required field as required', () => {
    expect(created({})).to.deep.equal(E.left([{ source: 'data.title', detail: 'is required' }]));
    expect(created({ title: null })).to.deep.equal(E.left([{ source: 'data.title', detail: 'is required' }]));
  });

  it('leaves a null optional field out of a new record', () => {
    expect(created({ title: 'abc', size: null })).to.deep.equal(E.right({ title: 'abc' }));
  });

  it('reads only own properties, not inherited ones', () => {
    const input: unknown = Object.assign(Object.create({ title: 'inherited', size: 1 }) as object, { note: 'n' });
    expect(created(input)).to.deep.equal(E.left([{ source: 'data.title', detail: 'is required' }]));
  });

  it('lists every problem, in the order the fields are specified, under the given prefix', () => {
    expect(parseCreated(FIELDS, { note: 'long', size: 11 }, 'data.attributes')).to.deep.equal(
      E.left([
        { source: 'data.attributes.title', detail: 'is required' },
        { source: 'data.attributes.size', detail: 'must be between 0 and 10' },
        { source: 'data.attributes.note', detail: 'must be at most 3 characters long' },
      ]),
    );
  });

  const notObjects: ReadonlyArray<[string, unknown]> = [
    ['null', null],
    ['undefined', undefined],
    ['an array', [{ title: 'abc' }]],
    ['a string', 'abc'],
    ['a number', 1],
  ];
  for (const [label, input] of notObjects) {
    it(`refuses ${label} in place of the object`, () => {
      expect(created(input)).to.deep.equal(E.left([{ source: 'data', detail: 'must be an object' }]));
      expect(changes(input)).to.deep.equal(E.left([{ source: 'data', detail: 'must be an object' }]));
    });
  }
});

describe('record parser: changes', () => {
  it('leaves absent fields out, including required ones', () => {
    expect(changes({})).to.deep.equal(E.right({}));
    expect(changes({ size: 2 })).to.deep.equal(E.right({ size: 2 }));
    expect(changes({ title: undefined })).to.deep.equal(E.right({}));
  });

  it('keeps null on an optional field, so that it clears it', () => {
    expect(changes({ size: null, note: null })).to.deep.equal(E.right({ size: null, note: null }));
  });

  it('refuses null on a required field', () => {
    expect(changes({ title: null })).to.deep.equal(E.left([{ source: 'data.title', detail: 'cannot be null' }]));
  });

  it('checks the fields that are given and lists every problem', () => {
    expect(changes({ title: '', size: 1.5, note: 'n', other: 1 })).to.deep.equal(
      E.left([
        { source: 'data.title', detail: 'must be 1 to 5 characters long' },
        { source: 'data.size', detail: 'must be an integer' },
      ]),
    );
  });

  it('ignores unknown fields', () => {
    expect(changes({ title: 'abc', colour: null })).to.deep.equal(E.right({ title: 'abc' }));
  });
});

describe('record parser: applying changes', () => {
  it('replaces given values, removes fields set to null, keeps the rest', () => {
    const current = { title: 'abc', size: 3, note: 'n' };
    expect(applyChanges(current, { title: 'xyz', note: null })).to.deep.equal({ title: 'xyz', size: 3 });
  });

  it('ignores undefined values and adds fields the record did not have', () => {
    expect(applyChanges({ title: 'abc' }, { size: undefined, note: 'n' })).to.deep.equal({ title: 'abc', note: 'n' });
  });

  it('leaves the current record untouched', () => {
    const current = { title: 'abc', size: 3 };
    applyChanges(current, { title: 'xyz', size: null });
    expect(current).to.deep.equal({ title: 'abc', size: 3 });
  });

  it('returns an equal copy when there is nothing to change', () => {
    const current = { title: 'abc' };
    const next = applyChanges(current, {});
    expect(next).to.deep.equal(current);
    expect(next).to.not.equal(current);
  });

  it('applies what parseChanges produced', () => {
    const parsed = changes({ size: null, note: 'new' });
    expect(E.isRight(parsed)).to.equal(true);
    if (E.isRight(parsed))
      expect(applyChanges({ title: 'abc', size: 4 }, parsed.right)).to.deep.equal({ title: 'abc', note: 'new' });
  });
});
