import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import Router, { type RouterMiddleware } from '@koa/router';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import Koa from 'koa';
import { answer, created, inData, noContent, withData } from '../../../src/adapters/http/endpoints/handlers.js';
import { type HttpState, idParam } from '../../../src/adapters/http/http-state.js';
import type { Principal } from '../../../src/domain/auth/grant.js';
import { notFound } from '../../../src/domain/shared/errors.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';

const STORE = '00000000-0000-4000-8000-000000000001' as Uuid;
const principal = { storeId: STORE } as Principal;

interface Call {
  readonly storeId: Uuid;
  readonly id: string;
  readonly data?: unknown;
}

/** Serves each handler at `/<name>/:id` behind a stand-in for the guard, which admits every caller to STORE. */
const serving = async (handlers: Record<string, RouterMiddleware<HttpState>>) => {
  const router = new Router<HttpState>();
  for (const [name, handler] of Object.entries(handlers)) router.all(`/${name}/:id`, handler);
  const app = new Koa<HttpState>()
    .use(bodyParser())
    .use((ctx, next) => {
      ctx.state.principal = principal;
      return next();
    })
    .use(router.routes());
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  return { send, close: () => new Promise((resolve) => server.close(resolve)) };
};

describe('HTTP: the handlers that answer a use case', () => {
  it("runs the use case in the caller's store and answers its value, 201 for what it made, 204 with no body", async () => {
    const calls: Call[] = [];
    const found = async (storeId: Uuid, id: string) => {
      calls.push({ storeId, id });
      return E.right({ id });
    };
    const server = await serving({
      get: answer(
        (storeId, ctx) => found(storeId, idParam(ctx)),
        inData(({ id }) => ({ type: 'thing', id })),
      ),
      make: created(
        (storeId, ctx) => found(storeId, idParam(ctx)),
        ({ id }, ctx) => ({ made: id, at: ctx.path }),
      ),
      drop: noContent((storeId, ctx) => found(storeId, idParam(ctx))),
    });
    try {
      expect(await server.send('/get/a')).to.deep.equal({ status: 200, body: { data: { type: 'thing', id: 'a' } } });
      expect(await server.send('/make/b')).to.deep.equal({ status: 201, body: { made: 'b', at: '/make/b' } });
      expect(await server.send('/drop/c')).to.deep.equal({ status: 204, body: undefined });
      expect(calls).to.deep.equal([
        { storeId: STORE, id: 'a' },
        { storeId: STORE, id: 'b' },
        { storeId: STORE, id: 'c' },
      ]);
    } finally {
      await server.close();
    }
  });

  it("answers the use case's refusal as its error document, whatever the answer would have been", async () => {
    const refused = async () => E.left(notFound('No thing of this store has this id.'));
    const server = await serving({
      get: answer(
        refused,
        inData(() => 'never'),
      ),
      make: created(refused, () => 'never'),
      drop: noContent(refused),
    });
    try {
      for (const path of ['/get/a', '/make/a', '/drop/a']) {
        const { status, body } = await server.send(path);
        expect(status, path).to.equal(404);
        expect(body, path).to.have.nested.property('errors[0].detail', 'No thing of this store has this id.');
      }
    } finally {
      await server.close();
    }
  });

  it("hands the use case the body's `data`, and refuses a body without one before the use case runs", async () => {
    const calls: Call[] = [];
    const server = await serving({
      put: answer(
        withData(async (data, storeId, ctx) => {
          calls.push({ storeId, id: idParam(ctx), data });
          return E.right(data);
        }),
        inData((data) => data),
      ),
    });
    try {
      expect(await server.send('/put/a', { data: { name: 'x' } })).to.deep.equal({
        status: 200,
        body: { data: { name: 'x' } },
      });
      const refusals = [{ data: 'x' }, {}, ['x']];
      for (const body of refusals)
        expect((await server.send('/put/b', body)).status, JSON.stringify(body)).to.equal(400);
      expect(calls).to.deep.equal([{ storeId: STORE, id: 'a', data: { name: 'x' } }]);
    } finally {
      await server.close();
    }
  });
});
