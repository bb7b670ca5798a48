import { Mail, Send } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Loading, Spinner } from '../../ui/Spinner.tsx'
import type { AdminApi } from '../contract.ts'
import { ConfirmActionDialog } from '../ConfirmActionDialog.tsx'
import { SendProgress } from './SendProgress.tsx'
import { useNewsletterSend } from './useNewsletterSend.ts'
import { ErrorText } from '../../ui/Alert.tsx'
import { countOf } from '../../lib/plural.ts'

const readers = (n: number) => countOf(n, 'subscriber')

/**
 * The newsletter section of a post's settings (editors and administrators): the number of confirmed
 * subscribers, "Send a test to me", then "Send as newsletter" with a confirmation naming how many will get
 * it, and the send's progress once it started. A post is sent once; saved and published first.
 */
export function NewsletterPanel({
  api,
  slug,
  title,
  publishedAndSaved,
}: {
  api: AdminApi
  /** The saved post's slug; null while the post is not saved yet. */
  slug: string | null
  title: string
  /** The post as saved is public now (the server checks again). */
  publishedAndSaved: boolean
}) {
  const headingId = useId()
  const newsletter = useNewsletterSend(api, slug)
  const [confirming, setConfirming] = useState(false)
  const { status } = newsletter
  const recipients = status?.recipientCount ?? 0
  const send = status?.send ?? null

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-5">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Mail aria-hidden="true" className="size-4 text-indigo-600" /> Newsletter
      </h3>
      {!slug ? (
        <p className="text-sm text-slate-600">Save the post to send it as a newsletter.</p>
      ) : !status ? (
        !newsletter.error && <Loading className="text-sm" />
      ) : (
        <>
          <p className="text-sm text-slate-600" data-testid="newsletter-subscriber-count">
            {countOf(recipients, 'confirmed subscriber')}
          </p>
          {send ? (
            <SendProgress send={send} />
          ) : (
            <>
              {!publishedAndSaved && (
                <p className="text-sm text-slate-600">
                  Publish and save the post to send it as a newsletter.
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={newsletter.busy !== null}
                  onClick={() => void newsletter.sendTest()}
                >
                  {newsletter.busy === 'test' && <Spinner />}
                  Send a test to me
                </Button>
                <Button
                  size="sm"
                  disabled={!publishedAndSaved || recipients === 0 || newsletter.busy !== null}
                  onClick={() => setConfirming(true)}
                >
                  <Send aria-hidden="true" className="size-4" />
                  Send as newsletter
                </Button>
              </div>
            </>
          )}
        </>
      )}
      {newsletter.notice && (
        <p role="status" className="text-sm text-green-700">
          {newsletter.notice}
        </p>
      )}
      <ErrorText message={newsletter.error} />
      <ConfirmActionDialog
        open={confirming}
        title={`Send “${title}” to ${readers(recipients)}?`}
        confirmLabel={`Send to ${readers(recipients)}`}
        busy={newsletter.busy === 'send'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void newsletter.send().then(() => setConfirming(false))}
      >
        <p>
          Every confirmed subscriber gets this post by email, once. A post can be sent only once: this cannot
          be undone.
        </p>
        <p>Sent a test to yourself first? It shows the mail exactly as readers will get it.</p>
      </ConfirmActionDialog>
    </section>
  )
}
