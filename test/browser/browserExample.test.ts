import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bcs } from '@mysten/bcs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { launchChromium } from '../helpers/launchChromium.js'
import { serveViteExample, type ServedExample } from '../helpers/serveViteExample.js'

// The browser example (examples/browser), built with Vite against the built package and
// driven in a real headless Chromium (Debian's when installed, else the one from the
// @sparticuz/chromium package: test/helpers/launchChromium.ts) against the mock network over real sockets.
const exampleDir = fileURLToPath(new URL('../../examples/browser/', import.meta.url))

let mock: RunningMockNetwork
let pages: ServedExample
let pageUrl: string
let browser: Browser

describe('examples/browser in headless Chromium', () => {
  beforeAll(async () => {
    pages = await serveViteExample(exampleDir)
    mock = await startMockNetwork({ events: 300, seed: 3 })
    const query = new URLSearchParams({ graphql: mock.graphqlUrl, rpc: mock.rpcUrl, ws: mock.wsUrl })
    pageUrl = `${pages.origin}/?${query}`
    const launched = await launchChromium()
    browser = launched.browser
    // Which Chromium ran, in the test output (the README's Development section says both are used).
    console.log(launched.description)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await mock?.close()
    await pages?.close()
  })

  it('G4/O7/P1/S1: the page reads serviceConfig, pages events with client.paginate, queries JSON-RPC and subscribes', async () => {
    const page = await browser.newPage()
    const failures: string[] = []
    page.on('pageerror', (error) => failures.push(error.message))
    await page.goto(pageUrl)
    await page.locator('#status', { hasText: 'Ready' }).waitFor({ timeout: 15_000 })
    expect(await page.textContent('#version')).toBe('2025.3.0')
    expect(await page.textContent('#max-page')).toBe('50')

    await page.click('#load')
    await page.locator('#status', { hasText: 'Loaded 60 events' }).waitFor({ timeout: 15_000 })
    const items = await page.locator('#events li').allTextContents()
    expect(items).toHaveLength(60)
    expect(items[0]).toMatch(/^0x[0-9a-f]{64}::\w+::\w+.* from 0x/)

    await page.click('#poll')
    await page.locator('#status', { hasText: 'Fetched 5 newest events' }).waitFor({ timeout: 15_000 })
    expect(await page.locator('#events li', { hasText: '[rpc]' }).count()).toBe(5)

    // S1/M2: the deprecated subscription over the browser's WebSocket receives what the network emits.
    await page.click('#live')
    await page.locator('#live-status', { hasText: 'Live: subscribed' }).waitFor({ timeout: 15_000 })
    const template = mock.network.ledger.events[0]!
    const [module] = template.type.split('::').slice(1, 2)
    const market = mock.network.publish({ module: `${module}_live`, events: { Pinged: { n: bcs.u64() } } })
    for (let n = 1; n <= 3; n++) {
      mock.network.execute({
        sender: template.sender,
        package: market.package,
        module: `${module}_live`,
        emit: [{ struct: 'Pinged', fields: { n: BigInt(n) } }],
      })
    }
    await page.locator('#live-status', { hasText: 'Live: 3 events' }).waitFor({ timeout: 15_000 })
    expect(await page.locator('#events li', { hasText: '::Pinged #0' }).count()).toBe(3)
    expect(failures).toEqual([])
    await page.screenshot({ path: join(exampleDir, 'dist', 'screenshot.png') })
  })
})
