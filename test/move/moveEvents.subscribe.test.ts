import { afterAll, describe, expect, it, vi } from 'vitest'
import { EventContentError, type ChainxEvent } from 'chainx-sdk'
import { market, type MarketListed } from '../../examples/move/events.js'
import { listedAndSold, SELLER, withMarketNetwork } from './marketNetwork.js'

describe('subscribe with a generated definition as parse', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  afterAll(() => warn.mockRestore())

  it('S1/M1: delivers typed events over the socket; an event the definition rejects goes to onError as EventContentError and the stream goes on', () =>
    withMarketNetwork(async (mock, client) => {
      const delivered: ChainxEvent<MarketListed>[] = []
      const errors: unknown[] = []
      const unsubscribe = await client.events.subscribe({
        filter: { MoveModule: { package: market.Listed.package, module: 'market' } },
        parse: market.Listed,
        onEvent: (event) => void delivered.push(event),
        onError: (error) => void errors.push(error),
      })
      mock.network.execute({ sender: SELLER, module: 'market', emit: [...listedAndSold(1n), listedAndSold(2n)[0]!] })
      await vi.waitFor(() => expect(delivered.length + errors.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 })
      await unsubscribe()
      expect(delivered.map((event) => event.parsedJson.price)).toEqual(['1', '2'])
      expect(errors).toHaveLength(1)
      expect(errors[0]).toBeInstanceOf(EventContentError)
      expect(errors[0]).toMatchObject({ code: 'INVALID_RESPONSE', eventType: market.Sold.type })
    }))
})
