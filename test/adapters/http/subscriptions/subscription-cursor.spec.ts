import { expect } from 'chai';
import { TOKENS } from '../../../../src/application/tokens.js';
import { CURSOR_ISSUE_TITLE } from '../../../../src/domain/query/cursor.js';
import { errorBody } from '../../../support/error-body.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { StrictlyIncreasingClock } from '../../../support/system-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

interface ListDoc {
  data: { id: string }[];
  links: Record<string, string | null>;
  meta: { page: Record<string, unknown>; results: Record<string, unknown> };
  included?: Record<string, { id: string }[]>;
}

const LIST = '/v2/subscriptions/subscriptions';

describe('HTTP: subscription list by cursor (page[after])', () => {
  let api: TestApi;
  const created: { id: string; email: string }[] = [];

  const list = async (query: string): Promise<ListDoc> => {
    const response = await api.request(`${LIST}?${query}`);
    expect(response.status, query).to.equal(200);
    return (await response.json()) as ListDoc;
  };
  /** Follows `links.next` from a first page, as a client does: the pages read. */
  const walk = async (firstQuery: string): Promise<ListDoc[]> => {
    const pages = [await list(firstQuery)];
    for (let next = pages[0]!.links['next']; next !== null && next !== undefined; next = pages.at(-1)!.links['next']) {
      const url = new URL(next);
      expect(url.origin).to.equal(api.url);
      pages.push(await list(url.search.slice(1)));
    }
    return pages;
  };

  before(async () => {
    api = await startTestApi({
      configure: (container) => container.rebind(TOKENS.Clock).toConstantValue(new StrictlyIncreasingClock()),
    });
    const post = async (path: string, data: unknown) =>
      (await (await api.request(path, jsonBody({ data }))).json()) as { data: Record<string, any> & { id: string } };
    const product = await post('/v2/subscriptions/products', productData({ external_ref: 'beans', sku: 'B-1' }));
    const plan = await post('/subscriptions/plans', planData({}));
    const offering = (
      await post('/v2/subscriptions/offerings/build', {
        name: 'Coffee club',
        description: 'Beans',
        products: [product.data.id],
        plans: [plan.data.id],
      })
    ).data;
    for (let n = 0; n < 12; n++) {
      const email = n % 3 === 0 ? 'ada@example.com' : 'bob@example.com';
      const made = await post(
        LIST,
        subscriptionData(offering.id, offering['relationships'].plans.data[0].id, { email }),
      );
      created.unshift({ id: made.data.id, email });
    }
  });
  after(async () => api.close());

  it('walks every subscription once, newest first, by links.next; no last or prev; meta without offsets', async () => {
    const pages = await walk('page[after]=&page[limit]=5');
    expect(pages.flatMap((p) => p.data.map((s) => s.id))).to.deep.equal(created.map((s) => s.id));
    expect(pages.map((p) => p.data.length)).to.deep.equal([5, 5, 2]);
    const [first, second, last] = pages as [ListDoc, ListDoc, ListDoc];
    expect(Object.keys(first.links).sort()).to.deep.equal(['current', 'first', 'next']);
    expect(first.links['first']).to.equal(`${api.url}${LIST}?page%5Bafter%5D=&page%5Blimit%5D=5`);
    expect(first.links['current']).to.equal(first.links['first']);
    expect(second.links['current']).to.equal(first.links['next']);
    expect(last.links['next']).to.equal(null);
    expect(first.meta).to.deep.equal({ page: { limit: 5, after: '' }, results: { total: 12, total_method: 'exact' } });
    const token = new URL(first.links['next']!).searchParams.get('page[after]');
    expect(token).to.match(/^[A-Za-z0-9_-]+$/);
    expect(second.meta).to.deep.equal({
      page: { limit: 5, after: token },
      results: { total: 12, total_method: 'exact' },
    });
  });

  it('keeps the filter, the include and the page length in every link', async () => {
    const filter = encodeURIComponent('eq(email,bob@example.com)');
    const pages = await walk(`filter=${filter}&include=plans&page%5Bafter%5D=&page[limit]=3`);
    expect(pages.flatMap((p) => p.data.map((s) => s.id))).to.deep.equal(
      created.filter((s) => s.email === 'bob@example.com').map((s) => s.id),
    );
    for (const page of pages) {
      expect(page.included?.['plans']).to.have.length(1);
      expect(page.meta.results).to.deep.equal({ total: 8, total_method: 'exact' });
      for (const link of Object.values(page.links).filter((l): l is string => l !== null))
        expect(link).to.match(
          new RegExp(
            `\\?filter=${filter.replace(/[()]/g, '\\$&')}&include=plans&page%5Bafter%5D=[A-Za-z0-9_-]*&page%5Blimit%5D=3$`,
          ),
        );
    }
    expect(pages).to.have.length(3);
  });

  it('answers exactly as before to a client that does not ask', async () => {
    const page = await list('page[limit]=5&page[offset]=5');
    expect(page.data.map((s) => s.id)).to.deep.equal(created.slice(5, 10).map((s) => s.id));
    expect(page.meta).to.deep.equal({
      page: { limit: 5, offset: 5, current: 2, total: 3 },
      results: { total: 12, total_method: 'exact' },
    });
    expect(Object.keys(page.links).sort()).to.deep.equal(['current', 'first', 'last', 'next', 'prev']);
  });

  it('refuses a token reused with another filter or include, altered or garbage, with invalid_cursor; and page[after] beside page[offset]', async () => {
    const first = await list('page[after]=&page[limit]=2');
    const token = new URL(first.links['next']!).searchParams.get('page[after]')!;
    const refused = async (query: string) => {
      const response = await api.request(`${LIST}?${query}`);
      expect(response.status, query).to.equal(400);
      return (await errorBody(response)).errors;
    };
    const invalidCursor = (detail: string) => [
      { status: '400', title: CURSOR_ISSUE_TITLE, code: 'invalid_cursor', detail, source: 'page[after]' },
    ];
    const otherList =
      'page[after] was made for another filter or include, or was altered: follow links.next of this list, or send page[after] empty to start';
    expect(await refused(`page[after]=${token}&filter=eq(email,ada@example.com)`)).to.deep.equal(
      invalidCursor(otherList),
    );
    expect(await refused(`page[after]=${token}&include=plans`)).to.deep.equal(invalidCursor(otherList));
    const altered = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    expect((await refused(`page[after]=${altered}`))[0]).to.include({ code: 'invalid_cursor', source: 'page[after]' });
    expect(await refused('page[after]=%00%FF')).to.deep.equal(
      invalidCursor('page[after] is not a token this list made: follow links.next, or send page[after] empty to start'),
    );
    expect(await refused(`page[after]=${'A'.repeat(500)}`)).to.have.length(1);
    expect(await refused('page[after]=&page[offset]=0')).to.deep.equal([
      {
        status: '400',
        title: 'Bad Request',
        code: 'invalid_value',
        detail: 'page[offset] cannot be combined with page[after]: a cursor walk has no offsets',
        source: 'page[offset]',
      },
    ]);
    expect(await refused('page[after]=&page[after]=')).to.deep.equal([
      {
        status: '400',
        title: 'Bad Request',
        code: 'invalid_value',
        detail: 'page[after] must be given at most once',
        source: 'page[after]',
      },
    ]);
    // The token still reads its own list.
    expect((await list(`page[after]=${token}&page[limit]=2`)).data.map((s) => s.id)).to.deep.equal(
      created.slice(2, 4).map((s) => s.id),
    );
  });
});
