import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let cached: string | undefined

function startDirectory(): string {
  // CommonJS builds have __dirname; ESM (src under vitest/tsx, dist) has import.meta.url.
  if (typeof __dirname !== 'undefined') return __dirname
  return dirname(fileURLToPath(import.meta.url))
}

/**
 * The text of the package's `schema.graphql`, found by walking up from this module's
 * directory (works from `src/testing/graphql` and from `dist/testing`). Read once, then cached.
 *
 * @example
 * const sdl = loadSchemaSource()
 * buildSchema(sdl)
 */
export function loadSchemaSource(): string {
  if (cached !== undefined) return cached
  let directory = startDirectory()
  for (let i = 0; i < 8; i++) {
    const candidate = join(directory, 'schema.graphql')
    if (existsSync(candidate) && existsSync(join(directory, 'package.json'))) {
      cached = readFileSync(candidate, 'utf8')
      return cached
    }
    const parent = dirname(directory)
    if (parent === directory) break
    directory = parent
  }
  throw new Error('chainx-sdk/testing: schema.graphql not found next to package.json above ' + startDirectory())
}
