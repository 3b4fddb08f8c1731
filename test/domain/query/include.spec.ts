import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseInclude } from '../../../src/domain/query/include.js';

const allowed = ['products', 'plans'] as const;
const parse = (raw: string | undefined) => parseInclude(raw, allowed);
const unknown = (...names: string[]) =>
  E.left(names.map((name) => ({ source: 'include', detail: `unknown include '${name}'; allowed: plans, products` })));

describe('include lists', () => {
  it('is empty when absent, empty or blank', () => {
    expect(parse(undefined)).to.deep.equal(E.right(new Set()));
    expect(parse('')).to.deep.equal(E.right(new Set()));
    expect(parse('  ')).to.deep.equal(E.right(new Set()));
  });

  it('reads comma-separated names', () => {
    expect(parse('plans,products')).to.deep.equal(E.right(new Set(['plans', 'products'])));
  });

  it('trims spaces around names and tolerates duplicates', () => {
    expect(parse(' plans , products,plans ')).to.deep.equal(E.right(new Set(['plans', 'products'])));
  });

  it('reports every unknown name once', () => {
    expect(parse('x,plans,y,x')).to.deep.equal(unknown('x', 'y'));
  });

  it('matches names exactly', () => {
    expect(parse('Plans')).to.deep.equal(unknown('Plans'));
  });

  it('refuses an empty name inside a list', () => {
    expect(parse('plans,')).to.deep.equal(unknown(''));
  });

  it('says so when nothing can be included', () => {
    expect(parseInclude('plans', [])).to.deep.equal(
      E.left([{ source: 'include', detail: "unknown include 'plans'; allowed: none" }]),
    );
  });
});
