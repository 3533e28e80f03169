// Entry of the example app: one ChainxClient, its TanStack Query options, one QueryClient.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ChainxClient } from 'chainx-sdk'
import { createQueryOptions } from 'chainx-sdk/query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'

// Endpoints: ?graphql=…&rpc=… (the test's mock network), else this origin (the dev server
// proxies /graphql and /json-rpc to its mock network).
const params = new URLSearchParams(location.search)
const client = new ChainxClient({
  graphqlUrl: params.get('graphql') ?? `${location.origin}/graphql`,
  rpcUrl: params.get('rpc') ?? `${location.origin}/json-rpc`,
})
const q = createQueryOptions(client)
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } } })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App q={q} />
    </QueryClientProvider>
  </StrictMode>,
)
