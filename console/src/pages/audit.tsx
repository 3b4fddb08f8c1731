import { LIST_FILTERS } from '../list-filters';
import { PagedList } from '../paged-list';
import { AUDIT_EVENTS, type AuditEvent } from '../resources';
import { href, type Place } from '../route';

/** The console's page of each kind of resource the trail names, where it has one. */
const PAGE_OF: Readonly<Record<string, (id: string) => string>> = {
  subscription: (id) => `subscriptions/${id}`,
  subscription_offering: (id) => `offerings/${id}`,
  account: (id) => `accounts/${id}`,
  account_member: (id) => `members/${id}`,
  integration: (id) => `integrations/${id}`,
  application_key: () => 'keys',
};

const WORK_NAMES: Readonly<Record<string, string>> = {
  'billing-run': 'Billing run',
  'tax-run': 'Tax run',
  'payment-run': 'Payment run',
  import: 'Import',
  'subscription-update': 'Price update',
  schedule: 'Schedule',
  service: 'The service',
};

/** Who, names before ids: a person by name, background work by what it is, a key by its id. */
const who = ({ actor }: AuditEvent): string => {
  if (actor.name !== undefined) return actor.name;
  if (actor.kind === 'system') return WORK_NAMES[actor.id] ?? actor.id;
  return `${actor.kind === 'key' ? 'Key' : 'Person'} ${actor.id.slice(0, 8)}`;
};

/** Every leaf of a JSON value by its dotted path, so that two snapshots compare field by field. */
const leaves = (value: unknown, path = ''): Map<string, string> => {
  const found = new Map<string, string>();
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [name, inner] of Object.entries(value))
      for (const [p, v] of leaves(inner, path === '' ? name : `${path}.${name}`)) found.set(p, v);
  } else if (path !== '') found.set(path, JSON.stringify(value));
  return found;
};

/** The fields a change touched, with what each held before and after. */
export const differences = (before: unknown, after: unknown): [string, string, string][] => {
  const [was, is] = [leaves(before), leaves(after)];
  return [...new Set([...was.keys(), ...is.keys()])]
    .sort()
    .filter((path) => was.get(path) !== is.get(path))
    .map((path) => [path, was.get(path) ?? '—', is.get(path) ?? '—']);
};

const Changes = ({ event }: { event: AuditEvent }) => {
  const changed = differences(event.before, event.after);
  if (changed.length === 0) return <span>No field changed</span>;
  return (
    <details>
      <summary>
        {changed.length} field{changed.length === 1 ? '' : 's'} of {event.action}
      </summary>
      <table>
        <caption class="visually-hidden">What {event.action} changed</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changed.map(([path, was, is]) => (
            <tr key={path}>
              <th scope="row">
                <code>{path}</code>
              </th>
              <td>
                <code>{was}</code>
              </td>
              <td>
                <code>{is}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
};

const Resource = ({ event }: { event: AuditEvent }) => {
  const page = PAGE_OF[event.resource.type];
  const text = `${event.resource.type} ${event.resource.id.slice(0, 8)}`;
  return page === undefined || event.after === null ? (
    <span>{text}</span>
  ) : (
    <a href={href(page(event.resource.id))}>{text}</a>
  );
};

/** The audit trail: who changed what, when and from where, newest first. */
export const AuditPage = ({ place }: { place: Place }) => (
  <>
    <p>
      Every change to keys, the login prefix, settings, the catalogue, subscriptions and their states, jobs and their
      runs, accounts and integrations is recorded here with who made it, from where, and the resource before and after.
      Secrets are never recorded.
    </p>
    <PagedList<AuditEvent>
      label="Audit events"
      path={AUDIT_EVENTS}
      route="audit"
      place={place}
      filters={LIST_FILTERS.auditEvents}
      extra={(answer) =>
        answer.meta.results.total === 0 && (place.query.get('filter') ?? '') === '' ? (
          <p>Nothing has been recorded yet: make a change (create a product, say) and it appears here.</p>
        ) : null
      }
      columns={[
        {
          title: 'When',
          cell: (e) => <time dateTime={e.occurred_at}>{new Date(e.occurred_at).toLocaleString('en')}</time>,
        },
        { title: 'Who', cell: (e) => <span title={`${e.actor.kind} ${e.actor.id}`}>{who(e)}</span> },
        { title: 'From', cell: (e) => e.address ?? '—' },
        { title: 'What', cell: (e) => <code>{e.action}</code> },
        { title: 'Resource', cell: (e) => <Resource event={e} /> },
        { title: 'Changes', cell: (e) => <Changes event={e} /> },
      ]}
    />
  </>
);
