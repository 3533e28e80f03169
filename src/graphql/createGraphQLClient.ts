import { abortError } from '../errors/request.js'
import { untilAborted } from '../utils/untilAborted.js'
import { checkHeaders } from '../transport/checkHeaders.js'
import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { InvalidArgumentError } from '../errors/request.js'
import { requestJson } from '../transport/requestJson.js'
import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { lazyChunk } from '../utils/lazyChunk.js'
import { documentText } from './documentText.js'
import type { Decoded } from '../utils/decode.js'
import type { GraphQLDocument, QueryArguments, QueryOptions, QueryResult, ResultOf, VariablesOf } from './types.js'
import { ServiceConfigDocument } from './generated/operations.js'
import type { serviceConfigDataDecoder } from './responseSchemas.js'
import { checkKeys } from '../options/checkKeys.js'
import { readGroup } from '../options/optionRules.js'
import { readLimitsOption, type LimitsOption, type ServiceLimits } from './serviceLimits.js'

export type { DocumentNodeLike, GraphQLDocument, QueryArguments, QueryOptions, QueryResult, ResultOf, VariablesOf } from './types.js'

/** Options of the GraphQL client (documented on `ChainxClientOptions`). */
export interface GraphQLClientOptions {
  /** The GraphQL endpoint, or the group of several (none: every call fails with `INVALID_ARGUMENT`). */
  url: string | EndpointGroup
  transport: Transport
  rpcVersion?: string | undefined
  showUsage?: boolean | undefined
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
  query<D extends GraphQLDocument<any, any>>(document: D, ...args: QueryArguments<VariablesOf<D>>): Promise<QueryResult<ResultOf<D>>>
  /** The limits in force: from the options, or fetched from `serviceConfig` once. */
  limits(options?: { signal?: AbortSignal | undefined }): Promise<Partial<ServiceLimits>>
  /** The transport's walk hook (telemetry's walk span), for `paginate`. */
  onWalkStart?: Transport['onWalkStart']
}

/** The chunk of the checks before sending and the reading of responses (queryChecks.ts). */
export type QueryChecks = typeof import('./queryChecks.js')

/** Loads the chunk of checks; a failed load (a browser offline) is `CHUNK_LOAD_FAILED`, and the next query tries again. */
export const queryChecks = lazyChunk<QueryChecks>(
  () => import('./queryChecks.js'),
  (cause) => new ChunkLoadError({ chunk: 'queryChecks', cause }),
)

/** How long queries go unchecked after the serviceConfig fetch failed, before it is tried again. */
const LIMITS_RETRY_AFTER_MS = 30_000

/** No limit known: nothing is checked. */
const NO_LIMITS: Partial<ServiceLimits> = Object.freeze({})

