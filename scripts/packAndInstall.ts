// Packs the built package with `npm pack` and installs the tarball into a fresh scratch
// project with `npm install`, as a user would: what the runtime matrix, the install-size check
// and the cold-start benchmark measure and run against.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../', import.meta.url))

/** A scratch project with the packed package installed. */
export interface PackedInstall {
  /** The scratch project (its node_modules holds chainx-sdk and its dependencies). */
  dir: string
  tarball: string
  /** Size of the tarball (gzip), bytes. */
  packedBytes: number
  /** Sum of the sizes of the files in the tarball, bytes. */
  unpackedBytes: number
  fileCount: number
}

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/** Builds `dist/` when it is missing or older than its sources (npm test builds first). */
export async function ensureBuilt(): Promise<void> {
  const built = join(repoRoot, 'dist', 'index.js')
  const inputs = ['package.json', 'tsup.config.ts', 'scripts/optionalPeers.ts'].map((file) => statSync(join(repoRoot, file)).mtimeMs)
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(newestMtime(join(repoRoot, 'src')), ...inputs)) return
  await run('npm', ['run', 'build'], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 })
}

/**
 * Packs the repository and installs the tarball (plus `extra` packages, e.g. the optional peers
 * that `chainx-sdk/testing` needs) into a new directory under the system's temp dir.
 */
export async function packAndInstall(extra: string[] = []): Promise<PackedInstall> {
  await ensureBuilt()
  const dir = mkdtempSync(join(tmpdir(), 'chainx-scratch-'))
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 })
  const [packed] = JSON.parse(stdout) as [{ filename: string; size: number; unpackedSize: number; entryCount: number }]
  const tarball = join(dir, packed.filename)
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'chainx-scratch', private: true, type: 'module' }, null, 2)}\n`)
  await run('npm', ['install', tarball, ...extra, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  })
  return { dir, tarball, packedBytes: packed.size, unpackedBytes: packed.unpackedSize, fileCount: packed.entryCount }
}

/** Bytes of the files under `path` (what `du --apparent-size` counts), and how many packages it holds. */
export function measureNodeModules(path: string): { bytes: number; packages: string[] } {
  let bytes = 0
  const packages: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isSymbolicLink()) continue
      if (entry.isDirectory()) {
        walk(full)
      } else if (entry.isFile()) {
        bytes += statSync(full).size
        if (entry.name === 'package.json' && /node_modules\/(@[^/]+\/)?[^/@][^/]*$/.test(dir))
          packages.push(dir.slice(dir.lastIndexOf('node_modules/') + 13))
      }
    }
  }
  walk(path)
  return { bytes, packages: packages.sort() }
}
