/**
 * BCS layouts of the event structs of `examples/move/sources/market.move`
 * (module `chainx_demo::market`), for the mock network's `publish`. Field names, order and
 * types match the Move structs: BCS is positional, so a mismatch would decode garbage.
 *
 * Move `ID` and `address` are both 32 bytes on the wire and a `0x…` string in JSON, so both
 * use `moveAddress`; `u64` is `bcs.u64()` (JSON: a decimal string).
 */
import { bcs } from '@mysten/bcs'
import { moveAddress, type EventStructDefinition } from 'chainx-sdk/testing'

/**
 * Name of the Move module that declares the events.
 *
 * @example
 * network.publish({ module: MARKET_MODULE, events: marketEvents })
 */
export const MARKET_MODULE = 'market'

/**
 * Event struct layouts of `chainx_demo::market`, ready for `network.publish`:
 * `Listed` and `Sold` are plain structs; `PriceUpdated<phantom T>` takes one type argument
 * (the coin type of the price), given when it is emitted.
 *
 * @example
 * const market = network.publish({ module: MARKET_MODULE, events: marketEvents })
 * // market.eventTypes.Listed === `${market.package}::market::Listed`
 */
export const marketEvents = {
  /** `Listed { item_id: ID, price: u64, seller: address }` */
  Listed: { item_id: moveAddress, price: bcs.u64(), seller: moveAddress },
  /** `Sold { item_id: ID, price: u64, buyer: address }` */
  Sold: { item_id: moveAddress, price: bcs.u64(), buyer: moveAddress },
  /** `PriceUpdated<phantom T> { item_id: ID, old_price: u64, new_price: u64 }` */
  PriceUpdated: {
    typeParameters: 1,
    fields: { item_id: moveAddress, old_price: bcs.u64(), new_price: bcs.u64() },
  },
} satisfies Record<string, EventStructDefinition>
