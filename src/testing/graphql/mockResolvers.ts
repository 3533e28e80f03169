import { fromBase58, fromBase64, toBase64, toHex } from '@mysten/bcs'
import type { GraphQLResolveInfo } from 'graphql'
import type { Ledger } from '../ledger/Ledger.js'
import type { MovePackages } from '../ledger/MovePackages.js'
import { EventIndex } from '../ledger/EventIndex.js'
import { normalizeMoveType } from '../ledger/moveTypes.js'
import { toMoveData } from '../ledger/moveValue.js'
import { firstIndexWhere } from '../ledger/sortedSearch.js'
import type {
  LedgerCheckpoint,
  LedgerDynamicField,
  LedgerEpoch,
  LedgerEvent,
  LedgerMoveValue,
  LedgerObject,
  LedgerTransaction,
} from '../ledger/types.js'
import type { MockServiceLimits } from './mockServiceLimits.js'
import type { PageArgs } from './paginate.js'
import { eventFilterKeys, transactionFilterKeys, type EventFilterInput, type TransactionFilterInput } from './filterKeys.js'
import { resolveConnection, type ConnectionResult } from './resolveConnection.js'
import { userInputError } from './userInputError.js'

/** Per-request context of the mock GraphQL resolvers. */
export interface MockGraphQLContext {
  ledger: Ledger
  packages: MovePackages
  limits: MockServiceLimits
  /** Latest checkpoint when the request started: what queries without cursors read. */
  watermark: number
}

interface At {
  c: number
}
type EpochNode = At & { epoch: LedgerEpoch }
type CheckpointNode = At & { checkpoint: LedgerCheckpoint }
type TransactionNode = At & { tx: LedgerTransaction }
type EventNode = At & { event: LedgerEvent }
type ObjectNode = At & { object: LedgerObject }
type DynamicFieldNode = At & { field: LedgerDynamicField }

type Resolver = (source: any, args: any, context: MockGraphQLContext, info: GraphQLResolveInfo) => unknown

const EVENT_KEY_BASE = 65_536
const env = (context: MockGraphQLContext) => ({ limits: context.limits, availableRange: context.ledger.availableRange })
const eventKey = (event: LedgerEvent): number => event.txSeq * EVENT_KEY_BASE + event.eventIndex

function eventsConnection(
  context: MockGraphQLContext,
  args: PageArgs & { filter?: EventFilterInput | null },
  parentC: number,
  info: GraphQLResolveInfo,
) {
  const keys = eventFilterKeys(args.filter, context.limits, info)
  const { ledger } = context
  return resolveConnection<LedgerEvent>(args, env(context), parentC, {
    cursorKeys: ['tx', 'e'],
    keyOfCursor: (fields) => (fields.tx as number) * EVENT_KEY_BASE + (fields.e as number),
    keyOf: eventKey,
    cursorOf: (event) => ({ tx: event.txSeq, e: event.eventIndex }),
    range: (c) => {
      const items = EventIndex.of(ledger).eventsMatching(keys)
      const first = ledger.availableRange.first
      const lo = firstIndexWhere(items, (event) => event.checkpoint >= first)
      return { items, lo, hi: firstIndexWhere(items, (event) => event.checkpoint > c, lo) }
    },
    wrap: (event, c): EventNode => ({ event, c }),
  })
}

function transactionsConnection(
  context: MockGraphQLContext,
  args: PageArgs & { filter?: TransactionFilterInput | null },
  parentC: number,
  scope: { first: number; last: number } = { first: 0, last: Number.POSITIVE_INFINITY },
) {
  const { ledger } = context
  const filter = args.filter ?? {}
  const keys = transactionFilterKeys(filter)
  let lowCheckpoint = scope.first
  let highCheckpoint = scope.last
  if (filter.afterCheckpoint != null) lowCheckpoint = Math.max(lowCheckpoint, filter.afterCheckpoint + 1)
  if (filter.beforeCheckpoint != null) highCheckpoint = Math.min(highCheckpoint, filter.beforeCheckpoint - 1)
  if (filter.atCheckpoint != null) {
    lowCheckpoint = Math.max(lowCheckpoint, filter.atCheckpoint)
    highCheckpoint = Math.min(highCheckpoint, filter.atCheckpoint)
  }
  const systemOnly = filter.kind === 'SYSTEM_TX'
  return resolveConnection<LedgerTransaction>(args, env(context), parentC, {
    cursorKeys: ['t'],
    cursorFlags: ['i'],
    keyOfCursor: (fields) => fields.t as number,
    keyOf: (tx) => tx.txSeq,
    cursorOf: (tx) => ({ t: tx.txSeq, i: false }),
    range: (c) => {
      let items: readonly LedgerTransaction[]
      if (systemOnly) items = []
      else if (filter.transactionIds) {
        const wanted = new Map<number, LedgerTransaction>()
        for (const digest of filter.transactionIds) {
          const tx = ledger.findTransaction(digest)
          if (tx) wanted.set(tx.txSeq, tx)
        }
        const matching = new Set(keys.length > 0 ? ledger.transactionsMatching(keys) : [...wanted.values()])
        items = [...wanted.values()].filter((tx) => matching.has(tx)).sort((a, b) => a.txSeq - b.txSeq)
      } else items = ledger.transactionsMatching(keys)
      const low = Math.max(lowCheckpoint, ledger.availableRange.first)
      const high = Math.min(highCheckpoint, c)
      const lo = firstIndexWhere(items, (tx) => tx.checkpoint >= low)
      return { items, lo, hi: firstIndexWhere(items, (tx) => tx.checkpoint > high, lo) }
    },
    wrap: (tx, c): TransactionNode => ({ tx, c }),
  })
}

