import { lookup } from 'node:dns/promises';
import type { HostResolver } from '../../application/ports/integrations/host-resolver.js';

const UNRESOLVED = new Set(['ENOTFOUND', 'ENODATA', 'EAI_AGAIN', 'ESERVFAIL']);

/** The system resolver, as the delivery's connection uses it (`getaddrinfo`): every address of the name. */
export class DnsHostResolver implements HostResolver {
  async resolve(host: string): Promise<readonly string[]> {
    try {
      return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch (error) {
      if (UNRESOLVED.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  }
}
