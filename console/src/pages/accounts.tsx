import { LIST_FILTERS } from '../list-filters';
import { type Column, PagedList } from '../paged-list';
import { ACCOUNTS, type Account } from '../resources';
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

/** The store's accounts: the customers its subscriptions bill and its shoppers sign in to. */
export const AccountsPage = ({ place }: { place: Place }) => (
  <>
    <h1>Accounts</h1>
    <PagedList<Account>
      label="Accounts"
      path={ACCOUNTS}
      route="accounts"
      place={place}
      filters={LIST_FILTERS.accounts}
      columns={ACCOUNT_COLUMNS}
      extra={(answer) =>
        answer.meta.results.total === 0 && (place.query.get('filter') ?? '') === '' ? <NoAccountYet /> : null
      }
    />
  </>
);
