import { expect, it } from 'vitest';
import { addressGroup } from '@/lib/server/cap-connections-per-address';

// Who a connection counts as for the per-address connection cap (lib/server/http-server.ts).

it.each([
  ['127.0.0.1', '127.0.0.1'],
  ['::ffff:127.0.0.1', '127.0.0.1'],
  ['::FFFF:10.1.2.3', '10.1.2.3'],
  ['::1', '0:0:0:0::/64'],
  ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
  ['2001:db8:1:2::7', '2001:db8:1:2::/64'],
  ['2001:0db8:0001:0002::8', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['fe80::1:2', 'fe80:0:0:0::/64'],
])('%s counts as %s', (address, group) => {
  expect(addressGroup(address)).toBe(group);
});

it('puts every address of one IPv6 /64 together, and different /64s apart', () => {
  expect(addressGroup('2001:db8:1:2::1')).toBe(addressGroup('2001:db8:1:2:ffff::9'));
  expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
});
