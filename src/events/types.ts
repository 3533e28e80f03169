/** Identity of an event, and the JSON-RPC paging cursor (spec 2.1). */
export interface EventId {
  /** Digest of the transaction that emitted the event. */
  txDigest: string
  /** Index of the event in its transaction, as a string holding an integer (spec 6.2). */
  eventSeq: string
}

/**
 * An event in JSON-RPC and subscription shape (spec 2.1). `eventSeq` and `timestampMs` stay
 * strings as the service sends them (see `eventTimestamp`, `eventSeqOf`). `parsedJson` is any
 * JSON value; pass `parse` (a schema, a generated Move struct or registry) to have it typed.
 *
 * @example
 * const price = BigInt((page.items[0] as ChainxEvent<{ price: string }>).parsedJson.price)
 */
export interface ChainxEvent<TParsed = unknown> {
  id: EventId
  /** Package and module the transaction called. */
  packageId: string
  transactionModule: string
  sender: string
  /** `<package>::<module>::<Struct>` with optional type arguments. */
  type: string
  /** The event's content (usually the struct's fields, large integers as strings, spec 6.2). */
  parsedJson: TParsed
  /** BCS of the event, Base64 unless `bcsEncoding` says otherwise. */
  bcs: string
  bcsEncoding?: 'base64' | 'base58' | undefined
  /** Unix epoch milliseconds, as a string. */
  timestampMs?: string | undefined
}

/** `{ package, module }` naming a Move module. */
export interface MoveModuleRef {
  package: string
  module: string
}

/**
 * A query filter of `chainx_queryEvents` (spec 6.3): exactly one key, no combinations.
 *
 * @example
 * const lastHour: EventQueryFilter = { TimeRange: { startTime: Date.now() - 3_600_000, endTime: Date.now() } }
 */
export type EventQueryFilter =
  | { All: [] | null }
  | { Transaction: string }
  | { MoveModule: MoveModuleRef }
  | { MoveEventModule: MoveModuleRef }
  | { MoveEvent: string }
  | { MoveEventType: string }
  | { EventType: string }
  | { Sender: string }
  | { Recipient: { AddressOwner: string } | { ObjectOwner: string } }
  | { Object: string }
  | { TimeRange: { startTime: number | string; endTime: number | string } }

/**
 * A subscription filter of `chainx_subscribeEvent` (spec 6.4), with the combinators the
 * reference service had (`All` = and, `Any` = or, `And`/`Or` of two).
 */
export type EventSubscriptionFilter =
  | { Package: string }
  | { MoveModule: MoveModuleRef }
  | { MoveEventType: string }
  | { MoveEventModule: MoveModuleRef & { event: string } }
  | { MoveEventField: { path: string; value: unknown } }
  | { SenderAddress: string }
  | { Sender: string }
  | { Transaction: string }
  | { TimeRange: { start_time: string; end_time: string } }
  | { All: EventSubscriptionFilter[] }
  | { Any: EventSubscriptionFilter[] }
  | { And: [EventSubscriptionFilter, EventSubscriptionFilter] }
  | { Or: [EventSubscriptionFilter, EventSubscriptionFilter] }

/**
 * What checks and types each event's `parsedJson`: a schema with `parse` (zod, a generated Move
 * definition such as `market.Listed`), a plain function, or an event decoder with `decode(event)`
 * such as a generated Move `registry` (then `parsedJson` holds the decoded event, a union
 * discriminated by `name`; an event it has no definition for is rejected).
 *
 * @example
 * const parse: ParsedJsonParser<{ price: bigint }> = (json) => ({ price: BigInt((json as { price: string }).price) })
 */
export type ParsedJsonParser<T> =
  | {
      /** Reads an event's `parsedJson`. */
      parse(value: unknown): T
    }
  | ((value: unknown, event: ChainxEvent<unknown>) => T)
  | EventDecoder<T>

/**
 * Anything that decodes a whole event, read by its `type` (a generated Move `registry`).
 *
 * @example
 * const decoder: EventDecoder<string> = { decode: (event) => event.type }
 */
export interface EventDecoder<T> {
  /** Returns the checked value for the event (its `type`, `parsedJson`, `bcs`), or throws. */
  decode(event: ChainxEvent<unknown>): T
}
