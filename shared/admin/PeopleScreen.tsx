import { longDate } from '../lib/dates.ts'
import { MailPlus, Trash2, UserRound } from 'lucide-react'
import { useCallback, useId, useState, type FormEvent } from 'react'
import {
  editorRoles,
  inviteSchema,
  roleDescriptions,
  roleLabels,
  type EditorRole,
  type Person,
} from '../schemas/people.ts'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { Loading, Spinner } from '../ui/Spinner.tsx'
import { ChoiceSelect, choicesOf } from './ChoiceSelect.tsx'
import { ConfirmRemoveDialog } from './ConfirmActionDialog.tsx'
import type { AdminApi } from './contract.ts'
import { ChoiceField, FormField, useFieldValue } from './FormField.tsx'
import { ManagedListScreen } from './ManagedListScreen.tsx'
import { useManagedList } from './useManagedList.ts'

const roleChoices = choicesOf(editorRoles, roleLabels)

function lastSeen(person: Person): string {
  if (person.status === 'invited')
    return person.invitedAt ? `Invited ${longDate(person.invitedAt, 'local')}` : 'Invited'
  return person.lastSignInAt ? `Last signed in ${longDate(person.lastSignInAt, 'local')}` : 'Never signed in'
}

/**
 * The People screen (administrators): invite by email with a role, change roles, remove people. The
 * browser and the desktop both reach the server's `/api/people` through `api`; the database checks again.
 */
export function PeopleScreen({ api, currentUserId }: { api: AdminApi; currentUserId: string }) {
  const id = useId()
  const listPeople = useCallback(() => api.listPeople(), [api])
  const { items: people, message, setMessage, busyId, act } = useManagedList(listPeople)
  const email = useFieldValue()
  const [role, setRole] = useState<EditorRole>('contributor')
  const [removing, setRemoving] = useState<Person | null>(null)
  const inviting = busyId === 'new'

  function invite(event: FormEvent) {
    event.preventDefault()
    if (inviting) return
    const parsed = inviteSchema.safeParse({ email: email.value, role })
    if (!parsed.success) {
      setMessage({ tone: 'error', text: parsed.error.issues[0]?.message ?? 'Please enter a valid email.' })
      return
    }
    void act('new', async () => {
      const person = await api.invitePerson(parsed.data)
      email.onValue('')
      return `Invitation sent to ${person.email}. The link in it works for 24 hours.`
    })
  }

  const changeRole = (person: Person, next: EditorRole) =>
    act(person.userId, async () => {
      await api.changePersonRole(person.userId, next)
      return `${person.email} is now ${roleLabels[next].toLowerCase()}.`
    })

  const remove = (person: Person) =>
    act(person.userId, async () => {
      try {
        await api.removePerson(person.userId)
      } finally {
        setRemoving(null)
      }
      return `${person.email} was removed. Their sessions have ended.`
    })

  const form = (
    <>
      <form onSubmit={invite} className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <FormField
          label="Email"
          className="min-w-56 flex-1"
          type="email"
          placeholder="name@company.com"
          {...email}
        />
        <ChoiceField label="Role" value={role} choices={roleChoices} onChoose={setRole} />
        <Button type="submit" disabled={inviting}>
          {inviting ? <Spinner /> : <MailPlus aria-hidden="true" className="size-4" />}
          {inviting ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
      <p className="mt-2 text-xs text-slate-500">{roleDescriptions[role]}.</p>
    </>
  )

  return (
    <ManagedListScreen
      id={id}
      title="People"
      intro="Invite people by email. They choose their own password from the link in the invitation."
      form={form}
      message={message}
    >
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {people === null ? (
          <Loading className="justify-center py-10" />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="People">
            {people.map((person) => {
              const self = person.userId === currentUserId
              return (
                <li
                  key={person.userId}
                  data-testid="person"
                  className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700"
                  >
                    <UserRound className="size-4" />
                  </span>
                  {/* On a phone the role and Remove go to their own line under the address. */}
                  <div className="min-w-0 flex-1 basis-[calc(100%-3.25rem)] sm:basis-auto">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
                      <span className="min-w-0 [overflow-wrap:anywhere]">{person.email}</span>
                      {self && <Badge variant="neutral">You</Badge>}
                      {person.status === 'invited' && <Badge variant="warning">Invitation sent</Badge>}
                    </p>
                    <p className="text-xs text-slate-500">{lastSeen(person)}</p>
                  </div>
                  <div className="ml-13 flex items-center gap-2 sm:ml-0">
                    <label className="sr-only" htmlFor={`${id}-role-${person.userId}`}>
                      Role of {person.email}
                    </label>
                    <ChoiceSelect
                      id={`${id}-role-${person.userId}`}
                      value={person.role}
                      disabled={self || busyId === person.userId}
                      title={self ? 'Another administrator can change your role.' : undefined}
                      choices={roleChoices}
                      onChoose={(role) => void changeRole(person, role)}
                    />
                    {self ? (
                      // Keeps the role column aligned with the rows that have Remove.
                      <span aria-hidden="true" className="hidden w-[6.25rem] sm:block" />
                    ) : (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="sm:w-[6.25rem]"
                        aria-label={`Remove ${person.email}`}
                        disabled={busyId === person.userId}
                        onClick={() => setRemoving(person)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        <span className="hidden sm:inline">Remove</span>
                      </Button>
                    )}
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </div>

      <ConfirmRemoveDialog
        removing={removing}
        confirmLabel="Remove"
        busy={!!busyId}
        onRemove={(person) => void remove(person)}
        onCancel={() => setRemoving(null)}
      >
        <p>Their account is deleted and they are signed out everywhere. Their posts stay.</p>
      </ConfirmRemoveDialog>
    </ManagedListScreen>
  )
}
