// A Node backend that follows events by polling chainx_queryEvents (client.events.watch, the
// replacement of the deprecated subscription) and keeps its cursor in a file, so that a
// restart resumes exactly after the last handled event: nothing missed, nothing twice.
//
//   tsx examples/follow-events.ts
//
// With CHAINX_RPC_URL and CHAINX_GRAPHQL_URL set it follows that service; otherwise it starts
// a mock network that emits a transaction every 100 ms, and shows a restart half-way.
// FOLLOW_MS bounds each run (default 1500); CURSOR_FILE is where the cursor is kept.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ChainxClient, eventKey, eventTimestamp, type EventId } from 'chainx-sdk'
import { startMockNetwork } from 'chainx-sdk/testing'

const mock = process.env.CHAINX_RPC_URL ? undefined : await startMockNetwork({ events: 100, seed: 5, autoEmitMs: 100, clock: Date.now })
const client = new ChainxClient({
  graphqlUrl: process.env.CHAINX_GRAPHQL_URL ?? mock!.graphqlUrl,
  rpcUrl: process.env.CHAINX_RPC_URL ?? mock!.rpcUrl,
  retry: { retries: 5 },
})
const cursorFile = process.env.CURSOR_FILE ?? join(tmpdir(), `chainx-follow-${process.pid}.json`)
const followMs = Number(process.env.FOLLOW_MS ?? 1_500)
const seen = new Set<string>()

/** One run of the backend: resume from the saved cursor, handle events, save the cursor after each. */
async function follow(run: number): Promise<number> {
  const saved = existsSync(cursorFile) ? (JSON.parse(readFileSync(cursorFile, 'utf8')) as EventId) : null
  console.log(`run ${run}: ${saved ? `resuming after ${saved.txDigest}#${saved.eventSeq}` : 'starting from the beginning'}`)
  const stop = AbortSignal.timeout(followMs)
  let handled = 0
  const watcher = client.events.watch({
    filter: { All: [] },
    cursor: saved,
    intervalMs: 100,
    signal: stop,
    onError: (error, { delayMs }) => console.warn(`  poll failed (${error.code}); retrying in ${delayMs} ms`),
  })
  try {
    for await (const event of watcher) {
      if (seen.has(eventKey(event))) throw new Error(`event ${eventKey(event)} delivered twice`)
      seen.add(eventKey(event))
      handled++
      if (handled <= 3) console.log(`  ${eventTimestamp(event).toISOString()} ${event.type.split('::').slice(1).join('::')}`)
      writeFileSync(cursorFile, JSON.stringify(event.id))
    }
  } catch (error) {
    if (!stop.aborted) throw error
  }
  console.log(`run ${run}: handled ${handled} events`)
  return handled
}

try {
  if (mock) rmSync(cursorFile, { force: true })
  const total = (await follow(1)) + (await follow(2))
  console.log(`handled ${total} distinct events over two runs; cursor in ${cursorFile}`)
} finally {
  await mock?.close()
}
