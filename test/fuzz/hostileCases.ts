// The fuzz cases: for each SDK entry point, a generated script of hostile responses served
// over a real socket, the call made through the public API, and its outcome classified.
// An outcome is good when it is a ChainxError with a code, or a well-formed result.
import { toBase58 } from '@mysten/bcs'
import fc from 'fast-check'
import { SERVICE_LIMIT_NAMES } from '../../src/graphql/responseSchemas.js'
import { ChainxClient, ChainxError, EventsDocument, type LimitsOption } from '../../src/index.js'
import { defaultMockServiceLimits } from '../../src/testing/index.js'
import { REQUEST_ID, type CaseScript, type Channel, type HostileResponse, type HostileServer } from './hostileServer.js'
import { hostileText, mutate, mutation, RawJson, type HostileJson } from './hostileValues.js'

export const TARGETS = [
  'graphql.query',
  'graphql.serviceConfig',
  'graphql.availableRange',
  'graphql.events',
  'graphql.limits',
  'paginate',
  'paginate.backward',
  'events.query',
  'events.iterate',
  'events.watch',
  'transactions.query',
  'transactions.iterate',
  'transactions.watch',
] as const
export type Target = (typeof TARGETS)[number]

/** How a case ended. `error` and `result` are good; every other kind is a finding. */
export type OutcomeKind = 'result' | 'error' | 'other-throw' | 'malformed-result' | 'unbounded' | 'hang'

export interface Outcome {
  kind: OutcomeKind
  /** The error code (kind `error`), the thrown value's name, or what was malformed. */
  detail: string
  requests: number
}

/** A request count no bounded case reaches: past it the case is stopped and counted as unbounded. */
export const MAX_REQUESTS_PER_CASE = 400
/** A case still running after this long (no request pending on our side) is counted as a hang. */
const HANG_AFTER_MS = 20_000

// ---- valid responses, the material the mutations work on ----

// The twelve limits serviceConfig reports, at the real service's defaults.
const LIMITS: HostileJson = Object.fromEntries(SERVICE_LIMIT_NAMES.map((name) => [name, defaultMockServiceLimits[name]]))

const graphqlNode = (page: number, index: number): HostileJson => ({
  sendingModule: { name: 'market', package: { digest: '0x2' } },
  type: { repr: '0x2::market::Trade' },
  sender: { address: `0x${page}${index}` },
  timestamp: '2024-05-01T00:00:00.000Z',
  json: { price: String(index) },
  bcs: 'AAAA',
})

function graphqlEventsPage(page: number, hasMore: boolean, size = 2): HostileJson {
  const edges = Array.from({ length: size }, (_, index) => ({ cursor: `c${page}.${index}`, node: graphqlNode(page, index) }))
  return {
    data: {
      events: {
        pageInfo: { hasPreviousPage: hasMore, hasNextPage: hasMore, startCursor: `c${page}.0`, endCursor: `c${page}.${size - 1}` },
        edges,
      },
    },
  }
}

const rpcEvent = (page: number, index: number): HostileJson => ({
  id: { txDigest: `Tx${page}`, eventSeq: String(index) },
  packageId: '0x2',
  transactionModule: 'market',
  sender: '0x1',
  type: '0x2::market::Trade',
  parsedJson: { price: String(index) },
  bcs: 'AAAA',
  bcsEncoding: 'base64',
  timestampMs: '1714521600000',
})

function rpcEventsPage(page: number, hasMore: boolean, size = 2): HostileJson {
  const data = Array.from({ length: size }, (_, index) => rpcEvent(page, index))
  return {
    jsonrpc: '2.0',
    id: new RawJson(REQUEST_ID),
    result: { data, nextCursor: { txDigest: `Tx${page}`, eventSeq: String(size - 1) }, hasNextPage: hasMore },
  }
}

/** A Base58 transaction digest of 32 bytes, distinct per (page, index). */
const txDigest = (page: number, index: number): string => toBase58(new Uint8Array(32).fill(((page * 7 + index) % 255) + 1))

