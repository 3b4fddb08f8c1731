import { useState } from 'preact/hooks';
import { signIn } from '../api';
import { ActionForm, Field, text } from '../ui';

/** Sign-in with an application key's client id and secret, exchanged for a token at `/oauth/access_token`. */
export const SignIn = ({ reason }: { reason: string | undefined }) => {
  const [shown, setShown] = useState(false);
  return (
    <main class="sign-in" id="main">
      <h1>commerce-core console</h1>
      <p>
        Sign in with a client-credentials application key of your store. The token stays in this tab's memory: reloading
        or closing the tab signs you out.
      </p>
      {reason === undefined ? null : (
        <p class="notice" role="status">
          {reason}
        </p>
      )}
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
