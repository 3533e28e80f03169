/**
 * What a Node transport needs of an endpoint URL, parsed once: where to connect, what to send
 * as `Host` and as the request target, and the credentials written in the URL, if any.
 *
 * @example
 * requestTarget('https://u:p@[::1]:8443/graphql?x=1')
 * // { secure: true, origin: 'https://[::1]:8443', hostname: '::1', port: 8443, host: '[::1]:8443', path: '/graphql?x=1', auth: 'u:p' }
 */
export interface RequestTarget {
  secure: boolean
  /** Scheme, host and port: the endpoints that may share connections. */
  origin: string
  /** Host to connect to, without the brackets of an IPv6 literal. */
  hostname: string
  port: number
  /** The `Host` header: host and, when not the scheme's default, port. */
  host: string
  path: string
  /** `user:password` from the URL, percent-decoded, when it carries any. */
  auth: string | undefined
}

/** A client sends to one or two endpoints, so each URL is parsed once. */
const targets = new Map<string, RequestTarget>()
const MAX_TARGETS = 32

/**
 * Parses (once per URL) an `http:` or `https:` endpoint for a Node transport. Throws the
 * `URL` constructor's `TypeError` for a URL it can't parse; the transport reports it as a
 * `NETWORK` error, as fetch does.
 *
 * @example
 * const { hostname, port, path } = requestTarget('http://127.0.0.1:9000/graphql')
 */
export function requestTarget(url: string): RequestTarget {
  let target = targets.get(url)
  if (target !== undefined) return target
  const { protocol, origin, hostname, port, host, pathname, search, username, password } = new URL(url)
  if (protocol !== 'http:' && protocol !== 'https:') throw new TypeError(`Only http: and https: URLs are supported, got ${protocol}`)
  const secure = protocol === 'https:'
  target = {
    secure,
    origin,
    hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
    port: port === '' ? (secure ? 443 : 80) : Number(port),
    host,
    path: `${pathname}${search}`,
    auth: username || password ? `${decodeURIComponent(username)}:${decodeURIComponent(password)}` : undefined,
  }
  if (targets.size >= MAX_TARGETS) targets.clear()
  targets.set(url, target)
  return target
}