const rpcTransaction = (page: number, index: number): HostileJson => {
  const ref = { objectId: '0x5', version: page + 1, digest: txDigest(page, 200) }
  return {
    digest: txDigest(page, index),
    checkpoint: String(page),
    timestampMs: '1714521600000',
    effects: {
      messageVersion: 'v1',
      status: index === 1 ? { status: 'failure', error: 'MoveAbort(1)' } : { status: 'success' },
      executedEpoch: '0',
      gasUsed: { computationCost: '1000000', storageCost: '988000', storageRebate: '978120', nonRefundableStorageFee: '9880' },
      transactionDigest: txDigest(page, index),
      gasObject: { owner: { AddressOwner: '0x1' }, reference: ref },
      mutated: [{ owner: { AddressOwner: '0x1' }, reference: ref }],
      modifiedAtVersions: [{ objectId: '0x5', sequenceNumber: page }],
      dependencies: [],
    },
    balanceChanges: [{ owner: { AddressOwner: '0x1' }, coinType: '0x2::sui::SUI', amount: '-1009880' }],
  }
}

function rpcTransactionsPage(page: number, hasMore: boolean, size = 2): HostileJson {
  const data = Array.from({ length: size }, (_, index) => rpcTransaction(page, index))
  return {
    jsonrpc: '2.0',
    id: new RawJson(REQUEST_ID),
    result: { data, nextCursor: size > 0 ? txDigest(page, size - 1) : null, hasNextPage: hasMore },
  }
}

const BASES: Record<Target, (index: number) => HostileJson> = {
  'graphql.query': () => ({ data: { chainIdentifier: '4c78adac' } }),
  'graphql.serviceConfig': () => ({ data: { serviceConfig: LIMITS } }),
  'graphql.availableRange': () => ({ data: { availableRange: { first: { sequenceNumber: 0 }, last: { sequenceNumber: 41 } } } }),
  'graphql.events': (page) => graphqlEventsPage(page, true),
  'graphql.limits': () => ({ data: { serviceConfig: LIMITS } }),
  paginate: (page) => graphqlEventsPage(page, true),
  'paginate.backward': (page) => graphqlEventsPage(page, true),
  'events.query': (page) => rpcEventsPage(page, true),
  'events.iterate': (page) => rpcEventsPage(page, true),
  'events.watch': (page) => rpcEventsPage(page, true),
  'transactions.query': (page) => rpcTransactionsPage(page, true),
  'transactions.iterate': (page) => rpcTransactionsPage(page, true),
  'transactions.watch': (page) => rpcTransactionsPage(page, true),
}

const channelOf = (target: Target): Channel =>
  target.startsWith('events.') || target.startsWith('transactions.')
    ? 'rpc'
    : target === 'graphql.limits' || target === 'graphql.serviceConfig'
      ? 'serviceConfig'
      : 'graphql'

// ---- generated responses ----

const STATUSES = [200, 200, 200, 201, 204, 301, 400, 401, 403, 404, 408, 413, 429, 500, 502, 503, 504]
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/graphql-response+json',
  'text/html',
  'text/plain',
  '',
]
const RETRY_AFTER = ['0', '1', '120', 'Wed, 21 Oct 2015 07:28:00 GMT', 'soon', '-5', '1e9']
const VERSIONS = ['2024.1.0', '2025.3.7-rc1', 'garbage', '9999.99999999999999999.1']
const JUNK_BODIES = [
  '',
  ' ',
  'null',
  'true',
  '[]',
  '"text"',
  '{}',
  '<html><body>502 Bad Gateway</body></html>',
  'Service Unavailable',
  '{"data":',
  '\u0000\u0001',
]

const headers: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'content-type': fc.constantFrom(...CONTENT_TYPES),
      'retry-after': fc.constantFrom(...RETRY_AFTER),
      'x-chain-rpc-version': fc.constantFrom(...VERSIONS),
    },
    { requiredKeys: [] },
  )
  .map((record) => ({ 'content-type': 'application/json', ...record }))

// One body in eight is cut short: truncated (Content-Length of what is sent) or a lie (full length declared, socket closed).
const cut = fc.oneof(
  { weight: 7, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.record({ mode: fc.constantFrom('truncate' as const, 'lie' as const), cutAt: fc.nat({ max: 400 }) }) },
)

