import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { build } from 'vite'

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' }

/** A built example served on 127.0.0.1: its origin and `close`. */
export interface ServedExample {
  /** `http://127.0.0.1:<port>` */
  origin: string
  close(): Promise<void>
}

/**
 * Builds a Vite example (its `vite.config.ts`, output in its `dist/`) and serves the output on
 * 127.0.0.1 (port 0) as static files, as a browser test loads it.
 *
 * @example
 * const served = await serveViteExample(fileURLToPath(new URL('../../examples/browser/', import.meta.url)))
 * await page.goto(`${served.origin}/?graphql=${mock.graphqlUrl}`)
 * await served.close()
 */
export async function serveViteExample(exampleDir: string): Promise<ServedExample> {
  await build({ configFile: join(exampleDir, 'vite.config.ts'), logLevel: 'error' })
  const dist = join(exampleDir, 'dist')
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = join(dist, path === '/' ? 'index.html' : path)
    if (!file.startsWith(dist) || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
