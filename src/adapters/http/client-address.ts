import { addressSubject } from '../../domain/auth/client-address.js';
import type { HttpContext } from './http-state.js';

/**
 * The address a request comes from: the socket's peer, or, behind a proxy the operator trusts, the last
 * entry of the header that proxy writes (`TRUSTED_PROXY_HEADER`, e.g. `X-Forwarded-For`): the one it
 * appended itself, which the client cannot choose. Entries before it are the client's to invent, and a
 * header that does not hold an address falls back to the peer.
 */
export const clientAddress =
  (trustedHeader: string | undefined) =>
  (ctx: Pick<HttpContext, 'get' | 'req'>): string | undefined => {
    const peer = ctx.req.socket.remoteAddress;
    if (trustedHeader === undefined) return peer;
    const value = ctx.get(trustedHeader);
    const last = value.slice(value.lastIndexOf(',') + 1).trim();
    return last !== '' && addressSubject(last) !== undefined ? last : peer;
  };
