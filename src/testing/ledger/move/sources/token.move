/// The dataset's own coin type, `GOLD`, a type argument of `game::Reward`; it emits no events.
module chainx_dataset::token;

/// The one-time witness of the coin.
public struct GOLD has drop {}
