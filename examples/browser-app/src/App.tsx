import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { EventsDocument, isChainxError } from 'chainx-sdk'
import type { ChainxQueries } from 'chainx-sdk/query'
import { useState, type FormEvent } from 'react'

/** The page: latest epoch and gas price, a table of events with "load more" and a sender filter, a live feed. */
export function App({ q }: { q: ChainxQueries }) {
  const [sender, setSender] = useState('')
  return (
    <main>
      <header>
        <h1>chainx explorer</h1>
        <span className="muted">chainx-sdk/query + @tanstack/react-query</span>
      </header>
      <LatestEpoch q={q} />
      <section>
        <h2>Events</h2>
        <SenderFilter onApply={setSender} />
        <EventsTable q={q} sender={sender} />
      </section>
      <section>
        <h2>Live feed</h2>
        <LiveFeed q={q} />
      </section>
    </main>
  )
}

function LatestEpoch({ q }: { q: ChainxQueries }) {
  const { data, error } = useQuery({ ...q.graphql.epoch({ first: 1 }), refetchInterval: 10_000 })
  return (
    <section className="stats" data-testid="epoch">
      <div className="stat">
        Epoch <b data-testid="epoch-id">{data?.epoch?.epochId ?? '…'}</b>
      </div>
      <div className="stat">
        Reference gas price <b data-testid="gas-price">{data?.epoch?.referenceGasPrice ?? '…'}</b>
      </div>
      {error && <ErrorLine error={error} />}
    </section>
  )
}

function SenderFilter({ onApply }: { onApply: (sender: string) => void }) {
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onApply(text.trim())
  }
  return (
    <form onSubmit={submit}>
      <input
        data-testid="sender-input"
        placeholder="Filter by sender address (0x…)"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" data-testid="sender-apply">
        Filter
      </button>
    </form>
  )
}

function EventsTable({ q, sender }: { q: ChainxQueries; sender: string }) {
  // One infinite query per filter: its key holds the variables, so each filter has its own
  // pages, and leaving one (a new filter) cancels its request in flight.
  const events = useInfiniteQuery(q.paginate(EventsDocument, { filter: sender ? { sender } : null }, { pageSize: 10 }))
  const rows = events.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <>
      <table data-testid="events-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Type</th>
            <th>Sender</th>
            <th>Time</th>
            <th>Content</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((event, index) => (
            <tr key={index} data-testid="event-row">
              <td>{index + 1}</td>
              <td title={event.type.repr}>{event.type.repr.split('::').slice(1).join('::')}</td>
              <td title={event.sender?.address}>
                <code>{event.sender?.address.slice(0, 10)}…</code>
              </td>
              <td>{event.timestamp}</td>
              <td>
                <code>{JSON.stringify(event.json)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button data-testid="load-more" onClick={() => events.fetchNextPage()} disabled={!events.hasNextPage || events.isFetchingNextPage}>
          {events.isFetchingNextPage ? 'Loading…' : events.hasNextPage ? 'Load more' : 'All loaded'}
        </button>{' '}
        <span className="muted" data-testid="events-status">
          {events.isPending ? 'Loading events…' : `${rows.length} events`}
        </span>
      </p>
      {events.error && <ErrorLine error={events.error} />}
    </>
  )
}

function LiveFeed({ q }: { q: ChainxQueries }) {
  // A query whose data grows as client.events.watch delivers; it stops when unmounted.
  const { data, error } = useQuery(q.events.live({ filter: { All: [] }, intervalMs: 300, maxItems: 20 }))
  return (
    <>
      <p className="muted" data-testid="live-status">
        {data ? `${data.length} new events since load` : 'Connecting…'}
      </p>
      <ol data-testid="live-feed">
        {[...(data ?? [])].reverse().map((event) => (
          <li key={`${event.id.txDigest}:${event.id.eventSeq}`} data-testid="live-event" data-tx={event.id.txDigest}>
            <code>{event.type.split('::').slice(1).join('::')}</code> in <code>{event.id.txDigest.slice(0, 8)}…</code>
          </li>
        ))}
      </ol>
      {error && <ErrorLine error={error} />}
    </>
  )
}

function ErrorLine({ error }: { error: Error }) {
  return <p className="error">{isChainxError(error) ? `${error.code}: ${error.message}` : error.message}</p>
}
