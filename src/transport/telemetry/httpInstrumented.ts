import type { HttpVia } from './types.js'

type GetBuiltinModule = (id: string) => unknown

/** A Node built-in as it is now (`process.getBuiltinModule`, Node 20.16+), undefined elsewhere. */
function builtin<T>(id: string): T | undefined {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process?.getBuiltinModule
  try {
    return typeof getBuiltinModule === 'function' ? (getBuiltinModule(id) as T | undefined) : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether an OpenTelemetry HTTP instrumentation will make the client span of a request to
 * `url` (and inject its context) on this transport: for `node:http`, `request` of `node:http`
 * or `node:https` wrapped by instrumentation-http (the shimmer marks: `__wrapped`,
 * `__original`); for `fetch`, a subscriber on undici's `undici:request:create` diagnostics
 * channel (instrumentation-undici, which sees Node's global `fetch`). False where neither can
 * be told (browsers, Node before 20.16): the `httpSpans` option says it there.
 *
 * @example
 * httpInstrumented('node:http', 'https://rpc.example/graphql') // true once instrumentation-http patched node:https
 */
export function httpInstrumented(via: HttpVia, url: string): boolean {
  if (via === 'fetch') {
    const channels = builtin<{ channel(name: string): { hasSubscribers: boolean } }>('node:diagnostics_channel')
    return channels?.channel('undici:request:create').hasSubscribers === true
  }
  const module = builtin<{ request?: { __wrapped?: unknown; __original?: unknown } }>(url.startsWith('https:') ? 'node:https' : 'node:http')
  const request = module?.request
  return request?.__wrapped === true && typeof request.__original === 'function'
}
