import * as E from 'fp-ts/lib/Either.js';
import type { ValidationIssue } from '../shared/errors.js';
import { parseUuid } from '../shared/uuid.js';
import type { Parsed } from '../shared/validation.js';
import type { FilterCondition } from './filter.js';
import type { Ordered } from './order.js';

/** The query parameter that asks for cursor paging and carries the position to continue after. */
export const PAGE_AFTER = 'page[after]';

/** Where a cursor page starts: at the top of the list, or after the record a token names. */
export type CursorStart =
  | { readonly kind: 'first' }
  | { readonly kind: 'after'; readonly position: Ordered; readonly token: string };

/**
 * What a token is bound to: the list's filter and include, in a canonical form, so that a token is
 * refused for another list than the one it continues. The page length is not bound: a walk may change it.
 */
export const cursorBinding = (filter: readonly FilterCondition<string>[], include: ReadonlySet<string>): string =>
  JSON.stringify([
    filter.map((c) => (c.op === 'in' ? [c.op, c.field, c.values] : [c.op, c.field, c.value])),
    [...include].sort(),
  ]);

/**
 * FNV-1a, 64 bits: a checksum that catches a token altered by accident or reused for another list. It is
 * no secret (a client forging a position only moves its own walk within its own store's records).
 */
const digest = (text: string): string => {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
};

const VERSION = 'c1';
const positionText = (position: Ordered): string => `${VERSION}.${position.createdAt.getTime()}.${position.id}`;
const seal = (body: string, binding: string): string => `${body}.${digest(`${body}|${binding}`)}`;

const toBase64Url = (text: string): string => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64Url = (token: string): string | undefined => {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  try {
    return atob(token.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return undefined;
  }
};

/** The opaque token of a position in a list: its order key (created_at, id) and the digest binding it to the list. */
export const cursorToken = (position: Ordered, binding: string): string =>
  toBase64Url(seal(positionText(position), binding));

/** Longer than any token this version makes: refused unread. */
export const CURSOR_TOKEN_MAX = 128;

export const CURSOR_ISSUE_TITLE = 'Invalid Cursor';
const cursorIssue = (detail: string): ValidationIssue => ({
  source: PAGE_AFTER,
  title: CURSOR_ISSUE_TITLE,
  code: 'invalid_cursor',
  detail,
});

/** The position a token names, when it is one this list made; a token of another filter or include, altered or not a token, is refused. */
export const readCursorToken = (token: string, binding: string): Parsed<CursorStart> => {
  const refused: Parsed<CursorStart> = E.left([
    cursorIssue('page[after] is not a token this list made: follow links.next, or send page[after] empty to start'),
  ]);
  if (token.length > CURSOR_TOKEN_MAX) return refused;
  const text = fromBase64Url(token);
  const parts = text?.split('.');
  if (text === undefined || parts === undefined || parts.length !== 4) return refused;
  const [version, millis, rawId] = parts as [string, string, string, string];
  const id = parseUuid(rawId);
  const time = /^(0|[1-9][0-9]{0,15})$/.test(millis) ? Number(millis) : Number.NaN;
  const createdAt = new Date(time);
  if (version !== VERSION || id === undefined || id !== rawId || Number.isNaN(createdAt.getTime())) return refused;
  const position: Ordered = { createdAt, id };
  if (seal(positionText(position), binding) !== text) {
    return E.left([
      cursorIssue(
        'page[after] was made for another filter or include, or was altered: follow links.next of this list, or send page[after] empty to start',
      ),
    ]);
  }
  return E.right({ kind: 'after', position, token });
};

/** `page[after]` empty starts a cursor walk; a token continues one. */
export const parseCursorStart = (raw: string, binding: string): Parsed<CursorStart> =>
  raw === '' ? E.right({ kind: 'first' }) : readCursorToken(raw, binding);