/** One response: the valid one changed by up to three mutations, or junk, under any status. */
function response(base: HostileJson): fc.Arbitrary<HostileResponse> {
  const mutated = fc
    .record({
      mutations: fc.array(mutation, { maxLength: 3 }),
      status: fc.oneof({ weight: 6, arbitrary: fc.constant(200) }, { weight: 1, arbitrary: fc.constantFrom(...STATUSES) }),
      headers,
      cut,
    })
    .map(({ mutations, status, headers, cut }) => ({ status, headers, body: hostileText(mutate(base, mutations)), cut, mutations }))
  const junk = fc.record({
    status: fc.oneof(fc.constantFrom(...STATUSES), fc.integer({ min: 200, max: 599 })),
    headers,
    body: fc.oneof(fc.constantFrom(...JUNK_BODIES), fc.string({ maxLength: 60 })),
    cut: fc.constant(undefined),
  })
  return fc
    .oneof({ weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: junk })
    .map(({ status, headers, body, cut }) => ({ status, headers, body, cut }))
}

/** A case: the client's limits setting and the responses served to each channel. */
export interface HostileCase {
  target: Target
  limits: LimitsOption
  responses: HostileResponse[]
  serviceConfig: HostileResponse[]
  /** Once the responses are used up, pages with no items that claim more, each with a fresh cursor, forever. */
  endless?: boolean | undefined
}

/** Requests an endless case may take: a walk's default bound on empty pages must end it first. */
export const MAX_REQUESTS_ENDLESS = 2_000

/**
 * Cases for one target: 1 to 4 responses on its channel (pages 0, 1, … for walks), and,
 * when the client fetches limits, 0 to 2 responses to its serviceConfig request.
 */
export function hostileCase(target: Target): fc.Arbitrary<HostileCase> {
  const base = BASES[target]
  const responses = fc
    .integer({ min: 1, max: 4 })
    .chain((count) => fc.tuple(...Array.from({ length: count }, (_, page) => response(base(page)))))
  const serviceConfig = fc.array(response({ data: { serviceConfig: LIMITS } }), { maxLength: 2 })
  const limits: fc.Arbitrary<LimitsOption> =
    target === 'graphql.limits' || target === 'graphql.serviceConfig'
      ? fc.constant<LimitsOption>('serviceConfig')
      : fc.constantFrom<LimitsOption>('serviceConfig', false)
  return fc.record({ target: fc.constant(target), limits, responses, serviceConfig })
}

// ---- what a well-formed result is ----

class Malformed extends Error {
  override name = 'Malformed'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function expectWellFormed(condition: boolean, what: string): void {
  if (!condition) throw new Malformed(what)
}

const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

function checkLimits(limits: unknown): void {
  expectWellFormed(isRecord(limits), 'limits is not an object')
  // Fields the service adds beyond the selection are its own; the selected limits must be counts.
  for (const name of SERVICE_LIMIT_NAMES) {
    const value = Object.hasOwn(limits as object, name) ? (limits as Record<string, unknown>)[name] : undefined
    expectWellFormed(value === undefined || value === null || isCount(value), `limit ${name} is ${typeof value}`)
  }
}

function checkRpcEvent(event: unknown): void {
  expectWellFormed(isRecord(event), 'event is not an object')
  const { id, parsedJson, type, sender } = event as Record<string, unknown>
  expectWellFormed(
    isRecord(id) && typeof id.txDigest === 'string' && typeof id.eventSeq === 'string' && /^\d+$/.test(id.eventSeq),
    'event id',
  )
  // Any JSON value, as the real Event schema allows, but there.
  expectWellFormed(parsedJson !== undefined, 'event parsedJson')
  expectWellFormed(typeof type === 'string' && typeof sender === 'string', 'event type or sender')
}

function checkTransaction(tx: unknown): void {
  expectWellFormed(isRecord(tx) && typeof tx.digest === 'string', 'transaction digest')
  const { effects, errors } = tx as { effects?: unknown; errors?: unknown }
  // A degraded transaction (errors set, never empty) may lack what the options asked for.
  if (errors !== undefined) {
    expectWellFormed(Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e === 'string'), 'transaction errors')
    if (effects === undefined) return
  }
  expectWellFormed(
    isRecord(effects) && isRecord(effects.status) && isRecord(effects.gasUsed) && isRecord(effects.gasObject),
    'transaction effects',
  )
  const { gasUsed, status } = effects as { gasUsed: Record<string, unknown>; status: Record<string, unknown> }
  // The four amounts the type names (a field the decoder does not name is passed on unchecked, as everywhere).
  const amounts = [gasUsed.computationCost, gasUsed.storageCost, gasUsed.storageRebate, gasUsed.nonRefundableStorageFee]
  expectWellFormed(
    amounts.every((amount) => typeof amount === 'string' && /^\d+$/.test(amount)),
    'gasUsed amounts',
  )
  expectWellFormed(status.status === 'success' || (status.status === 'failure' && typeof status.error === 'string'), 'effects status')
}

