// Smoke entry for Chromium: a page bundled by esbuild as an app's bundler would, reporting
// its outcome on `window.smokeOutcome` for the runner.
import * as sdk from 'chainx-sdk'
import config from './smoke-config.js'
import { reportSmoke } from './smoke.js'

reportSmoke(sdk, config.urls, { webSocket: true, nodeTransport: 'unavailable', transport: config.transport }).then(
  () => (window.smokeOutcome = 'pass'),
  () => (window.smokeOutcome = 'fail'),
)
