import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP server on a free loopback port, standing in for a provider's API in tests; `stop` ends every open
 * connection too (a client's keep-alive socket would otherwise hold the close).
 */
export abstract class LoopbackServer {
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  /** The port it listens on, once started. */
  protected port = 0;

  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server === undefined ? resolve() : this.server.close(() => resolve())));
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}
