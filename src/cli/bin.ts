#!/usr/bin/env node
// The `chainx` bin of package.json: everything of the command line loads from here, never from the library's entries.
import { runChainx } from './runChainx.js'

const controller = new AbortController()
// The first Ctrl-C saves the state and exits 130; a second one exits at once.
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(130)
  controller.abort()
})
// A reader that went away (`chainx … | head`) ends the export quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

runChainx(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stderrIsTTY: process.stderr.isTTY === true,
  env: process.env,
  signal: controller.signal,
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: ${(error as Error)?.message ?? String(error)}\n`)
    process.exit(1)
  },
)
