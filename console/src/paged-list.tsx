import type { ComponentChildren, TargetedSubmitEvent } from 'preact';
import { useState } from 'preact/hooks';
import { type Condition, filterText, type Operator, valuesOf } from './filter';
import type { ListFilters } from './list-filters';
import { go, type Place } from './route';
import { Problems, useLoad } from './ui';

/** A list answer as every list of the API gives it. */
export interface ListAnswer<T> {
  readonly data: readonly T[];
  readonly meta: {
    readonly page: {
      readonly limit: number;
      readonly offset: number;
      readonly current: number;
      readonly total: number;
    };
    readonly results: { readonly total: number; readonly total_method?: 'exact' | 'lower_bound' };
  };
  /** The related resources asked for with `include`, by their type's plural. */
  readonly included?: Readonly<Record<string, readonly unknown[]>>;
}

export interface Column<T> {
  readonly title: string;
  /** The whole answer is there for a cell that shows a resource the list included. */
  readonly cell: (item: T, answer: ListAnswer<T>) => ComponentChildren;
}

/** The furthest `page[offset]` the API serves: past it, a filter narrows the list instead. */
const MAX_OFFSET = 10_000;

const OPERATOR_NAMES: Readonly<Record<Operator, string>> = {
  eq: 'equals (eq)',
  in: 'is one of (in)',
  like: 'matches, * for any text (like)',
  gt: 'after, an instant such as 2026-01-31T09:30:00Z (gt)',
  lt: 'before, an instant such as 2026-01-31T09:30:00Z (lt)',
};

/** A condition at a time, offering on each field only the operators the API takes on it. */
const FilterBuilder = ({ filters, onAdd }: { filters: ListFilters; onAdd: (condition: Condition) => void }) => {
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
    const values = valuesOf(op, String(data.get('value') ?? ''));
    if (values.length === 0) return;
    onAdd({ op, field, values });
    event.currentTarget.reset();
  };
  return (
    // The field and the operator are state (they pick the operators and the value's control), so a reset
    // puts them back with the rest of the form.
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
            <option key={f}>{f}</option>
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
      {op === 'in' ? (
        <label>
          Values, one a line
          <textarea name="value" rows={3} />
        </label>
      ) : (
        <label>
          {op === 'like' ? 'Pattern' : 'Value'}
          <input name="value" />
        </label>
      )}
      <button type="submit">Add condition</button>
    </form>
  );
};

/**
 * A list read a page at a time, as the API pages it, with the API's `eq`/`in`/`like` filter. The filter and the
 * offset live in the address, so the browser's back button and a bookmark return to the same page.
 */
export const PagedList = <T extends { id?: string }>({
  label,
  path,
  place,
  route,
  routeQuery = {},
  keyPrefix = '',
  columns,
  filters = {},
  fixedFilter,
  include,
  limit = 25,
  extra,
  reloadKey = 0,
}: {
  label: string;
  path: string;
  place: Place;
  route: string;
  /** What else the page keeps in its address (a tab, say), carried from page to page. */
  routeQuery?: Readonly<Record<string, string>>;
  /** Names this list's `filter` and `offset` in the address, for a page with more than one list. */
  keyPrefix?: string;
  columns: readonly Column<T>[];
  /** The fields the list is filtered on, each with its operators; none, no filter. */
  filters?: ListFilters;
  fixedFilter?: string;
  /** Related resources to read with each page (`include`), for the cells to show. */
  include?: string;
  limit?: number;
  extra?: (answer: ListAnswer<T>) => ComponentChildren;
  reloadKey?: number;
}) => {
  const filterKey = `${keyPrefix}filter`;
  const offsetKey = `${keyPrefix}offset`;
  const filter = place.query.get(filterKey) ?? '';
  const offset = Math.min(MAX_OFFSET, Math.max(0, Number(place.query.get(offsetKey) ?? '0') || 0));
  const query = new URLSearchParams({ 'page[limit]': String(limit), 'page[offset]': String(offset) });
  const combined = [fixedFilter, filter].filter((f) => f !== undefined && f !== '').join(':');
  if (combined !== '') query.set('filter', combined);
  if (include !== undefined) query.set('include', include);
  const list = useLoad<ListAnswer<T>>(`${path}?${query.toString()}`, reloadKey);
  // What else the address holds (another list's page, a tab) is kept.
  const goTo = (nextOffset: number, nextFilter = filter) =>
    go(route, {
      ...Object.fromEntries(place.query),
      ...routeQuery,
      [filterKey]: nextFilter,
      [offsetKey]: nextOffset === 0 ? undefined : nextOffset,
    });
  const answer = list.data;
  const total = answer?.meta.results.total ?? 0;
  const lowerBound = answer?.meta.results.total_method === 'lower_bound';
  return (
    <section class="paged-list" aria-label={label}>
      {Object.keys(filters).length > 0 ? (
        <div class="filters">
          {/* A list whose fields change (a tab) gets a new builder, not one holding a field it no longer has. */}
          <FilterBuilder
            key={Object.keys(filters).join()}
            filters={filters}
            onAdd={(c) => goTo(0, [filter, filterText([c])].filter((f) => f !== '').join(':'))}
          />
          {filter === '' ? null : (
            <p class="current-filter">
              Filter: <code>{filter}</code>{' '}
              <button type="button" onClick={() => goTo(0, '')}>
                Clear filter
              </button>
            </p>
          )}
        </div>
      ) : null}
      <Problems error={list.error} />
      {answer === undefined ? (
        <p aria-busy="true">{list.loading ? 'Loading…' : ''}</p>
      ) : (
        <>
          <p class="count" aria-live="polite">
            {total === 0
              ? 'Nothing matches.'
              : `${lowerBound ? 'At least ' : ''}${total.toLocaleString('en')} in all; page ${answer.meta.page.current} of ${lowerBound ? 'at least ' : ''}${answer.meta.page.total.toLocaleString('en')}.`}
          </p>
          {answer.data.length === 0 ? null : (
            <table>
              <caption class="visually-hidden">{label}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.title} scope="col">
                      {c.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {answer.data.map((item, row) => (
                  <tr key={item.id ?? row}>
                    {columns.map((c) => (
                      <td key={c.title}>{c.cell(item, answer)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <nav class="pager" aria-label={`${label} pages`}>
            <button type="button" disabled={offset === 0} onClick={() => goTo(Math.max(0, offset - limit))}>
              Previous page
            </button>
            <button
              type="button"
              disabled={offset + limit >= total || offset + limit > MAX_OFFSET}
              onClick={() => goTo(offset + limit)}
            >
              Next page
            </button>
            {offset + limit > MAX_OFFSET ? (
              <span>Pages end at record {MAX_OFFSET.toLocaleString('en')}: add a filter to reach the rest.</span>
            ) : null}
          </nav>
          {extra?.(answer)}
        </>
      )}
    </section>
  );
};
