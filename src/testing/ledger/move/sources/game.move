/// Scores and rewards of the mock network's dataset.
module chainx_dataset::game;

use std::string::String;
use sui::event;

/// Emitted when `player` scores in `round`.
public struct Scored has copy, drop {
    player: address,
    score: u32,
    round: u64,
}

/// Emitted when a reward paid in coins of type `T` is granted.
public struct Reward<phantom T> has copy, drop {
    amount: u128,
    memo: String,
}

/// Records a score and emits `Scored`.
public fun score(score: u32, round: u64, ctx: &TxContext) {
    event::emit(Scored { player: ctx.sender(), score, round });
}

/// Grants a reward in `T` and emits `Reward<T>`.
public fun reward<T>(amount: u128, memo: String) {
    event::emit(Reward<T> { amount, memo });
}
