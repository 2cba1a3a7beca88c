// Requests to addresses that users give us (a URL to import, a webhook receiver): refused unless every address the
// name resolves to is public. The check runs before connecting and again after each redirect, and the connection is
// made to the address that was checked (Node's `lookup` hook), so a name that resolves to a public address for the
// check and a private one a moment later (DNS rebinding) cannot slip through.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { ExpectedError } from "./refusals.server";

/** A URL we will not fetch; its message names the reason, for the user who gave it. */
export class OutboundUrlError extends ExpectedError {
  constructor(message: string) {
    super(message, 422);
  }
}

// Everything that is not the public internet: private, loopback, link-local (incl. the cloud metadata address
// 169.254.169.254), shared (CGNAT), documentation, benchmarking, multicast and reserved ranges; in IPv6 also the
// unique-local and link-local ranges, IPv4-mapped and -compatible addresses, NAT64, 6to4 and Teredo (each can carry
// an IPv4 address that would otherwise need its own check).
// Two lists: Node's BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too, so one list would make
// "::ffff:0:0/96" refuse every IPv4 address.
const FORBIDDEN_V4 = new net.BlockList();
const FORBIDDEN_V6 = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  FORBIDDEN_V4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  FORBIDDEN_V6.addSubnet(network, prefix, "ipv6");
}

const LOOPBACK_V4 = new net.BlockList();
LOOPBACK_V4.addSubnet("127.0.0.0", 8, "ipv4");
const LOOPBACK_V6 = new net.BlockList();
LOOPBACK_V6.addAddress("::1", "ipv6");

/**
 * Tests only: lets requests reach loopback receivers (the test's own HTTP server), never private networks. Read on
 * each call and honoured only when NODE_ENV is "test", so a production server cannot be configured into it.
 */
export function loopbackAllowedForTests(): boolean {
  return process.env.NODE_ENV === "test" && process.env.OUTBOUND_ALLOW_LOOPBACK === "1";
}

/** Whether the address is one we refuse to connect to. */
export function isForbiddenAddress(address: string, { allowLoopback = loopbackAllowedForTests() } = {}): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (allowLoopback && (family === 4 ? LOOPBACK_V4 : LOOPBACK_V6).check(address, type)) return false;
  return family === 4 ? FORBIDDEN_V4.check(address, "ipv4") : FORBIDDEN_V6.check(address, "ipv6");
}

const refusedAddress = (host: string) =>
  new OutboundUrlError(`${host} is a private or local address. Only public internet addresses can be used.`);

/** The URL parsed and checked for its scheme, credentials and (for an IP literal) its address. */
export function parseOutboundUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OutboundUrlError("Enter a full web address starting with https:// or http://.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new OutboundUrlError("Only https:// and http:// addresses can be used.");
  if (url.username || url.password) throw new OutboundUrlError("Addresses with a user name or password are refused.");
  return url;
}

/** Every address the URL's host resolves to, refused (422) if any of them is not public. */
export async function resolvePublicAddresses(url: URL): Promise<dns.LookupAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: dns.LookupAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new OutboundUrlError(`${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw new OutboundUrlError(`${host} could not be found.`);
  if (addresses.some(({ address }) => isForbiddenAddress(address))) throw refusedAddress(host);
  return addresses;
}

/** Checks the URL as `outboundRequest` will, without connecting: for forms that save a URL for later. */
export async function checkOutboundUrl(value: string): Promise<URL> {
  const url = parseOutboundUrl(value);
  await resolvePublicAddresses(url);
  return url;
}

export interface OutboundRequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, redirects included, must finish its headers within this. */
  timeoutMs: number;
  /** GET only: redirects followed, each one checked again. POSTs never follow redirects. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it arrives; the caller reads or destroys it. */
  body: http.IncomingMessage;
  /** Where the answer came from, after redirects. */
  url: URL;
}

/** One request to the given, already checked, addresses: the socket connects to one of them and nowhere else. */
function requestPinned(
  url: URL,
  addresses: dns.LookupAddress[],
  options: OutboundRequestOptions,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const transport = url.protocol === "https:" ? https : http;
  const lookup: net.LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as dns.LookupAllOptions).all)
      return (callback as never as (e: null, a: unknown) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  };
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: options.method ?? "GET",
        headers: { "User-Agent": "Voxlate (+https://voxlate.com)", ...options.headers },
        lookup,
        signal,
        // No pooled sockets: each request connects to the address just checked.
        agent: false,
      },
      resolve,
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Sends the request to a public address only, following a GET's redirects by hand (each target is resolved and
 * checked before connecting). Refusals are OutboundUrlError (422); a timeout or a network failure is thrown as is.
 */
export async function outboundRequest(
  target: string | URL,
  options: OutboundRequestOptions,
): Promise<OutboundResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url = typeof target === "string" ? parseOutboundUrl(target) : target;
  const maxRedirects = options.method === "POST" ? 0 : (options.maxRedirects ?? 5);
  for (let redirects = 0; ; redirects++) {
    const addresses = await resolvePublicAddresses(url);
    const response = await requestPinned(url, addresses, options, signal);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location || maxRedirects === 0) {
      return { status: response.statusCode ?? 0, headers: response.headers, body: response, url };
    }
    response.resume();
    if (redirects >= maxRedirects) throw new OutboundUrlError("The address redirects too many times.");
    url = parseOutboundUrl(new URL(location, url).toString());
  }
}
