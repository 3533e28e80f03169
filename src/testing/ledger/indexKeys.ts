import type { LedgerEvent, LedgerTransaction } from './types.js'

/**
 * Index keys of an event, as used by `Ledger.eventsMatching`: sender (`s:`), emitting package
 * and module (`e:`), type package, module, struct and full type with type arguments (`t:`),
 * and transaction digest (`x:`). The event's type must be canonical (full addresses).
 *
 * @example
 * eventIndexKeys(event) // ['s:0x…', 'e:0x…', 'e:0x…::market', 't:0x…', 't:0x…::market', 't:0x…::market::Listed', 'x:…']
 */
export function eventIndexKeys(event: LedgerEvent): string[] {
  const keys = [`s:${event.sender}`, `e:${event.packageId}`, `e:${event.packageId}::${event.transactionModule}`]
  const generic = event.type.indexOf('<')
  const base = generic === -1 ? event.type : event.type.slice(0, generic)
  const first = base.indexOf('::')
  const second = base.indexOf('::', first + 2)
  keys.push(`t:${base.slice(0, first)}`, `t:${base.slice(0, second)}`, `t:${base}`)
  if (generic !== -1) keys.push(`t:${event.type}`)
  keys.push(`x:${event.id.txDigest}`)
  return keys
}

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
