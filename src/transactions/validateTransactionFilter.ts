import { createFilterValueReaders, invalidFilter, isPlainObject } from '../events/filterValueReaders.js'
import type { TransactionFilter } from './types.js'

const FILTER_KEYS = [
  'MoveFunction',
  'InputObject',
  'ChangedObject',
  'AffectedObject',
  'FromAddress',
  'ToAddress',
  'FromAndToAddress',
  'TransactionKind',
  'TransactionKindIn',
] as const
/** In the service's type, marked "currently not supported" there. */
const UNSUPPORTED: ReadonlySet<string> = new Set(['Checkpoint', 'FromOrToAddress'])
const KIND_NAME = /^[A-Za-z][A-Za-z0-9]{0,99}$/
const MAX_KINDS = 64
// Pure (no destructuring): an app that never calls this drops the module from its bundle.
const readers = /* @__PURE__ */ createFilterValueReaders({
  list: (list) => `a list of ${list.length}`,
  millis: 'milliseconds',
})

/**
 * Checks a transaction filter before anything is sent, and returns it in the form the
 * service accepts (`null` for no filter; `MoveFunction` without the keys left out).
 *
 * Rules: `null`/`undefined` (every transaction) or exactly one key of `MoveFunction`,
 * `InputObject`, `ChangedObject`, `AffectedObject`, `FromAddress`, `ToAddress`,
 * `FromAndToAddress`, `TransactionKind`, `TransactionKindIn`; addresses and object ids are
 * `0x` and 1 to 64 hex digits; `MoveFunction.module` and `.function` are Move identifiers,
 * and `function` needs `module`; a kind is a name such as `ProgrammableTransaction`;
 * `TransactionKindIn` lists 1 to 64 of them. `Checkpoint` and `FromOrToAddress` are refused:
 * the service's own reference marks them "currently not supported".
 *
 * Throws `InvalidFilterError` (INVALID_FILTER) whose `path` points at the offending part.
 *
 * @example
 * validateTransactionFilter({ MoveFunction: { package: '0x2', module: 'market' } }) // returned as given
 * validateTransactionFilter({ FromOrToAddress: { addr: '0x2' } }) // throws InvalidFilterError, path 'FromOrToAddress'
 */
export function validateTransactionFilter(filter: TransactionFilter | null | undefined): TransactionFilter | null {
  if (filter === null || filter === undefined) return null
  if (!isPlainObject(filter)) throw invalidFilter('', `expected an object with one key, got ${readers.describe(filter)}`)
  const keys = Object.keys(filter)
  if (keys.length !== 1) throw invalidFilter('', `expected exactly one key, got ${keys.length === 0 ? 'none' : keys.join(', ')}`)
  const key = keys[0] as string
  const value: unknown = (filter as Record<string, unknown>)[key]
  switch (key as (typeof FILTER_KEYS)[number]) {
    case 'MoveFunction':
      return { MoveFunction: readMoveFunction(value) }
    case 'InputObject':
    case 'ChangedObject':
    case 'AffectedObject':
    case 'FromAddress':
    case 'ToAddress':
      readers.readAddress(value, key)
      return filter
    case 'FromAndToAddress': {
      const fields = readers.readFields(value, key, ['from', 'to'])
      readers.readAddress(fields.from, `${key}.from`)
      readers.readAddress(fields.to, `${key}.to`)
      return filter
    }
    case 'TransactionKind':
      readKind(value, key)
      return filter
    case 'TransactionKindIn': {
      if (!Array.isArray(value) || value.length === 0 || value.length > MAX_KINDS) {
        throw invalidFilter(key, `expected a list of 1 to ${MAX_KINDS} transaction kinds, got ${readers.describe(value)}`)
      }
      value.forEach((kind, index) => readKind(kind, `${key}[${index}]`))
      return filter
    }
  }
  if (UNSUPPORTED.has(key)) {
    throw invalidFilter(
      key,
      `${key} is not supported by the service (its reference marks it "currently not supported"); use one of ${FILTER_KEYS.join(', ')}`,
    )
  }
  throw invalidFilter(key, `unknown filter key; transaction filters take ${FILTER_KEYS.join(', ')}`)
}

function readMoveFunction(value: unknown): { package: string; module?: string; function?: string } {
  if (!isPlainObject(value)) throw invalidFilter('MoveFunction', `expected { package, module?, function? }, got ${readers.describe(value)}`)
  for (const name of Object.keys(value)) {
    if (name !== 'package' && name !== 'module' && name !== 'function') {
      throw invalidFilter(`MoveFunction.${name}`, 'unknown field, expected package, module, function')
    }
  }
  readers.readAddress(value.package, 'MoveFunction.package')
  const result: { package: string; module?: string; function?: string } = { package: value.package as string }
  if (value.module !== undefined && value.module !== null) {
    readers.readIdentifier(value.module, 'MoveFunction.module', 'a module name')
    result.module = value.module as string
  }
  if (value.function !== undefined && value.function !== null) {
    if (result.module === undefined) throw invalidFilter('MoveFunction.function', 'a function needs its module')
    readers.readIdentifier(value.function, 'MoveFunction.function', 'a function name')
    result.function = value.function as string
  }
  return result
}

function readKind(value: unknown, path: string): void {
  if (typeof value !== 'string' || !KIND_NAME.test(value)) {
    throw invalidFilter(path, `expected a transaction kind such as "ProgrammableTransaction", got ${readers.describe(value)}`)
  }
}
