import { useEffect, useState } from 'preact/hooks';

/** Where the console is: the part of the hash before `?`, split at `/`, and the query after it. */
export interface Place {
  readonly parts: readonly string[];
  readonly query: URLSearchParams;
}

const parse = (hash: string): Place => {
  const raw = hash.replace(/^#\/?/, '');
  const at = raw.indexOf('?');
  const path = at < 0 ? raw : raw.slice(0, at);
  return {
    parts: path
      .split('/')
      .filter((p) => p !== '')
      .map(decodeURIComponent),
    query: new URLSearchParams(at < 0 ? '' : raw.slice(at + 1)),
  };
};

/** The hash of a place, so that every page, filter and page of a list has an address to bookmark or share. */
export const href = (path: string, query: Readonly<Record<string, string | number | undefined>> = {}): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return `#/${path}${text === '' ? '' : `?${text}`}`;
};

export const go = (path: string, query?: Readonly<Record<string, string | number | undefined>>): void => {
  location.hash = href(path, query);
};

export const usePlace = (): Place => {
  const [place, setPlace] = useState(() => parse(location.hash));
  useEffect(() => {
    const changed = () => setPlace(parse(location.hash));
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return place;
};
