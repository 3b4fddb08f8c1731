import { jsonTooDeep, withinJsonDepth } from '../../../domain/shared/json-depth.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { IdGenerator } from '../../ports/system.js';

/**
 * A stored line's record, parsed again. The upload stored it only after reading it, but a line stored by a
 * version that checked less (or edited in the table) must fail alone, never throw and stop the whole import.
 */
export const storedRecord = (body: string): { readonly data: unknown } | { readonly error: string } => {
  if (!withinJsonDepth(body)) return { error: jsonTooDeep() };
  try {
    return { data: JSON.parse(body) as unknown };
  } catch {
    return { error: 'the stored line is not valid JSON' };
  }
};

/** Hands out the line's own record id first (the record's id), then fresh ones (for the copies an offering holds). */
export const recordIdFirst = (recordId: Uuid, ids: IdGenerator): IdGenerator => {
  let given = false;
  return {
    uuid: () => {
      if (given) return ids.uuid();
      given = true;
      return recordId;
    },
  };
};
