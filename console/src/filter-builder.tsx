import type { TargetedSubmitEvent } from 'preact';
import { useState } from 'preact/hooks';
import { type Condition, type Operator, valuesOf } from './filter';
import { FIELD_NAMES, KNOWN_VALUES, type KnownValues } from './filter-values';
import type { ListFilters } from './list-filters';
import { type Choice, Picker } from './picker';

const OPERATOR_NAMES: Readonly<Record<Operator, string>> = {
  eq: 'equals (eq)',
  in: 'is one of (in)',
  like: 'matches, * for any text (like)',
  gt: 'after, an instant such as 2026-01-31T09:30:00Z (gt)',
  lt: 'before, an instant such as 2026-01-31T09:30:00Z (lt)',
};

/** The records an `in` condition will name, picked one at a time, each removable. */
const PickedRecords = ({ known, label }: { known: Extract<KnownValues, { kind: 'records' }>; label: string }) => {
  const [picked, setPicked] = useState<readonly Choice[]>([]);
  return (
    <div class="picked">
      <Picker
        label={`Add ${label.toLowerCase()}`}
        find={known.find}
        onPick={(c) => c !== undefined && setPicked((all) => (all.some((p) => p.id === c.id) ? all : [...all, c]))}
      />
      <ul aria-label={`Chosen: ${label.toLowerCase()}`}>
        {picked.map((choice) => (
          <li key={choice.id}>
            {choice.label} <input type="hidden" name="value" value={choice.id} />
            <button type="button" onClick={() => setPicked((all) => all.filter((p) => p.id !== choice.id))}>
              Remove {choice.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};

/** The control for a condition's value: choices where the values are known, typed text only where they are not. */
const ValueControl = ({ field, op }: { field: string; op: Operator }) => {
  const known = op === 'like' ? undefined : KNOWN_VALUES[field];
  const name = FIELD_NAMES[field] ?? field;
  if (known?.kind === 'records')
    return op === 'in' ? (
      <PickedRecords known={known} label={name} />
    ) : (
      <Picker label="Value" name="value" find={known.find} />
    );
  if (known?.kind === 'set')
    return op === 'in' ? (
      <fieldset>
        <legend>Values</legend>
        {known.values.map((v) => (
          <label key={v} class="inline">
            <input type="checkbox" name="value" value={v} /> {v}
          </label>
        ))}
      </fieldset>
    ) : (
      <label>
        Value
        <select name="value">
          {known.values.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </label>
    );
  return op === 'in' ? (
    <label>
      Values, one a line
      <textarea name="value" rows={3} />
    </label>
  ) : (
    <label>
      {op === 'like' ? 'Pattern' : 'Value'}
      <input name="value" />
    </label>
  );
};

/** A condition at a time: the field from the list's own, only the operators the API takes on it, the value picked. */
export const FilterBuilder = ({ filters, onAdd }: { filters: ListFilters; onAdd: (condition: Condition) => void }) => {
  const fields = Object.keys(filters);
  const opsOf = (field: string): readonly Operator[] => filters[field] ?? ['eq'];
  const [field, setField] = useState(fields[0] ?? '');
  const [op, setOp] = useState<Operator>(opsOf(field)[0] ?? 'eq');
  const choose = (next: string) => {
    setField(next);
    if (!opsOf(next).includes(op)) setOp(opsOf(next)[0] ?? 'eq');
  };
  const submit = (event: TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const given = data.getAll('value').map(String);
    // Typed text is split as the grammar wants it; picked values are whole.
    const values =
      KNOWN_VALUES[field] === undefined || op === 'like' ? valuesOf(op, given[0] ?? '') : given.filter((v) => v !== '');
    if (values.length === 0) return;
    onAdd({ op, field, values });
    event.currentTarget.reset();
  };
  return (
    // The field and the operator are state (they pick the operators and the value's control), so a reset
    // puts them back with the rest of the form; the value's control is new for each field and operator.
    <form
      class="filter-builder"
      aria-label="Add a filter condition"
      onSubmit={submit}
      onReset={() => {
        setField(fields[0] ?? '');
        setOp(opsOf(fields[0] ?? '')[0] ?? 'eq');
      }}
    >
      <label>
        Field
        <select name="field" value={field} onChange={(e) => choose(e.currentTarget.value)}>
          {fields.map((f) => (
            <option key={f} value={f}>
              {FIELD_NAMES[f] ?? f}
            </option>
          ))}
        </select>
      </label>
      <label>
        Operator
        <select name="op" value={op} onChange={(e) => setOp(e.currentTarget.value as Operator)}>
          {opsOf(field).map((o) => (
            <option key={o} value={o}>
              {OPERATOR_NAMES[o]}
            </option>
          ))}
        </select>
      </label>
      <ValueControl key={`${field}:${op}`} field={field} op={op} />
      <button type="submit">Add condition</button>
    </form>
  );
};