function checkpointsConnection(
  context: MockGraphQLContext,
  args: PageArgs,
  parentC: number,
  scope: { first: number; last: number } = { first: 0, last: Number.POSITIVE_INFINITY },
) {
  const { ledger } = context
  return resolveConnection<LedgerCheckpoint>(args, env(context), parentC, {
    cursorKeys: ['s'],
    keyOfCursor: (fields) => fields.s as number,
    keyOf: (checkpoint) => checkpoint.sequenceNumber,
    cursorOf: (checkpoint) => ({ s: checkpoint.sequenceNumber }),
    range: (c) => {
      const items = ledger.checkpoints
      const first = items[0]?.sequenceNumber ?? 0
      const lo = Math.min(items.length, Math.max(0, scope.first - first))
      const hi = Math.max(lo, Math.min(items.length, Math.min(scope.last, c) - first + 1))
      return { items, lo, hi }
    },
    wrap: (checkpoint, c): CheckpointNode => ({ checkpoint, c }),
  })
}

function objectNode(context: MockGraphQLContext, address: string, c: number): ObjectNode | null {
  const object = context.ledger.getObject(address)
  const meta = object && context.ledger.objectMeta(object.address)
  if (!object || !meta || meta.createdCheckpoint > c) return null
  return { object, c }
}

function findDynamicField(
  context: MockGraphQLContext,
  parent: ObjectNode,
  name: { type: string; bcs: string },
  objectOnly: boolean,
): DynamicFieldNode | null {
  let type: string
  let bcs: string
  try {
    type = normalizeMoveType(name.type)
  } catch {
    throw userInputError(`Invalid type: ${name.type}`)
  }
  try {
    bcs = toBase64(fromBase64(name.bcs))
  } catch {
    throw userInputError(`Invalid Base64: ${name.bcs}`)
  }
  const meta = context.ledger.objectMeta(parent.object.address)
  const fields = parent.object.dynamicFields
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as LedgerDynamicField
    if ((meta?.fieldCheckpoints[i] ?? 0) > parent.c) continue
    if (objectOnly && field.value.kind !== 'MoveObject') continue
    if (field.name.type === type && field.name.bcs === bcs) return { field, c: parent.c }
  }
  return null
}

function epochNode(context: MockGraphQLContext, epoch: LedgerEpoch | undefined, c: number): EpochNode | null {
  return epoch && epoch.firstCheckpoint <= c ? { epoch, c } : null
}

function epochLastVisible(context: MockGraphQLContext, node: EpochNode): number {
  return Math.min(context.ledger.epochLastCheckpoint(node.epoch.epochId) ?? Number.POSITIVE_INFINITY, node.c)
}

function moveValueType(value: LedgerMoveValue) {
  return { repr: value.type }
}

/**
 * The resolvers of the mock GraphQL schema, by type and field. Every node carries the
 * checkpoint `c` it is read at, so nested fields and connections see the same snapshot.
 *
 * @example
 * attachResolvers(schema, mockResolvers)
 */
