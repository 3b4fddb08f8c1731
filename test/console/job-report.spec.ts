import { expect } from 'chai';
import { type ReportRow, reportRows } from '../../console/src/job-report.js';

describe("Console: a job's report as labelled lines", () => {
  const line = (label: string, value: string, failures = false): ReportRow => ({ label, value, failures });
  const table: [string, Record<string, unknown>, ReportRow[]][] = [
    [
      'a billing run, totals as money in each currency',
      {
        invoices_ready_for_payment: 1,
        invoices_tax_required: 0,
        invoice_failures: 0,
        total_ready_for_payment: { USD: { amount: 1500, includes_tax: true }, JPY: { amount: 1500 } },
        total_tax_required: {},
      },
      [
        line('Invoices ready for payment', '1'),
        line('Invoices waiting for tax', '0'),
        line('Invoices that failed', '0'),
        line('Total ready for payment', '$15.00, ¥1,500'),
        line('Total waiting for tax, tax excluded', 'none'),
      ],
    ],
    [
      'a payment run with a failure',
      {
        total_payment_attempts: 2,
        failed_payments: 1,
        total_collected: { KWD: { amount: 1500, includes_tax: false } },
      },
      [line('Payment attempts', '2'), line('Failed payments', '1', true), line('Collected', 'KWD\u00a01.500')],
    ],
    [
      'a tax run with a failure',
      { invoices_updated: 1, invoice_failures: 2 },
      [line('Invoices taxed', '1'), line('Invoices that failed', '2', true)],
    ],
    [
      "an import's nested counts",
      { records: { uploaded: { subscription_product: 2 }, imported: { subscription_product: 1 } }, failed: 1 },
      [
        line('Records', 'uploaded subscription product 2, imported subscription product 1'),
        line('Lines not imported', '1', true),
      ],
    ],
    ['a count it does not know, by its name', { later_count: 3 }, [line('later count', '3')]],
  ];
  for (const [label, report, rows] of table) it(label, () => expect(reportRows(report)).to.deep.equal(rows));
});
