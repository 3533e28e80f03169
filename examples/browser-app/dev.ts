// Dev server of the example app: starts a mock network (new transactions every 2 s, so the live
// feed moves) and serves the app with Vite, proxying /graphql and /json-rpc to the network.
// Run `npm run example:browser-app` (it builds the SDK first), then open the URL it prints.
import { fileURLToPath } from 'node:url'
import { startMockNetwork } from 'chainx-sdk/testing'
import { createServer } from 'vite'

const port = Number(process.env.PORT ?? 5173)
const mock = await startMockNetwork({ events: 500, seed: 21, autoEmitMs: 2_000 })
const target = `http://127.0.0.1:${mock.port}`
const server = await createServer({
  configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
  server: { host: '127.0.0.1', port, proxy: { '/graphql': target, '/json-rpc': target } },
})
await server.listen()
console.log(`mock network on ${target}; the app on http://127.0.0.1:${server.config.server.port}/ (Ctrl-C stops both)`)

const stop = async () => {
  await server.close()
  await mock.close()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
