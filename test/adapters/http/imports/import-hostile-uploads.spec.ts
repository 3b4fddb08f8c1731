import { expect } from 'chai';
import { DEFAULT_IMPORT_UPLOAD_LIMITS } from '../../../../src/adapters/config/import-settings.js';
import { TOKENS } from '../../../../src/application/tokens.js';
import { MAX_JSON_DEPTH } from '../../../../src/domain/shared/json-depth.js';
import { forEachBackend } from '../../../support/backends.js';
import { runImportJob } from '../../../support/import-runs.js';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

const BOUNDARY = 'hostile-form-boundary';

interface Part {
  readonly name: string;
  readonly value: string | Buffer;
  readonly filename?: string | Buffer;
}

/** A multipart body written byte for byte, so that a part can hold what no `FormData` would send. */
const multipart = (parts: readonly Part[]): Buffer =>
  Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`),
      part.filename === undefined
        ? Buffer.alloc(0)
        : Buffer.concat([Buffer.from('; filename="'), Buffer.from(part.filename), Buffer.from('"')]),
      Buffer.from('\r\n\r\n'),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

const post = (api: TestApi, parts: readonly Part[]) =>
  api.request('/v2/subscriptions/imports', {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: multipart(parts),
  });

const subscriber = (n: number, name = `Subscriber ${n}`) =>
  JSON.stringify({
    data: {
      type: 'subscription_subscriber',
      attributes: { account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60', name, email: `s${n}@example.com` },
    },
  });

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const fileOf = (...lines: (string | Buffer)[]): Buffer =>
  Buffer.concat(lines.flatMap((line) => [Buffer.from(line), Buffer.from('\n')]));

type ErrorDoc = { errors: { status: string; code?: string; source?: string; detail: string }[] };
type ImportDoc = {
  data: {
    id: string;
    attributes: { status: string };
    meta: { records: { uploaded: Record<string, number>; imported: Record<string, number> } };
  };
};

forEachBackend('HTTP: import uploads with hostile content', (_backend, persistence) => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({
      persistence: persistence(),
      imports: { ...DEFAULT_IMPORT_UPLOAD_LIMITS, maxObjects: 20, maxLineBytes: 64 * 1024, maxFileBytes: 256 * 1024 },
    });
  });
  afterEach(async () => api.close());

  /** Lines of uploads that have no job: none may be left by a refused upload. */
  const jobless = () =>
    api.container.get(TOKENS.ImportLineRepository).discardAbandoned(new Date(Date.now() + 86_400_000));

  const imports = async (): Promise<unknown[]> =>
    ((await (await api.request('/v2/subscriptions/imports')).json()) as { data: unknown[] }).data;

  it('fails a line nested 5,000 deep, a line that is not UTF-8 and a name holding U+0000 alone, each with its line number, and imports the others', async () => {
    const deep = `{"data":{"type":"subscription_subscriber","attributes":{"name":"Deep","tags":${nested(5_000)}}}}`;
    const notUtf8 = Buffer.concat([Buffer.from(subscriber(3).replace('Subscriber 3', 'Caf')), Buffer.from([0xe9])]);
    const file = fileOf(subscriber(1), deep, notUtf8, subscriber(4, 'Nul\u0000Name'), subscriber(5));
    const response = await post(api, [{ name: 'import_file', filename: 'records.jsonl', value: file }]);
    expect(response.status, await response.clone().text()).to.equal(201);
    const created = ((await response.json()) as ImportDoc).data;
    expect(created.meta.records.uploaded['subscription_subscriber'], 'lines read as records at upload').to.equal(3);

    await runImportJob(api, created.id);
    const done = ((await (await api.request(`/v2/subscriptions/imports/${created.id}`)).json()) as ImportDoc).data;
    expect(done.attributes.status).to.equal('success');
    expect(done.meta.records.imported['subscription_subscriber']).to.equal(2);
    const errors = (await (await api.request(`/v2/subscriptions/imports/${created.id}/errors`)).json()) as {
      data: { line_number: number; detail: string }[];
    };
    expect(errors.data.map((e) => [e.line_number, e.detail])).to.deep.equal([
      [2, `the JSON nests deeper than ${MAX_JSON_DEPTH} levels`],
      [3, 'the line is not valid UTF-8 text'],
      [4, 'data.attributes.name: must be valid Unicode text without NUL (U+0000) characters'],
    ]);
    const subscribers = (await (await api.request('/v2/subscriptions/subscribers')).json()) as {
      data: { attributes: { name: string } }[];
    };
    expect(subscribers.data.map((s) => s.attributes.name).sort()).to.deep.equal(['Subscriber 1', 'Subscriber 5']);
  });

  it('reads a line nested exactly as deep as allowed, and fails one a level deeper', async () => {
    // The line's object and `data` are two levels, `attributes` a third.
    const atLimit = `{"data":{"type":"subscription_subscriber","attributes":{"tags":${nested(MAX_JSON_DEPTH - 3)}}}}`;
    const overLimit = `{"data":{"type":"subscription_subscriber","attributes":{"tags":${nested(MAX_JSON_DEPTH - 2)}}}}`;
    const response = await post(api, [
      { name: 'import_file', filename: 'records.jsonl', value: fileOf(atLimit, overLimit) },
    ]);
    expect(response.status).to.equal(201);
    const created = ((await response.json()) as ImportDoc).data;
    await runImportJob(api, created.id);
    const errors = (await (await api.request(`/v2/subscriptions/imports/${created.id}/errors`)).json()) as {
      data: { line_number: number; detail: string }[];
    };
    // The first line was read and then refused by the subscriber's own rules, not for its depth.
    expect(errors.data.map((e) => e.line_number)).to.deep.equal([1, 2]);
    expect(errors.data[0]!.detail).to.match(/data\.attributes\.account_id/);
    expect(errors.data[1]!.detail).to.equal(`the JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
  });

  const badValues: readonly { readonly what: string; readonly value: Buffer; readonly detail: RegExp }[] = [
    { what: 'U+0000', value: Buffer.from('batch\u00007'), detail: /without NUL \(U\+0000\)/ },
    {
      what: 'a byte that is not UTF-8',
      value: Buffer.from([0x62, 0x61, 0x74, 0x63, 0x68, 0xff]),
      detail: /must be UTF-8 text/,
    },
    { what: 'a cut UTF-8 sequence', value: Buffer.from([0x62, 0xe2, 0x82]), detail: /must be UTF-8 text/ },
    { what: 'an encoded surrogate', value: Buffer.from([0xed, 0xa0, 0x80]), detail: /must be UTF-8 text/ },
  ];
  for (const field of ['external_ref', 'note']) {
    for (const { what, value, detail } of badValues) {
      for (const place of ['before', 'after'] as const) {
        it(`refuses ${what} in ${field} (${place} the file) with a 400 naming the field, and keeps nothing`, async () => {
          const file = { name: 'import_file', filename: 'records.jsonl', value: fileOf(subscriber(1), subscriber(2)) };
          const bad = { name: field, value };
          const response = await post(api, place === 'before' ? [bad, file] : [file, bad]);
          expect(response.status).to.equal(400);
          const body = (await response.json()) as ErrorDoc;
          expect(body.errors).to.have.length(1);
          expect(body.errors[0]).to.include({ status: '400', code: 'invalid_value', source: field });
          expect(body.errors[0]!.detail).to.match(detail);
          expect(await imports()).to.deep.equal([]);
          expect(await jobless(), 'lines left behind').to.equal(0);
          const subscribers = (await (await api.request('/v2/subscriptions/subscribers')).json()) as {
            data: unknown[];
          };
          expect(subscribers.data).to.deep.equal([]);
        });
      }
    }
  }

  it('keeps an external_ref of any valid UTF-8 text, and refuses one over 2,048 characters however its bytes fall at the cut', async () => {
    const ref = 'Lot ☕ 𝄞 Ünïcødé';
    const response = await post(api, [
      { name: 'external_ref', value: ref },
      { name: 'note', value: 'not used, but UTF-8' },
      { name: 'import_file', filename: 'records.jsonl', value: fileOf(subscriber(1)) },
    ]);
    expect(response.status).to.equal(201);
    expect(
      ((await response.json()) as { data: { attributes: { external_ref?: string } } }).data.attributes.external_ref,
    ).to.equal(ref);
    // Values over the field's byte limit are cut inside a character (after 0, 1 or 3 of its bytes); each still counts as too long.
    for (const long of ['𝄞'.repeat(2049), '𝄞'.repeat(2100), `a${'𝄞'.repeat(2100)}`, 'é'.repeat(5000)]) {
      const refused = await post(api, [
        { name: 'external_ref', value: long },
        { name: 'import_file', filename: 'records.jsonl', value: fileOf(subscriber(1)) },
      ]);
      expect(refused.status).to.equal(400);
      expect(((await refused.json()) as ErrorDoc).errors[0]!.source).to.equal('external_ref');
    }
    expect(await imports()).to.have.length(1);
  });

  it("does not read the file part's name: one holding U+0000 or bytes that are not UTF-8 is uploaded as any other", async () => {
    for (const filename of [Buffer.from('rec\u0000ords.jsonl'), Buffer.from([0x72, 0xff, 0x2e, 0x6a])]) {
      const response = await post(api, [{ name: 'import_file', filename, value: fileOf(subscriber(1)) }]);
      expect(response.status).to.equal(201);
    }
    expect(await imports()).to.have.length(2);
  });

  it('reads a part named import_file without a file name as the file, as `curl -F import_file=<records.jsonl` sends it', async () => {
    const response = await post(api, [{ name: 'import_file', value: fileOf(subscriber(1), subscriber(2)) }]);
    expect(response.status).to.equal(201);
    expect(((await response.json()) as ImportDoc).data.meta.records.uploaded['subscription_subscriber']).to.equal(2);
  });
});
