import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseNewJob } from '../../../src/domain/jobs/job-input.js';

const INVOICE = '6f1c2b7e-9a7d-4c1e-8f5e-1d2c3b4a5f60';
const job = (attributes: Record<string, unknown>) => ({ type: 'subscription_job', attributes });
const taxes = (items: unknown[] = [{ type: 'tax_item', rate: 0.2 }]) => [{ invoice_id: INVOICE, tax_items: items }];
const sources = (data: unknown): string[] => {
  const parsed = parseNewJob(data);
  return E.isLeft(parsed) ? parsed.left.map((i) => i.source) : [];
};
const detailOf = (data: unknown): string => {
  const parsed = parseNewJob(data);
  return E.isLeft(parsed) ? parsed.left.map((i) => i.detail).join('; ') : '';
};

describe('Job submission parsing', () => {
  it('reads each kind a client may submit', () => {
    for (const jobType of ['billing-run', 'payment-run'])
      expect(parseNewJob(job({ job_type: jobType }))).to.deep.equal(E.right({ jobType }));
    expect(
      parseNewJob(
        job({
          job_type: 'tax-run',
          external_ref: 'ref',
          taxes: taxes([{ type: 'tax_item', rate: 0.2, name: 'VAT', code: '20.0 % S', jurisdiction: 'GB' }]),
        }),
      ),
    ).to.deep.equal(
      E.right({
        jobType: 'tax-run',
        externalRef: 'ref',
        taxes: [
          {
            invoice_id: INVOICE,
            tax_items: [{ type: 'tax_item', rate: 0.2, name: 'VAT', code: '20.0 % S', jurisdiction: 'GB' }],
          },
        ],
      }),
    );
  });

  it('refuses an import, saying where its file goes', () => {
    expect(sources(job({ job_type: 'import' }))).to.deep.equal(['data.attributes.job_type']);
    expect(detailOf(job({ job_type: 'import' }))).to.contain('/subscriptions/imports');
  });

  const cases: ReadonlyArray<[string, Record<string, unknown>, string[]]> = [
    ['no job_type', {}, ['data.attributes.job_type']],
    ['an unknown job_type', { job_type: 'billing_run' }, ['data.attributes.job_type']],
    ['external_ref of 2048 characters', { job_type: 'billing-run', external_ref: 'r'.repeat(2048) }, []],
    [
      'external_ref of 2049 characters',
      { job_type: 'billing-run', external_ref: 'r'.repeat(2049) },
      ['data.attributes.external_ref'],
    ],
    ['external_ref that is not text', { job_type: 'billing-run', external_ref: 5 }, ['data.attributes.external_ref']],
    ['a tax run without taxes', { job_type: 'tax-run' }, ['data.attributes.taxes']],
    ['taxes with a billing run', { job_type: 'billing-run', taxes: taxes() }, ['data.attributes.taxes']],
    ['taxes with a payment run', { job_type: 'payment-run', taxes: taxes() }, ['data.attributes.taxes']],
    ['an empty taxes list', { job_type: 'tax-run', taxes: [] }, ['data.attributes.taxes']],
    ['an invoice without tax items', { job_type: 'tax-run', taxes: taxes([]) }, ['data.attributes.taxes.0.tax_items']],
    [
      'an invoice id that is no UUID',
      { job_type: 'tax-run', taxes: [{ invoice_id: 'x', tax_items: [{ type: 'tax_item', rate: 0.1 }] }] },
      ['data.attributes.taxes.0.invoice_id'],
    ],
    ['rate 0', { job_type: 'tax-run', taxes: taxes([{ type: 'tax_item', rate: 0 }]) }, []],
    ['rate 1', { job_type: 'tax-run', taxes: taxes([{ type: 'tax_item', rate: 1 }]) }, []],
    [
      'rate above 1',
      { job_type: 'tax-run', taxes: taxes([{ type: 'tax_item', rate: 1.0001 }]) },
      ['data.attributes.taxes.0.tax_items.0.rate'],
    ],
    [
      'a negative rate',
      { job_type: 'tax-run', taxes: taxes([{ type: 'tax_item', rate: -0.01 }]) },
      ['data.attributes.taxes.0.tax_items.0.rate'],
    ],
    [
      'no rate',
      { job_type: 'tax-run', taxes: taxes([{ type: 'tax_item' }]) },
      ['data.attributes.taxes.0.tax_items.0.rate'],
    ],
    [
      'a rate as text',
      { job_type: 'tax-run', taxes: taxes([{ type: 'tax_item', rate: '0.2' }]) },
      ['data.attributes.taxes.0.tax_items.0.rate'],
    ],
    [
      'a tax item of another type',
      { job_type: 'tax-run', taxes: taxes([{ type: 'tax', rate: 0.2 }]) },
      ['data.attributes.taxes.0.tax_items.0.type'],
    ],
    [
      'a jurisdiction of 1024 characters',
      { job_type: 'tax-run', taxes: taxes([{ type: 'tax_item', rate: 0.2, jurisdiction: 'j'.repeat(1024) }]) },
      [],
    ],
    [
      'name, code and jurisdiction of 1025 characters',
      {
        job_type: 'tax-run',
        taxes: taxes([
          {
            type: 'tax_item',
            rate: 0.2,
            name: 'n'.repeat(1025),
            code: 'c'.repeat(1025),
            jurisdiction: 'j'.repeat(1025),
          },
        ]),
      },
      [
        'data.attributes.taxes.0.tax_items.0.name',
        'data.attributes.taxes.0.tax_items.0.code',
        'data.attributes.taxes.0.tax_items.0.jurisdiction',
      ],
    ],
  ];
  for (const [title, attributes, expected] of cases) {
    it(`${expected.length === 0 ? 'accepts' : 'refuses'} ${title}`, () => {
      expect(sources(job(attributes))).to.deep.equal(expected);
    });
  }

  it('reports every problem at once, and a wrong type or missing attributes', () => {
    expect(sources(job({ job_type: 'nope', external_ref: 1 }))).to.deep.equal([
      'data.attributes.job_type',
      'data.attributes.external_ref',
    ]);
    expect(sources({ type: 'subscription_plan', attributes: { job_type: 'billing-run' } })).to.deep.equal([
      'data.type',
    ]);
    expect(sources({ type: 'subscription_job' })).to.deep.equal(['data.attributes']);
  });
});