export const mockResolvers: Record<string, Record<string, Resolver>> = {
  Query: {
    epoch: (_root, args: { id?: number | null }, context) => {
      const c = context.watermark
      if (args.id == null) return epochNode(context, context.ledger.epochAt(c), c)
      return epochNode(context, context.ledger.epoch(args.id), c)
    },
    events: (_root, args, context, info) => eventsConnection(context, args, context.watermark, info),
    transactionBlocks: (_root, args, context) => transactionsConnection(context, args, context.watermark),
    transactionBlock: (_root, args: { digest: string }, context): TransactionNode | null => {
      const tx = context.ledger.findTransaction(args.digest)
      return tx && tx.checkpoint <= context.watermark ? { tx, c: context.watermark } : null
    },
    object: (_root, args: { address: string; version?: number | null }, context) => {
      const node = objectNode(context, args.address, context.watermark)
      if (node && args.version != null && args.version !== node.object.version) return null
      return node
    },
    checkpoint: (_root, args: { id?: { digest?: string | null; sequenceNumber?: number | null } | null }, context) => {
      const c = context.watermark
      const id = args.id ?? {}
      if (id.digest != null && id.sequenceNumber != null) throw userInputError('Provide one of digest or sequence_number, not both')
      const checkpoint =
        id.digest != null ? context.ledger.checkpointByDigest(id.digest) : context.ledger.checkpoint(id.sequenceNumber ?? c)
      return checkpoint && checkpoint.sequenceNumber <= c ? { checkpoint, c } : null
    },
    checkpoints: (_root, args, context) => checkpointsConnection(context, args, context.watermark),
    availableRange: (_root, _args, context) => {
      const c = context.watermark
      const first = context.ledger.checkpoint(context.ledger.availableRange.first)
      const last = context.ledger.checkpoint(c)
      return { first: first ? { checkpoint: first, c } : null, last: last ? { checkpoint: last, c } : null }
    },
    serviceConfig: (_root, _args, context) => context.limits,
    chainIdentifier: (_root, _args, context) => toHex(fromBase58(context.ledger.genesisDigest).slice(0, 4)),
  },
  Epoch: {
    epochId: (node: EpochNode) => node.epoch.epochId,
    referenceGasPrice: (node: EpochNode) => node.epoch.referenceGasPrice,
    startTimestamp: (node: EpochNode) => node.epoch.startTimestampMs,
    endTimestamp: (node: EpochNode, _args, context) => {
      const next = context.ledger.epoch(node.epoch.epochId + 1)
      return next && next.firstCheckpoint <= node.c ? node.epoch.endTimestampMs : null
    },
    totalCheckpoints: (node: EpochNode, _args, context) => epochLastVisible(context, node) - node.epoch.firstCheckpoint + 1,
    totalTransactions: (node: EpochNode, _args, context) =>
      context.ledger.networkTotalAt(epochLastVisible(context, node)) - context.ledger.epochTransactionBase(node.epoch.epochId),
    checkpoints: (node: EpochNode, args, context) =>
      checkpointsConnection(context, args, node.c, { first: node.epoch.firstCheckpoint, last: epochLastVisible(context, node) }),
    transactionBlocks: (node: EpochNode, args, context) =>
      transactionsConnection(context, args, node.c, {
        first: node.epoch.firstCheckpoint,
        last: context.ledger.epochLastCheckpoint(node.epoch.epochId) ?? Number.POSITIVE_INFINITY,
      }),
  },
  Checkpoint: {
    digest: (node: CheckpointNode) => node.checkpoint.digest,
    sequenceNumber: (node: CheckpointNode) => node.checkpoint.sequenceNumber,
    timestamp: (node: CheckpointNode) => node.checkpoint.timestampMs,
    previousCheckpointDigest: (node: CheckpointNode) => node.checkpoint.previousDigest,
    networkTotalTransactions: (node: CheckpointNode) => node.checkpoint.networkTotalTransactions,
    epoch: (node: CheckpointNode, _args, context) => epochNode(context, context.ledger.epoch(node.checkpoint.epoch), node.c),
    transactionBlocks: (node: CheckpointNode, args, context) =>
      transactionsConnection(context, args, node.c, { first: node.checkpoint.sequenceNumber, last: node.checkpoint.sequenceNumber }),
  },
  AvailableRange: {},
  TransactionBlock: {
    digest: (node: TransactionNode) => node.tx.digest,
    sender: (node: TransactionNode) => ({ address: node.tx.sender }),
    gasInput: (node: TransactionNode) => node,
    effects: (node: TransactionNode) => node,
  },
  GasInput: {
    gasSponsor: (node: TransactionNode) => ({ address: node.tx.sender }),
    gasPrice: (node: TransactionNode) => node.tx.gasPrice,
    gasBudget: (node: TransactionNode) => node.tx.gasBudget,
  },
  TransactionBlockEffects: {
    status: () => 'SUCCESS',
    gasEffects: (node: TransactionNode) => node,
    timestamp: (node: TransactionNode, _args, context) => context.ledger.checkpoint(node.tx.checkpoint)?.timestampMs ?? null,
    checkpoint: (node: TransactionNode, _args, context) => {
      const checkpoint = context.ledger.checkpoint(node.tx.checkpoint)
      return checkpoint ? { checkpoint, c: node.c } : null
    },
    events: (node: TransactionNode, args, context): ConnectionResult =>
      resolveConnection<LedgerEvent>(args, env(context), node.c, {
        cursorKeys: ['tx', 'e'],
        keyOfCursor: (fields) => (fields.tx as number) * EVENT_KEY_BASE + (fields.e as number),
        keyOf: eventKey,
        cursorOf: (event) => ({ tx: event.txSeq, e: event.eventIndex }),
        range: (c) => ({ items: node.tx.events, lo: 0, hi: node.tx.checkpoint <= c ? node.tx.events.length : 0 }),
        wrap: (event, c): EventNode => ({ event, c }),
      }),
  },
  GasEffects: {
    gasObject: (node: TransactionNode, _args, context) => objectNode(context, node.tx.gasObject, node.c),
    gasSummary: (node: TransactionNode) => ({
      computationCost: node.tx.gasPrice * 1_000n,
      storageCost: 1_976_000n + BigInt(node.tx.events.length) * 100_000n,
      storageRebate: 978_120n,
      nonRefundableStorageFee: 9_880n,
    }),
  },
  Event: {
    sendingModule: (node: EventNode, _args, context) => ({
      name: node.event.transactionModule,
      package: context.packages.packageInfo(node.event.packageId) ?? { address: node.event.packageId, version: 1, digest: null },
    }),
    sender: (node: EventNode) => ({ address: node.event.sender }),
    timestamp: (node: EventNode) => Number(node.event.timestampMs),
    type: (node: EventNode) => ({ repr: node.event.type }),
    bcs: (node: EventNode) => node.event.bcs,
    json: (node: EventNode) => node.event.parsedJson,
    data: (node: EventNode, _args, context) =>
      toMoveData(node.event.type, node.event.parsedJson, context.packages.layoutOf(node.event.type)),
  },
  Object: {
    address: (node: ObjectNode) => node.object.address,
    version: (node: ObjectNode) => node.object.version,
    digest: (node: ObjectNode) => node.object.digest,
    asMoveObject: (node: ObjectNode) => (node.object.contents ? node : null),
    dynamicField: (node: ObjectNode, args: { name: { type: string; bcs: string } }, context) =>
      findDynamicField(context, node, args.name, false),
    dynamicObjectField: (node: ObjectNode, args: { name: { type: string; bcs: string } }, context) =>
      findDynamicField(context, node, args.name, true),
    dynamicFields: (node: ObjectNode, args, context) => {
      const meta = context.ledger.objectMeta(node.object.address)
      const entries = node.object.dynamicFields.map((field, index) => ({ field, index }))
      return resolveConnection<{ field: LedgerDynamicField; index: number }>(args, env(context), node.c, {
        cursorKeys: ['i'],
        keyOfCursor: (fields) => fields.i as number,
        keyOf: (entry) => entry.index,
        cursorOf: (entry) => ({ i: entry.index }),
        range: (c) => ({ items: entries, lo: 0, hi: firstIndexWhere(entries, (entry) => (meta?.fieldCheckpoints[entry.index] ?? 0) > c) }),
        wrap: (entry, c): DynamicFieldNode => ({ field: entry.field, c }),
      })
    },
  },
  MoveObject: {
    address: (node: ObjectNode) => node.object.address,
    version: (node: ObjectNode) => node.object.version,
    digest: (node: ObjectNode) => node.object.digest,
    contents: (node: ObjectNode) => node.object.contents,
    hasPublicTransfer: (node: ObjectNode, _args, context) => context.ledger.objectMeta(node.object.address)?.hasPublicTransfer ?? false,
  },
  DynamicField: {
    name: (node: DynamicFieldNode) => node.field.name,
    value: (node: DynamicFieldNode, _args, context) => {
      const value = node.field.value
      if (value.kind === 'MoveValue') return value.value
      const child = context.ledger.getObject(value.address)
      const object: LedgerObject = child ?? {
        address: value.address,
        version: value.version,
        digest: '',
        contents: value.contents,
        dynamicFields: [],
      }
      return { object, c: node.c }
    },
  },
  MoveValue: {
    type: moveValueType,
  },
}
