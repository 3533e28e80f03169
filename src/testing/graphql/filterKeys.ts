import { GraphQLError, responsePathAsArray, type GraphQLResolveInfo } from 'graphql'
import type { EventKey } from '../ledger/EventIndex.js'
import { canonicalAddress, canonicalMovePath, measureMoveType, normalizeMoveType, parseMoveType } from '../ledger/moveTypes.js'
import type { MockServiceLimits } from './mockServiceLimits.js'
import { userInputError } from './userInputError.js'

// The GraphQL filters of the mock (events and transaction blocks) turned into index keys,
// failing as the real service fails on what it cannot parse.

/** The GraphQL `EventFilter` input. */
export interface EventFilterInput {
  sender?: string | null
  transactionDigest?: string | null
  emittingModule?: string | null
  eventType?: string | null
}

/** The GraphQL `TransactionBlockFilter` input. */
export interface TransactionFilterInput {
  function?: string | null
  kind?: 'SYSTEM_TX' | 'PROGRAMMABLE_TX' | null
  afterCheckpoint?: number | null
  atCheckpoint?: number | null
  beforeCheckpoint?: number | null
  sentAddress?: string | null
  transactionIds?: readonly string[] | null
}

const INVALID_FILTER = 'Invalid filter, expected: package[::module[::type[<type_params>]]] or primitive type'

function checkTypeLimits(text: string, limits: MockServiceLimits): string {
  const tag = parseMoveType(text)
  const size = measureMoveType(tag)
  if (size.depth > limits.maxTypeArgumentDepth) {
    throw userInputError(`Type argument nesting exceeds max of ${limits.maxTypeArgumentDepth}`)
  }
  if (size.width > limits.maxTypeArgumentWidth) {
    throw userInputError(`Type argument width exceeds max of ${limits.maxTypeArgumentWidth}`)
  }
  if (size.nodes > limits.maxTypeNodes) throw userInputError(`Type has over ${limits.maxTypeNodes} nodes`)
  return normalizeMoveType(text)
}

/**
 * The service parses an EventFilter as it reads the argument: an event type it cannot parse
 * fails there, located at the filter argument, with the field's path and no `extensions.code`.
 */
function eventTypeParseError(info: GraphQLResolveInfo): GraphQLError {
  const filter = info.fieldNodes[0]?.arguments?.find((argument) => argument.name.value === 'filter')
  return new GraphQLError(`Failed to parse "String": ${INVALID_FILTER} (occurred while parsing "EventFilter")`, {
    nodes: filter?.value ?? info.fieldNodes,
    path: responsePathAsArray(info.path),
  })
}

const EVENT_TYPE_PATH_FIELDS = ['typePackage', 'typeModule', 'typeStruct'] as const
const EMITTING_MODULE_FIELDS = ['package', 'callingModule'] as const

/**
 * The event index keys (see EventIndex) a GraphQL EventFilter selects.
 *
 * @example
 * eventFilterKeys({ sender: '0x1' }, limits, info) // [{ field: 'sender', key: '0x000…001' }]
 */
export function eventFilterKeys(
  filter: EventFilterInput | null | undefined,
  limits: MockServiceLimits,
  info: GraphQLResolveInfo,
): EventKey[] {
  if (!filter) return []
  if (filter.emittingModule && filter.eventType) {
    throw userInputError('Filtering by both emitting module and event type is not supported')
  }
  const keys: EventKey[] = []
  if (filter.sender) keys.push({ field: 'sender', key: canonicalAddress(filter.sender) })
  if (filter.transactionDigest) keys.push({ field: 'transaction', key: filter.transactionDigest })
  if (filter.emittingModule) {
    const path = canonicalMovePath(filter.emittingModule, 2)
    if (path === undefined) throw userInputError(INVALID_FILTER)
    keys.push({ field: EMITTING_MODULE_FIELDS[path.split('::').length - 1]!, key: path })
  }
  if (filter.eventType) {
    const text = filter.eventType.replace(/\s+/g, '')
    if (text.includes('<')) {
      try {
        keys.push({ field: 'type', key: checkTypeLimits(text, limits) })
      } catch (error) {
        if (error instanceof TypeError) throw eventTypeParseError(info)
        throw error
      }
    } else if (/^(bool|u8|u16|u32|u64|u128|u256|address)$/.test(text)) {
      keys.push({ field: 'type', key: text }) // a valid filter no event matches: events are structs
    } else {
      const path = canonicalMovePath(text, 3)
      if (path === undefined) throw eventTypeParseError(info)
      keys.push({ field: EVENT_TYPE_PATH_FIELDS[path.split('::').length - 1]!, key: path })
    }
  }
  return keys
}

/**
 * The transaction index keys (see transactionIndexKeys) a GraphQL TransactionBlockFilter selects.
 *
 * @example
 * transactionFilterKeys({ function: '0x2::coin' }) // ['f:0x000…002::coin']
 */
export function transactionFilterKeys(filter: TransactionFilterInput | null | undefined): string[] {
  const keys: string[] = []
  if (!filter) return keys
  if (filter.sentAddress) keys.push(`s:${filter.sentAddress}`)
  if (filter.function) {
    const path = canonicalMovePath(filter.function, 3)
    if (path === undefined) throw userInputError(`Invalid filter, expected: package[::module[::function]]`)
    keys.push(`f:${path}`)
  }
  return keys
}
