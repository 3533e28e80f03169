/**
 * Reads a `Retry-After` header in either form, delay-seconds or HTTP-date, and returns
 * the wait in milliseconds (never negative), or undefined when absent or unreadable.
 *
 * @example
 * parseRetryAfter('2') // 2000
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:58 GMT')) // 2000
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}
