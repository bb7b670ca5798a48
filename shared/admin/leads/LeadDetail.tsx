import { Mail, Phone } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { longDateTime } from '../../lib/dates.ts'
import { leadStatuses, leadStatusLabels, type LeadRecord, type LeadUpdate } from '../../schemas/lead.ts'
import { Badge } from '../../ui/Badge.tsx'
import { Textarea } from '../../ui/Input.tsx'
import { choicesOf } from '../ChoiceSelect.tsx'
import { CloseButton } from '../CloseButton.tsx'
import { ChoiceField } from '../FormField.tsx'
import { useModalDialog } from '../useModalDialog.ts'
import { LeadSource } from '../insights/LeadSource.tsx'
import { leadEmailStatus, emailStatusVariant } from './lead-status.ts'

const statusChoices = choicesOf(leadStatuses, leadStatusLabels)

/** Notes on one lead, saved when the field is left (or with Ctrl/⌘+Enter). */
function LeadNotes({
  id,
  lead,
  onSave,
}: {
  id: string
  lead: LeadRecord
  onSave: (notes: string) => Promise<void>
}) {
  const [value, setValue] = useState(lead.notes)
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle')
  useEffect(() => setValue(lead.notes), [lead.notes])
  // Closing the panel (Escape, Close) while typing keeps the note: what differs is saved as it closes.
  const pending = useRef({ value, saved: lead.notes, onSave })
  pending.current = { value, saved: lead.notes, onSave }
  useEffect(
    () => () => {
      const { value: last, saved, onSave: saveLast } = pending.current
      if (last !== saved) void saveLast(last).catch(() => {})
    },
    [],
  )
  const save = async () => {
    if (value === lead.notes) return
    setState('saving')
    try {
      await onSave(value)
      setState('saved')
    } catch {
      setState('idle')
    }
  }
  return (
    <div className="space-y-1">
      <Textarea
        id={id}
        aria-label={`Notes on ${lead.name}`}
        className="min-h-32 text-sm"
        placeholder="Add a note..."
        value={value}
        maxLength={10_000}
        onChange={(e) => {
          setValue(e.target.value)
          setState('idle')
        }}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save()
        }}
      />
      <p className="h-4 text-xs text-slate-500" aria-live="polite">
        {state === 'saving' ? 'Saving...' : state === 'saved' ? 'Note saved' : ''}
      </p>
    </div>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * One lead in full, where it is worked: everything the visitor sent (no cut text), where they came from and
 * the email state, then status, owner and notes. A modal side panel (a full-screen sheet on a phone):
 * Escape or Close returns to the list, focus back where it was.
 */
export function LeadDetail({
  lead,
  owners,
  onUpdate,
  onClose,
}: {
  lead: LeadRecord | null
  owners: { userId: string; email: string }[]
  onUpdate: (lead: LeadRecord, patch: LeadUpdate) => Promise<void>
  onClose(): void
}) {
  const ref = useModalDialog(lead !== null)
  const id = useId()

  const ownerChoices = owners.map((o) => [o.userId, o.email] as const)
  const email = lead ? leadEmailStatus(lead) : null

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onClose()
      }}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-slate-950/40 sm:max-w-md"
    >
      {lead && email && (
        <div className="flex h-full flex-col bg-white text-slate-900 shadow-2xl">
          <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0 flex-1">
              <h2 id={`${id}-title`} className="text-lg font-semibold break-words">
                {lead.name}
              </h2>
              <p className="text-sm text-slate-600">Received {longDateTime(lead.createdAt)}</p>
            </div>
            <CloseButton onClick={onClose} aria-label="Close" className="shrink-0" />
          </div>
          <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-5 py-5">
            <section aria-label="Working the lead" className="grid gap-4 sm:grid-cols-2">
              <ChoiceField
                label="Status"
                aria-label={`Status of ${lead.name}`}
                value={lead.status}
                choices={statusChoices}
                onChoose={(status) => void onUpdate(lead, { status }).catch(() => {})}
              />
              <ChoiceField
                label="Owner"
                aria-label={`Owner of ${lead.name}`}
                value={lead.ownerId ?? ''}
                choices={[['', 'Nobody yet'], ...ownerChoices]}
                onChoose={(owner) => void onUpdate(lead, { ownerId: owner || null }).catch(() => {})}
              />
              <div className="space-y-1.5 sm:col-span-2">
                <label htmlFor={`${id}-notes`} className="text-sm font-medium text-slate-700">
                  Notes
                </label>
                <LeadNotes
                  key={lead.id}
                  id={`${id}-notes`}
                  lead={lead}
                  onSave={(notes) => onUpdate(lead, { notes })}
                />
              </div>
            </section>
            <dl className="space-y-4 border-t border-slate-200 pt-5">
              <Field label="Requirement">
                <span className="whitespace-pre-wrap">{lead.requirement}</span>
              </Field>
              <Field label="Technology stack">{lead.techStack || '—'}</Field>
              <Field label="Contact">
                <a
                  href={`mailto:${lead.email}`}
                  className="flex items-center gap-1.5 text-indigo-700 underline-offset-2 hover:underline"
                >
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  <span className="[overflow-wrap:anywhere]">{lead.email}</span>
                </a>
                {lead.phone && (
                  <a
                    href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}
                    className="mt-1 flex items-center gap-1.5 text-indigo-700 underline-offset-2 hover:underline"
                  >
                    <Phone aria-hidden="true" className="size-4 shrink-0" />
                    {lead.phone}
                  </a>
                )}
              </Field>
              <Field label="Source">
                <span data-testid="lead-source">
                  <LeadSource source={lead.source} />
                </span>
              </Field>
              <Field label="Emails">
                <Badge variant={emailStatusVariant(email.tone)} className="whitespace-normal">
                  {email.label}
                </Badge>
              </Field>
            </dl>
          </div>
        </div>
      )}
    </dialog>
  )
}
