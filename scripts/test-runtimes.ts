// The runtime matrix: the built package, packed and installed into a scratch project as a
// user would (`npm install <tarball>`, nothing else), runs one smoke suite
// (scripts/runtimes/smoke.js) on Node 20, 22 and 24, Bun, Deno, workerd and Chromium against
// the mock network served by this process (Node) on 127.0.0.1. Each runtime prints its own
// PASS or FAIL line; the script exits 1 when any runtime fails.
//
//   npm run test:runtimes                        # every runtime
//   npm run test:runtimes -- bun deno            # some of them (names as in the list below)
import { spawn } from 'node:child_process'
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { build } from 'esbuild'
import { startMockNetwork } from '../src/testing/index.js'
import { launchChromium } from '../test/helpers/launchChromium.js'
import { packAndInstall, repoRoot } from './packAndInstall.js'
import { installRuntimes, RUNTIME_PACKAGES } from './runtimes/installRuntimes.js'

const RUNTIME_TIMEOUT_MS = 120_000
const smokeFiles = ['smoke.js', 'entry-server.js', 'entry-worker.js', 'entry-browser.js']

interface Outcome {
  ok: boolean
  detail: string
}

/** Runs a program to its end (or the time limit), echoing the lines the runtime prints itself. */
function runProgram(command: string, args: string[], cwd: string, env: Record<string, string> = {}, expectedLines = 1): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), RUNTIME_TIMEOUT_MS)
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ ok: false, detail: `${command}: ${error.message}` })
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const lines = `${stdout}\n${stderr}`.split('\n').filter((line) => /^(PASS|FAIL) /.test(line))
      for (const line of lines) console.log(line)
      const ok = code === 0 && lines.length >= expectedLines && lines.every((line) => line.startsWith('PASS '))
      resolve({ ok, detail: ok ? '' : `exit ${code ?? signal}\n${stdout}${stderr}`.trim() })
    })
  })
}

async function bundle(dir: string, entry: string, outfile: string, platform: 'browser' | 'neutral', conditions: string[]) {
  await build({
    absWorkingDir: dir,
    entryPoints: [join(dir, entry)],
    outfile: join(dir, outfile),
    bundle: true,
    format: 'esm',
    platform,
    conditions,
    mainFields: ['browser', 'module', 'main'],
    target: 'es2022',
    logLevel: 'error',
  })
}

/** A Worker (bundled as wrangler bundles one) run by `workerd test`, fetching from 127.0.0.1. */
async function runWorkerd(workerd: string, dir: string): Promise<Outcome> {
  const version = RUNTIME_PACKAGES.workerd.spec.split('@').pop() as string
  await bundle(dir, 'entry-worker.js', 'worker.bundle.js', 'neutral', ['workerd', 'worker', 'browser'])
  // The same Worker twice: with nodejs_compat (node:http available to `transport: 'node-http'`)
  // and without (only fetch); each prints its own line.
  const worker = (name: string, flag: string | undefined, nodeTransport: string) => `const ${name} :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.bundle.js") ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = [${flag === undefined ? '' : `"${flag}"`}],
  bindings = [ (name = "LABEL", text = "workerd ${version} (${flag ?? 'no compatibility flags'})"), (name = "NODE_TRANSPORT", text = "${nodeTransport}") ],
  globalOutbound = "loopback",
);`
  writeFileSync(
    join(dir, 'workerd.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "nodejs-compat", worker = .compatWorker),
    (name = "plain", worker = .plainWorker),
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
);
${worker('compatWorker', 'nodejs_compat', 'required')}
${worker('plainWorker', undefined, 'unavailable')}
`,
  )
  return runProgram(workerd, ['test', 'workerd.capnp'], dir, {}, 2)
}

/** A page bundled by esbuild, served from 127.0.0.1, in headless Chromium (Debian's, else @sparticuz/chromium's). */
async function runChromium(dir: string): Promise<Outcome> {
  await bundle(dir, 'entry-browser.js', 'browser.bundle.js', 'browser', [])
  const script = readFileSync(join(dir, 'browser.bundle.js'))
  const pages = createServer((request, response) => {
    if (request.url === '/app.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script type="module" src="/app.js"></script>')
  })
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
  const { browser, description } = await launchChromium()
  console.log(description)
  try {
    const page = await browser.newPage()
    const lines: string[] = []
    const errors: string[] = []
    page.on('console', (message) => {
      const text = message.text()
      if (/^(PASS|FAIL) /.test(text)) {
        console.log(text)
        lines.push(text)
      }
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`http://127.0.0.1:${(pages.address() as AddressInfo).port}/`)
    await page.waitForFunction(() => (window as { smokeOutcome?: string }).smokeOutcome !== undefined, undefined, {
      timeout: RUNTIME_TIMEOUT_MS,
    })
    const outcome = await page.evaluate(() => (window as { smokeOutcome?: string }).smokeOutcome)
    const ok = outcome === 'pass' && lines.some((line) => line.startsWith('PASS '))
    return { ok, detail: ok ? '' : [...lines, ...errors].join('\n') }
  } catch (error) {
    return { ok: false, detail: (error as Error).message }
  } finally {
    await browser.close()
    await new Promise((resolve) => pages.close(resolve))
  }
}

