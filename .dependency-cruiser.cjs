// Import rules for product code (`npm run lint` runs them): no import circles, and no module importing from
// a floor above its own. The floors, lowest first (a floor may import from its own and every lower one):
//   shared: lib, config < schemas < data < ui < admin; shared never imports site, desktop or server
//   server: config, failures, address-key, request-body, rate-limits, media
//           < jobs (the one leased outbox worker) < http (the request pipeline, site routes)
//           < local-supabase, mail, webhooks (the services) < context.ts (the running server: every service)
//           < leads, insights, supabase-clients.ts (what takes the whole context) < web < api
//           < app.ts, email-service.ts, main.ts
const serverEntry = '^server/(app|main|email-service)\\.ts$'

/** A rule that `from` imports nothing matching any of `above`. */
const floor = (name, from, above) => ({
  name,
  severity: 'error',
  comment: `${from} is below ${above.join(', ')}: move what both need to a lower floor instead.`,
  from: { path: from },
  to: { path: above },
})

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules that import each other, directly or around a circle, cannot be understood or moved apart.',
      from: {},
      to: { circular: true },
    },
    floor('shared-not-apps', '^shared/', ['^(site|desktop|server)/']),
    floor('shared-lib', '^shared/(lib|config)/', ['^shared/(schemas|data|ui|admin)/', '^shared/platform']),
    floor('shared-schemas', '^shared/schemas/', ['^shared/(data|ui|admin)/', '^shared/platform']),
    floor('shared-data', '^shared/data/', ['^shared/(ui|admin)/']),
    floor('shared-ui', '^shared/ui/', ['^shared/admin/']),
    floor('server-base', '^server/(config/|media/|failures|address-key|request-body|rate-limits)', [
      '^server/(jobs|http|local-supabase|mail|webhooks|insights|leads|web|api)/',
      '^server/(context|supabase-clients)\\.ts$',
      serverEntry,
    ]),
    floor('server-jobs', '^server/jobs/', [
      '^server/(http|local-supabase|mail|webhooks|insights|leads|web|api)/',
      '^server/(context|supabase-clients)\\.ts$',
      serverEntry,
    ]),
    floor('server-http', '^server/http/', [
      '^server/(local-supabase|mail|webhooks|insights|leads|web|api)/',
      '^server/(context|supabase-clients)\\.ts$',
      serverEntry,
    ]),
    floor('server-services', '^server/(local-supabase|mail|webhooks)/', [
      '^server/(insights|leads|web|api)/',
      '^server/(context|supabase-clients)\\.ts$',
      serverEntry,
    ]),
    floor('server-context', '^server/context\\.ts$', [
      '^server/(insights|leads|web|api)/',
      '^server/supabase-clients\\.ts$',
      serverEntry,
    ]),
    floor('server-features', '^server/(insights/|leads/|supabase-clients\\.ts$)', [
      '^server/(web|api)/',
      serverEntry,
    ]),
    floor('server-web', '^server/web/', ['^server/api/', serverEntry]),
    floor('server-api', '^server/api/', [serverEntry]),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$', '^tests/', '^out/', '^dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
