import { connect } from 'node:net';
import { checkRawAnswer } from './raw-http.js';

/** Writes bytes to the server as they are and returns everything it answers until it closes the connection. */
export const rawExchange = (url: string, bytes: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        checkRawAnswer(bytes, text);
      } catch (error) {
        reject(error as Error);
        return;
      }
      resolve(text);
    });
    socket.on('error', reject);
  });
