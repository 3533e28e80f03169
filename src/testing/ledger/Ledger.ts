import { bcs, toBase58 } from '@mysten/bcs'
import { createRandom, type Random } from './createRandom.js'
import { eventIndexKeys, transactionIndexKeys } from './indexKeys.js'
import { moveUid, normalizeAddress } from './moveAddress.js'
import { moveValue } from './moveValue.js'
import { firstIndexWhere } from './sortedSearch.js'
import type {
  LedgerCheckpoint,
  LedgerDynamicField,
  LedgerEpoch,
  LedgerEvent,
  LedgerMoveValue,
  LedgerObject,
  LedgerReader,
  LedgerTransaction,
} from './types.js'

/** Options of a new Ledger. */
export interface LedgerOptions {
  /** Seed of the digests and generated addresses. @default 1 */
  seed?: number
  /** Checkpoints kept available (availableRange width); older ones are pruned. @default Infinity */
  retention?: number
  /** Timestamp of the genesis checkpoint. @default 1735689600000 (2025-01-01T00:00:00Z) */
  genesisTimestampMs?: number
  /** Simulated time between checkpoints. @default 250 */
  checkpointIntervalMs?: number
  /** Reference gas price of epoch 0. @default 1000n */
  referenceGasPrice?: bigint
}

/** An event to record: its canonical type, JSON fields and BCS (base64). */
export interface NewEvent {
  type: string
  parsedJson: Record<string, unknown>
  bcs: string
}

/** A transaction to record in the next checkpoint. */
export interface NewTransaction {
  sender: string
  call: { package: string; module: string; function: string }
  gasPrice?: bigint
  gasBudget?: bigint
  /** Gas coin; defaults to the sender's own coin, created on first use. */
  gasObject?: string
  events?: readonly NewEvent[]
  /** Objects the transaction touched (JSON-RPC `Object` filter). */
  objects?: readonly string[]
  /** Addresses that received objects (JSON-RPC `Recipient` filter). */
  recipients?: readonly string[]
}

/** Options of `Ledger.createObject`. */
export interface NewObject {
  /** Defaults to a fresh random address. */
  address?: string
  contents: LedgerMoveValue | null
  hasPublicTransfer?: boolean
}

interface ObjectMeta {
  createdCheckpoint: number
  fieldCheckpoints: number[]
  hasPublicTransfer: boolean
}

interface CompositeIndex {
  keys: readonly string[]
  events: LedgerEvent[]
}

const MAX_COMPOSITE_INDEXES = 32
const EMPTY: readonly never[] = Object.freeze([])

const COIN_LAYOUT = { id: moveUid, balance: bcs.u64() }
const Coin = bcs.struct('Coin', COIN_LAYOUT)
const COIN_TYPE = '0x2::coin::Coin<0x2::sui::SUI>'

/**
 * The mock network's in-memory chain: checkpoints, epochs, transaction blocks, events,
 * objects with dynamic fields. Arrays are kept sorted so every read is a binary search;
 * events are indexed by sender, emitting module and type. Old checkpoints are pruned
 * according to `retention`, which moves `availableRange`.
 *
 * @example
 * const ledger = new Ledger({ retention: 100 })
 * ledger.appendCheckpoint([{ sender: '0x1', call: { package: '0x2', module: 'm', function: 'f' } }])
 * ledger.availableRange // { first: 0, last: 1 }
 */
export class Ledger implements LedgerReader {
  readonly retention: number
  readonly checkpointIntervalMs: number
  readonly #random: Random
  readonly #checkpoints: LedgerCheckpoint[] = []
  /** Headers of pruned checkpoints, from 0: the service still resolves them by id. */
  readonly #prunedCheckpoints: LedgerCheckpoint[] = []
  readonly #transactions: LedgerTransaction[] = []
  readonly #events: LedgerEvent[] = []
  readonly #epochs: LedgerEpoch[] = []
  /** networkTotalTransactions before each epoch's first checkpoint, parallel to #epochs. */
  readonly #epochTxBase: number[] = []
  readonly #txByDigest = new Map<string, LedgerTransaction>()
  readonly #checkpointByDigest = new Map<string, LedgerCheckpoint>()
  readonly #eventIndex = new Map<string, LedgerEvent[]>()
  readonly #txIndex = new Map<string, LedgerTransaction[]>()
  readonly #composite = new Map<string, CompositeIndex>()
  /** Index arrays each event type goes into (saves building keys per event). */
  readonly #typeBuckets = new Map<string, LedgerEvent[][]>()
  readonly #callBucketCache = new Map<string, LedgerEvent[][]>()
  readonly #txBucketCache = new Map<string, LedgerTransaction[][]>()
  readonly #objects = new Map<string, LedgerObject>()
  readonly #objectMeta = new Map<string, ObjectMeta>()
  readonly #gasCoins = new Map<string, string>()
  readonly #listeners = new Set<(events: readonly LedgerEvent[]) => void>()
  readonly #genesisDigest: string
  #prunedSinceCompaction = 0
  #nextTxSeq = 0

