/** `request` of `node:http` and `node:https`, as the SDK found them. */
export interface NodeRequests {
  http: unknown
  https: unknown
}

type GetBuiltinModule = (id: string) => { request?: unknown } | undefined

/**
 * Node's own `http.request` and `https.request`, read synchronously when the SDK's main entry
 * loads (`process.getBuiltinModule`, Node 20.16+): before a test's msw, or nock, patches them.
 * `undefined` outside Node or where Node has no `getBuiltinModule`; the socket transport then
 * takes them when it first loads `node:http`.
 *
 * @example
 * const own = nodeRequestsAtLoad?.http // compared by identity with http.request at each request
 */
export const nodeRequestsAtLoad: NodeRequests | undefined = readNodeRequests()

function readNodeRequests(): NodeRequests | undefined {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process?.getBuiltinModule
  if (typeof getBuiltinModule !== 'function') return undefined
  try {
    return { http: getBuiltinModule('node:http')?.request, https: getBuiltinModule('node:https')?.request }
  } catch {
    return undefined
  }
}
