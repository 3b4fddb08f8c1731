import { useState } from 'preact/hooks';
import { api } from '../api';
import { LIST_FILTERS } from '../list-filters';
import { type Column, PagedList } from '../paged-list';
import {
  MERCHANT_USERS,
  type MerchantUser,
  type PasswordProfile,
  type RealmMapping,
  ROLES,
  type Role,
} from '../resources';
import type { Place } from '../route';
import { currentSession } from '../session';
import { ActionButton, ActionForm, ConfirmButton, Field, Problems, Select, text, useLoad, when } from '../ui';

const ROLE_NAMES: Readonly<Record<Role, string>> = {
  owner: 'Owner: everything, and managing people',
  admin: 'Admin: everything but managing people',
  billing: 'Billing: subscriptions, billing and customers',
  'read-only': 'Read-only: reads everything but administration',
};
const ROLE_OPTIONS = ROLES.map((role) => [role, ROLE_NAMES[role]] as const);

/** The merchant realm's password profiles, where people's usernames and passwords live. */
const useMerchantRealm = (refresh: number) => {
  const mapping = useLoad<{ data: RealmMapping }>('/v2/merchant-realm-mappings');
  const realmId = mapping.data?.data.realm_id;
  const realm = realmId === undefined ? undefined : `/v2/authentication-realms/${realmId}`;
  const profiles = useLoad<{ data: readonly PasswordProfile[] }>(
    realm === undefined ? undefined : `${realm}/password-profiles`,
    refresh,
  );
  return { realm, profiles: profiles.data?.data, error: mapping.error ?? profiles.error };
};

/** A username and password for one person, in a password profile of the merchant realm (made here if none). */
const Credentials = ({ person, onDone }: { person: MerchantUser; onDone: () => void }) => {
  const [round, setRound] = useState(0);
  const { realm, profiles, error } = useMerchantRealm(round);
  if (error !== undefined) return <Problems error={error} />;
  if (realm === undefined || profiles === undefined) return <p aria-busy="true">Loading…</p>;
  if (profiles.length === 0)
    return (
      <div class="notice">
        <p>The merchant realm has no password profile yet: people sign in with a password once it has one.</p>
        <ActionButton
          label="Create a password profile"
          action={async () => {
            await api('POST', `${realm}/password-profiles`, {
              data: { type: 'password_profile', name: 'Console passwords', username_format: 'email' },
            });
            setRound((r) => r + 1);
          }}
        />
      </div>
    );
  return (
    <ActionForm
      label={`Username and password of ${person.name}`}
      submit="Save the password"
      action={async (form) => {
        await api('POST', `${realm}/user-authentication-info/${person.id}/user-authentication-password-profile-info`, {
          data: {
            type: 'user_authentication_password_profile_info',
            username: text(form, 'username'),
            password: new FormData(form).get('password'),
            password_profile_id: text(form, 'profile'),
          },
        });
        onDone();
      }}
    >
      <Field label="Password profile">
        <Select name="profile" options={profiles.map((p) => [p.id, p.name] as const)} />
      </Field>
      <Field label="Username">
        <input name="username" defaultValue={person.email} required autoComplete="off" />
      </Field>
      <Field label="Password" hint="at least 8 characters; kept only as a hash">
        <input name="password" type="password" required minLength={8} autoComplete="new-password" />
      </Field>
    </ActionForm>
  );
};

