import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP relay to a server, whose cut stands for the server going away: connections drop and new ones are refused. */
export interface TcpRelay {
  readonly port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export const startTcpRelay = async (host: string, port: number): Promise<TcpRelay> => {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let listeningOn = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const relay = createServer((client) => {
        const upstream = connect(port, host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      relay.once('error', reject);
      relay.listen(listeningOn, '127.0.0.1', () => {
        listeningOn = (relay.address() as AddressInfo).port;
        server = relay;
        resolve();
      });
    });
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing !== undefined) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return { port: listeningOn, cut, restore: listen, close: cut };
};
