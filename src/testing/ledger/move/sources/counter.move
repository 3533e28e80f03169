/// A counter of the mock network's dataset.
module chainx_dataset::counter;

use sui::event;

/// Emitted when the counter goes up `by` to `value`, with the caller's `tags`.
public struct Incremented has copy, drop {
    value: u64,
    by: u8,
    tags: vector<u8>,
}

/// Adds `by` to `value` and emits `Incremented`.
public fun increment(value: u64, by: u8, tags: vector<u8>) {
    event::emit(Incremented { value: value + (by as u64), by, tags });
}
