import { useState } from 'preact/hooks';

/**
 * An id where a merchant may need it (support, the API) but reads a name first: its first characters,
 * and a button copying it whole.
 */
export const ShortId = ({ id, what }: { id: string; what: string }) => {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setSaid('copied');
    } catch {
      setSaid(`the browser refused to copy: ${id}`);
    }
  };
  return (
    <span class="short-id">
      <code title={id}>{id.slice(0, 8)}</code>{' '}
      <button type="button" class="link" onClick={copy} aria-label={`Copy the id of ${what}`}>
        Copy
      </button>
      <span aria-live="polite">{said === '' ? null : ` ${said}`}</span>
    </span>
  );
};
