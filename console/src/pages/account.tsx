import { filterText } from '../filter';
import { type Column, PagedList } from '../paged-list';
import { ACCOUNTS, type Account, type AccountMember, type AccountMembership, SUBSCRIPTIONS } from '../resources';
import { href, type Place } from '../route';
import { Problems, useLoad, when } from '../ui';
import { SUBSCRIPTION_COLUMNS, SUBSCRIPTION_INCLUDE } from './subscriptions';

/** The member a membership names, from the members the page of memberships included. */
const memberOf = (membership: AccountMembership, included: readonly unknown[] | undefined): AccountMember | undefined =>
  (included as readonly AccountMember[] | undefined)?.find(
    (m) => m.id === membership.relationships.account_member.data.id,
  );

const MEMBER_COLUMNS: readonly Column<AccountMembership>[] = [
  {
    title: 'Name',
    cell: (m, answer) => (
      <a href={href(`members/${m.relationships.account_member.data.id}`)}>
        {memberOf(m, answer.included?.['account_members'])?.name ?? m.relationships.account_member.data.id}
      </a>
    ),
  },
  { title: 'Email', cell: (m, answer) => memberOf(m, answer.included?.['account_members'])?.email ?? '—' },
  { title: 'Member since', cell: (m) => when(m.meta.timestamps.created_at) },
  { title: 'Member id', cell: (m) => <code>{m.relationships.account_member.data.id}</code> },
];

const Facts = ({ account }: { account: Account }) => {
  const parent = account.relationships?.parent?.data?.id;
  return (
    <dl class="facts">
      <dt>Legal name</dt>
      <dd>{account.legal_name ?? '—'}</dd>
      <dt>Registration id</dt>
      <dd>{account.registration_id ?? '—'}</dd>
      <dt>External reference</dt>
      <dd>{account.external_ref ?? '—'}</dd>
      {parent === undefined ? null : (
        <>
          <dt>Parent account</dt>
          <dd>
            <a href={href(`accounts/${parent}`)}>
              <code>{parent}</code>
            </a>
          </dd>
        </>
      )}
      <dt>Created</dt>
      <dd>{when(account.meta.timestamps.created_at)}</dd>
      <dt>Changed</dt>
      <dd>{when(account.meta.timestamps.updated_at)}</dd>
      <dt>Id</dt>
      <dd>
        <code>{account.id}</code>
      </dd>
    </dl>
  );
};

/** The tags the account's subscriptions grant now: what a storefront checks to unlock a feature. */
export const Entitlements = ({ tags }: { tags: readonly string[] }) => (
  <section aria-labelledby="entitlements">
    <h2 id="entitlements">Entitlements</h2>
    {tags.length === 0 ? (
      <p>None: no subscription of this account grants a feature now.</p>
    ) : (
      <ul>
        {tags.map((tag) => (
          <li key={tag}>
            <code>{tag}</code>
          </li>
        ))}
      </ul>
    )}
  </section>
);

/** One account: what it is, who may act for it, what it subscribes to and what that grants. */
export const AccountPage = ({ id, place }: { id: string; place: Place }) => {
  const base = `${ACCOUNTS}/${encodeURIComponent(id)}`;
  const found = useLoad<{ data: Account }>(base);
  const account = found.data?.data;
  const route = `accounts/${id}`;
  return (
    <>
      <p>
        <a href={href('accounts')}>← Accounts</a>
      </p>
      <Problems error={found.error} />
      {account === undefined ? (
        <p aria-busy="true">{found.loading ? 'Loading…' : ''}</p>
      ) : (
        <>
          <h1>{account.name}</h1>
          <Facts account={account} />
          <section aria-labelledby="members">
            <h2 id="members">Members</h2>
            <PagedList<AccountMembership>
              label="Members"
              path={`${base}/account-memberships`}
              include="account_member"
              route={route}
              keyPrefix="members."
              place={place}
              columns={MEMBER_COLUMNS}
            />
          </section>
          <section aria-labelledby="subscriptions">
            <h2 id="subscriptions">Subscriptions</h2>
            <PagedList
              label="Subscriptions of the account"
              path={`${SUBSCRIPTIONS}/subscriptions`}
              fixedFilter={filterText([{ op: 'eq', field: 'account_id', values: [account.id] }])}
              route={route}
              keyPrefix="subscriptions."
              place={place}
              columns={SUBSCRIPTION_COLUMNS}
              include={SUBSCRIPTION_INCLUDE}
              empty={
                <p class="notice">
                  None: create one on the <a href={href('subscriptions')}>Subscriptions</a> page, picking this account.
                </p>
              }
            />
          </section>
          {account.meta.feature_entitlements === undefined ? null : (
            <Entitlements tags={account.meta.feature_entitlements} />
          )}
        </>
      )}
    </>
  );
};
