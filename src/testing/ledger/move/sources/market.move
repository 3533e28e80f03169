/// Listings and sales of the mock network's dataset.
/// `../datasetEvents.ts` is generated from this package (`npm run codegen:move:dataset`);
/// `npm test` fails when it is stale.
module chainx_dataset::market;

use sui::event;

/// Emitted when an item is put up for sale.
public struct Listed has copy, drop {
    item: address,
    price: u64,
    seller: address,
}

/// Emitted when an item is bought.
public struct Sold has copy, drop {
    item: address,
    price: u64,
    buyer: address,
}

/// Puts `item` up for sale at `price` and emits `Listed`.
public fun list(item: address, price: u64, ctx: &TxContext) {
    event::emit(Listed { item, price, seller: ctx.sender() });
}

/// Buys `item` at `price` and emits `Sold`.
public fun buy(item: address, price: u64, ctx: &TxContext) {
    event::emit(Sold { item, price, buyer: ctx.sender() });
}
