import { InvalidArgumentError } from '../errors/request.js'
import { redactUrl } from '../utils/redactUrl.js'
import type { EndpointKind } from './endpointTypes.js'
import type { EndpointPool } from './failover/EndpointPool.js'

export type { EndpointChange, EndpointKind, EndpointState, FailoverOptions } from './endpointTypes.js'

/**
 * One endpoint URL, or several in order of preference (failover, see `FailoverOptions`).
 *
 * @example
 * const graphqlUrl: EndpointUrls = ['https://own-node.example/graphql', 'https://public.example/graphql']
 */
export type EndpointUrls = string | readonly string[]

/**
 * Keeps several calls on one endpoint, as a GraphQL walk must (its cursors belong to the
 * service that issued them): pass the same empty object with every call. When that endpoint
 * fails past its retries, calls move only to one answering the same `x-chain-rpc-version`
 * (else `ServiceVersionChangedError`).
 *
 * @example
 * const affinity: EndpointAffinity = {}
 * let page = await client.graphql.query(EventsDocument, { first: 50 }, { affinity })
 * page = await client.graphql.query(EventsDocument, { first: 50, after: cursor }, { affinity })
 */
export interface EndpointAffinity {
  /** The endpoint the calls keep to (set by the first call that succeeds). */
  url?: string | undefined
  /** `x-chain-rpc-version` of that endpoint's answer. */
  version?: string | undefined
  /** Times the calls moved to another endpoint. */
  moves?: number | undefined
}

/**
 * The endpoint URLs of one option as a list, each an absolute URL of one of `protocols`
 * (else `InvalidArgumentError` naming the option, without the URL's credentials).
 */
export function endpointList(name: string, value: unknown, protocols: readonly string[]): readonly string[] {
  if (value === undefined) return []
  const urls = Array.isArray(value) ? [...(value as unknown[])] : [value]
  // An empty list is reported as its first URL missing.
  for (const url of urls.length ? urls : [value]) {
    if (!protocols.includes(protocolOf(url))) {
      const shown = typeof url === 'string' ? redactUrl(url) : url
      throw new InvalidArgumentError(`${name} must be an absolute ${protocols.join(' or ')} URL, got ${JSON.stringify(shown)}`)
    }
  }
  return urls as string[]
}

function protocolOf(value: unknown): string {
  try {
    return typeof value === 'string' ? new URL(value).protocol : ''
  } catch {
    return ''
  }
}

/**
 * The endpoints of one kind: requests carrying the group may go to any of them. With several,
 * the transport attaches their `pool` (health and ranking) with the first request.
 */
export interface EndpointGroup {
  readonly kind: EndpointKind
  readonly urls: readonly string[]
  pool?: EndpointPool | undefined
}
