// The reliability suite's engine: every event of a mock network walked by `client.paginate`
// (GraphQL events connection) and by `client.events.iterate` (JSON-RPC), and every
// transaction by `client.transactions.iterate` both directions, each killed half way and
// resumed from `walk.cursor` (JSON-RPC), over real sockets,
// while a seeded share of the responses are faults of every transient kind. Each walk is
// compared with the ledger: what was lost, duplicated or out of order, and what reached the
// caller as an error. Used by reliability.test.ts (scaled down) and runReliability.ts.
import { ChainxClient, EventsDocument, isChainxError, type RetryOptions } from '../../src/index.js'
import { startMockNetwork, TRANSIENT_FAULT_KINDS, type Ledger, type TransientFaultKind } from '../../src/testing/index.js'
import { complete } from '../helpers/completeTransaction.js'

/** What to walk, through which faults, with which client settings. */
export interface ReliabilityOptions {
  /** Events of the mock network's dataset. */
  events: number
  /** Seed of the dataset and of the fault PRNG. */
  seed: number
  /** Share of responses that are faults (0.05 = 5%). */
  faultRate: number
  /** The fault kinds in the mix; every transient kind when omitted. */
  kinds?: readonly TransientFaultKind[]
  /** Items per page of both walks. */
  pageSize: number
  /** The client's per-attempt time limit; slow faults answer after `slowMs`, beyond it. */
  timeoutMs: number
  slowMs: number
  /** The client's retry policy (tiny delays keep the run short). */
  retry: RetryOptions
  /** Each walk is aborted after this long, so a walk that never ends still returns. */
  deadlineMs: number
  /** Which walks to run (names start with these); all when omitted. */
  walks?: readonly string[]
}

/** An error that reached the caller of a walk. */
export interface WalkError {
  code: string
  message: string
  /** Items the walk had delivered when it threw. */
  deliveredBefore: number
}

/** The figures of one walk. */
export interface WalkFigures {
  walk: string
  expected: number
  delivered: number
  /** Expected items never delivered. */
  lost: number
  /** Deliveries beyond the first of an item. */
  duplicated: number
  /** Whether the delivered sequence is exactly the ledger's, in order. */
  exact: boolean
  errors: WalkError[]
  /** HTTP attempts the client made, retries included. */
  requests: number
  faults: Record<TransientFaultKind, number>
  faultTotal: number
  wallMs: number
}

type Walk = {
  name: string
  /** What the walk must deliver, in order. */
  expected: (ledger: Ledger) => string[]
  run: (
    client: ChainxClient,
    options: ReliabilityOptions,
    signal: AbortSignal,
    deliver: (key: string) => void,
    expected: number,
  ) => Promise<void>
}

