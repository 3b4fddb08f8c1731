import { LIST_FILTERS } from '../list-filters';
import { type Column, PagedList } from '../paged-list';
import { ACCOUNT_MEMBERS, ACCOUNTS, type Account, type AccountMember } from '../resources';
import { href, type Place } from '../route';
import { when } from '../ui';

const ACCOUNT_COLUMNS: readonly Column<Account>[] = [
  { title: 'Name', cell: (a) => <a href={href(`accounts/${a.id}`)}>{a.name}</a> },
  { title: 'Legal name', cell: (a) => a.legal_name ?? '—' },
  { title: 'External reference', cell: (a) => a.external_ref ?? '—' },
  { title: 'Created', cell: (a) => when(a.meta.timestamps.created_at) },
];

/**
 * The console makes no account: a store's accounts come from its shoppers signing up, or from the
 * merchant's own systems through the API, so an empty store is told where they come from.
 */
const NoAccountYet = () => (
  <div class="notice">
    <p>No account yet.</p>
    <p>
      Accounts are made when shoppers sign up from a storefront (self-signup, with{' '}
      <code>auto_create_account_for_account_members</code> set in the store's account-authentication settings), or by
      your systems through the API: <code>POST /v2/accounts</code>, then a member with{' '}
      <code>{'POST /v2/accounts/{id}/account-memberships'}</code>.
    </p>
  </div>
);

const TABS = [
  ['', 'Accounts'],
  ['members', 'Members'],
] as const;

const MEMBER_COLUMNS: readonly Column<AccountMember>[] = [
  { title: 'Name', cell: (m) => <a href={href(`members/${m.id}`)}>{m.name}</a> },
  { title: 'Email', cell: (m) => m.email },
  { title: 'Created', cell: (m) => when(m.meta.timestamps.created_at) },
];

/**
 * The store's accounts (the customers its subscriptions bill and its shoppers sign in to) and, on a tab,
 * its members: the people who sign in, found by name or email.
 */
export const AccountsPage = ({ place }: { place: Place }) => {
  const tab = place.query.get('tab') ?? '';
  return (
    <>
      <h1>Accounts</h1>
      <nav class="tabs" aria-label="Account lists">
        {TABS.map(([t, title]) => (
          <a key={t} href={href('accounts', { tab: t })} aria-current={t === tab ? 'page' : undefined}>
            {title}
          </a>
        ))}
      </nav>
      {tab === 'members' ? (
        <PagedList<AccountMember>
          label="Members"
          path={ACCOUNT_MEMBERS}
          route="accounts"
          routeQuery={{ tab }}
          place={place}
          filters={LIST_FILTERS.accountMembers}
          columns={MEMBER_COLUMNS}
        />
      ) : (
        <PagedList<Account>
          label="Accounts"
          path={ACCOUNTS}
          route="accounts"
          place={place}
          filters={LIST_FILTERS.accounts}
          columns={ACCOUNT_COLUMNS}
          empty={<NoAccountYet />}
        />
      )}
    </>
  );
};
