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
 * Parses an `x-chain-rpc-version` header (`<year>.<minor>.<patch>[-build]`); undefined when absent or malformed.
 *
 * @example
 * parseServiceVersion('2024.1.0') // { raw: '2024.1.0', year: 2024, minor: 1, patch: 0 }
 */
export function parseServiceVersion(header: string | null | undefined): ServiceVersion | undefined {
  // The same header comes with every response: the last one read is kept; each caller gets a copy.
  if (header !== lastHeader) {
    const raw = header?.trim()
    const match = raw ? VERSION.exec(raw) : null
    lastHeader = header
    lastVersion = raw && match ? { raw, year: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) } : undefined
  }
  return lastVersion && { ...lastVersion }
}

let lastHeader: string | null | undefined
let lastVersion: ServiceVersion | undefined
