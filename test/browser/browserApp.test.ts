import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { bcs } from '@mysten/bcs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { EventsDocument } from '../../src/graphql/generated/operations.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { launchChromium } from '../helpers/launchChromium.js'
import { serveViteExample, type ServedExample } from '../helpers/serveViteExample.js'

// examples/browser-app (Vite, React, @tanstack/react-query over chainx-sdk/query), built with
// Vite against the built package and driven in headless Chromium against the mock network
// over real sockets. Run through `npm run test:browser`, which builds the package first.
const appDir = fileURLToPath(new URL('../../examples/browser-app/', import.meta.url))
const builtQuery = fileURLToPath(new URL('../../dist/query/index.js', import.meta.url))
// The guide's screenshot is rewritten only on request (UPDATE_SCREENSHOT=1), so a test run leaves the tree clean.
const screenshot = process.env.UPDATE_SCREENSHOT
  ? fileURLToPath(new URL('../../docs/images/browser-app.png', import.meta.url))
  : join(tmpdir(), `chainx-browser-app-${process.pid}.png`)

let mock: RunningMockNetwork
let client: ChainxClient
let pages: ServedExample
let appUrl: string
let browser: Browser
let page: Page
const failures: string[] = []
/** What the mock network received, server side. */
const received: { url: string; body: string }[] = []

/** Each row as the table shows it: time and content, the columns that tell events apart. */
type Row = string
const rowOf = (event: { timestamp?: unknown; json?: unknown }): Row => `${String(event.timestamp)}|${JSON.stringify(event.json)}`

async function tableRows(): Promise<Row[]> {
  return page.$$eval('[data-testid="event-row"]', (rows) =>
    rows.map((row) => `${row.children[3]!.textContent}|${row.children[4]!.textContent}`),
  )
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`)
    },
    { timeout: timeoutMs, interval: 25 },
  )
}

describe('examples/browser-app in headless Chromium', () => {
  beforeAll(async () => {
    if (!existsSync(builtQuery)) throw new Error('dist/query is missing: run `npm run build` first (npm run test:browser does)')
    pages = await serveViteExample(appDir)
    mock = await startMockNetwork({ events: 300, seed: 4 })
    const handle = mock.network.handle.bind(mock.network)
    mock.network.handle = (request) => {
      received.push({ url: request.url, body: request.body })
      return handle(request)
    }
    client = new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl })
    const query = new URLSearchParams({ graphql: mock.graphqlUrl, rpc: mock.rpcUrl })
    appUrl = `${pages.origin}/?${query}`
    const launched = await launchChromium()
    console.log(launched.description)
    browser = launched.browser
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } })
    page.on('pageerror', (error) => failures.push(error.message))
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await mock?.close()
    await pages?.close()
  })

  it('the first screen renders the latest epoch, its gas price and the first page of events from the network', async () => {
    await page.goto(appUrl)
    const { data } = await client.graphql.epoch({ first: 1 })
    await page.locator('[data-testid="epoch-id"]', { hasText: String(data.epoch!.epochId) }).waitFor({ timeout: 15_000 })
    expect(await page.textContent('[data-testid="gas-price"]')).toBe(String(data.epoch!.referenceGasPrice))
    await page.locator('[data-testid="events-status"]', { hasText: '10 events' }).waitFor({ timeout: 15_000 })
    const expected = (await client.paginate(EventsDocument, {}, { maxItems: 10 }).toArray({ maxItems: 10 })).map(rowOf)
    expect(await tableRows()).toEqual(expected)
  })

  it('"load more" adds the next page, without repeats', async () => {
    const sent = received.length
    await page.click('[data-testid="load-more"]')
    await page.locator('[data-testid="events-status"]', { hasText: '20 events' }).waitFor({ timeout: 15_000 })
    // The second page's request continued from the first page's end cursor.
    const pageRequests = received
      .slice(sent)
      .filter((request) => request.body.includes('query Events'))
      .map((request) => JSON.parse(request.body).variables)
    expect(pageRequests).toEqual([expect.objectContaining({ first: 10, after: expect.any(String) })])
    const expected = (await client.paginate(EventsDocument, {}, { maxItems: 20 }).toArray({ maxItems: 20 })).map(rowOf)
    const rows = await tableRows()
    expect(rows).toEqual(expected)
  })

  it('the live feed shows an event emitted after the page loaded', async () => {
    // The feed starts at 'latest': wait until its first poll has answered (a second one went out).
    const polls = () => received.filter((request) => request.url.includes('json-rpc')).length
    const before = polls()
    await until(() => polls() >= before + 2, 'the live feed to poll')
    const sender = mock.network.ledger.events[0]!.sender
    const pinger = mock.network.publish({ module: 'pinger', events: { Pinged: { n: bcs.u64() } } })
    const txs = [1n, 2n, 3n].map((n) =>
      mock.network.execute({ sender, package: pinger.package, module: 'pinger', emit: [{ struct: 'Pinged', fields: { n } }] }),
    )
    for (const tx of txs) await page.locator(`[data-testid="live-event"][data-tx="${tx.digest}"]`).waitFor({ timeout: 15_000 })
    expect(await page.textContent('[data-testid="live-status"]')).toBe('3 new events since load')
    // Newest first, once each.
    expect(await page.$$eval('[data-testid="live-event"]', (items) => items.map((item) => item.getAttribute('data-tx')))).toEqual(
      txs.map((tx) => tx.digest).reverse(),
    )
    expect(await page.textContent(`[data-testid="live-event"][data-tx="${txs[0]!.digest}"]`)).toContain('pinger::Pinged')
  })

  it("the sender filter shows only that sender's events (and takes the guide's screenshot)", async () => {
    const sender = mock.network.ledger.events[5]!.sender
    const expected = (await client.paginate(EventsDocument, { filter: { sender } }, { maxItems: 10 }).toArray({ maxItems: 10 })).map(rowOf)
    await page.fill('[data-testid="sender-input"]', sender)
    await page.click('[data-testid="sender-apply"]')
    await until(async () => JSON.stringify(await tableRows()) === JSON.stringify(expected), 'the filtered rows')
    expect(
      await page.$$eval('[data-testid="event-row"] td:nth-child(3)', (cells) => cells.map((cell) => cell.getAttribute('title'))),
    ).toEqual(expected.map(() => sender))
    // Back to all events for the picture.
    await page.fill('[data-testid="sender-input"]', '')
    await page.click('[data-testid="sender-apply"]')
    await page.locator('[data-testid="events-status"]', { hasText: '20 events' }).waitFor({ timeout: 15_000 })
    mkdirSync(join(screenshot, '..'), { recursive: true })
    await page.screenshot({ path: screenshot })
    expect(existsSync(screenshot)).toBe(true)
    expect(failures).toEqual([])
  })

  it('leaving the page aborts its requests in flight: the server sees their connections close unanswered', async () => {
    mock.network.faults.slowNext(1, { endpoint: 'graphql', delayMs: 10_000 })
    const abandoned = mock.abandonedRequests.length
    const sent = received.length
    await page.click('[data-testid="load-more"]')
    await until(
      () => received.slice(sent).some((request) => request.body.includes('query Events')),
      'the next page request to reach the server',
    )
    await page.goto('about:blank')
    await until(
      () => mock.abandonedRequests.slice(abandoned).some((request) => request.body.includes('query Events')),
      'the server to see the page request abandoned',
      8_000,
    )
    mock.network.faults.clear()
    expect(failures).toEqual([])
  })
})
