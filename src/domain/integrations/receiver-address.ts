/**
 * Which network addresses a webhook may be delivered to. A receiver on the public internet always may;
 * loopback, private, link-local, CGNAT, multicast, broadcast, unspecified and reserved addresses would let
 * a store's integration reach the service's own network (server-side request forgery), so they are
 * refused, except that an operator may allow loopback and private networks for on-premises receivers.
 * The cloud metadata endpoints are refused whatever the operator allows.
 */
export type AddressClass =
  | 'public'
  | 'metadata'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'reserved';

export type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

/** What an operator allows beyond the public internet (`INTEGRATIONS_ALLOW_PRIVATE`). */
export interface AddressPolicy {
  readonly allowPrivate: boolean;
}

type Range = readonly [prefix: readonly number[], bits: number, kind: AddressClass];

const V4_RANGES: readonly Range[] = [
  [[169, 254, 169, 254], 32, 'metadata'],
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'cgnat'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

// IPv6 prefixes as 16-bit groups.
const V6_RANGES: readonly Range[] = [
  [[0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254], 128, 'metadata'],
  [[0, 0, 0, 0, 0, 0, 0, 0], 128, 'unspecified'],
  [[0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'],
  [[0xfe80], 10, 'link-local'],
  [[0xfec0], 10, 'private'],
  [[0xfc00], 7, 'private'],
  [[0xff00], 8, 'multicast'],
  [[0x2001, 0x0db8], 32, 'reserved'],
  [[0x0100, 0, 0, 0], 64, 'reserved'],
];

const inRange = (address: readonly number[], prefix: readonly number[], bits: number, width: number): boolean => {
  for (let i = 0; i * width < bits; i += 1) {
    const take = Math.min(width, bits - i * width);
    const mask = ((1 << take) - 1) << (width - take);
    if (((address[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
};

/** The four octets of a dotted-quad IPv4 address, or undefined. */
export const parseIpv4 = (text: string): readonly number[] | undefined => {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p))) return undefined;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : undefined;
};

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted quad), or undefined; a zone index is ignored. */
export const parseIpv6 = (input: string): readonly number[] | undefined => {
  const text = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!text.includes(':')) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === undefined) return undefined;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return undefined;
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing < 1 ? undefined : [...head, ...Array<number>(missing).fill(0), ...tail];
};

const classifyV4 = (octets: readonly number[]): AddressClass =>
  octets.join('.') === '255.255.255.255'
    ? 'reserved'
    : (V4_RANGES.find(([prefix, bits]) => inRange(octets, prefix, bits, 8))?.[2] ?? 'public');

/** The IPv4 address an IPv6 one carries: IPv4-mapped (::ffff:0:0/96), IPv4-compatible, or NAT64 (64:ff9b::/96). */
const embeddedV4 = (groups: readonly number[]): readonly number[] | undefined => {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const v4 = [g >> 8, g & 0xff, h >> 8, h & 0xff];
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || (f === 0 && g !== 0))) return v4;
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return v4;
  return undefined;
};

/** The class of an IP address in text form; undefined when the text is no IP address (a host name). */
export const classifyAddress = (text: string): AddressClass | undefined => {
  const v4 = parseIpv4(text);
  if (v4 !== undefined) return classifyV4(v4);
  const v6 = parseIpv6(text);
  if (v6 === undefined) return undefined;
  const carried = embeddedV4(v6);
  if (carried !== undefined) return classifyV4(carried);
  return V6_RANGES.find(([prefix, bits]) => inRange(v6, prefix, bits, 16))?.[2] ?? 'public';
};

const OPERATOR_ALLOWS: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'cgnat']);

/** Whether a webhook may be delivered to this IP address under the operator's policy. */
export const addressVerdict = (address: string, policy: AddressPolicy): AddressVerdict => {
  const kind = classifyAddress(address);
  if (kind === undefined) return { allowed: false, reason: `${address} is not an IP address` };
  if (kind === 'public' || (policy.allowPrivate && OPERATOR_ALLOWS.has(kind))) return { allowed: true };
  const what = kind === 'metadata' ? 'a cloud metadata address' : `a ${kind} address`;
  return { allowed: false, reason: `${address} is ${what}, which webhooks may not be delivered to` };
};
