import type { LedgerTransaction } from './types.js'

/**
 * Index keys of a transaction, as used by `Ledger.transactionsMatching`: sender (`s:`) and
 * called function at package, module and function level (`f:`).
 *
 * @example
 * transactionIndexKeys(tx) // ['s:0x…', 'f:0x…', 'f:0x…::market', 'f:0x…::market::buy']
 */
export function transactionIndexKeys(tx: Pick<LedgerTransaction, 'sender' | 'call'>): string[] {
  const { package: pkg, module, function: fn } = tx.call
  return [`s:${tx.sender}`, `f:${pkg}`, `f:${pkg}::${module}`, `f:${pkg}::${module}::${fn}`]
}
