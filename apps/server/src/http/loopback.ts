import type { FastifyRequest } from 'fastify';

// "This computer": the loopback interface (127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6).

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** A host name or address to listen on that only this computer can reach. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/**
 * A request made on this computer: the connection comes from loopback and no proxy forwarded it (a reverse proxy
 * on the same host connects from loopback too, so a forwarding header, trusted or not, makes it remote).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
