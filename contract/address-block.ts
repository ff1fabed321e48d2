import { isIP } from 'node:net';

/**
 * One client's key among IP addresses (server side only: the backend's throttles and the web server's connection
 * cap count by it): an IPv4 address as it is, an IPv6 address as its /64, the block one subscriber is given.
 */
export function addressBlock(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
