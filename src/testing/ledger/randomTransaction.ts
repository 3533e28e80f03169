import type { Random } from './createRandom.js'
import type { EmitInput, ExecuteInput, PublishedModule } from './MovePackages.js'

/** The Move modules and actors of a generated dataset, enough to make more transactions like it. */
export interface DatasetCatalog {
  market: PublishedModule
  vault: PublishedModule
  game: PublishedModule
  token: PublishedModule
  counter: PublishedModule
  /** Sender addresses. */
  senders: readonly string[]
  /** Item object addresses used in market events. */
  items: readonly string[]
}

/**
 * A random but realistic transaction over the dataset's modules: listings and sales
 * (with a vault deposit emitted from the market call), game scores with a generic
 * `Reward<T>` event, counter increments. Deterministic for a given Random.
 *
 * @example
 * network.execute(randomTransaction(network.dataset!, createRandom(7)))
 */
export function randomTransaction(catalog: DatasetCatalog, random: Random): ExecuteInput {
  const sender = random.pick(catalog.senders)
  const other = random.pick(catalog.senders)
  const item = random.pick(catalog.items)
  const roll = random.int(100)
  const price = BigInt(1_000 + random.int(1_000_000)) * 1_000n
  if (roll < 30) {
    return call(catalog.market, sender, 'list', [{ struct: 'Listed', fields: { item, price, seller: sender } }], [item])
  }
  if (roll < 50) {
    return call(
      catalog.market,
      sender,
      'buy',
      [
        { struct: 'Sold', fields: { item, price, buyer: sender } },
        { struct: `${catalog.vault.eventTypes.Deposited}`, fields: { amount: price / 100n, owner: other } },
      ],
      [item],
      [sender],
    )
  }
  if (roll < 60) {
    return call(catalog.vault, sender, 'withdraw', [{ struct: 'Withdrawn', fields: { amount: price, owner: sender } }])
  }
  if (roll < 85) {
    const emit: EmitInput[] = [
      { struct: 'Scored', fields: { player: sender, score: random.int(100_000), round: BigInt(random.int(5_000)) } },
    ]
    if (random.int(3) === 0) {
      const coin = random.int(2) === 0 ? '0x2::sui::SUI' : `${catalog.token.package}::token::GOLD`
      emit.push({
        struct: 'Reward',
        typeArguments: [coin],
        fields: { amount: BigInt(random.int(1_000_000_000)) * 1_000_000_000n, memo: `round ${random.int(5_000)}` },
      })
    }
    return call(catalog.game, sender, 'play', emit, [], emit.length > 1 ? [sender] : [])
  }
  const count = 1 + random.int(3)
  const emit: EmitInput[] = []
  for (let i = 0; i < count; i++) {
    emit.push({
      struct: 'Incremented',
      fields: { value: BigInt(random.int(1_000_000)), by: 1 + random.int(9), tags: [random.int(256), random.int(256)] },
    })
  }
  return call(catalog.counter, sender, 'increment', emit)
}

function call(
  module: PublishedModule,
  sender: string,
  fn: string,
  emit: EmitInput[],
  objects: string[] = [],
  recipients: string[] = [],
): ExecuteInput {
  return { sender, package: module.package, module: module.module, function: fn, emit, objects, recipients }
}
