import { reportRows } from './job-report';
import type { Job } from './resources';
import { href } from './route';

/**
 * A job's report as a definition list: each count labelled, money formatted, failure counts marked, the
 * reason of a failed job, and links to what the job worked on where the API names it (a tax run's
 * invoices, an import's failed lines). EPCC's run reports carry counts only, so a failure is listed by
 * its count; the raw report stays behind a disclosure.
 */
export const JobReport = ({ job }: { job: Job }) => {
  const report = job.meta.report ?? job.meta.import_report;
  const taxed = job.attributes.taxes ?? [];
  if (report === undefined && job.meta.error === undefined)
    return <span>{job.attributes.status === 'success' ? 'No report.' : 'Not finished yet.'}</span>;
  return (
    <div class="report">
      {job.meta.error === undefined ? null : <p class="failed">Failed: {job.meta.error}</p>}
      {report === undefined ? null : (
        <dl>
          {reportRows(report).map((row) => (
            <div key={row.label} class={row.failures ? 'failed' : undefined}>
              <dt>{row.label}</dt>
              <dd>
                {row.value}
                {row.failures ? ' (needs a look)' : ''}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {taxed.length === 0 ? null : (
        <p>
          Invoices of this run:{' '}
          {taxed.map((t, i) => (
            <span key={t.invoice_id}>
              {i === 0 ? '' : ', '}
              <a href={href(`invoices/${t.invoice_id}`)}>invoice {t.invoice_id.slice(0, 8)}</a>
            </span>
          ))}
        </p>
      )}
      {job.meta.import_report === undefined ? null : (
        <p>
          <a href={href('imports')}>The lines that failed, and why</a>
        </p>
      )}
      <details>
        <summary>Show the raw report</summary>
        <pre>{JSON.stringify(job.meta.error === undefined ? report : { error: job.meta.error, report }, null, 2)}</pre>
      </details>
    </div>
  );
};
