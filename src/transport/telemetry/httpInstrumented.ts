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
 * `url` on this transport: `request` of `node:http`/`node:https` wrapped by instrumentation-http
 * (the shimmer marks), or for `fetch` a subscriber on undici's `undici:request:create` channel
 * (instrumentation-undici). False where neither can be told (browsers, Node before 20.16).
 */
export function httpInstrumented(via: HttpVia, url: string): boolean {
  if (via === 'fetch') {
    undiciCreate ??= builtin<{ channel(name: string): { hasSubscribers: boolean } }>('node:diagnostics_channel')?.channel(
      'undici:request:create',
    ) ?? { hasSubscribers: false }
    return undiciCreate.hasSubscribers
  }
  const module = url.startsWith('https:') ? (https ??= builtin('node:https') ?? {}) : (http ??= builtin('node:http') ?? {})
  const request = module.request
  return request?.__wrapped === true && typeof request.__original === 'function'
}

type RequestModule = { request?: { __wrapped?: unknown; __original?: unknown } }
// Looked up once: an instrumentation patches these same objects whenever it is enabled.
let undiciCreate: { hasSubscribers: boolean } | undefined
let http: RequestModule | undefined
let https: RequestModule | undefined
