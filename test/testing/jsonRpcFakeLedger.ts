import type { LedgerEvent, LedgerReader, LedgerTransaction } from '../../src/testing/ledger/types.js'

/** A Move call and its events, as a test describes them. */
export interface FakeTransactionSpec {
  sender?: string
  package?: string
  module?: string
  timestampMs?: number
  objects?: string[]
  recipients?: string[]
  events?: Array<{ type: string; parsedJson?: Record<string, unknown> }>
}

/** Addresses used across the JSON-RPC tests, in full 64-digit form. */
export const ADDR = {
  alice: `0x${'a'.repeat(64)}`,
  bob: `0x${'b'.repeat(64)}`,
  market: `0x${'1'.repeat(64)}`,
  other: `0x${'2'.repeat(64)}`,
  item1: `0x${'c1'.repeat(32)}`,
  item2: `0x${'c2'.repeat(32)}`,
}

/**
 * An in-memory `LedgerReader` for tests: `commit` appends transactions as one checkpoint
 * and tells listeners; `prune` drops the oldest events.
 *
 * @example
 * const ledger = new FakeLedger()
 * ledger.commit([{ events: [{ type: `${ADDR.market}::market::Listed` }] }])
 */
export class FakeLedger implements LedgerReader {
  events: LedgerEvent[] = []
  readonly transactions: LedgerTransaction[] = []
  readonly #byDigest = new Map<string, LedgerTransaction>()
  readonly #listeners = new Set<(events: readonly LedgerEvent[]) => void>()
  readonly #transactionListeners = new Set<(transactions: readonly LedgerTransaction[]) => void>()
  #txSeq = 0
  #checkpoint = 0

  findTransaction(digest: string): LedgerTransaction | undefined {
    return this.#byDigest.get(digest)
  }

  onTransactions(listener: (transactions: readonly LedgerTransaction[]) => void): () => void {
    this.#transactionListeners.add(listener)
    return () => this.#transactionListeners.delete(listener)
  }

  onEvents(listener: (events: readonly LedgerEvent[]) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  get listenerCount(): number {
    return this.#listeners.size
  }

  /** Appends the transactions as one checkpoint, notifies listeners, returns them. */
  commit(specs: FakeTransactionSpec[]): LedgerTransaction[] {
    const checkpoint = ++this.#checkpoint
    const landed: LedgerEvent[] = []
    const transactions = specs.map((spec) => {
      const txSeq = ++this.#txSeq
      const digest = `Dg${String(txSeq).padStart(6, '0')}x`
      const sender = spec.sender ?? ADDR.alice
      const packageId = spec.package ?? ADDR.market
      const module = spec.module ?? 'market'
      const events = (spec.events ?? []).map((event, eventIndex): LedgerEvent => ({
        id: { txDigest: digest, eventSeq: String(eventIndex) },
        packageId,
        transactionModule: module,
        sender,
        type: event.type,
        parsedJson: event.parsedJson ?? {},
        bcs: Buffer.from([txSeq & 255, eventIndex]).toString('base64'),
        timestampMs: String(spec.timestampMs ?? 1_700_000_000_000 + txSeq * 1000),
        txSeq,
        eventIndex,
        checkpoint,
        objects: spec.objects ?? [],
        recipients: spec.recipients ?? [],
      }))
      const transaction: LedgerTransaction = {
        digest,
        sender,
        txSeq,
        checkpoint,
        epoch: 0,
        gasPrice: 1000n,
        gasBudget: 10_000_000n,
        gasObject: ADDR.other,
        call: { package: packageId, module, function: 'run' },
        events,
        timestampMs: spec.timestampMs ?? 1_700_000_000_000 + txSeq * 1000,
        objects: [...(spec.objects ?? []), ADDR.other],
        inputVersions: [...(spec.objects ?? []), ADDR.other].map(() => txSeq - 1),
        version: txSeq,
        recipients: spec.recipients ?? [],
      }
      this.#byDigest.set(digest, transaction)
      this.transactions.push(transaction)
      this.events.push(...events)
      landed.push(...events)
      return transaction
    })
    for (const listener of this.#listeners) listener(landed)
    for (const listener of this.#transactionListeners) listener(transactions)
    return transactions
  }

  /** Drops the `count` oldest events (the array is replaced, as a pruning ledger might). */
  prune(count: number): void {
    this.events = this.events.slice(count)
  }
}

/**
 * `n` transactions with one `Counter` event each, sender alternating alice/bob.
 *
 * @example
 * ledger.commit(counterTransactions(10))
 */
export function counterTransactions(n: number): FakeTransactionSpec[] {
  return Array.from({ length: n }, (_, index) => ({
    sender: index % 2 === 0 ? ADDR.alice : ADDR.bob,
    events: [{ type: `${ADDR.market}::market::Counter`, parsedJson: { n: String(index) } }],
  }))
}