function checkQueryResult(result: unknown): Record<string, unknown> {
  expectWellFormed(isRecord(result) && isRecord(result.data), 'result data is not an object')
  const { usage } = result as { usage?: unknown }
  if (usage !== undefined) {
    expectWellFormed(isRecord(usage) && Object.values(usage).every((value) => Number.isSafeInteger(value)), 'usage')
  }
  return (result as { data: Record<string, unknown> }).data
}

// ---- running a case ----

function script(testCase: HostileCase, onRpcAfter: () => void): CaseScript {
  const channel = channelOf(testCase.target)
  const walk = testCase.target === 'paginate' || testCase.target === 'paginate.backward'
  const pagesOnChannel = testCase.responses.length
  const valid = (json: HostileJson): HostileResponse => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: hostileText(json),
  })
  return {
    graphql: channel === 'graphql' ? testCase.responses : [],
    serviceConfig: channel === 'serviceConfig' ? [...testCase.serviceConfig, ...testCase.responses] : testCase.serviceConfig,
    rpc: channel === 'rpc' ? testCase.responses : [],
    after(channelAsked, served) {
      if (channelAsked === 'serviceConfig') return valid({ data: { serviceConfig: LIMITS } })
      if (testCase.endless && channelAsked === 'rpc') {
        const nextCursor = testCase.target.startsWith('transactions.')
          ? txDigest(1_000 + served, 0)
          : { txDigest: 'TxE', eventSeq: String(served) }
        return valid({ jsonrpc: '2.0', id: new RawJson(REQUEST_ID), result: { data: [], nextCursor, hasNextPage: true } })
      }
      if (testCase.endless) return valid(graphqlEventsPage(pagesOnChannel + served, true, 0))
      if (channelAsked === 'rpc') {
        onRpcAfter()
        return valid({ jsonrpc: '2.0', id: new RawJson(REQUEST_ID), result: { data: [], nextCursor: null, hasNextPage: false } })
      }
      // The walk's last page: more items, then no more.
      if (walk) return valid(served === 0 ? graphqlEventsPage(pagesOnChannel, false) : graphqlEventsPage(pagesOnChannel + served, false, 0))
      return valid(BASES[testCase.target](pagesOnChannel))
    },
  }
}

/** How both watches poll under fuzzing: at once, small pages, tiny backoff, three failed polls at most. */
const WATCH = { intervalMs: 0, pageSize: 2, backoff: { baseDelayMs: 1, maxDelayMs: 2 }, maxConsecutiveErrors: 3 }

