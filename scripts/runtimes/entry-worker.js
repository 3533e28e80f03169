// Smoke entry for workerd: a Worker whose `test` handler (run by `workerd test`) calls the
// mock network over fetch. Bundled by esbuild as wrangler would bundle it. The runner loads it
// twice, with and without the nodejs_compat flag; its bindings say which this is.
import * as sdk from 'chainx-sdk'
import config from './smoke-config.js'
import { reportSmoke } from './smoke.js'

export default {
  async test(_controller, env) {
    await reportSmoke(sdk, config.urls, {
      label: env.LABEL,
      webSocket: true,
      nodeTransport: env.NODE_TRANSPORT,
      transport: config.transport,
    })
  },
}
