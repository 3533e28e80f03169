#!/usr/bin/env node
// The `chainx` bin of package.json: everything of the command line loads from here, never from the library's entries.
import { runChainx } from './runChainx.js'

const controller = new AbortController()
// SIGINT (Ctrl-C) and SIGTERM (containers, `timeout`, `kill`) alike: the first saves the state
// and exits 130 or 143; a second one exits at once.
for (const [signal, code] of Object.entries({ SIGINT: 130, SIGTERM: 143 })) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(code)
    controller.abort(signal)
  })
}
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
    process.stderr.write(`chainx: ${(error as Error)?.message ?? String(error)}\n`)
    process.exit(1)
  },
)
