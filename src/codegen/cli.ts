#!/usr/bin/env node
// The `chainx` bin of package.json.
import { runCli } from './runCli.js'

process.exitCode = runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
})
