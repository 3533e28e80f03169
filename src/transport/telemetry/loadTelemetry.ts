import type { Telemetry, TelemetryOptions } from './types.js'

/**
 * Finds OpenTelemetry: the `api` option, else `@opentelemetry/api` imported by a computed name
 * (bundlers leave it alone, so a browser bundle never carries it or fails on its absence).
 * Resolves to undefined when it is not installed; then the telemetry chunk is never loaded.
 *
 * @example
 * const telemetry = await loadTelemetry({}) // undefined without @opentelemetry/api
 */
export async function loadTelemetry(options: TelemetryOptions | undefined): Promise<Telemetry | undefined> {
  let api: object | undefined = options?.api
  if (!api) {
    // A variable, not a literal: bundlers leave the import alone.
    const name = '@opentelemetry/api'
    try {
      api = (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as object
    } catch {
      return undefined
    }
  }
  const { createTelemetry } = await import('./createTelemetry.js')
  return createTelemetry(api, options?.name ?? 'chainx-sdk')
}
