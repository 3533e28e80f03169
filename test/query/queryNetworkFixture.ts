import { isCancelledError, type QueryClient } from '@tanstack/query-core'
import { afterEach, expect, vi } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import type { ChainxQueryKey } from '../../src/query/index.js'
import type { FaultEndpoint, RunningMockNetwork, StartMockNetworkOptions } from '../../src/testing/index.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

/** A mock network for the file's tests, and every HTTP request it received (endpoint path and body), server side. */
export interface RecordingMockNetwork {
  readonly mock: RunningMockNetwork
  /** A client of both its endpoints. */
  readonly client: ChainxClient
  readonly received: { url: string; body: string }[]
}

/**
 * Starts a mock network and a client of it for the enclosing file, records what it receives, and clears its
 * faults after each test.
 *
 * @example
 * const net = useRecordingMockNetwork({ events: 60, seed: 7 })
 */
export function useRecordingMockNetwork(options: StartMockNetworkOptions): RecordingMockNetwork {
  const recording = {
    mock: undefined as unknown as RunningMockNetwork,
    client: undefined as unknown as ChainxClient,
    received: [] as { url: string; body: string }[],
  }
  useMockNetwork(options, (started) => {
    recording.mock = started
    recording.client = new ChainxClient({ graphqlUrl: started.graphqlUrl, rpcUrl: started.rpcUrl })
    const handle = started.network.handle.bind(started.network)
    started.network.handle = (request) => {
      recording.received.push({ url: request.url, body: request.body })
      return handle(request)
    }
  })
  afterEach(() => {
    recording.mock.network.faults.clear()
  })
  return recording
}

/**
 * Waits (bounded) until `check` holds.
 *
 * @example
 * await until(() => observer.getCurrentResult().status === 'success', 'the first page')
 */
export async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`)
    },
    { timeout: timeoutMs, interval: 10 },
  )
}

/**
 * Fetches a query whose response the server holds back 4 s, cancels it once the request
 * reached the server, and checks that the fetch ends cancelled, that the server saw the
 * connection close before its response (an abandoned request), and that the SDK did not retry.
 * `marker` is a string of the request's body.
 *
 * @example
 * await expectCancelAbortsOnWire(net, new QueryClient(), q.transactions.query({}), 'rpc', 'chainx_queryTransactionBlocks')
 */
export async function expectCancelAbortsOnWire(
  { mock, received }: RecordingMockNetwork,
  queryClient: QueryClient,
  options: { queryKey: ChainxQueryKey; queryFn: (...args: never[]) => Promise<unknown> },
  endpoint: FaultEndpoint,
  marker: string,
): Promise<void> {
  mock.network.faults.slowNext(1, { endpoint, delayMs: 4_000 })
  const abandonedBefore = mock.abandonedRequests.length
  const receivedBefore = received.length
  const fetching = queryClient.fetchQuery(options as never).then(
    () => 'resolved',
    (error: unknown) => error,
  )
  const asked = () => received.slice(receivedBefore).filter((request) => request.body.includes(marker))
  await until(() => asked().length > 0, 'the request to reach the server')
  await queryClient.cancelQueries({ queryKey: options.queryKey })
  expect(isCancelledError(await fetching)).toBe(true)
  await until(() => mock.abandonedRequests.length > abandonedBefore, 'the server to see the request abandoned')
  expect(mock.abandonedRequests.at(-1)!.body).toContain(marker)
  expect(asked()).toHaveLength(1) // the SDK did not retry the aborted request
}

/**
 * Checks that nothing polls the JSON-RPC endpoint any more but a control watch of the same interval:
 * the time waited is counted in the control's polls (two to settle, then `polls` more), not in milliseconds.
 *
 * @example
 * unsubscribe()
 * await expectPollingStopped(net, 20)
 */
export async function expectPollingStopped({ mock, client, received }: RecordingMockNetwork, intervalMs: number, polls = 5): Promise<void> {
  const sender = mock.network.ledger.newAddress()
  const rpc = () => received.filter((request) => request.url.includes('json-rpc'))
  const control = () => rpc().filter((request) => request.body.includes(sender)).length
  const controller = new AbortController()
  const watching = (async () => {
    for await (const _event of client.events.watch({
      filter: { Sender: sender },
      cursor: 'latest',
      intervalMs,
      signal: controller.signal,
    }));
  })().catch(() => undefined)
  try {
    await until(() => control() >= 2, 'the control watch to poll')
    const others = rpc().length - control()
    await until(() => control() >= 2 + polls, `the control watch to poll ${polls} more times`)
    expect(rpc().length - control()).toBe(others)
  } finally {
    controller.abort()
    await watching
  }
}
