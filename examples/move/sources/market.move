/// A tiny marketplace whose events the chainx-sdk demo and mock network emit.
/// `examples/move/events.ts` is generated from this file (`npm run codegen:move`);
/// `npm test` fails when it is stale.
module chainx_demo::market;

use sui::coin::Coin;
use sui::event;

/// The payment does not equal the asking price.
const EWrongPrice: u64 = 0;
/// Only the seller may change the price.
const ENotSeller: u64 = 1;

/// An item for sale, priced in coins of type `T`.
public struct Listing<phantom T> has key {
    id: UID,
    price: u64,
    seller: address,
}

/// Emitted when an item is put up for sale.
public struct Listed has copy, drop {
    item_id: ID,
    price: u64,
    seller: address,
}

/// Emitted when an item is bought.
public struct Sold has copy, drop {
    item_id: ID,
    price: u64,
    buyer: address,
}

/// Emitted when a seller changes the price; `T` is the coin type of the price.
public struct PriceUpdated<phantom T> has copy, drop {
    item_id: ID,
    old_price: u64,
    new_price: u64,
}

/// Puts an item up for sale at `price` and emits `Listed`.
public fun list<T>(price: u64, ctx: &mut TxContext) {
    let listing = Listing<T> { id: object::new(ctx), price, seller: ctx.sender() };
    event::emit(Listed { item_id: object::id(&listing), price, seller: ctx.sender() });
    transfer::share_object(listing);
}

/// Changes the asking price and emits `PriceUpdated<T>`.
public fun update_price<T>(listing: &mut Listing<T>, new_price: u64, ctx: &TxContext) {
    assert!(ctx.sender() == listing.seller, ENotSeller);
    let old_price = listing.price;
    listing.price = new_price;
    event::emit(PriceUpdated<T> { item_id: object::id(listing), old_price, new_price });
}

/// Buys the item with exactly its price, pays the seller and emits `Sold`.
public fun buy<T>(listing: Listing<T>, payment: Coin<T>, ctx: &TxContext) {
    let Listing { id, price, seller } = listing;
    assert!(payment.value() == price, EWrongPrice);
    event::emit(Sold { item_id: id.to_inner(), price, buyer: ctx.sender() });
    transfer::public_transfer(payment, seller);
    id.delete();
}
