import { describePublicConfigProblems, publicConfigSchema } from '@shared/config/public-config.ts'

/**
 * What is wrong with a `/config.json` reply, in the shared schema's words ("supabaseUrl is missing; …").
 * Its own module, loaded only for a broken configuration: it brings zod.
 */
export function configProblems(body: unknown): string {
  const result = publicConfigSchema.safeParse(body)
  return result.success ? 'emailServiceUrl is not usable' : describePublicConfigProblems(result.error)
}