const WALKS: Walk[] = [
  {
    name: 'paginate (GraphQL events)',
    // GraphQL events carry no id: bcs, type, sender and time together tell them apart.
    expected: (ledger) =>
      ledger.events.map((event) => `${event.bcs}|${event.type}|${event.sender}|${new Date(Number(event.timestampMs)).toISOString()}`),
    run: async (client, options, signal, deliver) => {
      for await (const node of client.paginate(EventsDocument, {}, { pageSize: options.pageSize, signal })) {
        deliver(`${node.bcs}|${node.type.repr}|${node.sender?.address}|${node.timestamp}`)
      }
    },
  },
  {
    name: 'events.iterate (JSON-RPC)',
    expected: (ledger) => ledger.events.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`),
    run: async (client, options, signal, deliver) => {
      for await (const event of client.events.iterate({ filter: { All: [] }, pageSize: options.pageSize, signal })) {
        deliver(`${event.id.txDigest}:${event.id.eventSeq}`)
      }
    },
  },
  ...(['forward', 'backward'] as const).map((direction): Walk => ({
    name: `transactions.iterate ${direction}, resumed (JSON-RPC)`,
    expected: (ledger) => {
      const digests = ledger.transactions.map((tx) => tx.digest)
      return direction === 'forward' ? digests : digests.reverse()
    },
    // Half way the walk is dropped (`break`) and a new one resumes from the saved `walk.cursor`.
    run: async (client, options, signal, deliver, expected) => {
      const half = Math.floor(expected / 2)
      const first = client.transactions.iterate({ direction, pageSize: options.pageSize, options: { showEffects: true }, signal })
      let taken = 0
      for await (const tx of first) {
        deliver(complete(tx).effects.transactionDigest)
        if (++taken === half) break
      }
      const resumed = client.transactions.iterate({
        direction,
        pageSize: options.pageSize,
        options: { showEffects: true },
        cursor: first.cursor,
        signal,
      })
      for await (const tx of resumed) deliver(complete(tx).effects.transactionDigest)
    },
  })),
]

function compare(expected: readonly string[], delivered: readonly string[]): Pick<WalkFigures, 'lost' | 'duplicated' | 'exact'> {
  const balance = new Map<string, number>()
  for (const key of expected) balance.set(key, (balance.get(key) ?? 0) + 1)
  let duplicated = 0
  for (const key of delivered) {
    const left = (balance.get(key) ?? 0) - 1
    balance.set(key, left)
    if (left < 0) duplicated++
  }
  let lost = 0
  for (const left of balance.values()) if (left > 0) lost += left
  const exact = expected.length === delivered.length && expected.every((key, index) => key === delivered[index])
  return { lost, duplicated, exact }
}

function toWalkError(error: unknown, deliveredBefore: number): WalkError {
  if (isChainxError(error)) return { code: error.code, message: error.message, deliveredBefore }
  const { name, message } = error instanceof Error ? error : { name: typeof error, message: String(error) }
  return { code: name, message, deliveredBefore }
}

/**
 * Starts a mock network, walks it both ways through random faults and returns the figures
 * of each walk. The network is closed before this resolves.
 *
 * @example
 * const [graphql, jsonRpc] = await walkThroughFaults({ events: 5_000, seed: 7, faultRate: 0.05, ... })
 */
export async function walkThroughFaults(options: ReliabilityOptions): Promise<WalkFigures[]> {
  const mock = await startMockNetwork({ events: options.events, seed: options.seed })
  try {
    const figures: WalkFigures[] = []
    for (const [index, walk] of WALKS.entries()) {
      if (options.walks && !options.walks.some((name) => walk.name.startsWith(name))) continue
      const expected = walk.expected(mock.network.ledger)
      let requests = 0
      const client = new ChainxClient({
        graphqlUrl: mock.graphqlUrl,
        rpcUrl: mock.rpcUrl,
        timeoutMs: options.timeoutMs,
        retry: options.retry,
        onRequest: () => void requests++,
      })
      mock.network.faults.clear()
      mock.network.faults.randomFaults({
        rate: options.faultRate,
        seed: options.seed + index,
        kinds: options.kinds ?? TRANSIENT_FAULT_KINDS,
        slowMs: options.slowMs,
        retryAfterSeconds: 0,
      })
      const delivered: string[] = []
      const errors: WalkError[] = []
      const started = performance.now()
      try {
        await walk.run(client, options, AbortSignal.timeout(options.deadlineMs), (key) => void delivered.push(key), expected.length)
      } catch (error) {
        errors.push(toWalkError(error, delivered.length))
      }
      const wallMs = performance.now() - started
      const counts = mock.network.faults.injectedCounts()
      mock.network.faults.clear()
      await client.close()
      const faults = Object.fromEntries(TRANSIENT_FAULT_KINDS.map((kind) => [kind, counts[kind]])) as Record<TransientFaultKind, number>
      figures.push({
        walk: walk.name,
        expected: expected.length,
        delivered: delivered.length,
        ...compare(expected, delivered),
        errors,
        requests,
        faults,
        faultTotal: Object.values(faults).reduce((sum, count) => sum + count, 0),
        wallMs,
      })
    }
    return figures
  } finally {
    await mock.close()
  }
}
