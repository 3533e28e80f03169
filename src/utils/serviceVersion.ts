/**
 * The service version from the `x-chain-rpc-version` response header.
 *
 * @example
 * const { version } = await client.graphql.serviceConfig()
 * if (version && version.year < 2025) console.warn(`old service ${version.raw}`)
 */
export interface ServiceVersion {
  /** The header as sent, e.g. `2024.1.0` or `2024.1.0-abc123`. */
  raw: string
  year: number
  minor: number
  patch: number
}

const VERSION = /^(\d{4})\.(\d+)\.(\d+)(?:[-+].*)?$/

/**
 * Parses an `x-chain-rpc-version` header value (`<year>.<minor>.<patch>`, optionally
 * followed by a build suffix). Returns undefined when absent or malformed.
 *
 * @example
 * parseServiceVersion('2024.1.0') // { raw: '2024.1.0', year: 2024, minor: 1, patch: 0 }
 */
export function parseServiceVersion(header: string | null | undefined): ServiceVersion | undefined {
  const raw = header?.trim()
  const match = raw ? VERSION.exec(raw) : null
  if (!raw || !match) return undefined
  return { raw, year: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) }
}
