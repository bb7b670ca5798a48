import { CalendarClock } from 'lucide-react'
import { editorTimeZone, formatPublishAt, timeZoneLabel } from '../../lib/publish-time.ts'
import { Input } from '../../ui/Input.tsx'
import { Label } from '../../ui/Label.tsx'

export interface ScheduleFieldProps {
  id: string
  /** The `datetime-local` value, in the editor's time zone. */
  value: string
  /** The same instant as ISO, or null while the value is not a time. */
  publishAtIso: string | null
  onChange(value: string): void
}

/** "Publish at" for a scheduled post: a date and time in the editor's own zone, shown with the zone's name. */
export function ScheduleField({ id, value, publishAtIso, onChange }: ScheduleFieldProps) {
  return (
    <div className="space-y-1.5" data-testid="schedule">
      <Label htmlFor={id}>Publish at</Label>
      <Input
        id={id}
        name="publish_at"
        type="datetime-local"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-zone`}
      />
      <p id={`${id}-zone`} className="text-sm text-slate-600">
        Time zone: {editorTimeZone()} ({timeZoneLabel(publishAtIso ? new Date(publishAtIso) : new Date())})
      </p>
      {publishAtIso && (
        <p
          data-testid="scheduled-for"
          className="flex items-start gap-1.5 text-sm font-medium text-indigo-800"
        >
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Scheduled for {formatPublishAt(publishAtIso)}
            {Date.parse(publishAtIso) <= Date.now() && (
              <span className="font-normal text-slate-600"> (this time has passed: the post is public)</span>
            )}
          </span>
        </p>
      )}
    </div>
  )
}
