import type { AppContext } from './context'
import { LOGIN_CODE_JOB, loginCodeJob } from './features/accounts/login-code-job'
import { registerChatJobs } from './features/chat/jobs'
import { LINK_JOB_KIND, linkJob } from './features/training/link-job'

/** Every background job kind, registered once per context so a restart resumes them all. */
export function registerJobs(ctx: AppContext): void {
  registerChatJobs(ctx)
  ctx.jobs.register(LOGIN_CODE_JOB, loginCodeJob(ctx))
  ctx.jobs.register(LINK_JOB_KIND, linkJob(ctx))
}
