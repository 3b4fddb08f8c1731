import { expect } from 'chai';
import { errorBody } from '../../../support/error-body.js';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

describe('HTTP: POST /oauth/access_token', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => api.close());

  const post = (body: string, type = 'application/x-www-form-urlencoded') =>
    api.request('/oauth/access_token', { method: 'POST', body, headers: { 'Content-Type': type }, token: null });

  it('answers the flat EPCC token document for client credentials', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await post(
      `grant_type=client_credentials&client_id=${api.store.key.clientId}&client_secret=${api.store.clientSecret}`,
    );
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).to.deep.equal([
      'access_token',
      'expires',
      'expires_in',
      'identifier',
      'token_type',
    ]);
    expect(body).to.include({ token_type: 'Bearer', expires_in: 3600, identifier: 'client_credentials' });
    expect(body['expires']).to.be.within(before + 3600, before + 3602);
  });

  it('answers an implicit token for the client id alone', async () => {
    const response = await post(`grant_type=implicit&client_id=${api.store.key.clientId}`);
    expect(response.status).to.equal(200);
    expect(((await response.json()) as Record<string, unknown>)['identifier']).to.equal('implicit');
  });

  it('answers 401 for a wrong secret or an unknown key', async () => {
    for (const body of [
      `grant_type=client_credentials&client_id=${api.store.key.clientId}&client_secret=nope`,
      'grant_type=implicit&client_id=unknown',
    ]) {
      const response = await post(body);
      expect(response.status).to.equal(401);
      expect(await errorBody(response)).to.deep.equal({
        errors: [
          {
            status: '401',
            title: 'Unauthorized',
            code: 'unauthenticated',
            detail: 'the client credentials are not valid',
          },
        ],
      });
    }
  });

  it('answers 400 for missing fields and other grants', async () => {
    const missing = await post('grant_type=client_credentials');
    expect(missing.status).to.equal(400);
    expect(((await missing.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal([
      'client_id',
      'client_secret',
    ]);
    expect((await post('grant_type=password&client_id=x')).status).to.equal(400);
  });

  it('answers 415 for a body that is neither a form nor JSON', async () => {
    expect((await post('x', 'text/plain')).status).to.equal(415);
  });
});
