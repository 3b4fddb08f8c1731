import { useEffect, useId, useRef, useState } from 'preact/hooks';

/** A record offered by a picker: what the merchant knows it by, and its id for the API. */
export interface Choice {
  readonly id: string;
  readonly label: string;
  /** A second line: an email, a legal name, a price. */
  readonly detail?: string;
}

/** What the search answered: the choices, or why there are none. */
type Found = { readonly choices: readonly Choice[]; readonly problem?: string };

/** Each keystroke waits this long for the next one before the API is asked. */
const TYPING_PAUSE_MS = 200;

/**
 * A searchable picker, WAI-ARIA's combobox with a listbox popup: type a few letters, move with the arrow
 * keys, Enter picks, Escape closes. The chosen id is the form's value under `name`; the merchant sees the
 * choice's name and detail, never the id alone.
 */
export const Picker = ({
  label,
  name,
  hint,
  find,
  onPick,
}: {
  label: string;
  name?: string;
  hint?: string;
  /** The choices matching what was typed (the newest when nothing was). */
  find: (typed: string) => Promise<readonly Choice[]>;
  onPick?: (choice: Choice | undefined) => void;
}) => {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<Found>({ choices: [] });
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<Choice>();
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      find(typed.trim()).then(
        (choices) => {
          if (!live) return;
          setFound({ choices });
          setActive(choices.length === 0 ? -1 : 0);
        },
        (error: unknown) =>
          live && setFound({ choices: [], problem: error instanceof Error ? error.message : String(error) }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed, open, find]);
  const pick = (choice: Choice | undefined) => {
    setChosen(choice);
    setTyped(choice?.label ?? '');
    setOpen(false);
    onPick?.(choice);
  };
  // A form reset (after a success) empties the picker with the form's other fields.
  useEffect(() => {
    const form = input.current?.form;
    const reset = () => {
      setChosen(undefined);
      setTyped('');
      setOpen(false);
    };
    form?.addEventListener('reset', reset);
    return () => form?.removeEventListener('reset', reset);
  }, []);
  const shown = open && found.choices.length > 0;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (found.choices.length === 0 ? -1 : (a + step + found.choices.length) % found.choices.length));
    } else if (event.key === 'Enter' && shown) {
      // Enter picks from the open list instead of submitting the form.
      event.preventDefault();
      pick(found.choices[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div class="field picker">
      <label for={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        ref={input}
        role="combobox"
        autocomplete="off"
        spellcheck={false}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-chosen`}
        value={typed}
        onInput={(e) => {
          // Typing again is looking for another: the earlier choice no longer holds.
          if (chosen !== undefined) {
            setChosen(undefined);
            onPick?.(undefined);
          }
          setTyped(e.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => chosen === undefined && setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label={label} hidden={!shown} class="choices">
        {found.choices.map((choice, index) => (
          // The focus stays in the input (`aria-activedescendant`), as the combobox pattern has it.
          <div
            key={choice.id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            // The press, not the click: the click comes after the input's blur has closed the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(choice);
            }}
          >
            <span>{choice.label}</span>
            {choice.detail === undefined ? null : <small>{choice.detail}</small>}
          </div>
        ))}
      </div>
      {name === undefined ? null : <input type="hidden" name={name} value={chosen?.id ?? ''} />}
      <small id={`${id}-chosen`} aria-live="polite">
        {chosen !== undefined
          ? `Chosen: ${chosen.label}${chosen.detail === undefined ? '' : ` (${chosen.detail})`}`
          : open && found.problem !== undefined
            ? found.problem
            : open && found.choices.length === 0 && typed.trim() !== ''
              ? `Nothing matches “${typed.trim()}”.`
              : (hint ?? '')}
      </small>
    </div>
  );
};
