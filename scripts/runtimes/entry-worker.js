// Smoke entry for workerd: a Worker whose `test` handler (run by `workerd test`) calls the
// mock network over fetch. Bundled by esbuild as wrangler would bundle it.
import * as sdk from 'chainx-sdk'
import config from './smoke-config.js'
import { reportSmoke } from './smoke.js'

export default {
  async test() {
    await reportSmoke(sdk, config.urls, { webSocket: config.webSocket, nodeTransport: 'optional', transport: config.transport })
  },
}
