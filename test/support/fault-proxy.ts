import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the service and a server (PostgreSQL, MariaDB, Redis) that the fault tests drive:
 * - `pause()`: bytes stop moving both ways and are held, as when the server is frozen (a stalled disk, a
 *   failover, `SIGSTOP`); a client that gives up and closes meanwhile still has what it sent delivered on
 *   `resume()`, then its close, exactly as the server's kernel would hold them for a frozen process;
 * - `drop()`: every connection is cut and new ones refused until `restore()` (the server is gone);
 * - `delay(ms)`: every chunk is held `ms` before it moves on (a slow network);
 * - `reset()`: every open connection is reset at once, new ones are accepted (a failover's lost sessions);
 * - `pauseAfter(...texts)`: once chunks sent to the server have held each of `texts` in turn, the chunk
 *   holding the last goes through and everything pauses: the server acts on it but its answer is held
 *   (`pauseAfter('insert into "orders"', 'commit')`: that insert's COMMIT commits, unanswered).
 * Everything listens on loopback only.
 */
export interface FaultProxy {
  readonly port: number;
  /** `host:port` of the proxy, for building a URL of the same server through it. */
  readonly address: string;
  pause(): void;
  resume(): void;
  drop(): Promise<void>;
  restore(): Promise<void>;
  delay(ms: number): void;
  reset(): void;
  pauseAfter(...texts: string[]): void;
  /** Connections open through the proxy now. */
  connections(): number;
  close(): Promise<void>;
}

interface Pipe {
  readonly client: Socket;
  readonly upstream: Socket;
}

/** One direction of a pipe: holds chunks while paused or delayed, and an end that must follow them. */
interface ProxyState {
  paused: boolean;
  delayMs: number;
  pauseAfter: Buffer[];
}

class Lane {
  private readonly held: Buffer[] = [];
  private ended = false;
  constructor(
    private readonly to: Socket,
    private readonly proxy: ProxyState,
    private readonly towardsServer: boolean,
  ) {}

  push(chunk: Buffer): void {
    if (this.proxy.paused || this.held.length > 0) {
      this.held.push(chunk);
      return;
    }
    this.send(chunk);
    const markers = this.proxy.pauseAfter;
    if (!this.towardsServer || markers.length === 0) return;
    while (markers.length > 0 && chunk.includes(markers[0]!)) markers.shift();
    if (markers.length === 0) this.proxy.paused = true;
  }

  end(): void {
    this.ended = true;
    if (!this.proxy.paused && this.held.length === 0) this.to.end();
  }

  flush(): void {
    const chunks = this.held.splice(0);
    for (const chunk of chunks) this.send(chunk);
    if (this.ended) {
      if (this.proxy.delayMs > 0) setTimeout(() => this.to.end(), this.proxy.delayMs);
      else this.to.end();
    }
  }

  private send(chunk: Buffer): void {
    if (this.proxy.delayMs > 0) setTimeout(() => this.to.destroyed || this.to.write(chunk), this.proxy.delayMs);
    else if (!this.to.destroyed) this.to.write(chunk);
  }
}

export const startFaultProxy = async (host: string, port: number): Promise<FaultProxy> => {
  const pipes = new Set<Pipe>();
  const lanes = new Set<Lane>();
  const state: ProxyState = { paused: false, delayMs: 0, pauseAfter: [] };
  let server: Server | undefined;
  let listeningOn = 0;

  const wire = (client: Socket) => {
    const upstream = connect(port, host);
    const pipe: Pipe = { client, upstream };
    pipes.add(pipe);
    const up = new Lane(upstream, state, true);
    const down = new Lane(client, state, false);
    lanes.add(up);
    lanes.add(down);
    client.on('data', (chunk: Buffer) => up.push(chunk));
    upstream.on('data', (chunk: Buffer) => down.push(chunk));
    // A half-close is passed on (after what was held), as a kernel would deliver it.
    client.on('end', () => up.end());
    upstream.on('end', () => down.end());
    const forget = () => {
      if (!client.destroyed || !upstream.destroyed) return;
      pipes.delete(pipe);
      lanes.delete(up);
      lanes.delete(down);
    };
    client.on('close', forget);
    upstream.on('close', forget);
    // An error on one side ends the other, unless the proxy holds bytes for it (paused): those go first.
    client.on('error', () => (state.paused ? up.end() : upstream.destroy()));
    upstream.on('error', () => client.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const proxy = createServer({ allowHalfOpen: true }, wire);
      proxy.once('error', reject);
      proxy.listen(listeningOn, '127.0.0.1', () => {
        listeningOn = (proxy.address() as AddressInfo).port;
        server = proxy;
        resolve();
      });
    });

  const cutAll = (how: 'destroy' | 'reset') => {
    for (const { client, upstream } of pipes) {
      for (const socket of [client, upstream]) {
        if (how === 'reset') socket.resetAndDestroy();
        else socket.destroy();
      }
    }
    pipes.clear();
    lanes.clear();
  };

  const drop = async () => {
    const closing = server;
    server = undefined;
    cutAll('destroy');
    if (closing !== undefined) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    port: listeningOn,
    address: `127.0.0.1:${listeningOn}`,
    pause: () => {
      state.paused = true;
    },
    resume: () => {
      state.paused = false;
      for (const lane of lanes) lane.flush();
    },
    drop,
    restore: async () => {
      if (server === undefined) await listen();
    },
    delay: (ms) => {
      state.delayMs = ms;
    },
    reset: () => cutAll('reset'),
    pauseAfter: (...texts) => {
      state.pauseAfter = texts.map((t) => Buffer.from(t));
    },
    connections: () => pipes.size,
    close: async () => {
      state.paused = false;
      await drop();
    },
  };
};

/** The same URL with its host and port replaced by the proxy's. */
export const throughProxy = (url: string, proxy: FaultProxy): string => {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
};
