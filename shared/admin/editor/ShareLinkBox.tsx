import { Copy, ExternalLink } from 'lucide-react'
import { useId, useState } from 'react'
import { formatPublishAt } from '../../lib/publish-time.ts'
import type { PreviewLink } from '../../schemas/preview-link.ts'
import { Button } from '../../ui/Button.tsx'
import { Input } from '../../ui/Input.tsx'
import { Label } from '../../ui/Label.tsx'

/** A preview's share link: the address to copy or open, and until when it works. */
export function ShareLinkBox({ link, onClose }: { link: PreviewLink; onClose(): void }) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url)
      setCopied(true)
    } catch {
      document.getElementById(id)?.focus()
    }
  }
  return (
    <div
      data-testid="share-link"
      className="space-y-2 rounded-lg border border-indigo-200 bg-white p-3 text-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>Preview link</Label>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          readOnly
          value={link.url}
          className="h-9 min-w-0 flex-[1_1_12rem] font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button size="sm" variant="outline" className="h-9 shrink-0" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" /> {copied ? 'Copied' : 'Copy'}
        </Button>
        <a
          href={link.url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 px-3 font-medium text-slate-700 hover:bg-slate-50"
        >
          <ExternalLink aria-hidden="true" className="size-4" /> Open
        </a>
      </div>
      <p className="text-slate-600">
        Anyone with this link can read the saved post, without signing in, until{' '}
        <time dateTime={link.expiresAt}>{formatPublishAt(link.expiresAt)}</time>. Search engines never list
        it.
      </p>
    </div>
  )
}
