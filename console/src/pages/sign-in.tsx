import { useEffect, useState } from 'preact/hooks';
import { type SignInMethods, signIn, signInAsPerson, signInMethods } from '../api';
import { ActionForm, Field, Select, text } from '../ui';

/** The prefix of a people's sign-in address, `/console/login/<prefix>`, if the page was opened at one. */
const loginPrefix = (): string | undefined => {
  const match = /^\/console\/login\/([^/]+)\/?$/.exec(location.pathname);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
};

const Notice = ({ reason }: { reason: string | undefined }) =>
  reason === undefined ? null : (
    <p class="notice" role="status">
      {reason}
    </p>
  );

/** The first start's sign-in: an application key's client id and secret. */
const KeySignIn = ({ reason }: { reason: string | undefined }) => {
  const [shown, setShown] = useState(false);
  return (
    <main class="sign-in" id="main">
      <h1>commerce-core console</h1>
      <p>
        Sign in with a client-credentials application key of your store. The console then keeps a session cookie that no
        script can read: a reload keeps you signed in. The store's people sign in at their store's address,{' '}
        <code>/console/login/&lt;prefix&gt;</code>.
      </p>
      <Notice reason={reason} />
      <ActionForm
        label="Sign in"
        submit="Sign in"
        action={(form) => signIn(text(form, 'client_id'), text(form, 'client_secret'))}
      >
        <Field label="Client id">
          <input name="client_id" required autocomplete="username" spellcheck={false} />
        </Field>
        <Field label="Client secret">
          {shown ? (
            <input name="client_secret" required type="text" autocomplete="off" spellcheck={false} />
          ) : (
            <input name="client_secret" required type="password" autocomplete="current-password" />
          )}
        </Field>
        <label class="inline">
          <input type="checkbox" checked={shown} onChange={(e) => setShown(e.currentTarget.checked)} /> Show the secret
        </label>
      </ActionForm>
    </main>
  );
};

/** A person's sign-in at their store's address: the store's name, and each method its realm offers. */
const PersonSignIn = ({ prefix, reason }: { prefix: string; reason: string | undefined }) => {
  const [methods, setMethods] = useState<SignInMethods | null>();
  useEffect(() => {
    signInMethods(prefix).then(
      (found) => setMethods(found ?? null),
      () => setMethods(null),
    );
  }, [prefix]);
  if (methods === undefined) return <p role="status">Loading…</p>;
  if (methods === null)
    return (
      <main class="sign-in" id="main">
        <h1>commerce-core console</h1>
        <p role="alert">No store signs in at this address. Check the prefix your store gave you.</p>
      </main>
    );
  const profiles = methods.password_profiles;
  return (
    <main class="sign-in" id="main">
      <h1>Sign in to {methods.store.name}</h1>
      <Notice reason={reason} />
      {profiles.length === 0 ? null : (
        <ActionForm
          label="Sign in with a password"
          submit="Sign in"
          action={(form) =>
            signInAsPerson(prefix, text(form, 'username'), text(form, 'password'), text(form, 'password_profile_id'))
          }
        >
          {profiles.length > 1 ? (
            <Field label="Password profile">
              <Select name="password_profile_id" options={profiles.map((p) => [p.id, p.name] as const)} />
            </Field>
          ) : null}
          <Field label="Username">
            <input name="username" required autocomplete="username" spellcheck={false} />
          </Field>
          <Field label="Password">
            <input name="password" required type="password" autocomplete="current-password" />
          </Field>
        </ActionForm>
      )}
      {methods.openid_connect_profiles.length === 0 ? null : (
        <ul class="sign-in-providers" aria-label="Other ways to sign in">
          {methods.openid_connect_profiles.map((profile) => (
            <li key={profile.id}>
              <a class="button" href={profile.authorization_url}>
                Sign in with {profile.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      {profiles.length === 0 && methods.openid_connect_profiles.length === 0 ? (
        <p role="alert">This store offers no way to sign in yet.</p>
      ) : null}
    </main>
  );
};

/** The sign-in page: a person's at `/console/login/<prefix>`, a key's at `/console`. */
export const SignIn = ({ reason }: { reason: string | undefined }) => {
  const prefix = loginPrefix();
  return prefix === undefined ? <KeySignIn reason={reason} /> : <PersonSignIn prefix={prefix} reason={reason} />;
};
