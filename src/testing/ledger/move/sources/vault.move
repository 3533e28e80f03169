/// Deposits and withdrawals of the mock network's dataset.
module chainx_dataset::vault;

use sui::event;

/// Emitted when `owner` puts `amount` in.
public struct Deposited has copy, drop {
    amount: u64,
    owner: address,
}

/// Emitted when `owner` takes `amount` out.
public struct Withdrawn has copy, drop {
    amount: u64,
    owner: address,
}

/// Records a deposit and emits `Deposited`.
public fun deposit(amount: u64, ctx: &TxContext) {
    event::emit(Deposited { amount, owner: ctx.sender() });
}

/// Records a withdrawal and emits `Withdrawn`.
public fun withdraw(amount: u64, ctx: &TxContext) {
    event::emit(Withdrawn { amount, owner: ctx.sender() });
}
