import type { SubscribeParameters } from './eventSubscriptions.js'
import type { SubscriptionStateChange } from '../../src/subscription/types.js'
import type { ChainxEvent } from '../../src/events/types.js'

/** What one subscription delivered: its events, errors and state changes, in order. */
export interface Recorder {
  events: ChainxEvent[]
  errors: unknown[]
  states: SubscriptionStateChange[]
  /** Transaction digests of the events, in delivery order. */
  keys: () => string[]
}

/** Options of `vi.waitFor` for what a subscription should deliver over a local socket. */
export const waitOptions = { timeout: 5_000, interval: 5 }

/**
 * A recorder with the callbacks that fill it, to spread into `subscribe` parameters.
 *
 * @example
 * const seen = recorder()
 * await client.subscribe({ filter: { All: [] }, ...seen })
 * await vi.waitFor(() => expect(seen.events).toHaveLength(3), waitOptions)
 */
export function recorder(): Recorder & Required<Pick<SubscribeParameters, 'onEvent' | 'onError' | 'onStateChange'>> {
  const events: ChainxEvent[] = []
  const errors: unknown[] = []
  const states: SubscriptionStateChange[] = []
  return {
    events,
    errors,
    states,
    keys: () => events.map((event) => event.id.txDigest),
    onEvent: (event: ChainxEvent) => {
      events.push(event)
    },
    onError: (error: unknown) => {
      errors.push(error)
    },
    onStateChange: (change: SubscriptionStateChange) => {
      states.push(change)
    },
  }
}
