import { InvalidArgumentError } from '../errors/request.js'
import type { TransactionBlockResponseOptions } from './types.js'

const OPTION_NAMES: readonly (keyof TransactionBlockResponseOptions)[] = [
  'showInput',
  'showRawInput',
  'showEffects',
  'showRawEffects',
  'showEvents',
  'showObjectChanges',
  'showBalanceChanges',
]

/**
 * Checks the options of a transaction read: only the seven `show*` flags, each a boolean.
 * Returns null for none.
 *
 * @example
 * readTransactionOptions({ showEffects: true }) // { showEffects: true }
 */
export function readTransactionOptions(options: unknown): TransactionBlockResponseOptions | null {
  if (options === undefined || options === null) return null
  if (typeof options !== 'object' || Array.isArray(options))
    throw new InvalidArgumentError('options must be an object of show* flags, or null')
  for (const [name, value] of Object.entries(options)) {
    if (!OPTION_NAMES.includes(name as keyof TransactionBlockResponseOptions)) {
      throw new InvalidArgumentError(`options.${name} is not a transaction option; use ${OPTION_NAMES.join(', ')}`)
    }
    if (value !== undefined && typeof value !== 'boolean')
      throw new InvalidArgumentError(`options.${name} must be a boolean, got ${String(value)}`)
  }
  return options as TransactionBlockResponseOptions
}
