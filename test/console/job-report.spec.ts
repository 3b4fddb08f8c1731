import { expect } from 'chai';
import { reportText } from '../../console/src/job-report.js';

describe("Console: a job's report in words", () => {
  const table: [Record<string, unknown>, string][] = [
    [
      {
        invoices_ready_for_payment: 1,
        invoices_tax_required: 0,
        invoice_failures: 0,
        total_ready_for_payment: { USD: { amount: 1500, includes_tax: true }, JPY: { amount: 1500 } },
        total_tax_required: {},
      },
      'invoices ready for payment: 1; invoices tax required: 0; invoice failures: 0; total ready for payment: $15.00, ¥1,500; total tax required: none',
    ],
    [
      {
        total_payment_attempts: 2,
        failed_payments: 1,
        total_collected: { KWD: { amount: 1500, includes_tax: false } },
      },
      'total payment attempts: 2; failed payments: 1; total collected: KWD\u00a01.500',
    ],
    [{ invoices_updated: 1, invoice_failures: 0 }, 'invoices updated: 1; invoice failures: 0'],
    [
      { records: { uploaded: { subscription_product: 2 }, imported: { subscription_product: 1 } }, failed: 1 },
      'records: uploaded subscription product 2, imported subscription product 1; failed: 1',
    ],
  ];
  for (const [report, text] of table) it(text, () => expect(reportText(report)).to.equal(text));
});
