/// The ticker `startMockNetwork({ autoEmitMs })` emits from when it has no dataset.
module chainx_dataset::ticker;

use sui::event;

/// Emitted on every tick, `count` from 1.
public struct Tick has copy, drop {
    count: u64,
}

/// Emits the next `Tick`.
public fun tick(count: u64) {
    event::emit(Tick { count });
}
