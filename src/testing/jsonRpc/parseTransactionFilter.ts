import { isAddress, normalizeAddress } from '../ledger/moveAddress.js'
import type { LedgerTransaction } from '../ledger/types.js'
import { JsonRpcFault, invalidAt, invalidType } from './JsonRpcFault.js'
import { createdObjectIds } from './toRpcTransaction.js'

/**
 * A parsed transaction filter: whether a ledger transaction matches it.
 *
 * @example
 * const matches: TransactionMatcher = parseTransactionFilter({ FromAddress: '0x2' }, 'query.filter')
 * ledger.transactions.filter(matches)
 */
export type TransactionMatcher = (tx: LedgerTransaction) => boolean

/** The kind every transaction of the mock ledger is. */
export const MOCK_TRANSACTION_KIND = 'ProgrammableTransaction'

const VARIANTS = [
  'Checkpoint',
  'MoveFunction',
  'InputObject',
  'ChangedObject',
  'AffectedObject',
  'FromAddress',
  'ToAddress',
  'FromAndToAddress',
  'FromOrToAddress',
  'TransactionKind',
  'TransactionKindIn',
]
const ALL: TransactionMatcher = () => true
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$|^_[A-Za-z0-9_]+$/

/**
 * Parses a `TransactionFilter` as the reference service's JSON-RPC does (serde: one
 * variant key, `null` for none) and returns its matcher:
 * - `MoveFunction { package, module?, function? }`: the called function; `function` needs `module`.
 * - `InputObject`: an input object (the gas coin included); `ChangedObject`: an object it
 *   mutated or created; `AffectedObject`: either.
 * - `FromAddress`, `ToAddress` (an address it sent a new object to), `FromAndToAddress`.
 * - `TransactionKind`, `TransactionKindIn`: every mock transaction is `ProgrammableTransaction`.
 * - `Checkpoint` and `FromOrToAddress` parse but are refused with -32602, as the reference
 *   marks them not supported.
 * A malformed filter is -32602 "Invalid params" with serde's wording in `data`.
 *
 * @example
 * parseTransactionFilter({ MoveFunction: { package: '0x2', module: 'market' } }, 'query.filter')(tx)
 */
export function parseTransactionFilter(value: unknown, path: string): TransactionMatcher {
  if (value === null || value === undefined) return ALL
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidType(value, 'a TransactionFilter', path)
  const keys = Object.keys(value)
  if (keys.length !== 1) throw invalidAt(path, `expected exactly one variant of ${VARIANTS.join(', ')}`)
  const key = keys[0] as string
  const inner = (value as Record<string, unknown>)[key]
  const at = `${path}.${key}`
  switch (key) {
    case 'MoveFunction':
      return moveFunction(inner, at)
    case 'InputObject': {
      const id = address(inner, at)
      return (tx) => tx.objects.includes(id)
    }
    // The mock's transactions mutate every input and create the rest: changed and affected are the same set.
    case 'ChangedObject':
    case 'AffectedObject': {
      const id = address(inner, at)
      return (tx) => tx.objects.includes(id) || createdObjectIds(tx).includes(id)
    }
    case 'FromAddress': {
      const sender = address(inner, at)
      return (tx) => tx.sender === sender
    }
    case 'ToAddress': {
      const recipient = address(inner, at)
      return (tx) => tx.recipients.includes(recipient)
    }
    case 'FromAndToAddress': {
      const fields = object(inner, at, ['from', 'to'])
      const from = address(fields.from, `${at}.from`)
      const to = address(fields.to, `${at}.to`)
      return (tx) => tx.sender === from && tx.recipients.includes(to)
    }
    case 'TransactionKind': {
      if (typeof inner !== 'string') throw invalidType(inner, 'a string', at)
      return () => inner === MOCK_TRANSACTION_KIND
    }
    case 'TransactionKindIn': {
      if (!Array.isArray(inner) || inner.some((kind) => typeof kind !== 'string')) throw invalidType(inner, 'a sequence of strings', at)
      return () => inner.includes(MOCK_TRANSACTION_KIND)
    }
    case 'Checkpoint':
      if (typeof inner !== 'string' || !/^\d{1,20}$/.test(inner)) throw invalidType(inner, 'a string holding a u64', at)
      throw unsupported(key)
    case 'FromOrToAddress':
      address(object(inner, at, ['addr']).addr, `${at}.addr`)
      throw unsupported(key)
  }
  throw invalidAt(path, `unknown variant \`${key}\`, expected one of ${VARIANTS.map((name) => `\`${name}\``).join(', ')}`)
}

function moveFunction(value: unknown, path: string): TransactionMatcher {
  const fields = object(value, path, ['package'])
  const pkg = address(fields.package, `${path}.package`)
  const module = optionalName(fields.module, `${path}.module`)
  const fn = optionalName(fields.function, `${path}.function`)
  if (fn !== undefined && module === undefined) throw JsonRpcFault.invalidParams('Cannot search for function without module')
  return (tx) =>
    tx.call.package === pkg && (module === undefined || tx.call.module === module) && (fn === undefined || tx.call.function === fn)
}

function object(value: unknown, path: string, required: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidType(value, 'an object', path)
  const fields = value as Record<string, unknown>
  for (const name of required) if (fields[name] === undefined) throw invalidAt(path, `missing field \`${name}\``)
  return fields
}

function address(value: unknown, path: string): string {
  if (typeof value !== 'string') throw invalidType(value, 'a hex address', path)
  if (!isAddress(value)) throw invalidAt(path, `invalid address ${JSON.stringify(value)}`)
  return normalizeAddress(value)
}

function optionalName(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw invalidType(value, 'a string or null', path)
  if (!IDENTIFIER.test(value)) throw invalidAt(path, `invalid identifier ${JSON.stringify(value)}`)
  return value
}

function unsupported(key: string): JsonRpcFault {
  return JsonRpcFault.invalidParams(`Unsupported filter: ${key} is not supported`)
}
