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
 * Finds OpenTelemetry (the `api` option, else `@opentelemetry/api` imported by a computed name
 * that bundlers leave alone) and loads the telemetry chunk; undefined when it is not installed.
 * A chunk that fails to load rejects with `CHUNK_LOAD_FAILED`; the next call tries again.
 */
export async function loadTelemetry(options: TelemetryOptions | undefined, via?: HttpVia): Promise<Telemetry | undefined> {
  let api: object | undefined = options?.api
  if (!api) {
    // Not through lazyChunk: this optional peer's absence is an answer (telemetry off), not a failure.
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
