// The runtime smoke suite: one set of checks that every runtime in the matrix runs against
// the mock network (served by Node 20 on 127.0.0.1), through the packed and installed
// package, exactly as an app in that runtime would use it. Plain JavaScript, no Node API:
// it runs unchanged in Node, Bun, Deno, a Cloudflare Worker and a browser page.
//
// `runSmoke` resolves with the names of the checks that passed; any failure rejects with an
// Error saying which check failed and why.

const WAIT_MS = 15_000

function check(condition, message) {
  if (!condition) throw new Error(message)
}

/** Fails after `ms` unless `promise` settles first; the timer never outlives the race. */
async function within(ms, label, promise) {
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: nothing within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * @param {{ ChainxClient: any, EventsDocument: any, isChainxError: (e: unknown, code?: string) => boolean }} sdk
 * @param {{ graphqlUrl: string, rpcUrl: string, wsUrl: string, closedUrl: string }} urls
 * @param {{ webSocket: boolean, nodeTransport: 'required' | 'optional' | 'unavailable', transport?: string }} options
 *   `nodeTransport`: whether `transport: 'node-http'` must work here, may work, or must fail with
 *   INVALID_ARGUMENT (a runtime without node:http).
 */
export async function runSmoke(sdk, urls, options) {
  const { ChainxClient, EventsDocument, isChainxError } = sdk
  const passed = []
  const clientOptions = { graphqlUrl: urls.graphqlUrl, rpcUrl: urls.rpcUrl, wsUrl: urls.wsUrl }
  if (options.transport !== undefined) clientOptions.transport = options.transport
  const client = new ChainxClient(clientOptions)
  const step = async (name, run) => {
    let detail
    try {
      detail = await within(WAIT_MS, name, run())
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      throw new Error(`${name} failed: ${reason}`, { cause: error })
    }
    passed.push(detail === undefined ? name : `${name} (${detail})`)
  }

  try {
    await step('typed query', async () => {
      const { data, version } = await client.graphql.serviceConfig()
      check(data.serviceConfig.maxPageSize === 50, `maxPageSize ${data.serviceConfig.maxPageSize}`)
      check(version?.raw === '2025.3.0', `version ${version?.raw}`)
      const epoch = await client.graphql.epoch({ first: 3 })
      check(epoch.data.epoch?.transactionBlocks.edges.length === 3, 'epoch with 3 transaction blocks')
    })

    await step('paginate', async () => {
      const events = await client.paginate(EventsDocument, {}, { pageSize: 20 }).toArray({ maxItems: 70 })
      check(events.length === 70, `${events.length} events from paginate, 70 expected`)
      check(
        events.every((event) => typeof event.type.repr === 'string'),
        'every event has its Move type',
      )
    })

    await step('events.query', async () => {
      const page = await client.events.query({ filter: { All: [] }, pageSize: 5 })
      check(page.items.length === 5 && page.hasMore && page.cursor !== null, 'a first page of 5 with a next cursor')
    })

    await step('events.iterate', async () => {
      const ids = new Set()
      for await (const event of client.events.iterate({ filter: { All: [] }, pageSize: 10, maxItems: 35 })) {
        ids.add(`${event.id.txDigest}:${event.id.eventSeq}`)
      }
      check(ids.size === 35, `${ids.size} distinct events from iterate, 35 expected`)
    })

    await step('events.watch', async () => {
      const controller = new AbortController()
      const watcher = client.events.watch({ filter: { All: [] }, cursor: 'latest', intervalMs: 50, signal: controller.signal })
      let seen = 0
      for await (const event of watcher) {
        check(typeof event.id.txDigest === 'string', 'an event id')
        if (++seen === 2) controller.abort()
      }
      check(seen === 2 && watcher.cursor !== null, `${seen} new events from watch, 2 expected`)
    })

    if (options.webSocket) {
      await step('events.subscribe', async () => {
        const received = []
        let arrived
        const two = new Promise((resolve) => (arrived = resolve))
        const unsubscribe = await client.events.subscribe({
          filter: { All: [] },
          onEvent: (event) => {
            received.push(event.id.txDigest)
            if (received.length === 2) arrived()
          },
        })
        try {
          await two
        } finally {
          await unsubscribe()
        }
        check(received.length >= 2, `${received.length} live events`)
      })
    }

    await step('transport option', async () => {
      const outcomes = []
      for (const transport of ['fetch', 'node-http']) {
        const forced = new ChainxClient({ ...clientOptions, transport, limits: false, retry: false })
        try {
          const { data } = await forced.graphql.serviceConfig()
          check(data.serviceConfig.maxPageSize === 50, `maxPageSize ${data.serviceConfig.maxPageSize} over ${transport}`)
          check(
            transport !== 'node-http' || options.nodeTransport !== 'unavailable',
            "transport 'node-http' worked where node:http should be missing",
          )
          outcomes.push(`${transport} works`)
        } catch (error) {
          const unavailable = transport === 'node-http' && options.nodeTransport !== 'required' && isChainxError(error, 'INVALID_ARGUMENT')
          if (!unavailable) throw error
          outcomes.push(`${transport} unavailable`)
        } finally {
          await forced.close()
        }
      }
      return outcomes.join(', ')
    })

    await step('error path', async () => {
      try {
        await client.graphql.events({ first: 10, last: 10 })
        check(false, 'first and last together were accepted')
      } catch (error) {
        check(isChainxError(error, 'FIRST_AND_LAST') && error.sent === false, `FIRST_AND_LAST unsent, got ${error?.code ?? error}`)
      }
      const offline = new ChainxClient({
        graphqlUrl: urls.closedUrl,
        retry: false,
        limits: false,
        timeoutMs: 5_000,
        transport: clientOptions.transport,
      })
      try {
        await offline.graphql.query('query { chainIdentifier }')
        check(false, 'a closed port answered')
      } catch (error) {
        check(isChainxError(error, 'NETWORK'), `NETWORK for a closed port, got ${error?.code ?? error}`)
      } finally {
        await offline.close()
      }
    })
  } finally {
    await client.close()
  }
  return passed
}

/** Names the runtime this code runs in, with its version. */
export function runtimeName() {
  const g = globalThis
  if (g.Bun !== undefined) return `bun ${g.Bun.version}`
  if (g.Deno !== undefined) return `deno ${g.Deno.version.deno}`
  const agent = g.navigator?.userAgent ?? ''
  if (agent === 'Cloudflare-Workers') return 'workerd'
  if (typeof g.process?.versions?.node === 'string' && g.window === undefined) return `node ${g.process.versions.node}`
  const chrome = /(HeadlessChrome|Chrome)\/([\d.]+)/.exec(agent)
  return chrome ? `chromium ${chrome[2]}` : agent || 'unknown runtime'
}

/**
 * Runs the suite and prints this runtime's one line: `PASS <runtime>: <checks> (<ms> ms)` or
 * `FAIL <runtime>: <what failed>`; rejects on failure so the process (or Worker test) fails.
 */
export async function reportSmoke(sdk, urls, options) {
  const name = options.label ?? runtimeName()
  const started = Date.now()
  try {
    const passed = await runSmoke(sdk, urls, options)
    console.log(`PASS ${name}: ${passed.join(', ')} (${Date.now() - started} ms)`)
    return passed
  } catch (error) {
    console.log(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`)
    throw error
  }
}
