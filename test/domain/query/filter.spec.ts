import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import {
  FILTER_MAX_BYTES,
  FILTER_MAX_CONDITIONS,
  FILTER_PARSE_TITLE,
  type FilterRules,
  parseFilter,
} from '../../../src/domain/query/filter.js';
import { STORABLE_TEXT_RULE } from '../../../src/domain/shared/text.js';

const rules = {
  account_id: ['eq', 'in'],
  name: ['eq', 'in'],
  email: ['eq', 'in'],
  external_ref: ['eq', 'in'],
} as const satisfies FilterRules<string>;
const fields = ['account_id', 'name', 'email', 'external_ref'] as const;

const parse = (raw: string) => parseFilter(raw, rules);
const refused = (...details: string[]) =>
  E.left(details.map((detail) => ({ source: 'filter', title: FILTER_PARSE_TITLE, code: 'invalid_filter', detail })));
const quote = (value: string): string => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
const ALLOWED_FIELDS = 'allowed: account_id, email, external_ref, name';

describe('filter expressions', () => {
  describe('accepted', () => {
    for (const field of fields) {
      it(`eq on ${field}`, () => {
        expect(parse(`eq(${field},v1)`)).to.deep.equal(E.right([{ op: 'eq', field, value: 'v1' }]));
      });
      it(`in on ${field}`, () => {
        expect(parse(`in(${field},v1,v2)`)).to.deep.equal(E.right([{ op: 'in', field, values: ['v1', 'v2'] }]));
      });
    }

    it('joins conditions with : and keeps their order', () => {
      expect(parse('eq(email,a b@x.com):in(account_id,u1,u2):eq(name,Zoë)')).to.deep.equal(
        E.right([
          { op: 'eq', field: 'email', value: 'a b@x.com' },
          { op: 'in', field: 'account_id', values: ['u1', 'u2'] },
          { op: 'eq', field: 'name', value: 'Zoë' },
        ]),
      );
    });

    it('takes in with a single value', () => {
      expect(parse('in(name,solo)')).to.deep.equal(E.right([{ op: 'in', field: 'name', values: ['solo'] }]));
    });

    it('keeps repeated in values as given', () => {
      expect(parse('in(account_id,u1,u2,u1)')).to.deep.equal(
        E.right([{ op: 'in', field: 'account_id', values: ['u1', 'u2', 'u1'] }]),
      );
    });

    const bare: ReadonlyArray<[string, string]> = [
      ['a space', 'a b@x.com'],
      ['a plus', 'a+tag@x.com'],
      ['dots and dashes', 'first.last-name'],
      ['an apostrophe', "O'Brien"],
      ['a Latin accent', 'Zoë'],
      ['CJK', '名前'],
      ['emoji', '🎉 party 😀'],
      ['leading and trailing spaces', '  padded  '],
      ['a lone backslash', 'C\\dir'],
    ];
    for (const [label, value] of bare) {
      it(`keeps a bare value with ${label} exactly`, () => {
        expect(parse(`eq(email,${value})`)).to.deep.equal(E.right([{ op: 'eq', field: 'email', value }]));
      });
    }

    const quoted: ReadonlyArray<[string, string]> = [
      ['"a,b"', 'a,b'],
      ['"a:b"', 'a:b'],
      ['"f(x)"', 'f(x)'],
      ['"say \\"hi\\""', 'say "hi"'],
      ['"C:\\\\dir"', 'C:\\dir'],
      ['"  "', '  '],
    ];
    for (const [written, value] of quoted) {
      it(`reads the quoted value ${written}`, () => {
        expect(parse(`eq(name,${written})`)).to.deep.equal(E.right([{ op: 'eq', field: 'name', value }]));
      });
    }

    it('mixes quoted and bare values in one list', () => {
      expect(parse('in(name,"a,b",c,"d:e")')).to.deep.equal(
        E.right([{ op: 'in', field: 'name', values: ['a,b', 'c', 'd:e'] }]),
      );
    });
  });

  describe('refused', () => {
    const table: ReadonlyArray<[string, string, string]> = [
      ['an unknown operator', 'ne(email,x)', "unknown operator 'ne' at position 1; allowed: eq, in, like, gt, lt"],
      [
        'an operator in another case',
        'EQ(email,x)',
        "unknown operator 'EQ' at position 1; allowed: eq, in, like, gt, lt",
      ],
      ['an unknown field', 'eq(status,x)', `unknown field 'status' at position 4; ${ALLOWED_FIELDS}`],
      ['a field in another case', 'eq(Email,x)', `unknown field 'Email' at position 4; ${ALLOWED_FIELDS}`],
      [
        'an inherited property name',
        'eq(constructor,x)',
        `unknown field 'constructor' at position 4; ${ALLOWED_FIELDS}`,
      ],
      ['a missing comma', 'eq(email)', "expected ',' at position 9"],
      ['eq with two values', 'eq(email,a,b)', 'eq takes exactly one value (position 1)'],
      ['an unterminated quote', 'in(email,a,"abc', 'unterminated quoted value starting at position 12'],
      ['a quote ending in a backslash', 'eq(email,"abc\\', 'unterminated quoted value starting at position 10'],
      [
        'an unknown escape',
        'eq(email,"a\\nb")',
        "invalid escape '\\n' at position 12; inside quotes a backslash may only precede \" or \\",
      ],
      ['an empty bare value', 'eq(email,)', 'empty value at position 10'],
      ['an empty quoted value', 'eq(email,"")', 'empty value at position 10'],
      ['an empty value inside a list', 'in(email,a,,b)', 'empty value at position 12'],
      ['text after the closing parenthesis', 'eq(email,abc@x.com)zz', "unexpected text after ')' at position 20"],
      ['conditions joined with a comma', 'eq(email,a),eq(name,b)', "unexpected text after ')' at position 12"],
      ['a missing parenthesis', 'eq email', "expected '(' at position 9 (the end of the filter)"],
      ['a missing field', 'eq(,x)', 'expected a field name at position 4'],
      ['a quoted operator', '"eq"(email,x)', 'expected an operator at position 1'],
      ['a trailing colon', 'eq(email,a):', 'expected an operator at position 13 (the end of the filter)'],
      ['a missing closing parenthesis', 'eq(email,a', "expected ',' or ')' at position 11 (the end of the filter)"],
      ['text after a quoted value', 'eq(email,"a"b)', "expected ',' or ')' at position 13"],
      ['a quote inside a bare value', 'eq(email,a"b")', "expected ',' or ')' at position 11"],
      ['a parenthesis where a value belongs', 'eq(email,(a))', 'expected a value at position 10'],
      ['the empty string', '', 'the filter is empty'],
      ['only whitespace', ' \t ', 'the filter is empty'],
      ['a NUL in a value', 'eq(email,a\u0000b)', `${STORABLE_TEXT_RULE}; found one at position 11`],
      ['a NUL in a quoted value', 'eq(email,"😀\u0000")', `${STORABLE_TEXT_RULE}; found one at position 12`],
      ['a lone surrogate in a field name', 'eq(em\uD800,a)', `${STORABLE_TEXT_RULE}; found one at position 6`],
    ];
    for (const [label, raw, detail] of table) {
      it(`${label}: ${raw}`, () => {
        expect(parse(raw)).to.deep.equal(refused(detail));
      });
    }

    it('refuses like where a field does not take it, and with more than one pattern', () => {
      expect(parse('like(email,*@example.com)')).to.deep.equal(
        refused("operator 'like' is not allowed on field 'email' at position 1; allowed: eq, in"),
      );
      expect(parseFilter('like(name,a*,b*)', { name: ['like'] })).to.deep.equal(
        refused('like takes exactly one value (position 1)'),
      );
      expect(parseFilter('like(name,"*swan*")', { name: ['like'] })).to.deep.equal(
        E.right([{ op: 'like', field: 'name', value: '*swan*' }]),
      );
    });

    it('refuses an operator the field does not accept', () => {
      const narrow: FilterRules<'name' | 'tags'> = { name: ['eq'], tags: [] };
      expect(parseFilter('in(name,a,b):eq(tags,x)', narrow)).to.deep.equal(
        refused(
          "operator 'in' is not allowed on field 'name' at position 1; allowed: eq",
          "operator 'eq' is not allowed on field 'tags' at position 14; allowed: none",
        ),
      );
    });

    it('reports every unknown field and operator, in order', () => {
      expect(parse('eq(status,x):ne(email,y):in(colour,r,g):eq(name,ok)')).to.deep.equal(
        refused(
          `unknown field 'status' at position 4; ${ALLOWED_FIELDS}`,
          "unknown operator 'ne' at position 14; allowed: eq, in, like, gt, lt",
          `unknown field 'colour' at position 29; ${ALLOWED_FIELDS}`,
        ),
      );
    });

    it('reports an unknown operator and field of the same condition', () => {
      expect(parse('ne(status,x)')).to.deep.equal(
        refused(
          "unknown operator 'ne' at position 1; allowed: eq, in, like, gt, lt",
          `unknown field 'status' at position 4; ${ALLOWED_FIELDS}`,
        ),
      );
    });

    it('reports the problems before a syntax error along with it', () => {
      expect(parse('eq(status,x):eq(name,a,b):eq(email')).to.deep.equal(
        refused(
          `unknown field 'status' at position 4; ${ALLOWED_FIELDS}`,
          'eq takes exactly one value (position 14)',
          "expected ',' at position 35 (the end of the filter)",
        ),
      );
    });

    it('counts positions in characters, an emoji being one', () => {
      expect(parse('eq(name,😀):ne(email,x)')).to.deep.equal(
        refused("unknown operator 'ne' at position 12; allowed: eq, in, like, gt, lt"),
      );
    });
  });

  describe('limits', () => {
    const conditions = (n: number) => Array.from({ length: n }, (_, i) => `eq(name,n${i})`).join(':');

    it(`accepts ${FILTER_MAX_CONDITIONS} conditions`, () => {
      const parsed = parse(conditions(10));
      expect(E.isRight(parsed) && parsed.right.length).to.equal(10);
    });

    it('refuses 11 conditions', () => {
      expect(parse(conditions(11))).to.deep.equal(refused('more than 10 conditions'));
    });

    // `eq(email,` and `)` take 10 bytes, leaving 8182 for the value.
    const values: ReadonlyArray<[string, string]> = [
      ['1-byte', 'x'.repeat(8182)],
      ['2-byte', 'é'.repeat(4091)],
      ['3-byte', `${'€'.repeat(2727)}x`],
      ['4-byte', `${'😀'.repeat(2045)}é`],
    ];
    for (const [label, value] of values) {
      it(`accepts ${FILTER_MAX_BYTES} bytes of ${label} characters and refuses one more byte`, () => {
        const raw = `eq(email,${value})`;
        expect(Buffer.byteLength(raw, 'utf8')).to.equal(FILTER_MAX_BYTES);
        expect(parse(raw)).to.deep.equal(E.right([{ op: 'eq', field: 'email', value }]));
        expect(parse(`eq(email,${value}x)`)).to.deep.equal(refused('longer than 8192 bytes'));
      });
    }

    it('counts bytes, not characters', () => {
      const raw = `eq(email,${'😀'.repeat(2046)})`;
      expect([...raw].length).to.be.below(FILTER_MAX_BYTES);
      expect(parse(raw)).to.deep.equal(refused('longer than 8192 bytes'));
    });
  });

  describe('properties', () => {
    const anyText = fc
      .string({ unit: 'binary', minLength: 1 })
      .map((s) => s.replaceAll('\u0000', ''))
      .filter((s) => s !== '');

    it('a quoted value comes back exactly', () => {
      fc.assert(
        fc.property(anyText, (value) => {
          expect(parse(`eq(email,${quote(value)})`)).to.deep.equal(E.right([{ op: 'eq', field: 'email', value }]));
        }),
      );
    });

    it('a list of quoted values comes back exactly, in order', () => {
      fc.assert(
        fc.property(fc.array(anyText, { minLength: 1, maxLength: 6 }), (values) => {
          expect(parse(`in(external_ref,${values.map(quote).join(',')})`)).to.deep.equal(
            E.right([{ op: 'in', field: 'external_ref', values }]),
          );
        }),
      );
    });

    it('a value without , : ( ) " comes back unquoted', () => {
      const bareText = anyText.map((s) => s.replace(/[,:()"]/g, '')).filter((s) => s !== '');
      fc.assert(
        fc.property(bareText, (value) => {
          expect(parse(`eq(email,${value})`)).to.deep.equal(E.right([{ op: 'eq', field: 'email', value }]));
        }),
      );
    });

    it('a value holding a NUL is refused, wherever it stands', () => {
      fc.assert(
        fc.property(fc.string(), fc.string(), (before, after) => {
          const parsed = parse(`eq(email,${quote(`${before}\u0000${after}`)})`);
          expect(E.isLeft(parsed) && parsed.left[0].detail.startsWith(STORABLE_TEXT_RULE)).to.equal(true);
        }),
      );
    });

    it('any text parses or is refused with filter issues, never throwing', () => {
      const filterish = fc.string({
        unit: fc.constantFrom('e', 'q', 'i', 'n', 'a', 'm', ',', ':', '(', ')', '"', '\\', ' ', 'é'),
      });
      fc.assert(
        fc.property(fc.oneof(anyText, filterish), (raw) => {
          const parsed = parse(raw);
          if (E.isLeft(parsed)) {
            for (const issue of parsed.left) expect(issue).to.include({ source: 'filter', title: FILTER_PARSE_TITLE });
          }
        }),
      );
    });
  });
});
