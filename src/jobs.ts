import type { AppContext } from './context'

/** Every background job kind, registered once per context so a restart resumes them all. */
export function registerJobs(_ctx: AppContext): void {}
