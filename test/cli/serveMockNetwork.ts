// Serves a mock network in its own process, for the chainx bin to meet over real sockets:
//   tsx test/cli/serveMockNetwork.ts [events] [seed]
// prints {"rpcUrl","graphqlUrl","requests"} as one JSON line once listening, then serves until its
// standard input closes (or SIGTERM). Each line "requests" on standard input is answered with the
// number of HTTP requests served so far.
import { createInterface } from 'node:readline'
import { startCountingMockNetwork } from './runBin.js'

const mock = await startCountingMockNetwork({ events: Number(process.argv[2] ?? 200), seed: Number(process.argv[3] ?? 1) })
process.stdout.write(`${JSON.stringify({ rpcUrl: mock.rpcUrl, graphqlUrl: mock.graphqlUrl, requests: mock.requests() })}\n`)
const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  if (line.trim() === 'requests') process.stdout.write(`${JSON.stringify({ requests: mock.requests() })}\n`)
})
const stop = () => void mock.close().then(() => process.exit(0))
lines.on('close', stop)
process.on('SIGTERM', stop)
