import { createServer } from 'node:http'
import { listenLocal, type LocalServer } from './listenLocal.js'

/** What the fixture server answers to one call: a result, or `undefined` for "method not found". */
export type FixtureAnswer = (method: string, params: unknown[]) => unknown

/** A JSON-RPC server on 127.0.0.1 answering every call with `answer`; `calls` records them. */
export interface FixtureRpcServer extends LocalServer {
  rpcUrl: string
  calls: { method: string; params: unknown[] }[]
}

/**
 * Starts a tiny JSON-RPC server that answers each call with what `answer` returns (exact
 * fixtures, byte for byte as written, which the mock network would not send).
 *
 * @example
 * const server = await startFixtureRpcServer(() => ({ data: [], nextCursor: null, hasNextPage: false }))
 */
export async function startFixtureRpcServer(answer: FixtureAnswer): Promise<FixtureRpcServer> {
  const calls: { method: string; params: unknown[] }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      const call = JSON.parse(body) as { id: unknown; method: string; params: unknown[] }
      calls.push({ method: call.method, params: call.params })
      const result = answer(call.method, call.params)
      const payload =
        result === undefined
          ? { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }
          : { jsonrpc: '2.0', id: call.id, result }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload))
    })
  })
  const local = await listenLocal(server)
  return { ...local, rpcUrl: `${local.origin}/json-rpc`, calls }
}

/**
 * Serves `items` as pages the way the real service does: from after the cursor (found by
 * `keyOf`), `limit` at a time (2 when none is given), `nextCursor` the last item's cursor.
 *
 * @example
 * pageOf(events, (event) => event.id, params[1], params[2])
 */
export function pageOf<T>(items: readonly T[], cursorOf: (item: T) => unknown, cursor: unknown, limit: unknown) {
  const key = JSON.stringify(cursor ?? null)
  const start = cursor === null || cursor === undefined ? 0 : items.findIndex((item) => JSON.stringify(cursorOf(item)) === key) + 1
  const size = typeof limit === 'number' && limit > 0 ? limit : 2
  const data = items.slice(start, start + size)
  const last = data.at(-1)
  return { data, nextCursor: last === undefined ? (cursor ?? null) : cursorOf(last), hasNextPage: start + size < items.length }
}
