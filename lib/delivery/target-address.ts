import net from 'node:net';

// Which addresses a webhook may reach. Everything that is not plainly on the public internet is
// refused: an endpoint URL must not become a way into Perch's own network (the database port,
// the cloud metadata service at 169.254.169.254, other tenants' private services).

type Range = { bytes: Uint8Array; bits: number };

/** The 4 or 16 bytes of an IP address in any form node:net accepts (brackets, a zone and an embedded dotted quad allowed); null when it is not one. */
function addressBytes(text: string): Uint8Array | null {
  const address = text.replace(/^\[(.*)\]$/u, '$1').replace(/%.*$/u, '');
  if (net.isIPv4(address)) return Uint8Array.from(address.split('.').map(Number));
  if (!net.isIPv6(address)) return null;
  const groups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [left, right] = address.split('::');
  const head = groups(left);
  const tail = right === undefined ? [] : groups(right);
  const all = right === undefined ? head : [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  return Uint8Array.from(all.flatMap((group) => [group >> 8, group & 0xff]));
}

function range(cidr: string): Range {
  const [address, bits] = cidr.split('/');
  return { bytes: addressBytes(address)!, bits: Number(bits) };
}

function inRange(bytes: Uint8Array, { bytes: prefix, bits }: Range): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let i = 0; i < bits; i += 1) {
    const mask = 0x80 >> i % 8;
    if ((bytes[i >> 3] & mask) !== (prefix[i >> 3] & mask)) return false;
  }
  return true;
}

// IANA's special-purpose IPv4 registry (RFC 6890 and successors), whole: none of it is the public internet.
const IPV4_REFUSED = [
  '0.0.0.0/8', // "this network", unspecified
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata services)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
].map(range);

// Only global unicast (2000::/3) reaches the public internet; inside it, these do not.
const IPV6_GLOBAL = range('2000::/3');
const IPV6_REFUSED = [
  '2001::/32', // Teredo: its client address is obfuscated, so what it reaches cannot be checked
  '2001:2::/48', // benchmarking
  '2001:10::/28', // ORCHID
  '2001:20::/28', // ORCHIDv2
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
].map(range);
// Forms that carry an IPv4 address: checked as that address.
const IPV4_MAPPED = range('::ffff:0:0/96');
const NAT64 = range('64:ff9b::/96');
const SIX_TO_FOUR = range('2002::/16');

function publicIpv4(bytes: Uint8Array): boolean {
  return !IPV4_REFUSED.some((refused) => inRange(bytes, refused));
}

/**
 * Whether an IP address (IPv4, or IPv6 in any notation) is on the public internet: false for
 * loopback, private, link-local, CGNAT, multicast, unspecified, broadcast, reserved and
 * documentation ranges, for IPv4-mapped, NAT64 and 6to4 forms of those, and for anything that
 * is not an IP address.
 */
export function isPublicAddress(address: string): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return false;
  if (bytes.length === 4) return publicIpv4(bytes);
  if (inRange(bytes, IPV4_MAPPED) || inRange(bytes, NAT64)) return publicIpv4(bytes.subarray(12));
  if (inRange(bytes, SIX_TO_FOUR)) return publicIpv4(bytes.subarray(2, 6));
  return inRange(bytes, IPV6_GLOBAL) && !IPV6_REFUSED.some((refused) => inRange(bytes, refused));
}

/** Whether webhooks may reach loopback, private and reserved addresses (PERCH_WEBHOOK_ALLOW_PRIVATE=1: development and tests only). Read at use. */
export function privateTargetsAllowed(): boolean {
  return process.env.PERCH_WEBHOOK_ALLOW_PRIVATE === '1';
}

