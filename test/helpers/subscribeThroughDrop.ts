import { expect, vi } from 'vitest'
import type { ChainxClient } from '../../src/index.js'
import type { RunningMockNetwork } from '../../src/testing/index.js'

/**
 * Subscribes to every event, waits for the socket to open, drops every WebSocket of the mock
 * (no close frame) and waits for the subscription to open again; returns its unsubscribe.
 *
 * @example
 * const unsubscribe = await subscribeThroughDrop(client, mock)
 */
export async function subscribeThroughDrop(client: ChainxClient, mock: RunningMockNetwork): Promise<() => Promise<unknown>> {
  const waitOptions = { timeout: 10_000, interval: 10 }
  const states: string[] = []
  const unsubscribe = await client.events.subscribe({
    filter: { All: [] },
    onEvent: () => undefined,
    onStateChange: (change) => void states.push(change.state),
  })
  await vi.waitFor(() => expect(states).toContain('open'), waitOptions)
  mock.network.faults.dropWebSockets()
  await vi.waitFor(() => expect(states.filter((state) => state === 'open')).toHaveLength(2), waitOptions)
  return unsubscribe
}