async function callTarget(client: ChainxClient, target: Target, signal: AbortSignal): Promise<void> {
  switch (target) {
    case 'graphql.query':
      checkQueryResult(await client.graphql.query('query { chainIdentifier }', {}, { signal }))
      return
    case 'graphql.serviceConfig': {
      const data = checkQueryResult(await client.graphql.serviceConfig({}, { signal }))
      checkLimits(data.serviceConfig)
      return
    }
    case 'graphql.availableRange': {
      const data = checkQueryResult(await client.graphql.availableRange({}, { signal }))
      const range = data.availableRange
      expectWellFormed(isRecord(range), 'availableRange')
      for (const end of [(range as Record<string, unknown>).first, (range as Record<string, unknown>).last]) {
        expectWellFormed(end === null || (isRecord(end) && isCount(end.sequenceNumber)), 'availableRange bound')
      }
      return
    }
    case 'graphql.events':
      checkQueryResult(await client.graphql.events({ first: 2 }, { signal }))
      return
    case 'graphql.limits': {
      checkLimits(await client.graphql.limits({ signal }))
      return
    }
    case 'paginate':
    case 'paginate.backward': {
      const direction = target === 'paginate' ? 'forward' : 'backward'
      for await (const node of client.paginate(EventsDocument, {}, { pageSize: 2, maxItems: 40, direction, signal })) {
        expectWellFormed(isRecord(node), `walk yielded ${Array.isArray(node) ? 'an array' : node === null ? 'null' : typeof node}`)
      }
      return
    }
    case 'events.query': {
      const page = await client.events.query({ filter: { All: [] }, pageSize: 2, signal })
      expectWellFormed(Array.isArray(page.items) && typeof page.hasMore === 'boolean', 'event page')
      page.items.forEach(checkRpcEvent)
      return
    }
    case 'events.iterate':
      for await (const event of client.events.iterate({ filter: { All: [] }, pageSize: 2, maxItems: 40, signal })) checkRpcEvent(event)
      return
    case 'transactions.query': {
      const page = await client.transactions.query({
        filter: { FromAddress: '0x1' },
        options: { showEffects: true, showBalanceChanges: true },
        pageSize: 2,
        signal,
      })
      expectWellFormed(Array.isArray(page.items) && typeof page.hasMore === 'boolean', 'transaction page')
      page.items.forEach(checkTransaction)
      return
    }
    case 'transactions.iterate':
      for await (const tx of client.transactions.iterate({ options: { showEffects: true }, pageSize: 2, maxItems: 40, signal }))
        checkTransaction(tx)
      return
    case 'transactions.watch':
      for await (const tx of client.transactions.watch({ ...WATCH, options: { showEffects: true }, signal })) checkTransaction(tx)
      return
    case 'events.watch':
      for await (const event of client.events.watch({ ...WATCH, filter: { All: [] }, signal })) checkRpcEvent(event)
      return
  }
}

/** Runs one case against the server and says how it ended. Never throws. */
export async function runCase(server: HostileServer, testCase: HostileCase): Promise<Outcome> {
  const controller = new AbortController()
  let stoppedForRequests = false
  // A watch never ends by itself: it is stopped once the script is used up and it polled past it.
  let rpcAfter = 0
  const { id, graphqlUrl, rpcUrl } = server.open(
    script(testCase, () => {
      if ((testCase.target === 'events.watch' || testCase.target === 'transactions.watch') && ++rpcAfter >= 2) controller.abort()
    }),
    (requests) => {
      if (requests > (testCase.endless ? MAX_REQUESTS_ENDLESS : MAX_REQUESTS_PER_CASE) && !stoppedForRequests) {
        stoppedForRequests = true
        controller.abort()
      }
    },
  )
  const client = new ChainxClient({
    graphqlUrl,
    rpcUrl,
    limits: testCase.limits,
    timeoutMs: 5_000,
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterMs: 10 },
  })
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_AFTER_MS)
  })
  try {
    const ended = await Promise.race([
      callTarget(client, testCase.target, controller.signal).then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
      hang,
    ])
    const requests = server.requests(id)
    if (ended === 'hang') {
      controller.abort()
      return { kind: 'hang', detail: `no end after ${HANG_AFTER_MS} ms`, requests }
    }
    if (stoppedForRequests) return { kind: 'unbounded', detail: `stopped after ${requests} requests`, requests }
    if (ended.ok) return { kind: 'result', detail: 'ok', requests }
    const { error } = ended
    if (error instanceof Malformed) return { kind: 'malformed-result', detail: error.message, requests }
    if (error instanceof ChainxError && typeof error.code === 'string') {
      // The watch ends cleanly on its signal; any other abort is the SDK's own doing.
      return { kind: 'error', detail: error.code, requests }
    }
    const name = error instanceof Error ? `${error.name}: ${error.message.slice(0, 120)}` : typeof error
    return { kind: 'other-throw', detail: name, requests }
  } finally {
    clearTimeout(timer)
    server.close(id)
  }
}

/** A short account of a case for a failure message (bodies cut to 200 characters). */
export function describeCase(testCase: HostileCase): string {
  const show = (r: HostileResponse) =>
    `${r.status} ${r.headers['content-type'] ?? ''}${r.cut ? ` cut(${r.cut.mode}@${r.cut.cutAt})` : ''} ${r.body.length > 200 ? `${r.body.slice(0, 200)}… (${r.body.length} chars)` : r.body}`
  return [
    `target ${testCase.target}, limits ${JSON.stringify(testCase.limits)}`,
    ...testCase.serviceConfig.map((r) => `  serviceConfig: ${show(r)}`),
    ...testCase.responses.map((r, i) => `  response ${i}: ${show(r)}`),
  ].join('\n')
}
