import { firstIndexWhere } from '../ledger/sortedSearch.js'
import type { LedgerReader, LedgerTransaction } from '../ledger/types.js'
import { JSON_RPC_CODES, JsonRpcFault, invalidAt, invalidType } from './JsonRpcFault.js'
import { DEFAULT_MAX_PAGE_SIZE } from './parseQueryEventsParams.js'
import { parseTransactionFilter, type TransactionMatcher } from './parseTransactionFilter.js'
import { toRpcTransaction, type RpcTransactionOptions } from './toRpcTransaction.js'

export { DEFAULT_MAX_PAGE_SIZE }

/**
 * What one `chainx_queryTransactionBlocks` call asks for, after its params were validated.
 *
 * @example
 * const request: TransactionPageRequest = { matches: () => true, options: {}, cursor: null, limit: 50, descending: false }
 */
export interface TransactionPageRequest {
  matches: TransactionMatcher
  options: RpcTransactionOptions
  /** Exclusive cursor (a digest), or null to start at the oldest (newest, when descending) transaction. */
  cursor: string | null
  /** Page size, already clamped to 1..max. */
  limit: number
  descending: boolean
}

const PARAM_NAMES = ['query', 'cursor', 'limit', 'descending_order'] as const
const OPTION_NAMES: readonly string[] = [
  'showInput',
  'showRawInput',
  'showEffects',
  'showRawEffects',
  'showEvents',
  'showObjectChanges',
  'showBalanceChanges',
]

/**
 * Validates the params of `chainx_queryTransactionBlocks`, positional
 * `[{ filter, options }, cursor, limit, descending]` or named
 * `{ query, cursor, limit, descending_order }`, as the reference service does: `query` is
 * required (its `filter` and `options` may be null); the cursor is a digest; `limit` missing,
 * null, 0 or above `maxPageSize` becomes `maxPageSize`. Anything malformed is -32602.
 *
 * @example
 * parseQueryTransactionBlocksParams([{ filter: { FromAddress: '0x2' }, options: null }, null, 10, true], 50)
 */
export function parseQueryTransactionBlocksParams(params: unknown, maxPageSize: number): TransactionPageRequest {
  let list: unknown[]
  if (params === undefined || params === null) list = []
  else if (Array.isArray(params)) {
    if (params.length > PARAM_NAMES.length)
      throw JsonRpcFault.invalidParams(`invalid length ${params.length}, expected at most 4 parameters`)
    list = params
  } else if (typeof params === 'object') {
    const named = params as Record<string, unknown>
    list = [named.query, named.cursor, named.limit, named.descending_order ?? named.descendingOrder]
  } else throw invalidType(params, 'an array or object of parameters')
  const [query, cursor, limit, descending] = list
  if (query === undefined || query === null) throw JsonRpcFault.invalidParams('missing required parameter `query`')
  if (typeof query !== 'object' || Array.isArray(query)) throw invalidType(query, 'a TransactionBlockResponseQuery', 'query')
  const { filter, options } = query as Record<string, unknown>
  if (cursor !== undefined && cursor !== null && (typeof cursor !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(cursor))) {
    throw invalidType(cursor, 'a base58 transaction digest', 'cursor')
  }
  if (limit !== undefined && limit !== null && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0)) {
    throw invalidType(limit, 'usize', 'limit')
  }
  if (descending !== undefined && descending !== null && typeof descending !== 'boolean')
    throw invalidType(descending, 'a boolean', 'descending_order')
  const size = typeof limit === 'number' && limit > 0 ? Math.min(limit, maxPageSize) : maxPageSize
  return {
    matches: parseTransactionFilter(filter, 'query.filter'),
    options: parseOptions(options),
    cursor: typeof cursor === 'string' ? cursor : null,
    limit: size,
    descending: descending === true,
  }
}

/**
 * Reads one page of transactions as the reference service does: in execution order, oldest
 * first unless `descending`; the cursor (a digest) is exclusive both ways; `nextCursor` is the
 * last digest of the page or, on an empty page, the input cursor; `hasNextPage` tells whether
 * more match. A cursor the ledger does not know (never seen, or pruned) is -32602 "Could not
 * find the referenced transaction".
 *
 * @example
 * queryTransactionPage(ledger, parseQueryTransactionBlocksParams([{ filter: null, options: null }], 50))
 * // { data: [{ digest }, …50], nextCursor: '…', hasNextPage: true }
 */
export function queryTransactionPage(ledger: LedgerReader, request: TransactionPageRequest) {
  const { cursor, limit, descending, matches } = request
  const all = ledger.transactions
  let start: number
  if (cursor === null) start = descending ? all.length - 1 : 0
  else {
    const at = ledger.findTransaction(cursor)
    if (at === undefined) {
      throw new JsonRpcFault(JSON_RPC_CODES.invalidParams, `Could not find the referenced transaction [TransactionDigest(${cursor})].`)
    }
    const index = firstIndexWhere(all, (tx) => tx.txSeq >= at.txSeq)
    start = descending ? index - 1 : index + 1
  }
  const step = descending ? -1 : 1
  const page: LedgerTransaction[] = []
  let hasNextPage = false
  for (let index = start; index >= 0 && index < all.length; index += step) {
    const tx = all[index] as LedgerTransaction
    if (!matches(tx)) continue
    if (page.length === limit) {
      hasNextPage = true
      break
    }
    page.push(tx)
  }
  const data = page.map((tx) => toRpcTransaction(tx, request.options))
  return { data, nextCursor: page.at(-1)?.digest ?? cursor, hasNextPage }
}

function parseOptions(options: unknown): RpcTransactionOptions {
  if (options === undefined || options === null) return {}
  if (typeof options !== 'object' || Array.isArray(options))
    throw invalidType(options, 'a TransactionBlockResponseOptions', 'query.options')
  const parsed: Record<string, boolean> = {}
  for (const [name, value] of Object.entries(options)) {
    // serde ignores unknown fields of this struct, as the reference service does.
    if (!OPTION_NAMES.includes(name)) continue
    if (value === null || value === undefined) continue
    if (typeof value !== 'boolean') throw invalidAt(`query.options.${name}`, `invalid type: expected a boolean`)
    parsed[name] = value
  }
  return parsed
}
