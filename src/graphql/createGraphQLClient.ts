import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core'
import { abortError } from '../errors/abortError.js'
import { InvalidResponseError } from '../errors/request.js'
import { untilAborted } from '../utils/untilAborted.js'
import { checkHeaders } from '../transport/checkHeaders.js'
import { decodeJsonResponse } from '../transport/decodeJsonResponse.js'
import type { Transport } from '../transport/createTransport.js'
import type { HttpResponse } from '../transport/types.js'
import { requestJson } from '../transport/requestJson.js'
import { analyzeDocument } from './analyzeDocument.js'
import { loadedQueryChecks, loadQueryChecks, type QueryChecks } from './loadQueryChecks.js'
import { documentText } from './documentText.js'
import { DecodeFailure, decodeOr, matches, type Decoded, type Decoder } from '../utils/decode.js'
import { AvailableRangeDocument, ServiceConfigDocument } from './generated/operations.js'
import {
  availableRangeDataDecoder,
  graphQLEnvelopeDecoder,
  SERVICE_LIMIT_NAMES,
  serviceConfigDataDecoder,
  type Usage,
} from './responseSchemas.js'
import type { LimitsOption, ServiceLimits } from './serviceLimits.js'
import { parseServiceVersion, type ServiceVersion } from '../utils/serviceVersion.js'

/**
 * A GraphQL document: a codegen typed document, a plain string, or a parsed DocumentNode.
 *
 * @example
 * const document: GraphQLDocument = 'query { chainIdentifier }'
 */
export type GraphQLDocument<TResult = unknown, TVariables = Record<string, unknown>> =
  | DocumentTypeDecoration<TResult, TVariables>
  | string
  | { kind: 'Document'; loc?: { source: { body: string } } }

/**
 * Result type carried by a typed document.
 *
 * @example
 * type Epoch = ResultOf<typeof EpochDocument>['epoch']
 */
export type ResultOf<D> = D extends DocumentTypeDecoration<infer R, any> ? R : unknown
/**
 * Variables type carried by a typed document.
 *
 * @example
 * const variables: VariablesOf<typeof EventsDocument> = { first: 10, filter: { sender } }
 */
export type VariablesOf<D> = D extends DocumentTypeDecoration<any, infer V> ? V : Record<string, unknown>

/**
 * The arguments of `query` after the document: `variables` may be left out only when the
 * operation has no required variable.
 *
 * @example
 * const args: QueryArguments<{ address: string }> = [{ address: '0x1' }, { timeoutMs: 5_000 }]
 */
export type QueryArguments<TVariables> = Record<string, never> extends TVariables
  ? [variables?: TVariables, options?: QueryOptions]
  : [variables: TVariables, options?: QueryOptions]

/**
 * Per-call options of a GraphQL query.
 *
 * @example
 * await client.graphql.epoch({}, { signal: AbortSignal.timeout(5_000), showUsage: true })
 */
export interface QueryOptions {
  /** Aborts the request (and its retries). */
  signal?: AbortSignal | undefined
  /**
   * Ask for the usage extension (overrides the client's setting).
   * @default the client's `showUsage`
   */
  showUsage?: boolean | undefined
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined
  /** Time limit of one attempt in ms (overrides the client's). */
  timeoutMs?: number | undefined
  /** Operation to run when the document has several. */
  operationName?: string | undefined
}

/**
 * A successful GraphQL result.
 *
 * @example
 * const { data, usage, version }: QueryResult<EpochQuery> = await client.graphql.epoch()
 */
export interface QueryResult<TData> {
  data: TData
  /** The usage extension, when `showUsage` was set and the service sent it. */
  usage?: Usage | undefined
  /** Service version from the `x-chain-rpc-version` response header. */
  version: ServiceVersion | undefined
}

/**
 * Options of the GraphQL client.
 *
 * @example
 * const options: GraphQLClientOptions = { url: graphqlUrl, transport: createTransport(), showUsage: true }
 */
export interface GraphQLClientOptions {
  /** The GraphQL endpoint, {graphql_url}. */
  url: string
  transport: Transport
  /** Sent as `x-chain-rpc-version` to select the RPC version (spec 9.1). */
  rpcVersion?: string | undefined
  /**
   * Send `x-chain-rpc-show-usage: true` on every query.
   * @default false
   */
  showUsage?: boolean | undefined
  /**
   * Where limits for the checks before sending come from.
   * @default 'serviceConfig' (fetched once, lazily)
   */
  limits?: LimitsOption | undefined
}

/**
 * Low-level GraphQL access: any document, checked before sending.
 *
 * @example
 * const graphql: GraphQLQueryClient = client.graphql
 * const { data } = await graphql.query('query { chainIdentifier }')
 */
