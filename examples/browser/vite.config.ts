import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Builds the page against the SDK's built ESM output (run `npm run build` first), as an app
// installing the package would.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { 'chainx-sdk': fileURLToPath(new URL('../../dist/index.js', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
})
