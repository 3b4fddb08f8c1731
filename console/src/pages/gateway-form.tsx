import type { TargetedSubmitEvent } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError, type ApiProblem, api } from '../api';
import { CREDENTIALS_KEY_MISSING, GATEWAY_FORMS, type Gateway, type GatewaySetting, gatewayPath } from '../gateways';
import { checked, Problems, text } from '../ui';

/** Where the API points a problem of a field of this form (`source`), as in `data.login`. */
const sourceOf = (name: string): string => `data.${name}`;

const problemsOf = (error: unknown): readonly ApiProblem[] => (error instanceof ApiError ? error.problems : []);

/** The body of the PUT: the switches as they stand, and only the settings typed (an empty one keeps what is stored). */
const changes = (form: HTMLFormElement, gateway: Gateway) => {
  const shape = GATEWAY_FORMS[gateway.slug];
  const typed = shape.settings.flatMap(({ name }) => {
    const value = text(form, name);
    return value === '' ? [] : [[name, value] as const];
  });
  return {
    data: {
      type: 'gateway',
      enabled: checked(form, 'enabled'),
      ...(shape.test ? { test: checked(form, 'test') } : {}),
      ...Object.fromEntries(typed),
    },
  };
};

/** What the setting holds now, in words: a credential's mask, the connected account, or "not set". */
export const heldNow = (gateway: Gateway, setting: GatewaySetting): string => gateway[setting.name] ?? 'not set';

/** Said where the deployment cannot encrypt credentials: what the operator must set, and that nothing changed. */
const KeyMissing = () => (
  <div class="problems" role="alert">
    <p>
      Not saved: this deployment cannot store credentials, because it has no key to encrypt them with. The operator must
      set <code>GATEWAY_CREDENTIALS_KEY</code> in the service's environment (32 random bytes as 64 hex digits or base64:{' '}
      <code>openssl rand -base64 32</code>) and restart the service.
    </p>
    <p>Nothing was changed. Settings that are not credentials can be saved with the credential fields left empty.</p>
  </div>
);

const SettingInput = ({
  gateway,
  setting,
  problem,
  keyMissing,
}: {
  gateway: Gateway;
  setting: GatewaySetting;
  problem: ApiProblem | undefined;
  keyMissing: boolean;
}) => {
  const id = `${gateway.slug}-${setting.name}`;
  const held = gateway[setting.name];
  const keeps = held === undefined ? 'not set yet' : `now ${held}; leave empty to keep it`;
  const hint =
    setting.secret && keyMissing
      ? 'cannot be stored until the operator sets GATEWAY_CREDENTIALS_KEY'
      : `${setting.hint}; ${keeps}`;
  const common = {
    id,
    name: setting.name,
    autoComplete: 'off',
    spellcheck: false,
    maxLength: 255,
    'aria-invalid': problem === undefined ? undefined : true,
    'aria-describedby': `${id}-hint${problem === undefined ? '' : ` ${id}-problem`}`,
  } as const;
  return (
    <div class="field">
      <label for={id}>{setting.label}</label>
      {/* A credential is typed blind and never put back in the page: the API answers its mask only. */}
      {setting.secret ? <input type="password" {...common} /> : <input type="text" {...common} />}
      <small id={`${id}-hint`}>{hint}</small>
      {problem === undefined ? null : (
        <small id={`${id}-problem`} class="field-problem">
          {problem.detail ?? problem.title}
        </small>
      )}
    </div>
  );
};

/**
 * One gateway's settings: the switches start as stored, the settings start empty. A credential typed is
 * cleared from its field once sent, whatever the answer, so the page holds it no longer than it must; a
 * refusal is shown beside the field the API points to (`source`), anything else under the form.
 */
export const GatewayForm = ({
  gateway,
  keyMissing,
  onSaved,
  onKeyMissing,
}: {
  gateway: Gateway;
  keyMissing: boolean;
  onSaved: (gateway: Gateway) => void;
  onKeyMissing: () => void;
}) => {
  const shape = GATEWAY_FORMS[gateway.slug];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const onSubmit = async (event: TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = changes(form, gateway);
    for (const { name, secret } of shape.settings)
      if (secret) (form.elements.namedItem(name) as HTMLInputElement).value = '';
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      const answer = await api<{ data: Gateway }>('PUT', gatewayPath(gateway.slug), body);
      form.reset();
      onSaved(answer.body.data);
      setSaved(true);
    } catch (failure) {
      if (problemsOf(failure).some((p) => p.code === CREDENTIALS_KEY_MISSING)) onKeyMissing();
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const problems = problemsOf(error);
  const placed = (name: string) => problems.find((p) => p.source === sourceOf(name));
  // Beside its field: a setting's problem; the missing key has its own note; the rest go under the form.
  const beside = new Set(shape.settings.map((s) => sourceOf(s.name)));
  const rest = problems.filter((p) => p.code !== CREDENTIALS_KEY_MISSING && !beside.has(p.source ?? ''));
  const under =
    error instanceof ApiError && problems.length > 0
      ? rest.length > 0
        ? new ApiError(error.status, rest)
        : undefined
      : error;
  return (
    <form class="action-form" aria-label={`${gateway.name} settings`} onSubmit={onSubmit}>
      <label class="inline">
        <input type="checkbox" name="enabled" defaultChecked={gateway.enabled} /> Enabled
      </label>
      {shape.test ? (
        <label class="inline">
          <input type="checkbox" name="test" defaultChecked={gateway.test === true} /> Test mode
        </label>
      ) : null}
      {shape.settings.map((setting) => (
        <SettingInput
          key={setting.name}
          gateway={gateway}
          setting={setting}
          problem={placed(setting.name)}
          keyMissing={keyMissing}
        />
      ))}
      <button type="submit" disabled={busy}>
        {busy ? 'Working…' : `Save ${gateway.name}`}
      </button>
      <span role="status">{saved ? ` Saved.` : ''}</span>
      {problems.some((p) => p.code === CREDENTIALS_KEY_MISSING) ? <KeyMissing /> : null}
      <Problems error={under} />
    </form>
  );
};
