import * as read from '../events/filterValueReaders.js'
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
const UNSUPPORTED = ['Checkpoint', 'FromOrToAddress']
const KIND_NAME = /^[A-Za-z][A-Za-z0-9]{0,99}$/
const MAX_KINDS = 64

/**
 * Checks a transaction filter before anything is sent, and returns it in the form the service
 * accepts (`null` for no filter; `MoveFunction` without the keys left out). `null` or exactly
 * one key; addresses, Move names (`function` needs `module`) and kinds are checked;
 * `TransactionKindIn` lists 1 to 64 kinds. `Checkpoint` and `FromOrToAddress` are refused: the
 * service's own reference marks them "currently not supported".
 *
 * @throws InvalidFilterError (INVALID_FILTER) whose `path` points at the offending part.
 *
 * @example
 * validateTransactionFilter({ MoveFunction: { package: '0x2', module: 'market' } }) // returned as given
 * validateTransactionFilter({ FromOrToAddress: { addr: '0x2' } }) // throws InvalidFilterError, path 'FromOrToAddress'
 */
export function validateTransactionFilter(filter: TransactionFilter | null | undefined): TransactionFilter | null {
  if (filter === null || filter === undefined) return null
  const [key, value] = read.readOneKey(filter, '')
  switch (key as (typeof FILTER_KEYS)[number]) {
    case 'MoveFunction':
      return { MoveFunction: readMoveFunction(value) }
    case 'InputObject':
    case 'ChangedObject':
    case 'AffectedObject':
    case 'FromAddress':
    case 'ToAddress':
      read.readAddress(value, key)
      return filter
    case 'FromAndToAddress': {
      const fields = read.readFields(value, key, ['from', 'to'])
      read.readAddress(fields.from, `${key}.from`)
      read.readAddress(fields.to, `${key}.to`)
      return filter
    }
    case 'TransactionKind':
      readKind(value, key)
      return filter
    case 'TransactionKindIn': {
      if (!Array.isArray(value) || value.length === 0 || value.length > MAX_KINDS) {
        throw read.invalidFilter(key, `expected a list of 1 to ${MAX_KINDS} transaction kinds, got ${read.describe(value)}`)
      }
      value.forEach((kind, index) => readKind(kind, `${key}[${index}]`))
      return filter
    }
  }
  const reason = UNSUPPORTED.includes(key)
    ? `${key} is not supported by the service (its reference marks it "currently not supported"); use one of`
    : 'unknown filter key; transaction filters take'
  throw read.invalidFilter(key, `${reason} ${FILTER_KEYS.join(', ')}`)
}

function readMoveFunction(value: unknown): { package: string; module?: string; function?: string } {
  const fields = read.readFields(value, 'MoveFunction', ['package'], ['module', 'function'])
  read.readAddress(fields.package, 'MoveFunction.package')
  const result: { package: string; module?: string; function?: string } = { package: fields.package as string }
  if (fields.module !== undefined && fields.module !== null) {
    read.readIdentifier(fields.module, 'MoveFunction.module', 'a module name')
    result.module = fields.module as string
  }
  if (fields.function !== undefined && fields.function !== null) {
    if (result.module === undefined) throw read.invalidFilter('MoveFunction.function', 'a function needs its module')
    read.readIdentifier(fields.function, 'MoveFunction.function', 'a function name')
    result.function = fields.function as string
  }
  return result
}

function readKind(value: unknown, path: string): void {
  if (typeof value !== 'string' || !KIND_NAME.test(value)) {
    throw read.invalidFilter(path, `expected a transaction kind such as "ProgrammableTransaction", got ${read.describe(value)}`)
  }
}
