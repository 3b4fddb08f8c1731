import { useState } from 'preact/hooks';
import { api } from '../api';
import { rateFromPercent } from '../decimal';
import { JobReport } from '../job-report-view';
import { LIST_FILTERS } from '../list-filters';
import type { ListAnswer } from '../paged-list';
import { PagedList } from '../paged-list';
import { type Invoice, type Job, type Schedule, SUBSCRIPTIONS } from '../resources';
import type { Place } from '../route';
import { ActionButton, ActionForm, ConfirmButton, Field, Problems, Select, text, useLoad, when } from '../ui';
import { InvoiceRows } from './invoices';
import { TestClockSection } from './test-clock';

const run = async (attributes: Record<string, unknown>): Promise<void> => {
  await api('POST', `${SUBSCRIPTIONS}/jobs`, { data: { type: 'subscription_job', attributes } });
};

/** A tax run for one invoice: EPCC's runs take the taxes the merchant's tax service worked out. */
const TaxRun = ({ onDone }: { onDone: () => void }) => (
  <ActionForm
    label="Start a tax run"
    submit="Start tax run"
    action={async (form) => {
      await run({
        job_type: 'tax-run',
        taxes: [
          {
            invoice_id: text(form, 'invoice_id'),
            tax_items: [
              {
                type: 'tax_item',
                name: text(form, 'name'),
                rate: rateFromPercent('Rate', text(form, 'rate')),
                ...(text(form, 'jurisdiction') === '' ? {} : { jurisdiction: text(form, 'jurisdiction') }),
              },
            ],
          },
        ],
      });
      onDone();
    }}
  >
    <Field label="Invoice id">
      <input name="invoice_id" required spellcheck={false} />
    </Field>
    <Field label="Tax name">
      <input name="name" required defaultValue="VAT" />
    </Field>
    <Field label="Rate" hint="percent, e.g. 5.8">
      <input name="rate" inputMode="decimal" autoComplete="off" required />
    </Field>
    <Field label="Jurisdiction" hint="optional">
      <input name="jurisdiction" />
    </Field>
  </ActionForm>
);

const Schedules = () => {
  const [round, setRound] = useState(0);
  const schedules = useLoad<ListAnswer<Schedule>>(`${SUBSCRIPTIONS}/schedules?page[limit]=100`, round);
  const changed = () => setRound((r) => r + 1);
  return (
    <section aria-labelledby="schedules">
      <h2 id="schedules">Schedules</h2>
      <Problems error={schedules.error} />
      <ul>
        {schedules.data?.data.map((s) => (
          <li key={s.id}>
            {s.attributes.name ?? s.attributes.job.job_type}: <code>{s.attributes.specification}</code>{' '}
            {s.attributes.location ?? 'UTC'}, next {when(s.meta.scheduled_for)}{' '}
            <ConfirmButton
              label="Delete"
              confirm="Delete this schedule"
              action={async () => {
                await api('DELETE', `${SUBSCRIPTIONS}/schedules/${s.id}`);
                changed();
              }}
            />
          </li>
        ))}
      </ul>
      {schedules.data?.data.length === 0 ? <p>No schedule: runs start only by hand.</p> : null}
      <details>
        <summary>Add a schedule</summary>
        <ActionForm
          label="Add a schedule"
          submit="Add schedule"
          action={async (form) => {
            await api('POST', `${SUBSCRIPTIONS}/schedules`, {
              data: {
                type: 'subscription_schedule',
                attributes: {
                  specification: text(form, 'specification'),
                  location: text(form, 'location') || 'UTC',
                  job: { job_type: text(form, 'job_type') },
                  ...(text(form, 'name') === '' ? {} : { name: text(form, 'name') }),
                },
              },
            });
            changed();
          }}
        >
          <Field label="Run">
            <Select
              name="job_type"
              options={[
                ['billing-run', 'billing run'],
                ['payment-run', 'payment run'],
                ['tax-run', 'tax run'],
              ]}
            />
          </Field>
          <Field label="When" hint="cron: minute hour day month weekday, e.g. 30 0 * * *">
            <input name="specification" required />
          </Field>
          <Field label="Time zone" hint="IANA name, e.g. Europe/London">
            <input name="location" defaultValue="UTC" />
          </Field>
          <Field label="Name" hint="optional">
            <input name="name" />
          </Field>
        </ActionForm>
      </details>
    </section>
  );
};

const Outstanding = ({ round, onChange }: { round: number; onChange: () => void }) => {
  const invoices = useLoad<ListAnswer<Invoice>>(
    `${SUBSCRIPTIONS}/invoices?filter=eq(outstanding,true)&page[limit]=25`,
    round,
  );
  return (
    <section aria-labelledby="outstanding">
      <h2 id="outstanding">Outstanding invoices</h2>
      <Problems error={invoices.error} />
      {invoices.data === undefined ? null : (
        <>
          <p>{invoices.data.meta.results.total.toLocaleString('en')} owed; the newest 25 are here.</p>
          <InvoiceRows invoices={invoices.data.data} round={round} onChange={onChange} withSubscription />
        </>
      )}
    </section>
  );
};

export const BillingPage = ({ place }: { place: Place }) => {
  const [round, setRound] = useState(0);
  const changed = () => setRound((r) => r + 1);
  return (
    <>
      <h1>Billing</h1>
      <section aria-labelledby="runs">
        <h2 id="runs">Runs</h2>
        <p>
          A billing run invoices what is due; a payment run collects what invoices owe (asking the merchant for manual
          payments). Runs of one kind run one at a time.
        </p>
        <ActionButton
          label="Start billing run"
          action={async () => {
            await run({ job_type: 'billing-run' });
            changed();
          }}
        />
        <ActionButton
          label="Start payment run"
          action={async () => {
            await run({ job_type: 'payment-run' });
            changed();
          }}
        />
        <ActionButton label="Refresh" action={async () => changed()} />
        <details>
          <summary>Start a tax run</summary>
          <TaxRun onDone={changed} />
        </details>
        <PagedList<Job>
          label="Jobs"
          path={`${SUBSCRIPTIONS}/jobs`}
          route="billing"
          place={place}
          reloadKey={round}
          limit={10}
          filters={LIST_FILTERS.jobs}
          columns={[
            { title: 'Kind', cell: (j) => j.attributes.job_type },
            { title: 'Status', cell: (j) => j.attributes.status },
            { title: 'Started', cell: (j) => when(j.meta.timestamps.created_at) },
            { title: 'Finished', cell: (j) => when(j.meta.timestamps.finished_at) },
            { title: 'Report', cell: (j) => <JobReport job={j} /> },
          ]}
        />
      </section>
      <Outstanding round={round} onChange={changed} />
      <Schedules />
      <TestClockSection />
    </>
  );
};
