import { afterAll, describe, expect, it, vi } from 'vitest'
import { ChainxClient, EventContentError, type ChainxEvent } from 'chainx-sdk'
import { startMockNetwork } from 'chainx-sdk/testing'
import { market, type MarketListed } from '../../examples/move/events.js'

const SELLER = `0x${'5e'.repeat(32)}`
const ITEM = `0x${'17'.repeat(32)}`

describe('subscribe with a generated definition as parse', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  afterAll(() => warn.mockRestore())

  it('S1/M1: delivers typed events over the socket; an event the definition rejects goes to onError as EventContentError and the stream goes on', async () => {
    const mock = await startMockNetwork({ events: 0 })
    const client = new ChainxClient(mock)
    try {
      mock.network.publish({ module: 'market', events: market })
      const delivered: ChainxEvent<MarketListed>[] = []
      const errors: unknown[] = []
      const unsubscribe = await client.events.subscribe({
        filter: { MoveModule: { package: market.Listed.package, module: 'market' } },
        parse: market.Listed,
        onEvent: (event) => void delivered.push(event),
        onError: (error) => void errors.push(error),
      })
      mock.network.execute({
        sender: SELLER,
        module: 'market',
        emit: [
          { struct: 'Listed', fields: { item_id: ITEM, price: 1n, seller: SELLER } },
          { struct: 'Sold', fields: { item_id: ITEM, price: 1n, buyer: SELLER } },
          { struct: 'Listed', fields: { item_id: ITEM, price: 2n, seller: SELLER } },
        ],
      })
      const deadline = Date.now() + 10_000
      while (delivered.length + errors.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      await unsubscribe()
      expect(delivered.map((event) => event.parsedJson.price)).toEqual(['1', '2'])
      expect(errors).toHaveLength(1)
      expect(errors[0]).toBeInstanceOf(EventContentError)
      expect(errors[0]).toMatchObject({ code: 'INVALID_RESPONSE', eventType: market.Sold.type })
    } finally {
      await client.close()
      await mock.close()
    }
  })
})