export interface GraphQLQueryClient {
  /**
   * Runs a GraphQL query. Unused or missing variables, `first` with `last`, page sizes
   * over `maxPageSize` and queries over the depth, node or payload limits fail before
   * sending; service errors become typed errors with partial `data` kept.
   */
  query<D extends GraphQLDocument<any, any>>(
    document: D,
    ...args: QueryArguments<VariablesOf<D>>
  ): Promise<QueryResult<ResultOf<D>>>
  /** The limits in force: from the options, or fetched from `serviceConfig` once. */
  limits(options?: { signal?: AbortSignal | undefined }): Promise<Partial<ServiceLimits>>
}

/** How long queries go unchecked after the serviceConfig fetch failed, before it is tried again. */
const LIMITS_RETRY_AFTER_MS = 30_000

/** No limit known: nothing is checked against one. */
const NO_LIMITS: Partial<ServiceLimits> = Object.freeze({})

/**
 * Creates the GraphQL client used by `ChainxClient.graphql`.
 *
 * @example
 * const graphql = createGraphQLClient({ url: 'http://127.0.0.1:9000/graphql', transport: createTransport() })
 * const { data } = await graphql.query('query { chainIdentifier }')
 */
export function createGraphQLClient(options: GraphQLClientOptions): GraphQLQueryClient {
  const { url, transport, rpcVersion } = options
  if (rpcVersion !== undefined) checkHeaders({ 'x-chain-rpc-version': rpcVersion }, 'rpcVersion')
  const limitsOption = options.limits ?? 'serviceConfig'
  const serviceConfigText = String(ServiceConfigDocument)
  // The client's own headers, with and without the usage extension, built once.
  const ownHeaders = (showUsage: boolean): Record<string, string> | undefined =>
    rpcVersion || showUsage
      ? { ...(rpcVersion ? { 'x-chain-rpc-version': rpcVersion } : {}), ...(showUsage ? { 'x-chain-rpc-show-usage': 'true' } : {}) }
      : undefined
  const headersWithUsage = ownHeaders(true)
  const headersWithoutUsage = ownHeaders(false)
  const parseResult = createResponseParser(url, undefined)
  // The results the SDK itself reads are checked before use, whoever asked for them.
  const parseServiceConfig = createResponseParser(url, serviceConfigDataDecoder)
  const parsers = new Map([
    [serviceConfigText, parseServiceConfig],
    [String(AvailableRangeDocument), createResponseParser(url, availableRangeDataDecoder)],
  ])
  let fetchedLimits: Promise<Partial<ServiceLimits>> | undefined
  /** What `fetchedLimits` gave, once it has. */
  let knownLimits: Partial<ServiceLimits> | undefined
  let limitsFailedAt = -Infinity

  function limits(callOptions: QueryOptions = {}): Promise<Partial<ServiceLimits>> {
    if (limitsOption === false) return Promise.resolve({})
    if (limitsOption !== 'serviceConfig') return Promise.resolve(limitsOption)
    // After a failed fetch, queries go unchecked for a while instead of each paying for
    // another attempt (with its retries) against a service that just failed it.
    if (fetchedLimits === undefined && Date.now() - limitsFailedAt < LIMITS_RETRY_AFTER_MS) return Promise.resolve({})
    const { signal, ...shared } = callOptions
    // One fetch serves every caller, so it takes no caller's signal: each caller stops
    // waiting on its own abort, and the others still get the limits.
    fetchedLimits ??= loadQueryChecks()
      .then(() => send(requestBody(serviceConfigText, {}, undefined), shared, parseServiceConfig))
      .then(
        (result) => (knownLimits = readLimits((result.data as Decoded<typeof serviceConfigDataDecoder>).serviceConfig)),
        () => {
          // Unknown limits mean unchecked queries, not guessed ones; try again later.
          fetchedLimits = undefined
          limitsFailedAt = Date.now()
          return {}
        },
      )
    return signal ? untilAborted(fetchedLimits, signal, abortError) : fetchedLimits
  }

  /** The limits `limits()` would give, when they are known without waiting; else undefined. */
  function limitsNow(): Partial<ServiceLimits> | undefined {
    if (limitsOption === false) return NO_LIMITS
    if (limitsOption !== 'serviceConfig') return limitsOption
    if (fetchedLimits === undefined && Date.now() - limitsFailedAt < LIMITS_RETRY_AFTER_MS) return NO_LIMITS
    return knownLimits
  }

  function send<T>(body: string, callOptions: QueryOptions, parse: (response: HttpResponse) => T): Promise<T> {
    const own = (callOptions.showUsage ?? options.showUsage) ? headersWithUsage : headersWithoutUsage
    return transport.request({
      url,
      body,
      headers: callOptions.headers ? { ...callOptions.headers, ...own } : own,
      signal: callOptions.signal,
      timeoutMs: callOptions.timeoutMs,
      parse,
    })
  }

  function checkAndSend(checks: QueryChecks, text: string, variables: Record<string, unknown>, body: string, callOptions: QueryOptions, known: Partial<ServiceLimits>) {
    checks.checkQuery({
      analysis: analyzeDocument(text),
      operationName: callOptions.operationName,
      variables,
      bodyBytes: utf8Length(body),
      limits: known,
    })
    return send(body, callOptions, parsers.get(text) ?? parseResult)
  }

  // The first queries wait for the chunk of checks and the limits; later ones find both.
  async function checkLaterAndSend(text: string, variables: Record<string, unknown>, body: string, callOptions: QueryOptions) {
    const checks = loadQueryChecks()
    const known = text === serviceConfigText ? NO_LIMITS : await limits(callOptions)
    return checkAndSend(await checks, text, variables, body, callOptions, known)
  }

  return {
    limits,
    query(document, variables?, callOptions = {}) {
      try {
        const text = documentText(document)
        const vars = (variables ?? {}) as Record<string, unknown>
        const body = requestBody(text, vars, callOptions.operationName)
        const checks = loadedQueryChecks()
        const known = text === serviceConfigText ? NO_LIMITS : limitsNow()
        if (!checks || !known) return checkLaterAndSend(text, vars, body, callOptions) as Promise<QueryResult<any>>
        // As `limits` does when it waits for the fetched limits: an aborted call stops there.
        const { signal } = callOptions
        if (known === knownLimits && signal?.aborted) throw abortError(signal.reason)
        return checkAndSend(checks, text, vars, body, callOptions, known) as Promise<QueryResult<any>>
      } catch (error) {
        return Promise.reject(error)
      }
    },
  }
}

