/**
 * Data model of the mock network's in-memory ledger. Shared by the GraphQL endpoint,
 * the JSON-RPC endpoint and the WebSocket subscriptions, so all three read one truth.
 */

/** An event as JSON-RPC returns it (spec 2.1), plus the ledger's ordering keys. */
export interface LedgerEvent {
  id: { txDigest: string; eventSeq: string }
  /** Package whose module the transaction called. */
  packageId: string
  /** Module the transaction called (name only). */
  transactionModule: string
  sender: string
  /** `<package>::<module>::<Struct>` with optional type arguments, as emitted. */
  type: string
  parsedJson: Record<string, unknown>
  /** Base64 BCS bytes of the struct. */
  bcs: string
  timestampMs: string
  /** Global transaction sequence number (execution order). */
  txSeq: number
  /** Index of the event inside its transaction. */
  eventIndex: number
  /** Checkpoint that holds the transaction. */
  checkpoint: number
  /** Objects the event's transaction touched (for the `Object` query filter). */
  objects: string[]
  /** Addresses that received objects in the transaction (for the `Recipient` filter). */
  recipients: string[]
}

/** A transaction of the mock ledger: who sent it, where it landed, its gas and the events it emitted. */
export interface LedgerTransaction {
  digest: string
  sender: string
  txSeq: number
  checkpoint: number
  epoch: number
  gasPrice: bigint
  gasBudget: bigint
  gasObject: string
  call: { package: string; module: string; function: string }
  events: LedgerEvent[]
  /** Timestamp of its checkpoint. */
  timestampMs: number
  /** Objects it took as inputs and mutated, the gas coin included (JSON-RPC `InputObject`, `ChangedObject`). */
  objects: string[]
  /** Versions of `objects` before it ran (0: first seen in the ledger). */
  inputVersions: number[]
  /** The version it gave every object it changed or created: one above the newest input (Lamport). */
  version: number
  /** Addresses it sent a new object to, one each (JSON-RPC `ToAddress`). */
  recipients: string[]
  /** Why it failed; absent when it succeeded. */
  failure?: string
  /** What the read API cannot load for it (degraded mode, docs/testing.md); absent when whole. */
  degraded?: TransactionDegradation
}

/**
 * A transaction the read API serves degraded, as the real one does when it cannot load part of
 * it: the `missing` fields are left out of `chainx_queryTransactionBlocks` responses that ask for
 * them, and the response's `errors` holds a message for each (or `errors`, when given).
 *
 * @example
 * network.execute({ sender, module: 'market', emit, degraded: { missing: ['events'] } })
 */
export interface TransactionDegradation {
  /** Fields left out when their option asks for them. */
  missing: readonly ('events' | 'objectChanges' | 'balanceChanges')[]
  /**
   * The response's `errors`.
   * @default one message per missing field asked for
   */
  errors?: readonly string[]
}

/** A checkpoint of the mock ledger: its sequence number, digest chain, time and epoch. */
export interface LedgerCheckpoint {
  sequenceNumber: number
  digest: string
  previousDigest: string | null
  timestampMs: number
  epoch: number
  /** Transactions up to and including this checkpoint. */
  networkTotalTransactions: number
}

/** An epoch of the mock ledger: its id, gas price, time span and first checkpoint. */
export interface LedgerEpoch {
  epochId: number
  referenceGasPrice: bigint
  startTimestampMs: number
  endTimestampMs: number | null
  firstCheckpoint: number
}

/** A Move value with its type, BCS bytes and JSON form. */
export interface LedgerMoveValue {
  type: string
  bcs: string
  json: unknown
  /** MoveData form ({ Number }, { Struct }, ...). */
  data: unknown
}

/** A dynamic field of a mock object: its name and its value (a Move value or an object). */
export interface LedgerDynamicField {
  name: LedgerMoveValue
  /** A plain dynamic field holds a MoveValue; a dynamic object field holds an object. */
  value: { kind: 'MoveValue'; value: LedgerMoveValue } | { kind: 'MoveObject'; address: string; version: number; contents: LedgerMoveValue }
}

/** An object of the mock ledger, with its contents and dynamic fields. */
export interface LedgerObject {
  address: string
  version: number
  digest: string
  contents: LedgerMoveValue | null
  dynamicFields: LedgerDynamicField[]
}

/** What the JSON-RPC endpoint and the WebSocket subscriptions read from the ledger. */
export interface LedgerReader {
  /** Every event not pruned, ascending by (txSeq, eventIndex). */
  readonly events: readonly LedgerEvent[]
  /** Every transaction not pruned, ascending by txSeq. */
  readonly transactions: readonly LedgerTransaction[]
  /** The transaction with this digest, if the ledger has it. */
  findTransaction(digest: string): LedgerTransaction | undefined
  /** Called with each new checkpoint's transactions, in order, after the checkpoint lands. */
  onTransactions(listener: (transactions: readonly LedgerTransaction[]) => void): () => void
  /** Called with each new checkpoint's events, in order, after the checkpoint lands. */
  onEvents(listener: (events: readonly LedgerEvent[]) => void): () => void
}
