import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const built = (path: string) => fileURLToPath(new URL(`../../dist/${path}`, import.meta.url))

// The app builds against the SDK's built ESM output (`npm run build` first), as an app that
// installed the package would. JSX goes through Vite's esbuild (React's automatic runtime), so
// no React plugin is needed.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: [
      { find: /^chainx-sdk$/, replacement: built('index.js') },
      { find: /^chainx-sdk\/query$/, replacement: built('query/index.js') },
    ],
  },
  esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
})