/** What an owner may do to one person: change the role, set a password, remove them. */
const PersonActions = ({ person, onChange }: { person: MerchantUser; onChange: () => void }) => {
  const [open, setOpen] = useState<'role' | 'password'>();
  if (open === 'role')
    return (
      <ActionForm
        label={`Role of ${person.name}`}
        submit="Save the role"
        action={async (form) => {
          await api('PUT', `${MERCHANT_USERS}/${person.id}`, {
            data: { type: 'merchant_user', role: text(form, 'role') },
          });
          setOpen(undefined);
          onChange();
        }}
      >
        <Field label="Role" hint="a new role signs the person out everywhere">
          <Select name="role" options={ROLE_OPTIONS} initial={person.role} />
        </Field>
        <ActionButton label="Cancel" action={async () => setOpen(undefined)} />
      </ActionForm>
    );
  if (open === 'password')
    return (
      <>
        <Credentials
          person={person}
          onDone={() => {
            setOpen(undefined);
            onChange();
          }}
        />
        <button type="button" onClick={() => setOpen(undefined)}>
          Cancel
        </button>
      </>
    );
  return (
    <span class="row-actions">
      <button type="button" onClick={() => setOpen('role')} aria-label={`Change role of ${person.name}`}>
        Change role
      </button>
      <button type="button" onClick={() => setOpen('password')} aria-label={`Set password for ${person.name}`}>
        Set password
      </button>
      <ConfirmButton
        label="Remove"
        confirm={`Remove ${person.name} and sign them out`}
        action={async () => {
          await api('DELETE', `${MERCHANT_USERS}/${person.id}`);
          onChange();
        }}
      />
    </span>
  );
};

const NoPersonYet = ({ manages }: { manages: boolean }) => (
  <div class="notice">
    <p>No one signs in to this store yet.</p>
    <p>
      {manages
        ? 'Add yourself first, as an owner, then set your password: from then on you sign in with it instead of a key, and you can invite the others.'
        : 'An owner, or someone signed in with an application key, adds the store’s people.'}
    </p>
  </div>
);

/**
 * The store's people and their roles. Only an owner, or someone signed in with a key (which makes the first
 * owner), adds, changes and removes people; the others see the list, and why the buttons are not there.
 */
export const PeoplePage = ({ place }: { place: Place }) => {
  const [round, setRound] = useState(0);
  const changed = () => setRound((r) => r + 1);
  const actor = currentSession()?.actor;
  const manages = actor?.type !== 'merchant_user' || actor.role === 'owner';
  const columns: Column<MerchantUser>[] = [
    { title: 'Name', cell: (p) => p.name },
    { title: 'Email', cell: (p) => p.email },
    { title: 'Role', cell: (p) => p.role },
    { title: 'Last signed in', cell: (p) => (p.last_signed_in_at === null ? 'never' : when(p.last_signed_in_at)) },
    ...(manages
      ? [{ title: 'Actions', cell: (p: MerchantUser) => <PersonActions person={p} onChange={changed} /> }]
      : []),
  ];
  return (
    <>
      <h1>People</h1>
      {manages ? (
        <details open={place.query.get('invite') !== null}>
          <summary>Add a person</summary>
          <ActionForm
            label="Add a person"
            submit="Add the person"
            action={async (form) => {
              await api('POST', MERCHANT_USERS, {
                data: {
                  type: 'merchant_user',
                  name: text(form, 'name'),
                  email: text(form, 'email'),
                  role: text(form, 'role'),
                },
              });
              changed();
            }}
          >
            <Field label="Name">
              <input name="name" required />
            </Field>
            <Field label="Email">
              <input name="email" type="email" required />
            </Field>
            <Field label="Role">
              <Select name="role" options={ROLE_OPTIONS} initial="read-only" />
            </Field>
          </ActionForm>
        </details>
      ) : (
        <p class="notice">
          Only an owner adds people, changes their roles and removes them; you are signed in as{' '}
          {actor?.type === 'merchant_user' ? actor.role : 'a key'}, so those buttons are not shown.
        </p>
      )}
      <PagedList<MerchantUser>
        label="People"
        path={MERCHANT_USERS}
        route="people"
        place={place}
        reloadKey={round}
        filters={LIST_FILTERS.merchantUsers}
        columns={columns}
        extra={(answer) =>
          answer.meta.results.total === 0 && (place.query.get('filter') ?? '') === '' ? (
            <NoPersonYet manages={manages} />
          ) : null
        }
      />
    </>
  );
};
