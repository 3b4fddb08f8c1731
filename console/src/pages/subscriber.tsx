import { filterText } from '../filter';
import type { ListAnswer } from '../paged-list';
import { PagedList } from '../paged-list';
import { ACCOUNTS, type Account, SUBSCRIPTIONS, type Subscription } from '../resources';
import { href, type Place } from '../route';
import { Problems, useLoad } from '../ui';
import { Entitlements } from './account';
import { AccountLink } from './subscription';
import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_INCLUDE } from './subscriptions';

/** EPCC's subscriber record: the account, name and email its subscriptions bill. */
interface SubscriberRecord {
  readonly id: string;
  readonly attributes: { readonly name: string; readonly email: string; readonly account_id: string };
}

const byAccount = (path: string, accountId: string, limit: number): string =>
  `${path}?page[limit]=${limit}&filter=${encodeURIComponent(filterText([{ op: 'eq', field: 'account_id', values: [accountId] }]))}`;

/**
 * A subscriber, as the merchant meets one: the account its subscriptions bill, under the name and email
 * of its subscriber record, or of its newest subscription when it has none (a subscription names its
 * subscriber itself); every subscription of the account, and what they entitle it to now.
 */
export const SubscriberPage = ({ accountId, place }: { accountId: string; place: Place }) => {
  const records = useLoad<ListAnswer<SubscriberRecord>>(byAccount(`${SUBSCRIPTIONS}/subscribers`, accountId, 1));
  const newest = useLoad<ListAnswer<Subscription>>(byAccount(`${SUBSCRIPTIONS}/subscriptions`, accountId, 1));
  const account = useLoad<ListAnswer<Account>>(
    `${ACCOUNTS}?page[limit]=1&filter=${encodeURIComponent(filterText([{ op: 'eq', field: 'id', values: [accountId] }]))}`,
  );
  const who = records.data?.data[0]?.attributes ?? newest.data?.data[0]?.attributes;
  const tags = account.data?.data[0]?.meta.feature_entitlements;
  const route = `subscribers/${accountId}`;
  return (
    <>
      <p>
        <a href={href('subscriptions')}>← Subscriptions</a>
      </p>
      <Problems error={records.error ?? newest.error} />
      {records.loading || newest.loading ? <p aria-busy="true">Loading…</p> : null}
      <h1>{who?.name ?? 'Subscriber'}</h1>
      <dl class="facts">
        <dt>Email</dt>
        <dd>{who?.email ?? '—'}</dd>
        <dt>Account</dt>
        <dd>
          <AccountLink id={accountId} />
        </dd>
      </dl>
      <section aria-labelledby="subscriber-subscriptions">
        <h2 id="subscriber-subscriptions">Subscriptions</h2>
        <PagedList<Subscription>
          label="Subscriptions of the subscriber"
          path={`${SUBSCRIPTIONS}/subscriptions`}
          include={SUBSCRIPTION_INCLUDE}
          fixedFilter={filterText([{ op: 'eq', field: 'account_id', values: [accountId] }])}
          route={route}
          keyPrefix="subscriptions."
          place={place}
          columns={SUBSCRIPTION_COLUMNS}
          empty={
            <p class="notice">
              None: create one on the <a href={href('subscriptions')}>Subscriptions</a> page, picking this account.
            </p>
          }
        />
      </section>
      {tags === undefined ? (
        account.data === undefined ? null : (
          <p>Entitlements are read from the store's account; it has none here.</p>
        )
      ) : (
        <Entitlements tags={tags} />
      )}
    </>
  );
};