/** Creates the GraphQL client used by `ChainxClient.graphql`. */
export function createGraphQLClient(options: GraphQLClientOptions): GraphQLQueryClient {
  const { transport, rpcVersion } = options
  const group: EndpointGroup = typeof options.url === 'string' ? { kind: 'graphql', urls: [options.url] } : options.url
  const url = group.urls[0] as string
  if (rpcVersion !== undefined) checkHeaders({ 'x-chain-rpc-version': rpcVersion }, 'rpcVersion')
  const limitsOption = readLimitsOption(options.limits)
  readGroup('', options, { showUsage: ['boolean'] })
  const serviceConfigText = String(ServiceConfigDocument)
  const headersWithoutUsage = rpcVersion ? { 'x-chain-rpc-version': rpcVersion } : undefined
  const headersWithUsage = { ...headersWithoutUsage, 'x-chain-rpc-show-usage': 'true' }
  let fetchedLimits: Promise<Partial<ServiceLimits>> | undefined
  let knownLimits: Partial<ServiceLimits> | undefined
  let limitsFailedAt = -Infinity

  /** The limits in force when they are known without waiting (`NO_LIMITS` when none are checked), else undefined. */
  function limitsNow(): Partial<ServiceLimits> | undefined {
    if (limitsOption === false) return NO_LIMITS
    if (limitsOption !== 'serviceConfig') return limitsOption
    // After a failed fetch, queries go unchecked for a while rather than each retrying it.
    if (fetchedLimits === undefined && Date.now() - limitsFailedAt < LIMITS_RETRY_AFTER_MS) return NO_LIMITS
    return knownLimits
  }

  function limits(callOptions: QueryOptions = {}): Promise<Partial<ServiceLimits>> {
    const known = limitsNow()
    if (known && known !== knownLimits) return Promise.resolve(known === NO_LIMITS ? {} : known)
    const { signal, ...shared } = callOptions
    // One fetch serves every caller, so it takes no caller's signal: each stops waiting on its own.
    fetchedLimits ??= queryChecks
      .load()
      .then(async (checks) => {
        const { data } = await send(checks, serviceConfigText, requestBody(encodeDocument(serviceConfigText), '{}', undefined), shared)
        return (knownLimits = checks.readServiceLimits((data as Decoded<typeof serviceConfigDataDecoder>).serviceConfig))
      })
      .catch(() => {
        // Unknown limits mean unchecked queries, not guessed ones; try again later.
        fetchedLimits = undefined
        limitsFailedAt = Date.now()
        return {}
      })
    return signal ? untilAborted(fetchedLimits, signal, abortError) : fetchedLimits
  }

  function send(checks: QueryChecks, text: string, body: string, callOptions: QueryOptions): Promise<QueryResult<unknown>> {
    const own = (callOptions.showUsage ?? options.showUsage) ? headersWithUsage : headersWithoutUsage
    return transport.request({
      url,
      endpoints: group,
      affinity: callOptions.affinity,
      body,
      headers: callOptions.headers ? { ...callOptions.headers, ...own } : own,
      signal: callOptions.signal,
      timeoutMs: callOptions.timeoutMs,
      parse: (response, from) => checks.readGraphQLResponse(response, from, text),
    })
  }

  function checkAndSend(
    checks: QueryChecks,
    document: GraphQLDocument<unknown, unknown>,
    text: string | undefined,
    variables: Record<string, unknown>,
    variablesJson: string,
    callOptions: QueryOptions,
    known: Partial<ServiceLimits>,
  ): Promise<QueryResult<any>> {
    const encoded = encodeDocument(text ?? checks.printDocument(document))
    const analysis = checks.analyzeDocument(encoded.text)
    // A nullable variable left out is sent as null: the service needs a value for each.
    const sent = checks.omittedAsNull(checks.selectOperation(analysis, callOptions.operationName), variables)
    if (sent !== variables) variablesJson = requestJson(sent, 'variables')
    const body = requestBody(encoded, variablesJson, callOptions.operationName)
    // The body starts with `{"query":` and the encoded document, whose length is counted once.
    encoded.bytes ??= checks.utf8Length(encoded.json)
    checks.checkQuery({
      analysis,
      operationName: callOptions.operationName,
      variables: sent,
      bodyBytes: BODY_HEAD.length + encoded.bytes + checks.utf8Length(body, BODY_HEAD.length + encoded.json.length),
      limits: known,
    })
    return send(checks, encoded.text, body, callOptions)
  }

  return {
    limits,
    onWalkStart: transport.onWalkStart,
    query(document, variables?, callOptions = {}) {
      try {
        if (url === undefined) throw new InvalidArgumentError('client.graphql needs graphqlUrl in the ChainxClient options')
        checkKeys('client.graphql.query', callOptions, QUERY_OPTION_KEYS)
        readGroup('', callOptions, CALL_OPTION_RULES)
        const text = documentText(document)
        const vars = (variables ?? {}) as Record<string, unknown>
        const variablesJson = requestJson(vars, 'variables')
        const checks = queryChecks.loaded()
        const known = text === serviceConfigText ? NO_LIMITS : limitsNow()
        if (checks && known) {
          // As `limits` does when it waits for the fetched limits: an aborted call stops there.
          const { signal } = callOptions
          if (known === knownLimits && signal?.aborted) throw abortError(signal.reason)
          return checkAndSend(checks, document, text, vars, variablesJson, callOptions, known)
        }
        // The first queries wait for the chunk of checks and the limits; later ones find both.
        return Promise.all([queryChecks.load(), known ?? limits(callOptions)]).then(([loaded, limitsKnown]) =>
          checkAndSend(loaded, document, text, vars, variablesJson, callOptions, limitsKnown),
        )
      } catch (error) {
        return Promise.reject(error)
      }
    },
  }
}

// The per-call options the transport does not read itself (it reads `timeoutMs` and `headers`).
const CALL_OPTION_RULES = { showUsage: ['boolean'], operationName: ['string'] } as const
// Every option of a call, so a misspelled one is refused (typed: a new option must be listed here).
const QUERY_OPTION_KEYS = Object.keys({
  signal: 1,
  showUsage: 1,
  headers: 1,
  timeoutMs: 1,
  operationName: 1,
  affinity: 1,
} satisfies Record<keyof QueryOptions, 1>)

/** A document's text, as a JSON string too, and that string's UTF-8 length once counted. */
interface EncodedDocument {
  text: string
  json: string
  bytes?: number | undefined
}

/** The encoded documents, by text: the document is the constant part of every request body. */
const encodedDocuments = new Map<string, EncodedDocument>()
const ENCODED_DOCUMENTS_LIMIT = 256
const BODY_HEAD = '{"query":'

function encodeDocument(text: string): EncodedDocument {
  let encoded = encodedDocuments.get(text)
  if (encoded === undefined) {
    encoded = { text, json: JSON.stringify(text) }
    if (encodedDocuments.size >= ENCODED_DOCUMENTS_LIMIT) encodedDocuments.delete(encodedDocuments.keys().next().value as string)
    encodedDocuments.set(text, encoded)
  }
  return encoded
}

// JSON.stringify({ query, variables, operationName? }) without escaping the document again for each request.
function requestBody(document: EncodedDocument, variablesJson: string, operationName: string | undefined): string {
  const name = operationName ? `,"operationName":${JSON.stringify(operationName)}` : ''
  return `${BODY_HEAD}${document.json},"variables":${variablesJson}${name}}`
}
