import { once } from 'node:events'
import { expect } from 'vitest'
import { WebSocket } from 'ws'

/** Longest wait for any single socket event in tests. */
export const WAIT_MS = 3000

/** A JSON-RPC response or notification as the test client receives it. */
export interface Message {
  jsonrpc: string
  id?: number | string | null
  result?: any
  error?: { code: number; message: string; data?: string }
  method?: string
  params?: { subscription: number; result: any }
}

/**
 * A raw JSON-RPC WebSocket client for tests: records notifications in arrival order and
 * matches responses by id.
 *
 * @example
 * const client = await new TestClient(url).opened()
 * const { result: id } = await client.call('chainx_subscribeEvent', [{ All: [] }])
 */
export class TestClient {
  readonly socket: WebSocket
  readonly notifications: Message[] = []
  readonly #pending = new Map<number | string, (message: Message) => void>()
  #nextId = 1

  constructor(url: string) {
    this.socket = new WebSocket(url)
    this.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message
      if (message.method !== undefined) this.notifications.push(message)
      else this.#pending.get(message.id ?? 'null')?.(message)
    })
  }

  async opened(): Promise<this> {
    await withTimeout(once(this.socket, 'open'), 'open')
    return this
  }

  /** Sends a call and waits for the response with its id. */
  call(method: string, params?: unknown): Promise<Message> {
    const id = this.#nextId++
    return this.sendRaw(JSON.stringify({ jsonrpc: '2.0', id, method, params }), id)
  }

  /** Sends text and waits for the response with `id` (`'null'` for id null). */
  sendRaw(text: string, id: number | string): Promise<Message> {
    const answered = new Promise<Message>((resolve) => this.#pending.set(id, resolve))
    this.socket.send(text)
    return withTimeout(answered, `response ${id}`)
  }

  /** A round trip after which every notification sent before it has arrived (messages keep their order). */
  async barrier(): Promise<void> {
    const response = await this.call('chainx_barrier')
    expect(response.error?.code).toBe(-32601)
  }

  async closed(): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) throw new Error('already closed')
    const [code] = (await withTimeout(once(this.socket, 'close'), 'close')) as [number]
    return code
  }
}

/**
 * Rejects when `promise` has not settled within `ms` (WAIT_MS unless given), so a broken
 * test fails instead of hanging.
 *
 * @example
 * await withTimeout(once(socket, 'close'), 'close')
 */
export function withTimeout<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
