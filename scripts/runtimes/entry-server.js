// Smoke entry for Node, Bun and Deno: the installed package by name, the mock network's URLs
// from smoke-config.js (written by the runner next to this file in the scratch project).
import * as sdk from 'chainx-sdk'
import config from './smoke-config.js'
import { reportSmoke } from './smoke.js'

await reportSmoke(sdk, config.urls, { webSocket: true, nodeTransport: 'required', transport: config.transport })
