export default {
  async test(ctrl, env) {
    const p = globalThis.process
    console.log(JSON.stringify({ node: p?.versions?.node, release: p?.release?.name, ua: globalThis.navigator?.userAgent, window: typeof globalThis.window, WebSocket: typeof globalThis.WebSocket }))
    const r = await fetch(env.URL); console.log('fetched', r.status, await r.text())
  }
}
