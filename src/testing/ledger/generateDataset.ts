import { bcs } from '@mysten/bcs'
import { createRandom } from './createRandom.js'
import type { Ledger } from './Ledger.js'
import { moveUid } from './moveAddress.js'
import type { ExecuteInput, PublishInput, PublishedModule } from './MovePackages.js'
import * as definitions from './move/datasetEvents.js'
import { moveValue } from './moveValue.js'
import { randomTransaction, type DatasetCatalog } from './randomTransaction.js'

/** Size and shape of a generated dataset. */
export interface DatasetOptions {
  /** PRNG seed: the same seed and sizes give the same dataset. @default 1 */
  seed?: number
  /** Events to emit in total. @default 200 */
  events?: number
  /** Minimum number of checkpoints (empty ones are added once the events are out). */
  checkpoints?: number
  /** Distinct sender addresses. @default 24 */
  senders?: number
  /** Checkpoints per epoch. @default about a quarter of the dataset, at least 2 */
  checkpointsPerEpoch?: number
  /** Most transactions in one checkpoint (at least 1 each). @default 4 */
  maxTransactionsPerCheckpoint?: number
}

/** What generateDataset needs from a mock network. */
export interface DatasetTarget {
  readonly ledger: Ledger
  publish(input: PublishInput): PublishedModule
  executeBatch(inputs: readonly ExecuteInput[]): unknown
  advance(count?: number): unknown
  endEpoch(options?: { referenceGasPrice?: bigint }): unknown
}

/** A generated dataset: its modules and senders, plus the object that holds dynamic fields. */
export interface Dataset extends DatasetCatalog {
  /** Object with dynamic fields: u64 names 0-9, vector<u8> names, and a dynamic object field named u64 100. */
  registry: string
  /** The object behind the dynamic object field. */
  registryChild: string
  /** Every event type of the dataset (full, with type arguments). */
  eventTypes: readonly string[]
}

const AVERAGE_EVENTS_PER_CHECKPOINT = 4

/**
 * Fills a mock network with a deterministic, realistic dataset: three packages (market,
 * vault, game with a generic `Reward<T>` event, token, counter), many senders, several
 * epochs with changing reference gas prices, checkpoints of 1-4 transactions, and a
 * registry object with dynamic fields (u64 and vector<u8> names, one dynamic object field).
 * 100k events take about a second.
 *
 * @example
 * const network = createMockNetwork({ events: 0 })
 * const dataset = generateDataset(network, { seed: 7, events: 10_000 })
 * dataset.eventTypes.length // 7
 */
export function generateDataset(target: DatasetTarget, options: DatasetOptions = {}): Dataset {
  const random = createRandom(options.seed ?? 1)
  const { ledger } = target
  const targetEvents = Math.max(0, options.events ?? 200)
  const targetCheckpoints = Math.max(0, options.checkpoints ?? 0)
  const maxTransactions = Math.max(1, options.maxTransactionsPerCheckpoint ?? 4)
  const estimated = Math.max(targetCheckpoints, Math.ceil(targetEvents / AVERAGE_EVENTS_PER_CHECKPOINT))
  const perEpoch = Math.max(2, options.checkpointsPerEpoch ?? Math.ceil(estimated / 4))

  const marketPackage = ledger.newAddress()
  const gamePackage = ledger.newAddress()
  // The event structs are those of the Move package in ./move (generated definitions), published
  // under three package addresses: market and vault, game and token, and counter.
  const market = target.publish({ package: marketPackage, module: 'market', events: definitions.market })
  const vault = target.publish({ package: marketPackage, module: 'vault', events: definitions.vault })
  const game = target.publish({ package: gamePackage, module: 'game', events: definitions.game })
  const token = target.publish({ package: gamePackage, module: 'token', events: {} })
  const counter = target.publish({ package: ledger.newAddress(), module: 'counter', events: definitions.counter })

  const senders = Array.from({ length: Math.max(1, options.senders ?? 24) }, () => ledger.newAddress())
  const items = Array.from({ length: 64 }, () => ledger.newAddress())
  const { registry, registryChild } = createRegistry(target, market.package)
  const catalog: DatasetCatalog = { market, vault, game, token, counter, senders, items }

  let emitted = 0
  let checkpoints = 0
  while (emitted < targetEvents || checkpoints < targetCheckpoints) {
    if (checkpoints > 0 && checkpoints % perEpoch === 0) {
      target.endEpoch({ referenceGasPrice: BigInt(750 + random.int(251)) })
    }
    if (emitted >= targetEvents) {
      target.advance(1)
    } else {
      const batch: ExecuteInput[] = []
      const count = 1 + random.int(maxTransactions)
      for (let i = 0; i < count && emitted < targetEvents; i++) {
        const tx = randomTransaction(catalog, random)
        const emit = (tx.emit ?? []).slice(0, targetEvents - emitted)
        emitted += emit.length
        batch.push({ ...tx, emit, gasBudget: BigInt(5_000_000 + random.int(45_000_000)) })
      }
      target.executeBatch(batch)
    }
    checkpoints++
  }

  const eventTypes = [
    market.eventTypes.Listed,
    market.eventTypes.Sold,
    vault.eventTypes.Deposited,
    vault.eventTypes.Withdrawn,
    game.eventTypes.Scored,
    `${game.eventTypes.Reward}<0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI>`,
    `${game.eventTypes.Reward}<${token.package}::token::GOLD>`,
    counter.eventTypes.Incremented,
  ].filter((type): type is string => typeof type === 'string')
  return { ...catalog, registry, registryChild, eventTypes }
}

function createRegistry(target: DatasetTarget, pkg: string): { registry: string; registryChild: string } {
  const { ledger } = target
  const registryLayout = { id: moveUid, size: bcs.u64() }
  const itemLayout = { id: moveUid, name: bcs.string(), level: bcs.u8() }
  const Registry = bcs.struct('Registry', registryLayout)
  const Item = bcs.struct('Item', itemLayout)
  const registryAddress = ledger.newAddress()
  ledger.createObject({
    address: registryAddress,
    contents: moveValue(Registry, { id: registryAddress, size: 13n }, { moveType: `${pkg}::registry::Registry`, layout: registryLayout }),
  })
  for (let i = 0; i < 10; i++) {
    const value = i % 2 === 0 ? moveValue(bcs.u64(), BigInt(i) * 1_000n) : moveValue(bcs.string(), `entry-${i}`)
    ledger.addDynamicField(registryAddress, { name: moveValue(bcs.u64(), BigInt(i)), value: { kind: 'MoveValue', value } })
  }
  for (const [label, flag] of [
    ['alpha', true],
    ['beta', false],
  ] as const) {
    ledger.addDynamicField(registryAddress, {
      name: moveValue(bcs.vector(bcs.u8()), Array.from(new TextEncoder().encode(label))),
      value: { kind: 'MoveValue', value: moveValue(bcs.bool(), flag) },
    })
  }
  const childAddress = ledger.newAddress()
  const child = ledger.createObject({
    address: childAddress,
    contents: moveValue(Item, { id: childAddress, name: 'sword', level: 7 }, { moveType: `${pkg}::registry::Item`, layout: itemLayout }),
    hasPublicTransfer: true,
  })
  ledger.addDynamicField(registryAddress, {
    name: moveValue(bcs.u64(), 100n),
    value: {
      kind: 'MoveObject',
      address: child.address,
      version: child.version,
      contents: child.contents as NonNullable<typeof child.contents>,
    },
  })
  return { registry: registryAddress, registryChild: childAddress }
}
