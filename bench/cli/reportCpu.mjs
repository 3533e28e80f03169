// Preloaded (node --import) into each process bench:cli times: reports the process's CPU time
// (user + system) on its last line of standard error, so the bench can compare CPU as well as
// wall time (on a machine shared with other jobs, wall time moves with their load).
process.on('exit', () => {
  const { user, system } = process.cpuUsage()
  process.stderr.write(`bench-cpu-us ${user + system}\n`)
})
