import { ChainxClient } from 'chainx-sdk'
import { startMockNetwork, type RunningMockNetwork } from 'chainx-sdk/testing'
import { market } from '../../examples/move/events.js'

export const SELLER = `0x${'5e'.repeat(32)}`
export const BUYER = `0x${'b0'.repeat(32)}`
export const ITEM = `0x${'17'.repeat(32)}`

/** A `market::Listed` then a `market::Sold` of ITEM at `price`, as `execute` emits them. */
export const listedAndSold = (price: bigint) => [
  { struct: 'Listed', fields: { item_id: ITEM, price, seller: SELLER } },
  { struct: 'Sold', fields: { item_id: ITEM, price, buyer: BUYER } },
]

/** Runs `test` against a fresh mock network with the example `market` module published, and a client of it; closes both. */
export async function withMarketNetwork(test: (mock: RunningMockNetwork, client: ChainxClient) => Promise<void>): Promise<void> {
  const mock = await startMockNetwork({ events: 0 })
  const client = new ChainxClient(mock)
  try {
    mock.network.publish({ module: 'market', events: market })
    await test(mock, client)
  } finally {
    await client.close()
    await mock.close()
  }
}
