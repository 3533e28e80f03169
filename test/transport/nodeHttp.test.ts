import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeHttp } from '../../src/transport/nodeHttp.js'
import { listenLocal, type LocalServer } from '../helpers/listenLocal.js'

// The Node transport over a real socket: what it sends (path, query, length, credentials) and
// how it reads bodies that arrive in one chunk or in several.
interface Seen {
  path: string
  contentLength: string | undefined
  authorization: string | undefined
  body: string
}

let server: Server
let local: LocalServer
let base: string
const seen: Seen[] = []
let answer: (response: ServerResponse) => void = (response) => response.end('{}')

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      seen.push({
        path: request.url ?? '',
        contentLength: request.headers['content-length'],
        authorization: request.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      answer(response)
    })
  })
  local = await listenLocal(server)
  base = local.origin
})
afterAll(() => local.close())

const http = createNodeHttp()
const post = (url: string, body: string) =>
  http({ url, headers: { 'content-type': 'application/json' }, body, timeoutMs: 0, maxResponseBytes: 1 << 20 })

describe('node:http transport', () => {
  it('sends each URL to its own path and query, with the UTF-8 length of the body, every time', async () => {
    seen.length = 0
    answer = (response) => response.end('{}')
    const body = JSON.stringify({ note: 'café ✓ 𝄞' })
    await post(`${base}/graphql`, body)
    await post(`${base}/json-rpc?x=1&y=%20`, body)
    await post(`${base}/graphql`, '{}')
    expect(seen.map((entry) => entry.path)).toEqual(['/graphql', '/json-rpc?x=1&y=%20', '/graphql'])
    expect(seen[0]).toMatchObject({ contentLength: String(Buffer.byteLength(body)), body })
    expect(seen[2]).toMatchObject({ contentLength: '2', body: '{}' })
  })

  it('sends credentials written in the URL as Basic authorization to that URL only', async () => {
    seen.length = 0
    const withCredentials = base.replace('http://', 'http://ali%20ce:p%40ss@')
    await post(`${withCredentials}/graphql`, '{}')
    await post(`${base}/graphql`, '{}')
    expect(seen[0]?.authorization).toBe(`Basic ${Buffer.from('ali ce:p@ss').toString('base64')}`)
    expect(seen[1]?.authorization).toBeUndefined()
  })

  it('decodes a body sent in several chunks, a character split between two of them included', async () => {
    const text = JSON.stringify({ note: 'é'.repeat(40_000), end: '𝄞' })
    const bytes = Buffer.from(text)
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      // 'é' is two bytes: an odd cut falls inside one; the writes are spaced so they arrive apart.
      response.write(bytes.subarray(0, 10_001))
      setTimeout(() => {
        response.write(bytes.subarray(10_001, 50_001))
        setTimeout(() => response.end(bytes.subarray(50_001)), 5)
      }, 5)
    }
    const response = await post(`${base}/graphql`, '{}')
    expect(response.body).toBe(text)
    expect(response.status).toBe(200)
  })

  it('decodes a body sent in one write', async () => {
    const text = JSON.stringify({ data: { note: 'ü'.repeat(100) } })
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-chain-rpc-version': '2025.3.0' })
      response.end(text)
    }
    const response = await post(`${base}/graphql`, '{}')
    expect(response).toMatchObject({ status: 200, body: text, headers: { 'x-chain-rpc-version': '2025.3.0' } })
  })
})
