import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { chromium as playwright, type Browser } from 'playwright-core'

/** Where the Chromium that {@link launchChromium} started came from. */
export type ChromiumSource = 'debian' | 'npm'

/** A headless Chromium driven by playwright-core, and where its binary came from. */
export interface LaunchedChromium {
  browser: Browser
  /** `'debian'`: the system's `/usr/bin/chromium` (or `$CHROMIUM_PATH`); `'npm'`: the one `@sparticuz/chromium` ships. */
  source: ChromiumSource
  /** The binary that was started. */
  executablePath: string
  /** One line for test output, e.g. `chromium: npm @sparticuz/chromium 143.0.4 (/tmp/…/chromium)`. */
  description: string
}

/** Flags for a headless Chromium in a test: no sandbox (containers run as root), no traffic of its own. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--metrics-recording-only',
  '--no-first-run',
] as const

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/**
 * Starts a headless Chromium for a test: Debian's `/usr/bin/chromium` (or `$CHROMIUM_PATH`) when it
 * is there, otherwise the Chromium that the `@sparticuz/chromium` devDependency carries in its
 * package (no install script, no download), so `npm ci && npm test` runs the browser tests on a
 * machine that has nothing but Node and npm. `CHROMIUM_SOURCE=npm` forces the npm one.
 *
 * The caller closes `browser`. Print `description` so the test output says which Chromium ran.
 *
 * @example
 * const { browser, description } = await launchChromium()
 * console.log(description)
 * try { … } finally { await browser.close() }
 */
export async function launchChromium(options: { args?: readonly string[] } = {}): Promise<LaunchedChromium> {
  const system = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM
  if (process.env.CHROMIUM_SOURCE !== 'npm' && existsSync(system)) {
    const browser = await playwright.launch({ executablePath: system, args: [...CHROMIUM_FLAGS, ...(options.args ?? [])] })
    return { browser, source: 'debian', executablePath: system, description: `chromium: debian ${system} ${browser.version()}` }
  }
  const { executablePath, args, version } = await npmChromium()
  // @sparticuz/chromium's own flags (single process, no zygote, headless shell), then ours.
  const browser = await playwright.launch({ executablePath, args: [...args, ...CHROMIUM_FLAGS, ...(options.args ?? [])] })
  return {
    browser,
    source: 'npm',
    executablePath,
    description: `chromium: npm @sparticuz/chromium ${version} ${browser.version()} (${executablePath})`,
  }
}

const COMPLETE = '.complete'

/**
 * Unpacks `@sparticuz/chromium` once per version into `$TMPDIR/chainx-sdk-chromium-<version>/`.
 *
 * The library unpacks into `$TMPDIR` itself and treats an existing `$TMPDIR/chromium` as done,
 * which it is not while another process is still writing it (Sparticuz/chromium#507: spawn ETXTBSY
 * or a truncated binary when two processes start cold together). So each first use unpacks into a
 * private staging folder (the library's `tmpdir()` pointed at it for the synchronous start of
 * `executablePath()`, where it resolves every output path), marks it complete, and renames it into
 * place; rename is atomic, so another process sees the whole folder or none. Two cold processes
 * may both unpack (a few seconds each); the loser drops its copy and uses the winner's.
 */
async function npmChromium(): Promise<{ executablePath: string; args: string[]; version: string }> {
  const require = createRequire(import.meta.url)
  // The package's exports hide its package.json: read it beside the resolved entry (build/cjs/index.cjs).
  const manifest = join(dirname(require.resolve('@sparticuz/chromium')), '..', '..', 'package.json')
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
  const { default: sparticuz } = await import('@sparticuz/chromium')
  const root = tmpdir()
  const target = join(root, `chainx-sdk-chromium-${version}`)
  const binary = join(target, 'chromium')
  if (!existsSync(join(target, COMPLETE))) {
    removeStaleStaging(root, version)
    const staging = mkdtempSync(join(root, `chainx-sdk-chromium-${version}.staging-`))
    try {
      const previous = process.env.TMPDIR
      process.env.TMPDIR = staging
      let unpacked: Promise<string>
      try {
        unpacked = sparticuz.executablePath()
      } finally {
        if (previous === undefined) delete process.env.TMPDIR
        else process.env.TMPDIR = previous
      }
      const path = await unpacked
      if (path !== join(staging, 'chromium')) throw new Error(`@sparticuz/chromium unpacked to ${path}, not into ${staging}`)
      writeFileSync(join(staging, COMPLETE), `${version}\n`)
      try {
        renameSync(staging, target)
      } catch (error) {
        // Another process renamed its copy first (ENOTEMPTY/EEXIST): use that one.
        if (!existsSync(join(target, COMPLETE))) throw error
      }
    } finally {
      rmSync(staging, { recursive: true, force: true })
    }
  }
  return { executablePath: binary, args: sparticuz.args, version }
}

/** Staging folders left by a process killed while unpacking (older than ten minutes). */
function removeStaleStaging(root: string, version: string): void {
  const prefix = `chainx-sdk-chromium-${version}.staging-`
  for (const name of readdirSync(root)) {
    if (!name.startsWith(prefix)) continue
    const path = join(root, name)
    try {
      if (Date.now() - statSync(path).mtimeMs > 10 * 60_000) rmSync(path, { recursive: true, force: true })
    } catch {
      // Gone already (another process cleaned it).
    }
  }
}
