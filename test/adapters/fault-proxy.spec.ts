import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { expect } from 'chai';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The test support's fault proxy does what the fault suites rely on. */
describe('fault proxy (test support)', () => {
  let target: Server;
  let proxy: FaultProxy;
  let received: string;
  let ended: boolean;

  beforeEach(async () => {
    received = '';
    ended = false;
    target = createServer({ allowHalfOpen: true }, (socket) => {
      socket.on('error', () => {});
      socket.on('data', (c: Buffer) => {
        received += c.toString();
        socket.write(c);
      });
      socket.on('end', () => {
        ended = true;
        socket.end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
    proxy = await startFaultProxy('127.0.0.1', (target.address() as AddressInfo).port);
  });

  afterEach(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  const open = (): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(proxy.port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    });

  it('passes bytes both ways', async () => {
    const socket = await open();
    const echoed = new Promise<string>((resolve) => socket.once('data', (c: Buffer) => resolve(c.toString())));
    socket.write('ping');
    expect(await echoed).to.equal('ping');
    socket.destroy();
  });

  it('holds bytes while paused and delivers them, then the close, on resume', async () => {
    const socket = await open();
    await sleep(20);
    proxy.pause();
    socket.write('stored-later');
    socket.end();
    await sleep(100);
    expect(received).to.equal('');
    expect(ended).to.equal(false);
    proxy.resume();
    await sleep(100);
    expect(received).to.equal('stored-later');
    expect(ended).to.equal(true);
  });

  it('refuses connections after a drop, until restored', async () => {
    await proxy.drop();
    await open().then(
      () => expect.fail('connected through a dropped proxy'),
      (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ECONNREFUSED'),
    );
    await proxy.restore();
    (await open()).destroy();
  });

  it('resets open connections', async () => {
    const socket = await open();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    await sleep(20);
    proxy.reset();
    await closed;
    expect(proxy.connections()).to.equal(0);
  });

  it('delays every chunk', async () => {
    const socket = await open();
    proxy.delay(150);
    const started = Date.now();
    const echoed = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write('slow');
    await echoed;
    expect(Date.now() - started).to.be.at.least(290);
    socket.destroy();
  });
});