  constructor(options: LedgerOptions = {}) {
    this.retention = Math.max(1, options.retention ?? Number.POSITIVE_INFINITY)
    this.checkpointIntervalMs = options.checkpointIntervalMs ?? 250
    this.#random = createRandom(options.seed ?? 1)
    const timestampMs = options.genesisTimestampMs ?? 1_735_689_600_000
    this.#epochs.push({
      epochId: 0,
      referenceGasPrice: options.referenceGasPrice ?? 1000n,
      startTimestampMs: timestampMs,
      endTimestampMs: null,
      firstCheckpoint: 0,
    })
    this.#epochTxBase.push(0)
    const genesis: LedgerCheckpoint = {
      sequenceNumber: 0,
      digest: this.newDigest(),
      previousDigest: null,
      timestampMs,
      epoch: 0,
      networkTotalTransactions: 0,
    }
    this.#genesisDigest = genesis.digest
    this.#checkpoints.push(genesis)
    this.#checkpointByDigest.set(genesis.digest, genesis)
  }

  /** Every event not pruned, ascending by (txSeq, eventIndex). */
  get events(): readonly LedgerEvent[] {
    return this.#events
  }

  /** Every transaction not pruned, ascending by txSeq. */
  get transactions(): readonly LedgerTransaction[] {
    return this.#transactions
  }

  /** Every checkpoint not pruned, ascending by sequence number. */
  get checkpoints(): readonly LedgerCheckpoint[] {
    return this.#checkpoints
  }

  /** Every epoch, ascending (epochs are never pruned). */
  get epochs(): readonly LedgerEpoch[] {
    return this.#epochs
  }

  /** The newest checkpoint. */
  get latestCheckpoint(): LedgerCheckpoint {
    return this.#checkpoints[this.#checkpoints.length - 1] as LedgerCheckpoint
  }

  /** First and last checkpoint sequence numbers still available. */
  get availableRange(): { first: number; last: number } {
    return { first: (this.#checkpoints[0] as LedgerCheckpoint).sequenceNumber, last: this.latestCheckpoint.sequenceNumber }
  }

  /** Base58 digest of the genesis checkpoint (kept after pruning, for chainIdentifier). */
  get genesisDigest(): string {
    return this.#genesisDigest
  }

  /** A fresh random Base58 digest of 32 bytes (deterministic for a seed). */
  newDigest(): string {
    return toBase58(this.#random.bytes(32))
  }

  /** A fresh random address (deterministic for a seed). */
  newAddress(): string {
    return normalizeAddress(`0x${Array.from(this.#random.bytes(32), (byte) => byte.toString(16).padStart(2, '0')).join('')}`)
  }

  /**
   * The checkpoint with this sequence number, pruned ones included: as on the real service,
   * availableRange bounds consistent pagination, not looking a checkpoint up; pruning drops
   * a checkpoint's transactions and events, not its header.
   */
  checkpoint(sequenceNumber: number): LedgerCheckpoint | undefined {
    const first = this.#checkpoints[0] as LedgerCheckpoint
    if (sequenceNumber < first.sequenceNumber) return this.#prunedCheckpoints[sequenceNumber]
    return this.#checkpoints[sequenceNumber - first.sequenceNumber]
  }

  /** The checkpoint with this digest, pruned ones included. */
  checkpointByDigest(digest: string): LedgerCheckpoint | undefined {
    return this.#checkpointByDigest.get(digest)
  }

  /** The available transaction with this digest. */
  findTransaction(digest: string): LedgerTransaction | undefined {
    return this.#txByDigest.get(digest)
  }

  /** The epoch with this id. */
  epoch(epochId: number): LedgerEpoch | undefined {
    return this.#epochs[epochId]
  }

  /** The epoch that holds checkpoint `sequenceNumber`. */
  epochAt(sequenceNumber: number): LedgerEpoch {
    const index = firstIndexWhere(this.#epochs, (epoch) => epoch.firstCheckpoint > sequenceNumber) - 1
    return this.#epochs[Math.max(0, index)] as LedgerEpoch
  }

  /** Last checkpoint of an epoch, or undefined while it is the current epoch. */
  epochLastCheckpoint(epochId: number): number | undefined {
    const next = this.#epochs[epochId + 1]
    return next ? next.firstCheckpoint - 1 : undefined
  }

  /** networkTotalTransactions just before the epoch's first checkpoint. */
  epochTransactionBase(epochId: number): number {
    return this.#epochTxBase[epochId] ?? 0
  }

  /** networkTotalTransactions at `sequenceNumber` (clamped to the latest checkpoint). */
  networkTotalAt(sequenceNumber: number): number {
    return (this.checkpoint(sequenceNumber) ?? this.latestCheckpoint).networkTotalTransactions
  }

  /** The available transaction with this sequence number. */
  transactionBySeq(txSeq: number): LedgerTransaction | undefined {
    const first = this.#transactions[0]
    return first ? this.#transactions[txSeq - first.txSeq] : undefined
  }

  /**
   * Events that have every key (see eventIndexKeys), ascending. May include events of pruned
   * checkpoints at the front: bound reads by `availableRange.first`.
   */
  eventsMatching(keys: readonly string[]): readonly LedgerEvent[] {
    if (keys.length === 0) return this.#events
    const digestKey = keys.find((key) => key.startsWith('x:'))
    if (digestKey) {
      const tx = this.#txByDigest.get(digestKey.slice(2))
      if (!tx) return EMPTY
      if (keys.length === 1) return tx.events
      return tx.events.filter((event) => hasKeys(eventIndexKeys(event), keys))
    }
    if (keys.length === 1) return this.#eventIndex.get(keys[0] as string) ?? EMPTY
    const sorted = [...new Set(keys)].sort()
    const id = sorted.join('&')
    const cached = this.#composite.get(id)
    if (cached) return cached.events
    let smallest: readonly LedgerEvent[] | undefined
    for (const key of sorted) {
      const index = this.#eventIndex.get(key) ?? EMPTY
      if (!smallest || index.length < smallest.length) smallest = index
    }
    const events = (smallest ?? EMPTY).filter((event) => hasKeys(eventIndexKeys(event), sorted))
    if (this.#composite.size >= MAX_COMPOSITE_INDEXES) {
      const oldest = this.#composite.keys().next().value
      if (oldest !== undefined) this.#composite.delete(oldest)
    }
    this.#composite.set(id, { keys: sorted, events })
    return events
  }

  /**
   * Transactions that have every key (see transactionIndexKeys), ascending. May include
   * pruned transactions at the front: bound reads by `availableRange.first`.
   */
  transactionsMatching(keys: readonly string[]): readonly LedgerTransaction[] {
    if (keys.length === 0) return this.#transactions
    let smallest: readonly LedgerTransaction[] | undefined
    for (const key of keys) {
      const index = this.#txIndex.get(key) ?? EMPTY
      if (!smallest || index.length < smallest.length) smallest = index
    }
    if (keys.length === 1) return smallest ?? EMPTY
    return (smallest ?? EMPTY).filter((tx) => hasKeys(transactionIndexKeys(tx), keys))
  }

  /**
   * Lands a checkpoint holding `transactions` (possibly none), prunes past the retention and
   * then tells `onEvents` listeners about the new events.
   */
  appendCheckpoint(transactions: readonly NewTransaction[], options: { timestampMs?: number } = {}): {
    checkpoint: LedgerCheckpoint
    transactions: LedgerTransaction[]
  } {
    const previous = this.latestCheckpoint
    const sequenceNumber = previous.sequenceNumber + 1
    const timestampMs = Math.max(options.timestampMs ?? previous.timestampMs + this.checkpointIntervalMs, previous.timestampMs)
    const epoch = this.epochAt(sequenceNumber)
    const added: LedgerTransaction[] = []
    const newEvents: LedgerEvent[] = []
    for (const input of transactions) {
      const tx = this.#buildTransaction(input, sequenceNumber, epoch, timestampMs)
      added.push(tx)
      this.#transactions.push(tx)
      this.#txByDigest.set(tx.digest, tx)
      for (const bucket of this.#transactionBuckets(tx)) bucket.push(tx)
      if (tx.events.length === 0) continue
      const txBuckets = this.#callBuckets(tx)
      for (const event of tx.events) {
        this.#events.push(event)
        newEvents.push(event)
        for (const bucket of txBuckets) bucket.push(event)
        let typeBuckets = this.#typeBuckets.get(event.type)
        if (!typeBuckets) {
          typeBuckets = eventIndexKeys(event)
            .filter((key) => key.startsWith('t:'))
            .map((key) => this.#bucket(key))
          this.#typeBuckets.set(event.type, typeBuckets)
        }
        for (const bucket of typeBuckets) bucket.push(event)
        if (this.#composite.size > 0) {
          const keys = eventIndexKeys(event)
          for (const composite of this.#composite.values()) if (hasKeys(keys, composite.keys)) composite.events.push(event)
        }
      }
    }
    const checkpoint: LedgerCheckpoint = {
      sequenceNumber,
      digest: this.newDigest(),
      previousDigest: previous.digest,
      timestampMs,
      epoch: epoch.epochId,
      networkTotalTransactions: this.#nextTxSeq,
    }
    this.#checkpoints.push(checkpoint)
    this.#checkpointByDigest.set(checkpoint.digest, checkpoint)
    this.#prune()
    for (const listener of this.#listeners) {
      try {
        listener(newEvents)
      } catch {
        // A failing listener must not break the ledger or the other listeners.
      }
    }
    return { checkpoint, transactions: added }
  }

  /**
   * Ends the current epoch at the latest checkpoint; the next checkpoint starts a new epoch.
   * Returns the new epoch.
   */
  endEpoch(options: { referenceGasPrice?: bigint } = {}): LedgerEpoch {
    const current = this.#epochs[this.#epochs.length - 1] as LedgerEpoch
    const latest = this.latestCheckpoint
    if (current.firstCheckpoint > latest.sequenceNumber) {
      // The current epoch has no checkpoint yet: only change its gas price.
      if (options.referenceGasPrice !== undefined) current.referenceGasPrice = options.referenceGasPrice
      return current
    }
    current.endTimestampMs = latest.timestampMs
    const next: LedgerEpoch = {
      epochId: current.epochId + 1,
      referenceGasPrice: options.referenceGasPrice ?? current.referenceGasPrice,
      startTimestampMs: latest.timestampMs,
      endTimestampMs: null,
      firstCheckpoint: latest.sequenceNumber + 1,
    }
    this.#epochs.push(next)
    this.#epochTxBase.push(latest.networkTotalTransactions)
    return next
  }

  /** Creates an object at the latest checkpoint. */
  createObject(input: NewObject): LedgerObject {
    const address = normalizeAddress(input.address ?? this.newAddress())
    const object: LedgerObject = { address, version: 1, digest: this.newDigest(), contents: input.contents, dynamicFields: [] }
    this.#objects.set(address, object)
    this.#objectMeta.set(address, {
      createdCheckpoint: this.latestCheckpoint.sequenceNumber,
      fieldCheckpoints: [],
      hasPublicTransfer: input.hasPublicTransfer ?? false,
    })
    return object
  }

  /** Adds a dynamic field to an object (visible from the latest checkpoint on). */
  addDynamicField(parent: string, field: LedgerDynamicField): void {
    const address = normalizeAddress(parent)
    const object = this.#objects.get(address)
    const meta = this.#objectMeta.get(address)
    if (!object || !meta) throw new Error(`No object ${parent}`)
    object.dynamicFields.push(field)
    meta.fieldCheckpoints.push(this.latestCheckpoint.sequenceNumber)
    object.version += 1
  }

  /** The object at this address (any form of the address). */
  getObject(address: string): LedgerObject | undefined {
    try {
      return this.#objects.get(normalizeAddress(address))
    } catch {
      return undefined
    }
  }

  /** Checkpoint at which the object appeared, whether it has public transfer, and when each dynamic field appeared. */
  objectMeta(address: string): Readonly<ObjectMeta> | undefined {
    return this.#objectMeta.get(address)
  }

  /** The sender's gas coin, created on first use. */
  gasCoinOf(sender: string): string {
    const owner = normalizeAddress(sender)
    const existing = this.#gasCoins.get(owner)
    if (existing) return existing
    const address = this.newAddress()
    const balance = 1_000_000_000_000n + BigInt(this.#random.int(1_000_000_000))
    this.createObject({
      address,
      contents: moveValue(Coin, { id: address, balance }, { moveType: COIN_TYPE, layout: COIN_LAYOUT }),
      hasPublicTransfer: true,
    })
    this.#gasCoins.set(owner, address)
    return address
  }

  /** Called with each new checkpoint's events, in order, after the checkpoint lands. */
  onEvents(listener: (events: readonly LedgerEvent[]) => void): () => void {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  #buildTransaction(input: NewTransaction, checkpoint: number, epoch: LedgerEpoch, timestampMs: number): LedgerTransaction {
    const sender = normalizeAddress(input.sender)
    const pkg = normalizeAddress(input.call.package)
    const digest = this.newDigest()
    const txSeq = this.#nextTxSeq++
    const objects = (input.objects ?? []).map(normalizeAddress)
    const recipients = (input.recipients ?? []).map(normalizeAddress)
    const gasObject = input.gasObject ? normalizeAddress(input.gasObject) : this.gasCoinOf(sender)
    if (!objects.includes(gasObject)) objects.push(gasObject)
    const timestamp = String(timestampMs)
    const events = (input.events ?? []).map(
      (event, eventIndex): LedgerEvent => ({
        id: { txDigest: digest, eventSeq: String(eventIndex) },
        packageId: pkg,
        transactionModule: input.call.module,
        sender,
        type: event.type,
        parsedJson: event.parsedJson,
        bcs: event.bcs,
        timestampMs: timestamp,
        txSeq,
        eventIndex,
        checkpoint,
        objects,
        recipients,
      }),
    )
    return {
      digest,
      sender,
      txSeq,
      checkpoint,
      epoch: epoch.epochId,
      gasPrice: input.gasPrice ?? epoch.referenceGasPrice,
      gasBudget: input.gasBudget ?? 50_000_000n,
      gasObject,
      call: { package: pkg, module: input.call.module, function: input.call.function },
      events,
    }
  }

  /** Event index arrays of a transaction's sender, package and module (cached: no key strings per event). */
  #callBuckets(tx: LedgerTransaction): LedgerEvent[][] {
    const key = tx.sender + tx.call.package + tx.call.module
    let buckets = this.#callBucketCache.get(key)
    if (!buckets) {
      buckets = [`s:${tx.sender}`, `e:${tx.call.package}`, `e:${tx.call.package}::${tx.call.module}`].map((name) => this.#bucket(name))
      if (this.#callBucketCache.size >= 100_000) this.#callBucketCache.clear()
      this.#callBucketCache.set(key, buckets)
    }
    return buckets
  }

  /** Transaction index arrays of a transaction (cached per sender and called function). */
  #transactionBuckets(tx: LedgerTransaction): LedgerTransaction[][] {
    const key = tx.sender + tx.call.package + tx.call.module + '::' + tx.call.function
    let buckets = this.#txBucketCache.get(key)
    if (!buckets) {
      buckets = transactionIndexKeys(tx).map((name) => {
        let list = this.#txIndex.get(name)
        if (!list) {
          list = []
          this.#txIndex.set(name, list)
        }
        return list
      })
      if (this.#txBucketCache.size >= 100_000) this.#txBucketCache.clear()
      this.#txBucketCache.set(key, buckets)
    }
    return buckets
  }

  #bucket(key: string): LedgerEvent[] {
    let bucket = this.#eventIndex.get(key)
    if (!bucket) {
      bucket = []
      this.#eventIndex.set(key, bucket)
    }
    return bucket
  }

  #prune(): void {
    const last = this.latestCheckpoint.sequenceNumber
    if (!Number.isFinite(this.retention)) return
    const newFirst = last - this.retention + 1
    const first = (this.#checkpoints[0] as LedgerCheckpoint).sequenceNumber
    if (newFirst <= first) return
    this.#prunedCheckpoints.push(...this.#checkpoints.splice(0, newFirst - first))
    const txCount = firstIndexWhere(this.#transactions, (tx) => tx.checkpoint >= newFirst)
    for (const tx of this.#transactions.splice(0, txCount)) this.#txByDigest.delete(tx.digest)
    const eventCount = firstIndexWhere(this.#events, (event) => event.checkpoint >= newFirst)
    this.#events.splice(0, eventCount)
    this.#prunedSinceCompaction += eventCount + txCount
    if (this.#prunedSinceCompaction > this.#events.length + this.#transactions.length) this.#compact(newFirst)
  }

  /** Drops pruned entries from the secondary indexes (amortized: only when garbage outweighs live data). */
  #compact(first: number): void {
    this.#prunedSinceCompaction = 0
    this.#typeBuckets.clear()
    this.#callBucketCache.clear()
    this.#txBucketCache.clear()
    for (const [key, events] of this.#eventIndex) {
      const start = firstIndexWhere(events, (event) => event.checkpoint >= first)
      if (start === events.length) this.#eventIndex.delete(key)
      else events.splice(0, start)
    }
    for (const composite of this.#composite.values()) {
      composite.events.splice(0, firstIndexWhere(composite.events, (event) => event.checkpoint >= first))
    }
    for (const [key, txs] of this.#txIndex) {
      const start = firstIndexWhere(txs, (tx) => tx.checkpoint >= first)
      if (start === txs.length) this.#txIndex.delete(key)
      else txs.splice(0, start)
    }
  }
}

function hasKeys(have: readonly string[], want: readonly string[]): boolean {
  return want.every((key) => have.includes(key))
}
