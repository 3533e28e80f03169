import { ChunkLoadError } from '../../errors/ChunkLoadError.js'
import { lazyChunk } from '../../utils/lazyChunk.js'
import type { HttpVia, Telemetry, TelemetryOptions } from './types.js'

// The SDK's telemetry code, a chunk of its own: a failed import is CHUNK_LOAD_FAILED and the
// next call imports again.
const telemetryChunk = lazyChunk(
  () => import('./createTelemetry.js'),
  (cause) => new ChunkLoadError({ chunk: 'createTelemetry', cause }),
)

/**
 * Finds OpenTelemetry: the `api` option, else `@opentelemetry/api` imported by a computed name
 * (bundlers leave it alone, so a browser bundle never carries it or fails on its absence).
 * Resolves to undefined when it is not installed; then the telemetry chunk is never loaded.
 * `via` is what the transport sends through (to see an HTTP instrumentation of it).
 * A telemetry chunk that fails to load rejects with `ChunkLoadError` (`CHUNK_LOAD_FAILED`);
 * the next call tries again.
 *
 * @example
 * const telemetry = await loadTelemetry({}) // undefined without @opentelemetry/api
 */
export async function loadTelemetry(options: TelemetryOptions | undefined, via?: HttpVia): Promise<Telemetry | undefined> {
  let api: object | undefined = options?.api
  if (!api) {
    // Not through lazyChunk: this optional peer's absence is an answer (telemetry off), not a
    // failure to report or retry, and a package missing now stays missing for the process. A
    // variable, not a literal: bundlers leave the import alone.
    const name = '@opentelemetry/api'
    try {
      api = (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as object
    } catch {
      return undefined
    }
  }
  const { createTelemetry } = await telemetryChunk.load()
  return createTelemetry(api, options, via)
}
