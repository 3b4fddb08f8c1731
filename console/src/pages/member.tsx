import { type Column, PagedList } from '../paged-list';
import { ACCOUNT_MEMBERS, type Account, type AccountMember, type AccountMembership } from '../resources';
import { href, type Place } from '../route';
import { Problems, useLoad, when } from '../ui';

/** The account a membership names, from the accounts the page of memberships included. */
const accountOf = (membership: AccountMembership, included: readonly unknown[] | undefined): Account | undefined =>
  (included as readonly Account[] | undefined)?.find((a) => a.id === membership.relationships.account.data.id);

const ACCOUNT_COLUMNS: readonly Column<AccountMembership>[] = [
  {
    title: 'Account',
    cell: (m, answer) => (
      <a href={href(`accounts/${m.relationships.account.data.id}`)}>
        {accountOf(m, answer.included?.['accounts'])?.name ?? m.relationships.account.data.id}
      </a>
    ),
  },
  { title: 'Legal name', cell: (m, answer) => accountOf(m, answer.included?.['accounts'])?.legal_name ?? '—' },
  { title: 'Member since', cell: (m) => when(m.meta.timestamps.created_at) },
];

/** One member: who they are and the accounts they may act for, each linked to its page. */
export const MemberPage = ({ id, place }: { id: string; place: Place }) => {
  const base = `${ACCOUNT_MEMBERS}/${encodeURIComponent(id)}`;
  const found = useLoad<{ data: AccountMember }>(base);
  const member = found.data?.data;
  return (
    <>
      <p>
        <a href={href('accounts', { tab: 'members' })}>← Members</a>
      </p>
      <Problems error={found.error} />
      {member === undefined ? (
        <p aria-busy="true">{found.loading ? 'Loading…' : ''}</p>
      ) : (
        <>
          <h1>{member.name}</h1>
          <dl class="facts">
            <dt>Email</dt>
            <dd>{member.email}</dd>
            <dt>Created</dt>
            <dd>{when(member.meta.timestamps.created_at)}</dd>
            <dt>Id</dt>
            <dd>
              <code>{member.id}</code>
            </dd>
          </dl>
          <section aria-labelledby="member-accounts">
            <h2 id="member-accounts">Accounts</h2>
            <PagedList<AccountMembership>
              label="Accounts of the member"
              path={`${base}/account-memberships`}
              include="account"
              route={`members/${id}`}
              place={place}
              columns={ACCOUNT_COLUMNS}
            />
          </section>
        </>
      )}
    </>
  );
};