/** A URL on 127.0.0.1 where nothing listens: a port taken, then released. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}/graphql`
}

const started = Date.now()
const binaries = await installRuntimes((line) => console.log(`runtime ${line}`))
const install = await packAndInstall()
const dir = install.dir
console.log(`installed ${install.tarball} into ${dir}`)
for (const file of smokeFiles) copyFileSync(join(repoRoot, 'scripts', 'runtimes', file), join(dir, file))
// Deno resolves bare specifiers from the node_modules npm made, as in a Deno project with a package.json.
writeFileSync(join(dir, 'deno.json'), `${JSON.stringify({ nodeModulesDir: 'manual' })}\n`)

const mock = await startMockNetwork({ events: 300, seed: 13, autoEmitMs: 40 })
const urls = { graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl, wsUrl: mock.wsUrl, closedUrl: await closedPortUrl() }
writeFileSync(join(dir, 'smoke-config.js'), `export default ${JSON.stringify({ urls, webSocket: true })}\n`)

const server = ['entry-server.js']
const matrix: [string, () => Promise<Outcome>][] = [
  ['node20', () => runProgram(process.execPath, server, dir)],
  ['node22', () => runProgram(binaries.node22, server, dir)],
  ['node24', () => runProgram(binaries.node24, server, dir)],
  ['bun', () => runProgram(binaries.bun, server, dir)],
  [
    'deno',
    () =>
      runProgram(binaries.deno, ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', '--allow-sys', ...server], dir, {
        DENO_NO_UPDATE_CHECK: '1',
      }),
  ],
  ['workerd', () => runWorkerd(binaries.workerd, dir)],
  ['chromium', () => runChromium(dir)],
]
const wanted = process.argv.slice(2)
const failed: string[] = []
const passed: string[] = []
try {
  if (!process.versions.node.startsWith('20.')) console.warn(`note: node20 runs on this process's Node, ${process.version}`)
  for (const [name, runOne] of matrix) {
    if (wanted.length > 0 && !wanted.includes(name)) continue
    const outcome = await runOne().catch((error: unknown): Outcome => ({ ok: false, detail: String(error) }))
    if (outcome.ok) passed.push(name)
    else {
      failed.push(name)
      console.log(`FAIL ${name}\n${outcome.detail.replace(/^/gm, '  ')}`)
    }
  }
} finally {
  await mock.close()
  rmSync(dir, { recursive: true, force: true })
}
console.log(
  `runtimes: ${passed.length} passed (${passed.join(', ')}), ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
if (failed.length > 0 || passed.length === 0) process.exit(1)
