import { get } from './api';
import { filterText } from './filter';
import type { ListAnswer } from './paged-list';
import type { Choice } from './picker';
import {
  ACCOUNTS,
  type Account,
  type AccountMember,
  type AccountMembership,
  type CatalogueItem,
  SUBSCRIPTIONS,
} from './resources';

/** How many choices a picker offers at once: enough to scan, few enough to read. */
const SHOWN = 8;

const withFilter = (path: string, filter: string): string =>
  `${path}?page[limit]=${SHOWN}${filter === '' ? '' : `&filter=${encodeURIComponent(filter)}`}`;

const accountsNamed = async (pattern: string): Promise<readonly Account[]> => {
  const filter = pattern === '' ? '' : filterText([{ op: 'like', field: 'name', values: [`*${pattern}*`] }]);
  return (await get<ListAnswer<Account>>(withFilter(ACCOUNTS, filter))).data;
};

/**
 * The store's accounts whose name holds what was typed (the API's `like`), the newest when nothing was.
 * The API's `like` compares case (docs/accounts.md), and names start with a capital where a search is
 * typed in lower case, so a search typed in lower case is also asked with its first letter capitalized.
 */
export const findAccounts = async (typed: string): Promise<Choice[]> => {
  const capitalized = `${typed.charAt(0).toUpperCase()}${typed.slice(1)}`;
  const pages = await Promise.all([typed, ...(capitalized === typed ? [] : [capitalized])].map(accountsNamed));
  const unique = new Map(pages.flat().map((a) => [a.id, a]));
  return [...unique.values()].slice(0, SHOWN).map((a) => ({
    id: a.id,
    label: a.name,
    ...(a.legal_name || a.external_ref ? { detail: a.legal_name || a.external_ref || '' } : {}),
  }));
};

/** The account's first member (its memberships with `include=account_member`): who a subscription would bill. */
export const firstMemberOf = async (accountId: string): Promise<AccountMember | undefined> => {
  const page = await get<ListAnswer<AccountMembership>>(
    `${ACCOUNTS}/${encodeURIComponent(accountId)}/account-memberships?page[limit]=1&include=account_member`,
  );
  return (page.included?.['account_members'] as readonly AccountMember[] | undefined)?.[0];
};

/** A catalogue list the API filters by reference only, searched by name on the page read (the 100 newest). */
const byName =
  (path: string) =>
  async (typed: string): Promise<Choice[]> => {
    const page = await get<ListAnswer<CatalogueItem>>(`${path}?page[limit]=100`);
    const wanted = typed.toLowerCase();
    return page.data
      .filter((item) => item.attributes.name.toLowerCase().includes(wanted))
      .slice(0, SHOWN)
      .map((item) => ({
        id: item.id,
        label: item.attributes.name,
        ...(item.attributes.description ? { detail: item.attributes.description } : {}),
      }));
  };

export const findOfferings = byName(`${SUBSCRIPTIONS}/offerings`);

export const findProrationPolicies = byName(`${SUBSCRIPTIONS}/proration-policies`);
