import { afterAll, beforeAll } from 'vitest'
import { startMockNetwork, type RunningMockNetwork, type StartMockNetworkOptions } from '../../src/testing/index.js'

/**
 * The tests' one mock-network set-up: starts a mock network on 127.0.0.1 before the tests of
 * the enclosing file or `describe`, hands it to `ready` (to keep it and seed it), and closes
 * it after them (after-hooks registered later, such as a client's close, run first).
 * `timeoutMs` bounds the start and `ready` (default: the hook timeout).
 *
 * @example
 * let mock: RunningMockNetwork
 * useMockNetwork({ events: 0 }, (started) => {
 *   mock = started
 * })
 */
export function useMockNetwork(
  options: StartMockNetworkOptions,
  ready: (mock: RunningMockNetwork) => void | Promise<void>,
  timeoutMs?: number,
): void {
  let mock: RunningMockNetwork | undefined
  beforeAll(async () => {
    mock = await startMockNetwork(options)
    await ready(mock)
  }, timeoutMs)
  afterAll(async () => {
    await mock?.close()
  })
}

/**
 * A mock network for one test: started, handed to `body`, closed whatever `body` does.
 *
 * @example
 * await withMockNetwork({ events: 0, retention: 5 }, async (mock) => {
 *   mock.network.advance(4)
 * })
 */
export async function withMockNetwork<T>(options: StartMockNetworkOptions, body: (mock: RunningMockNetwork) => Promise<T>): Promise<T> {
  const mock = await startMockNetwork(options)
  try {
    return await body(mock)
  } finally {
    await mock.close()
  }
}
