/**
 * Who a request is signed in as, for the private files that training and forms serve (contract
 * 14): wired here, beside index.ts, since the dashboard's session is built on those features.
 */
import { authenticate } from '../http/auth'
import { AppError } from '../http/errors'
import type { RequestAccount } from '../http/private-files'
import { currentViewer } from './dashboard/session'

/** The token's account when an Authorization header is sent (a wrong one: nobody), else the dashboard session's. */
export const requestAccount: RequestAccount = async (ctx, request) => {
  const header = request.headers.get('authorization')
  if (!header) return (await currentViewer(ctx, request))?.accountId ?? null
  try {
    return (await authenticate(ctx, header)).accountId
  } catch (error) {
    if (error instanceof AppError) return null
    throw error
  }
}
