import { firstIndexWhere } from './sortedSearch.js'
import type { LedgerCheckpoint, LedgerEpoch } from './types.js'

/**
 * The ledger's epochs (never pruned): which epoch holds a checkpoint, where each ends, and
 * the transaction count before each began.
 *
 * @example
 * const epochs = new LedgerEpochs({ referenceGasPrice: 1000n, startTimestampMs: 0 })
 * epochs.at(5).epochId // 0
 */
export class LedgerEpochs {
  readonly #epochs: LedgerEpoch[] = []
  /** networkTotalTransactions before each epoch's first checkpoint, parallel to #epochs. */
  readonly #txBase: number[] = []

  constructor(genesis: { referenceGasPrice: bigint; startTimestampMs: number }) {
    this.#epochs.push({ epochId: 0, ...genesis, endTimestampMs: null, firstCheckpoint: 0 })
    this.#txBase.push(0)
  }

  /** Every epoch, ascending. */
  get all(): readonly LedgerEpoch[] {
    return this.#epochs
  }

  /** The epoch with this id. */
  get(epochId: number): LedgerEpoch | undefined {
    return this.#epochs[epochId]
  }

  /** The epoch that holds checkpoint `sequenceNumber`. */
  at(sequenceNumber: number): LedgerEpoch {
    const index = firstIndexWhere(this.#epochs, (epoch) => epoch.firstCheckpoint > sequenceNumber) - 1
    return this.#epochs[Math.max(0, index)] as LedgerEpoch
  }

  /** Last checkpoint of an epoch, or undefined while it is the current epoch. */
  lastCheckpoint(epochId: number): number | undefined {
    const next = this.#epochs[epochId + 1]
    return next ? next.firstCheckpoint - 1 : undefined
  }

  /** networkTotalTransactions just before the epoch's first checkpoint. */
  transactionBase(epochId: number): number {
    return this.#txBase[epochId] ?? 0
  }

  /** Ends the current epoch at `latest`; the next checkpoint starts a new one, which is returned. */
  end(latest: LedgerCheckpoint, options: { referenceGasPrice?: bigint }): LedgerEpoch {
    const current = this.#epochs[this.#epochs.length - 1] as LedgerEpoch
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
    this.#txBase.push(latest.networkTotalTransactions)
    return next
  }
}
