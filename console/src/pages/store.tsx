import { api } from '../api';
import type { ListAnswer } from '../paged-list';
import type { ApplicationKey, RealmMapping } from '../resources';
import { ACCOUNTS, SUBSCRIPTIONS } from '../resources';
import { currentSession } from '../session';
import { ActionForm, Field, Problems, text, useLoad } from '../ui';

const SHARE = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

const Count = ({ label, path }: { label: string; path: string }) => {
  const list = useLoad<ListAnswer<unknown>>(`${path}${path.includes('?') ? '&' : '?'}page[limit]=1`);
  const results = list.data?.meta.results;
  return (
    <div class="stat">
      <dt>{label}</dt>
      <dd>
        {results === undefined
          ? list.error === undefined
            ? '…'
            : 'not readable'
          : `${results.total_method === 'lower_bound' ? 'at least ' : ''}${results.total.toLocaleString('en')}`}
      </dd>
    </div>
  );
};

/**
 * The store at a glance. The budget is not a field of any resource: it is read from the rate headers,
 * where `X-RateLimit-Limit` is this key's reservation plus the unreserved pool.
 */
export const StorePage = () => {
  const keys = useLoad<ListAnswer<ApplicationKey> & { meta: { total_reserved_rate_limit: number } }>(
    '/v2/application-keys?page[limit]=100',
  );
  const mapping = useLoad<{ data: RealmMapping }>('/v2/merchant-realm-mappings');
  // A key's requests count against its reservation; a person's draw on the unreserved pool alone.
  const actor = currentSession()?.actor;
  const keyId = actor?.type === 'application_key' ? actor.id : undefined;
  const limit = Number(keys.headers?.get('X-RateLimit-Limit') ?? Number.NaN);
  const reservedTotal = keys.data?.meta.total_reserved_rate_limit ?? 0;
  const own = keys.data?.data.find((k) => k.id === keyId)?.reserved_rate_limit ?? 0;
  const budget = Number.isFinite(limit) ? limit - own + reservedTotal : undefined;
  const reserving =
    keys.data?.data.filter((k) => k.reserved_rate_limit !== undefined && k.reserved_rate_limit > 0) ?? [];
  return (
    <>
      <h1>Store</h1>
      <section aria-labelledby="counts">
        <h2 id="counts">Counts</h2>
        <dl class="stats">
          <Count label="Accounts" path={ACCOUNTS} />
          <Count label="Subscriptions" path={`${SUBSCRIPTIONS}/subscriptions`} />
          <Count label="Offerings" path={`${SUBSCRIPTIONS}/offerings`} />
          <Count label="Plans" path={`${SUBSCRIPTIONS}/plans`} />
          <Count label="Products" path={`${SUBSCRIPTIONS}/products`} />
          <Count label="Outstanding invoices" path={`${SUBSCRIPTIONS}/invoices?filter=eq(outstanding,true)`} />
          <Count label="Application keys" path="/v2/application-keys" />
        </dl>
      </section>
      <section aria-labelledby="budget">
        <h2 id="budget">Request budget</h2>
        <Problems error={keys.error} />
        {budget === undefined ? null : (
          <>
            <p>
              <strong>{budget.toLocaleString('en')}</strong> requests a second in all;{' '}
              <strong>{reservedTotal.toLocaleString('en')}</strong> reserved by keys,{' '}
              <strong>{(budget - reservedTotal).toLocaleString('en')}</strong> shared by every key.
            </p>
            {reserving.length === 0 ? (
              <p>No key reserves any of it.</p>
            ) : (
              <table>
                <caption>What each key reserves</caption>
                <thead>
                  <tr>
                    <th scope="col">Key</th>
                    <th scope="col">Reserved (requests/s)</th>
                    <th scope="col">Share of the budget</th>
                  </tr>
                </thead>
                <tbody>
                  {reserving.map((k) => (
                    <tr key={k.id}>
                      <td>{k.name}</td>
                      <td>{k.reserved_rate_limit}</td>
                      <td>{budget > 0 ? SHARE.format((k.reserved_rate_limit ?? 0) / budget) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </section>
      <section aria-labelledby="realm">
        <h2 id="realm">Merchant realm</h2>
        <Problems error={mapping.error} />
        {mapping.data === undefined ? null : (
          <>
            <p>
              Prefix: <strong>{mapping.data.data.prefix ?? 'not set'}</strong> (realm{' '}
              <code>{mapping.data.data.realm_id}</code>)
            </p>
            <ActionForm
              label="Change the realm prefix"
              submit="Save prefix"
              action={async (form) => {
                await api('PUT', `/v2/merchant-realm-mappings/${mapping.data?.data.id ?? ''}`, {
                  data: { type: 'merchant-realm-mappings', prefix: text(form, 'prefix') },
                });
                mapping.reload();
              }}
            >
              <Field label="New prefix" hint="2 to 24 letters and digits, unique across stores">
                <input name="prefix" required />
              </Field>
            </ActionForm>
          </>
        )}
      </section>
    </>
  );
};
