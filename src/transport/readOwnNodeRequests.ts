/** `request` of `node:http` and `node:https`, as the SDK found them. */
export interface NodeRequests {
  http: unknown
  https: unknown
}

type GetBuiltinModule = (id: string) => { request?: unknown } | undefined

/**
 * Node's own `http.request` and `https.request`, read synchronously (`process.getBuiltinModule`,
 * Node 20.16+) when a socket transport is created, so before a test's msw or nock patches them
 * later. `undefined` outside Node or where Node has no `getBuiltinModule`; the socket transport
 * then takes them when it first loads `node:http`. Read on creation, not when the SDK loads:
 * loading `node:https` costs cold start 10–30 ms, which only `transport: 'node'` should pay.
 *
 * @example
 * const own = readOwnNodeRequests()?.http // compared by identity with http.request at each request
 */
export function readOwnNodeRequests(): NodeRequests | undefined {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process?.getBuiltinModule
  if (typeof getBuiltinModule !== 'function') return undefined
  try {
    return { http: getBuiltinModule('node:http')?.request, https: getBuiltinModule('node:https')?.request }
  } catch {
    return undefined
  }
}
