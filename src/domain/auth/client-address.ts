/**
 * The address failures are counted against. An IPv4 address is itself; an IPv6 address stands for its
 * /64 network, since one host is routinely given a whole /64 and could otherwise fail from a fresh
 * address each time; an IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
 */

const IPV4_PART = /^(?:0|[1-9][0-9]{0,2})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

const ipv4 = (text: string): number[] | undefined => {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => IPV4_PART.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
};

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail allowed), or undefined. */
const ipv6Groups = (text: string): number[] | undefined => {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string): number[] | undefined => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1 && part.includes('.')) {
        const v4 = ipv4(part);
        if (v4 === undefined) return undefined;
        out.push(v4[0]! * 256 + v4[1]!, v4[2]! * 256 + v4[3]!);
      } else if (HEX_GROUP.test(part)) out.push(parseInt(part, 16));
      else return undefined;
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
};

/**
 * The subject an address is counted as: `192.0.2.1`, or `2001:db8:0:1::/64`; undefined when `raw` is not
 * an IP address. Brackets, a zone (`%eth0`) and an IPv4 port (`192.0.2.1:5678`) are ignored.
 */
export const addressSubject = (raw: string): string | undefined => {
  let text = raw.trim().toLowerCase();
  if (text.length > 64) return undefined;
  if (text.startsWith('[')) text = text.slice(1, text.indexOf(']') < 0 ? undefined : text.indexOf(']'));
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(':') || (text.split(':').length === 2 && text.includes('.'))) {
    const v4 = ipv4(text.split(':')[0] ?? '');
    return v4?.join('.');
  }
  const groups = ipv6Groups(text);
  if (groups === undefined) return undefined;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
};
