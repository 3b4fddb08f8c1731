/** Names to addresses, as the delivery will resolve them. */
export interface HostResolver {
  /** Every address the name resolves to; empty when it does not resolve (yet). */
  resolve(host: string): Promise<readonly string[]>;
}
