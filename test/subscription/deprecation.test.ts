import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSubscriptionClient } from './eventSubscriptions.js'
import { SUBSCRIBE_DEPRECATION_MESSAGE } from '../../src/resources/events.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/startMockNetwork.js'

// Its own file, so its own process: nothing else has subscribed before these tests.

describe('S2: subscribeEvent is deprecated; use the query methods', () => {
  let mock: RunningMockNetwork
  beforeAll(async () => {
    mock = await startMockNetwork({ events: 0 })
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    await mock.close()
  })

  it('S2: the first subscribe of the process emits one DeprecationWarning (process.emitWarning, with a code), naming client.events.watch; later subscribes and other clients do not', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const consoleWarn = vi.spyOn(console, 'warn')
    const first = createSubscriptionClient({ wsUrl: mock.wsUrl, heartbeatMs: 0 })
    const second = createSubscriptionClient({ wsUrl: mock.wsUrl, heartbeatMs: 0 })
    expect(warn).not.toHaveBeenCalled()
    const unsubscribers = [
      await first.subscribe({ filter: { All: [] }, onEvent: () => {} }),
      await first.subscribe({ filter: { All: [] }, onEvent: () => {} }),
      await second.subscribe({ filter: { All: [] }, onEvent: () => {} }),
    ]
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(SUBSCRIBE_DEPRECATION_MESSAGE, { type: 'DeprecationWarning', code: 'CHAINX_DEP_SUBSCRIBE' })
    expect(consoleWarn).not.toHaveBeenCalled()
    expect(warn.mock.calls[0]?.[0]).toContain('client.events.watch')
    for (const unsubscribe of unsubscribers) await unsubscribe()
    await first.close()
    await second.close()
  })
})
