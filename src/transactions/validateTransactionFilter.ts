import * as read from '../events/filterValueReaders.js'
import type { TransactionFilter } from './types.js'

const UNSUPPORTED = ['Checkpoint', 'FromOrToAddress']
const KIND_NAME = /^[A-Za-z][A-Za-z0-9]{0,99}$/
const MAX_KINDS = 64

/** The check of each key's value; one that returns a filter returns it in the form the service accepts. */
const CHECKS: Record<string, (value: unknown, key: string) => TransactionFilter | void> = {
  MoveFunction: (value) => ({ MoveFunction: readMoveFunction(value) }),
  InputObject: read.readAddress,
  ChangedObject: read.readAddress,
  AffectedObject: read.readAddress,
  FromAddress: read.readAddress,
  ToAddress: read.readAddress,
  FromAndToAddress(value, key) {
    const fields = read.readFields(value, key, ['from', 'to'])
    read.readAddress(fields.from, `${key}.from`)
    read.readAddress(fields.to, `${key}.to`)
  },
  TransactionKind: readKind,
  TransactionKindIn(value, key) {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_KINDS) {
      throw read.invalidFilter(key, `expected a list of 1 to ${MAX_KINDS} transaction kinds, got ${read.describe(value)}`)
    }
    value.forEach((kind, index) => readKind(kind, `${key}[${index}]`))
  },
}

/**
 * Checks a transaction filter (`null` or exactly one key) before anything is sent, and returns it
 * in the form the service accepts. `Checkpoint` and `FromOrToAddress` are refused: the service's
 * own reference marks them "currently not supported".
 *
 * @throws InvalidFilterError (INVALID_FILTER) whose `path` points at the offending part.
 *
 * @example
 * validateTransactionFilter({ FromOrToAddress: { addr: '0x2' } }) // throws InvalidFilterError, path 'FromOrToAddress'
 */
export function validateTransactionFilter(filter: TransactionFilter | null | undefined): TransactionFilter | null {
  if (filter === null || filter === undefined) return null
  const [key, value] = read.readOneKey(filter, '')
  const why = 'is not supported by the service (its reference marks it "currently not supported")'
  return read.checkOf(CHECKS, key, key, 'transaction filters take', [UNSUPPORTED, why])(value, key) ?? filter
}

/** `MoveFunction` without the keys left out (`null` or `undefined`). */
function readMoveFunction(value: unknown): { package: string; module?: string; function?: string } {
  const fields = read.readFields(value, 'MoveFunction', ['package'], ['module', 'function'])
  read.readAddress(fields.package, 'MoveFunction.package')
  const result: { package: string; module?: string; function?: string } = { package: fields.package as string }
  const [module, name] = [fields.module ?? undefined, fields.function ?? undefined]
  if (module !== undefined) result.module = read.readIdentifier(module, 'MoveFunction.module', 'a module name')
  if (name !== undefined && module === undefined) throw read.invalidFilter('MoveFunction.function', 'a function needs its module')
  if (name !== undefined) result.function = read.readIdentifier(name, 'MoveFunction.function', 'a function name')
  return result
}

function readKind(value: unknown, path: string): void {
  if (typeof value !== 'string' || !KIND_NAME.test(value)) {
    throw read.invalidFilter(path, `expected a transaction kind such as "ProgrammableTransaction", got ${read.describe(value)}`)
  }
}
