import { handleJsonRpcRequest } from '../jsonRpc/handleJsonRpcRequest.js'
import { jsonRpcResultResponse, type JsonRpcCall } from '../jsonRpc/jsonRpcEnvelope.js'
import type { Ledger } from '../ledger/Ledger.js'
import { utf8Length, type GraphQLRequestBody, type MockGraphQLService } from '../graphql/MockGraphQLService.js'
import type { MockServiceLimits } from '../graphql/mockServiceLimits.js'
import type { MinuteRateLimiter } from './createMinuteRateLimiter.js'
import { cursorParamOf, emptyConnection, eventCursorOf, findConnections, restoreCursorParam, type EmptyPageCursors } from './emptyPages.js'
import { hostileServiceConfigBody } from './hostileServiceConfigBody.js'
import type { FaultAction, FaultEndpoint, MockFaults } from './MockFaults.js'

/** An HTTP request as the mock network sees it (from node:http or from msw). */
export interface MockHttpRequest {
  method: string
  /** Path (with optional query), or a full URL. */
  url: string
  /** Header names in any case. */
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** An HTTP response of the mock network: the same for the socket server and msw handlers. */
export interface MockHttpResponse {
  status: number
  headers: Record<string, string>
  body: string
  /**
   * Set by the reset faults: instead of completing this response the server resets the
   * connection, before sending anything (`beforeResponse`) or after the headers and half of
   * `body` (`midBody`).
   */
  reset?: 'beforeResponse' | 'midBody'
}

/** Everything handleMockRequest reads. */
export interface MockRequestEnvironment {
  ledger: Ledger
  graphql: MockGraphQLService
  limits: MockServiceLimits
  faults: MockFaults
  /** The fresh cursors of empty pages (see MockFaults.emptyPagesNext). */
  emptyPageCursors: EmptyPageCursors
  rateLimiter: MinuteRateLimiter
  /** Full service version sent in `x-chain-rpc-version`, e.g. `2025.3.0`. */
  version: string
}

const VERSION_HEADER = 'x-chain-rpc-version'
const USAGE_HEADER = 'x-chain-rpc-show-usage'

/**
 * CORS for browser pages on another origin. The real service allows any origin too; it does
 * not expose `x-chain-rpc-version`, the mock does so a browser client can read the version.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': `${VERSION_HEADER}, retry-after`,
}

/** An error page as nginx sends it. */
function proxyPage(status: string): string {
  return `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
}

function endpointOf(path: string): FaultEndpoint | undefined {
  if (path === '/graphql' || path === '/graphql/') return 'graphql'
  if (path === '/' || path === '/json-rpc' || path === '/json-rpc/') return 'rpc'
  return undefined
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): MockHttpResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }
}

function text(status: number, body: string, headers: Record<string, string> = {}): MockHttpResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body }
}

function graphqlFailure(status: number, message: string, code: string): MockHttpResponse {
  return json(status, { data: null, errors: [{ message, extensions: { code } }] })
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms) as { unref?: () => void }
    // Added latency must never keep a finished test process alive.
    timer.unref?.()
  })
}

/** The response a fault sends instead of the service's answer, if it replaces it. */
function faultResponse(fault: FaultAction | undefined): MockHttpResponse | undefined {
  if (fault?.kind === 'rateLimit') {
    const seconds = fault.retryAfterSeconds
    const retryAfter = { 'retry-after': fault.retryAfterDate ? new Date(Date.now() + seconds * 1000).toUTCString() : String(seconds) }
    if (fault.html)
      return { status: 429, headers: { 'content-type': 'text/html', ...retryAfter }, body: proxyPage('429 Too Many Requests') }
    return json(429, { error: 'Too Many Requests', message: 'Rate limit exceeded', retryAfterSeconds: seconds }, retryAfter)
  }
  if (fault?.kind === 'unavailable') {
    return text(
      503,
      'Service Unavailable',
      fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : undefined,
    )
  }
  if (fault?.kind === 'badGateway') return { status: 502, headers: { 'content-type': 'text/html' }, body: proxyPage('502 Bad Gateway') }
  return undefined
}

function checkVersion(header: string | string[] | undefined, version: string): MockHttpResponse | undefined {
  if (header === undefined) return undefined
  const values = (Array.isArray(header) ? header : [header]).flatMap((value) => value.split(',')).map((value) => value.trim())
  if (values.length > 1) return graphqlFailure(400, `Failed to parse ${VERSION_HEADER}: Multiple possible versions found.`, 'BAD_REQUEST')
  const requested = values[0] ?? ''
  // The service reads the header as visible ASCII (http's HeaderValue::to_str) and words any
  // other byte as not UTF-8. Node hands such bytes over as Latin-1 characters.
  if (!/^[\t\x20-\x7e]*$/.test(requested))
    return graphqlFailure(400, `Failed to parse ${VERSION_HEADER}: Not a UTF8 string.`, 'BAD_REQUEST')
  const match = /^(\d+)\.(\d+)$/.exec(requested)
  if (!match)
    return graphqlFailure(400, `Failed to parse ${VERSION_HEADER}: '${requested}' not a valid <YEAR>.<MONTH> version.`, 'BAD_REQUEST')
  const [year, minor] = version.split('.')
  if (Number(match[1]) !== Number(year) || Number(match[2]) !== Number(minor)) {
    return graphqlFailure(421, `Version '${requested}' not supported.`, 'INTERNAL_SERVER_ERROR')
  }
  return undefined
}

function handleGraphQL(
  env: MockRequestEnvironment,
  request: MockHttpRequest,
  headers: Record<string, string | string[] | undefined>,
): MockHttpResponse {
  if (request.method !== 'POST') return text(405, 'Method Not Allowed', { allow: 'POST' })
  const versionError = checkVersion(headers[VERSION_HEADER], env.version)
  if (versionError) return versionError
  let body: unknown
  try {
    body = JSON.parse(request.body)
  } catch (error) {
    return text(400, `Failed to parse the request body as JSON: ${(error as Error).message}`)
  }
  const candidate = body as Partial<GraphQLRequestBody> | null
  if (!candidate || typeof candidate !== 'object' || typeof candidate.query !== 'string') {
    return text(400, 'Invalid GraphQL request: missing field `query`')
  }
  const variables = candidate.variables
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return text(400, 'Invalid GraphQL request: `variables` must be an object')
  }
  const operationName = typeof candidate.operationName === 'string' ? candidate.operationName : null
  // A cursor of an earlier empty page stands for the request that got it.
  const restored = variables ? env.emptyPageCursors.restoreGraphql(variables) : null
  const result = env.graphql.execute(
    { query: candidate.query, variables: restored, operationName },
    { bodyBytes: utf8Length(request.body), showUsage: headers[USAGE_HEADER] !== undefined },
  )
  const data = result.data
  if (data && 'serviceConfig' in data) {
    const hostile = env.faults.takeHostileServiceConfig()
    if (hostile) return { status: 200, headers: { 'content-type': 'application/json' }, body: hostileServiceConfigBody(hostile, data) }
  }
  if (data && !result.errors && env.faults.emptyPagesActive('graphql')) {
    const connections = findConnections(data)
    if (connections.length > 0 && env.faults.takeEmptyPage('graphql')) {
      const cursor = env.emptyPageCursors.issueGraphql(restored ?? {})
      for (const connection of connections) emptyConnection(connection, cursor)
    }
  }
  return json(200, result)
}

function handleRpc(env: MockRequestEnvironment, request: MockHttpRequest): MockHttpResponse {
  if (request.method !== 'POST') return text(405, 'Method Not Allowed', { allow: 'POST' })
  const cursors = env.emptyPageCursors
  const isEvents = (call: JsonRpcCall): boolean => call.method === 'chainx_queryEvents'
  const isTransactions = (call: JsonRpcCall): boolean => call.method === 'chainx_queryTransactionBlocks'
  const { status, body } = handleJsonRpcRequest(env.ledger, request.body, {
    maxPageSize: env.limits.maxPageSize,
    rewriteCall: (call) => {
      if (isEvents(call)) return { ...call, params: restoreCursorParam(call.params, (cursor) => cursors.restoreRpc(cursor)) }
      if (isTransactions(call)) return { ...call, params: restoreCursorParam(call.params, (cursor) => cursors.restoreDigest(cursor)) }
      return call
    },
    rewriteResponse: (call, response) => {
      if (
        !(isEvents(call) || isTransactions(call)) ||
        !env.faults.emptyPagesActive('rpc') ||
        !('result' in (JSON.parse(response) as object))
      )
        return response
      if (!env.faults.takeEmptyPage('rpc')) return response
      const cursor = cursorParamOf(call.params)
      const nextCursor = isEvents(call)
        ? cursors.issueRpc(eventCursorOf(call.params), env.ledger.genesisDigest)
        : cursors.issueDigest(typeof cursor === 'string' ? cursor : null)
      return jsonRpcResultResponse(call.id, { data: [], nextCursor, hasNextPage: true })
    },
  })
  return { status, headers: { 'content-type': 'application/json' }, body }
}

function route(
  env: MockRequestEnvironment,
  request: MockHttpRequest,
  path: string,
  headers: Record<string, string | string[] | undefined>,
): MockHttpResponse {
  const endpoint = endpointOf(path)
  if (endpoint === 'graphql') return handleGraphQL(env, request, headers)
  if (endpoint === 'rpc') return handleRpc(env, request)
  if (request.method === 'GET' && (path === '/health' || path === '/graphql/health')) return text(200, 'OK')
  return text(404, 'Not Found')
}

/**
 * The one request handler of the mock network, shared by the node:http server and the msw
 * handlers: CORS preflight, rate limit, faults, routing (POST /graphql; POST / and
 * /json-rpc), the version check and the `x-chain-rpc-version` header on every response.
 *
 * @example
 * const response = await handleMockRequest(env, { method: 'POST', url: '/graphql', headers: {}, body: '{"query":"{ chainIdentifier }"}' })
 * response.headers['x-chain-rpc-version'] // '2025.3.0'
 */
export async function handleMockRequest(env: MockRequestEnvironment, request: MockHttpRequest): Promise<MockHttpResponse> {
  const headers: Record<string, string | string[] | undefined> = {}
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value
  const path = new URL(request.url, 'http://mock.invalid').pathname
  const endpoint = endpointOf(path)
  if (request.method === 'OPTIONS') {
    // CORS preflight (browser demos): answered before the rate limit and faults.
    return {
      status: 204,
      headers: {
        ...CORS_HEADERS,
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': `content-type, ${USAGE_HEADER}, ${VERSION_HEADER}`,
        'access-control-max-age': '600',
        [VERSION_HEADER]: env.version,
      },
      body: '',
    }
  }
  const latency = env.faults.latencyFor(endpoint)
  let response: MockHttpResponse
  if (endpoint === 'graphql' && request.method === 'POST' && latency > env.limits.requestTimeoutMs) {
    // The service gives up after requestTimeoutMs: a bare error, no extensions.code.
    await sleep(env.limits.requestTimeoutMs)
    response = json(200, { data: null, errors: [{ message: `Query request timed out. Limit: ${env.limits.requestTimeoutMs / 1000}s` }] })
    Object.assign(response.headers, CORS_HEADERS)
    response.headers[VERSION_HEADER] = env.version
    return response
  }
  if (latency > 0) await sleep(latency)
  const quota = env.rateLimiter.take()
  const fault = quota.allowed ? env.faults.take(endpoint) : undefined
  if (!quota.allowed) {
    response = json(
      429,
      {
        error: 'Too Many Requests',
        message: `Rate limit exceeded, retry after ${quota.retryAfterSeconds} seconds`,
        retryAfterSeconds: quota.retryAfterSeconds,
      },
      { 'retry-after': String(quota.retryAfterSeconds) },
    )
  } else {
    if (fault?.kind === 'slow') await sleep(fault.delayMs)
    response = faultResponse(fault) ?? route(env, request, path, headers)
    if (fault?.kind === 'truncate') {
      const cut = Math.max(1, Math.min(response.body.length - 1, Math.floor(response.body.length / 2)))
      response = { status: 200, headers: { ...response.headers, 'content-type': 'application/json' }, body: response.body.slice(0, cut) }
    }
    if (fault?.kind === 'reset') response.reset = fault.midBody ? 'midBody' : 'beforeResponse'
  }
  Object.assign(response.headers, CORS_HEADERS)
  response.headers[VERSION_HEADER] = env.version
  return response
}
