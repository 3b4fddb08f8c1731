import type { ComponentChildren, TargetedSubmitEvent } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { type ApiAnswer, ApiError, api } from './api';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly headers: Headers | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  readonly reload: () => void;
}

/** Reads `path` whenever it or `refresh` changes (nothing, and no data, while it is undefined); `reload` reads it again. */
export const useLoad = <T,>(path: string | undefined, refresh = 0): Loaded<T> => {
  const [state, setState] = useState<{ answer?: ApiAnswer<T>; error?: unknown; loading: boolean }>({
    loading: path !== undefined,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    // Nothing to read: what an earlier path read is no longer what the caller asks for.
    if (path === undefined) {
      setState((s) => (s.answer === undefined && s.error === undefined ? s : { loading: false }));
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api<T>('GET', path).then(
      (answer) => live && setState({ answer, loading: false }),
      (error: unknown) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [path, round, refresh]);
  return {
    data: state.answer?.body,
    headers: state.answer?.headers,
    error: state.error,
    loading: state.loading,
    reload: useCallback(() => setRound((r) => r + 1), []),
  };
};

/** What went wrong, each problem the API listed on its own line, announced to screen readers. */
export const Problems = ({ error }: { error: unknown }) => {
  if (error === undefined || error === null) return null;
  const lines =
    error instanceof ApiError && error.problems.length > 0
      ? error.problems.map((p) => `${p.detail ?? p.title}${p.source === undefined ? '' : ` (${p.source})`}`)
      : [error instanceof Error ? error.message : String(error)];
  return (
    <div class="problems" role="alert">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
};

export const Field = ({ label, children, hint }: { label: string; children: ComponentChildren; hint?: string }) => (
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is the children, which the rule cannot see
  <label class="field">
    <span>{label}</span>
    {children}
    {hint === undefined ? null : <small>{hint}</small>}
  </label>
);

/**
 * A form whose submit runs `action`; it shows the API's problems and stays filled in when the action
 * fails, and is reset when it succeeds. A reset puts every field back to its default (`defaultValue`,
 * `defaultChecked`, a `Select`'s `initial`); state a field is bound to goes back in `onReset`.
 */
export const ActionForm = ({
  label,
  action,
  children,
  submit,
  onReset,
}: {
  label: string;
  action: (form: HTMLFormElement) => Promise<void>;
  children: ComponentChildren;
  submit: string;
  onReset?: () => void;
}) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const onSubmit = async (event: TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setError(undefined);
    try {
      await action(form);
      form.reset();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="action-form" aria-label={label} onSubmit={onSubmit} onReset={onReset}>
      {children}
      <button type="submit" disabled={busy}>
        {busy ? 'Working…' : submit}
      </button>
      <Problems error={error} />
    </form>
  );
};

/**
 * A drop-down whose `initial` choice is also the one a form reset returns to. Preact writes an option's
 * `selected` as the property, which chooses it without making it the default, so a reset fell back to
 * the first option (a plan created after another was stored as daily); `defaultSelected` is the
 * `selected` attribute, which a reset restores.
 */
export const Select = ({
  name,
  options,
  initial,
  required,
  onChange,
}: {
  name: string;
  options: readonly (readonly [value: string, label: string])[];
  initial?: string;
  required?: boolean;
  onChange?: (value: string) => void;
}) => (
  <select
    name={name}
    required={required}
    onChange={onChange === undefined ? undefined : (e) => onChange(e.currentTarget.value)}
  >
    {options.map(([value, label]) => (
      // Preact's option props do not list `defaultSelected`; as a spread it is set as the property it is.
      <option key={value} value={value} {...(value === initial ? { defaultSelected: true } : {})}>
        {label}
      </option>
    ))}
  </select>
);

/** A button running an API call, disabled while it runs, with the API's refusal beside it. */
export const ActionButton = ({
  label,
  action,
  danger,
  disabled,
}: {
  label: string;
  action: () => Promise<void>;
  danger?: boolean;
  disabled?: boolean;
}) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button
        type="button"
        class={danger === true ? 'danger' : undefined}
        disabled={busy || disabled === true}
        onClick={run}
      >
        {label}
      </button>
      <Problems error={error} />
    </span>
  );
};

/** A destructive action asks once more, in the page rather than in a dialog box, so the keyboard stays where it was. */
export const ConfirmButton = ({
  label,
  confirm,
  action,
}: {
  label: string;
  confirm: string;
  action: () => Promise<void>;
}) => {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span class="confirm">
      <ActionButton label={confirm} danger action={action} />
      <button type="button" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
};

export const text = (form: HTMLFormElement, name: string): string => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** A whole number typed in a form, or undefined when left empty (the API then says what it needs). */
export const wholeNumber = (form: HTMLFormElement, name: string): number | undefined => {
  const value = text(form, name);
  return value === '' ? undefined : Number(value);
};

export const checked = (form: HTMLFormElement, name: string): boolean => new FormData(form).get(name) !== null;

export const when = (iso: string | null | undefined): string =>
  iso === null || iso === undefined ? '—' : iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