/**
 * Reads a GraphQL response into a `QueryResult`: the envelope checked, the service's errors
 * mapped to typed errors (partial data kept), and `data` checked by `dataDecoder` when given.
 * One parser serves every request of a client (and document), so a response builds no closures.
 */
function createResponseParser(url: string, dataDecoder: Decoder<unknown> | undefined) {
  return (response: HttpResponse): QueryResult<unknown> => {
    const version = parseServiceVersion(response.headers['x-chain-rpc-version'])
    // Every request is sent after the chunk of checks has loaded.
    const { mapGraphQLErrors } = loadedQueryChecks() as QueryChecks
    const json = decodeJsonResponse(response, {
      url,
      version,
      isProtocolBody: isGraphQLBody,
      readErrorBody: (body) => {
        // The version check answers 400/421 with a GraphQL body: keep its errors as the cause.
        if (!matches(graphQLEnvelopeDecoder, body)) return undefined
        const { data, errors } = graphQLEnvelopeDecoder(body)
        return errors && errors.length > 0 ? mapGraphQLErrors(errors, data ?? null, version) : undefined
      },
    })
    let envelope: Decoded<typeof graphQLEnvelopeDecoder>
    try {
      envelope = graphQLEnvelopeDecoder(json)
    } catch (error) {
      throw error instanceof DecodeFailure ? invalid(response, version, `not a GraphQL response: ${error.describe('')}`, error) : error
    }
    const { data, errors } = envelope
    const usage = envelope.extensions?.usage
    if (errors && errors.length > 0) throw mapGraphQLErrors(errors, data ?? null, version, usage)
    if (data === undefined || data === null) throw invalid(response, version, 'no data')
    if (dataDecoder) decodeOr(dataDecoder, data, (failure) => invalid(response, version, failure.describe('data'), failure))
    return { data, usage, version }
  }
}

function isGraphQLBody(body: Record<string, unknown>): boolean {
  return 'data' in body || 'errors' in body
}

function invalid(response: HttpResponse, version: ServiceVersion | undefined, reason: string, cause?: unknown): InvalidResponseError {
  return new InvalidResponseError({ status: response.status, body: response.body, reason, version, cause })
}

/** The limits a `serviceConfig` result gives, leaving out the null ones. */
function readLimits(config: Partial<Record<keyof ServiceLimits, number | null>>): Partial<ServiceLimits> {
  const known: Partial<ServiceLimits> = {}
  for (const name of SERVICE_LIMIT_NAMES) {
    const value = config[name]
    if (typeof value === 'number') known[name] = value
  }
  return known
}

/** Each document's text as a JSON string, by text: the document is the constant part of every request body. */
const encodedQueries = new Map<string, string>()
const ENCODED_QUERIES_LIMIT = 256

// The same text as JSON.stringify({ query, variables, operationName? }), without re-escaping
// the document on every request.
function requestBody(query: string, variables: Record<string, unknown>, operationName: string | undefined): string {
  let encoded = encodedQueries.get(query)
  if (encoded === undefined) {
    encoded = JSON.stringify(query)
    if (encodedQueries.size >= ENCODED_QUERIES_LIMIT) encodedQueries.delete(encodedQueries.keys().next().value as string)
    encodedQueries.set(query, encoded)
  }
  const name = operationName ? `,"operationName":${JSON.stringify(operationName)}` : ''
  return `{"query":${encoded},"variables":${requestJson(variables, 'variables')}${name}}`
}

/** UTF-8 byte length without encoding the string (the body's Content-Length). */
function utf8Length(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 2 // a surrogate pair: 4 bytes for its 2 units
      i++
    } else bytes += 2
  }
  return bytes
}
