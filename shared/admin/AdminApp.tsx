import { ChartColumn, FileText, Inbox, Mail, Users, Webhook, type LucideIcon } from 'lucide-react'
import { useRef, useState, type ReactNode } from 'react'
import { emailLinkFrom, roleCan } from '../data/people.ts'
import { Loading } from '../ui/Spinner.tsx'
import { cx } from '../ui/cx.ts'
import { AdminShell, type AdminTab } from './AdminShell.tsx'
import { PostsWorkspace } from './PostsWorkspace.tsx'
import { InsightsScreen } from './insights/InsightsScreen.tsx'
import { LeadsPipeline } from './LeadsTable.tsx'
import { PeopleScreen } from './PeopleScreen.tsx'
import { SubscribersScreen } from './newsletter/SubscribersScreen.tsx'
import { SetPasswordForm } from './SetPasswordForm.tsx'
import { SignInForm } from './SignInForm.tsx'
import { AdminRoleContext } from './useAdminRole.ts'
import { useAdminSession } from './useAdminSession.ts'
import { useAdminApi } from './useAdminApi.ts'
import { WebhooksScreen } from './webhooks/WebhooksScreen.tsx'

/**
 * The admin's own screens after Posts, in tab order: who may open each (the database checks again) and how
 * wide it is laid out.
 */
const roleTabs = [
  { id: 'leads', label: 'Leads', icon: Inbox, may: roleCan.readLeads, width: 'max-w-[100rem]' },
  { id: 'insights', label: 'Insights', icon: ChartColumn, may: roleCan.readLeads, width: 'max-w-7xl' },
  { id: 'webhooks', label: 'Webhooks', icon: Webhook, may: roleCan.readLeads, width: '' },
  { id: 'people', label: 'People', icon: Users, may: roleCan.managePeople, width: '' },
  { id: 'newsletter', label: 'Newsletter', icon: Mail, may: roleCan.managePeople, width: 'max-w-5xl' },
] as const

/** A screen a host adds to the admin (the desktop's email test and settings). */
export interface AdminExtraScreen {
  id: string
  label: string
  icon: LucideIcon
  render(): ReactNode
}

export interface AdminAppProps {
  /**
   * Opens a post in the form from outside the admin (the desktop's "Edit and retry"): each new `request`
   * number opens `slug` once.
   */
  open?: { slug: string; request: number } | null
  /** Reloads the list when it changes (the desktop passes its sync state, so row badges stay true). */
  refreshKey?: string | number
  /** More screens, reachable signed in or not (the desktop's email test and connection settings). */
  extraScreens?: AdminExtraScreen[]
  /** Above the posts (the desktop's conflicts and changes that need attention). */
  postsTop?: ReactNode
  /** The posts tab's count (the desktop: posts that need the editor). */
  postsBadge?: AdminTab['badge']
  /** The screen shown, when the host decides (else the admin keeps its own). */
  screen?: string
  onScreenChange?(screen: string): void
  /** "View site" in the top bar (the browser admin). */
  siteHref?: string | null
  /** Always in view under the screens (the desktop's sync status). */
  statusArea?: ReactNode
}

/**
 * The whole admin in one shell, in the browser (the admin route) and in the desktop app: sign-in gate, then
 * the posts (list and editor), leads and people as the role allows, plus the host's own screens. Mounted
 * inside a `<AdminProvider api platform>`.
 */
export function AdminApp({
  open = null,
  refreshKey = 0,
  extraScreens = [],
  postsTop,
  postsBadge,
  screen: controlledScreen,
  onScreenChange,
  siteHref = null,
  statusArea,
}: AdminAppProps = {}) {
  const session = useAdminSession()
  const api = useAdminApi()
  // Outlives the workspace (which remounts on sign-in), so a request is carried out once.
  const openedRequest = useRef(0)
  const signedIn = session.status === 'signed-in' ? session.session : null
  const email = signedIn?.email ?? null
  // An invite or reset link from a mail (`?token_hash=…&type=…`): the person chooses a password first.
  const [emailLink, setEmailLink] = useState(() =>
    typeof window === 'undefined' ? null : emailLinkFrom(window.location.search),
  )
  // `#leads` (the link in a digest of held sales notifications) opens on Leads, `#webhooks` (a paused
  // endpoint's mail) on Webhooks.
  const [ownScreen, setOwnScreen] = useState(() =>
    typeof window === 'undefined'
      ? 'posts'
      : ({ '#leads': 'leads', '#webhooks': 'webhooks' }[window.location.hash] ?? 'posts'),
  )
  const screen = controlledScreen ?? ownScreen
  const select = (id: string) => (onScreenChange ? onScreenChange(id) : setOwnScreen(id))
  const allowed = roleTabs.filter((tab) => tab.may(signedIn?.role))
  const roleTab = allowed.find((tab) => tab.id === screen)
  const leaveLink = () => {
    window.history.replaceState(null, '', window.location.pathname)
    setEmailLink(null)
  }

  const extra = extraScreens.find((s) => s.id === screen)
  const tabs: AdminTab[] = emailLink
    ? []
    : [
        { id: 'posts', label: 'Posts', icon: FileText, badge: postsBadge ?? null },
        ...[...allowed, ...extraScreens].map(({ id, label, icon }) => ({ id, label, icon })),
      ]

  let content: ReactNode
  if (emailLink) {
    content = (
      <div className="px-4 py-10 sm:py-16">
        <SetPasswordForm link={emailLink} onDone={leaveLink} onCancel={leaveLink} />
      </div>
    )
  } else if (extra) {
    content = <div className="mx-auto max-w-5xl space-y-6 p-3 sm:p-6">{extra.render()}</div>
  } else if (session.status === 'loading') {
    content = <Loading />
  } else if (session.status === 'signed-out') {
    content = (
      <div className="px-4 py-10 sm:py-16">
        <SignInForm pageHeading />
      </div>
    )
  } else {
    content = (
      // A role not known yet (the desktop asks the server after signing in) hides nothing: the database
      // decides. When it arrives the workspace starts again with it (a contributor's form starts as a draft).
      <AdminRoleContext.Provider
        value={session.session.role ? { role: session.session.role, userId: session.session.userId } : null}
      >
        {roleTab ? (
          <div className={cx(roleTab.width && `mx-auto ${roleTab.width}`, 'p-3 sm:p-4')}>
            {
              {
                leads: <LeadsPipeline api={api} />,
                insights: <InsightsScreen api={api} />,
                webhooks: <WebhooksScreen api={api} />,
                people: <PeopleScreen api={api} currentUserId={session.session.userId} />,
                newsletter: <SubscribersScreen api={api} />,
              }[roleTab.id]
            }
          </div>
        ) : (
          <>
            {postsTop}
            <PostsWorkspace
              key={session.session.role ?? 'unknown'}
              open={open}
              refreshKey={refreshKey}
              openedRequest={openedRequest}
            />
          </>
        )}
      </AdminRoleContext.Provider>
    )
  }

  return (
    <AdminShell
      tabs={tabs}
      current={extra ? extra.id : screen}
      onSelect={select}
      email={email}
      onSignOut={() => void api.signOut()}
      siteHref={siteHref}
      statusArea={statusArea}
    >
      {content}
    </AdminShell>
  )
}
