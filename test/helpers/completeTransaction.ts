/**
 * `tx` narrowed to a complete transaction (every requested field there): throws when it is
 * missing or degraded (`errors` set), so a test reads its fields without `?.`.
 *
 * @example
 * expect(complete(items[0]).effects.status.status).toBe('success')
 */
export function complete<T extends { errors?: string[] | undefined; digest: string }>(tx: T | undefined): Exclude<T, { errors: string[] }> {
  if (tx === undefined) throw new Error('expected a transaction, got none')
  if (tx.errors !== undefined) throw new Error(`expected a complete transaction, ${tx.digest} is degraded: ${tx.errors.join('; ')}`)
  return tx as Exclude<T, { errors: string[] }>
}
