import { Html } from '@elysiajs/html'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { subscriptionRequired } from '../../http/errors'
import { createToken, findAccount, listTokens, revokeToken } from '../accounts/service'
import { activePlan } from '../billing/service'
import { listChatbots } from '../chatbots/service'
import { SUBSCRIPTION_REQUIRED } from '../chatbots/texts'
import { wordsUsed } from '../training/usage'
import { FormErrors } from './forms'
import { htmlPage } from './html'
import { noticeOf } from './notices'
import { AccountPage } from './pages/account'
import { buttonRoute, formText, HIDDEN, signedIn } from './route-kit'
import type { Viewer } from './session'

const MAX_LABEL = 100

export const accountPages = (ctx: AppContext) => {
  const render = async (viewer: Viewer, extra: { newToken?: { label: string; token: string }; errors?: FormErrors; notice?: string | null } = {}, status = 200) => {
    const active = await activePlan(ctx, viewer.accountId)
    if (!active) throw subscriptionRequired(SUBSCRIPTION_REQUIRED)
    const [account, chatbots, tokens] = await Promise.all([findAccount(ctx, viewer.email), listChatbots(ctx, viewer.accountId), listTokens(ctx, viewer.accountId)])
    const words = await Promise.all(chatbots.map(async (c) => ({ ...c, used: await wordsUsed(ctx, c.chatbot_id) })))
    return htmlPage(
      ctx.config.publicUrl,
      <AccountPage
        viewer={viewer}
        plan={active.plan}
        resetDate={active.subscription.current_period_end.slice(0, 10)}
        chatbotsCreated={account?.chatbots_created ?? 0}
        words={words}
        tokens={tokens}
        {...extra}
      />,
      status,
    )
  }
  return new Elysia({ name: 'dashboard-account' })
    .get(
      '/dashboard/account/',
      signedIn(ctx, ({ viewer, query }) => render(viewer, { notice: noticeOf(query.notice) })),
      HIDDEN,
    )
    .post(
      '/dashboard/account/tokens/',
      signedIn(ctx, async ({ viewer, body }) => {
        const label = formText(body, 'label').trim()
        if (!label || label.length > MAX_LABEL) {
          const errors = new FormErrors().add('token-label', label ? `must be at most ${MAX_LABEL} characters` : 'must not be empty')
          return render(viewer, { errors }, 400)
        }
        if (!(await activePlan(ctx, viewer.accountId))) throw subscriptionRequired(SUBSCRIPTION_REQUIRED)
        const token = await createToken(ctx, viewer.accountId, label)
        // Answered directly, not redirected: the token must not land in a URL or the history.
        return render(viewer, { newToken: { label, token } })
      }),
      HIDDEN,
    )
    .post(
      '/dashboard/account/tokens/:tokenId/revoke/',
      buttonRoute(ctx, {
        run: ({ viewer, params }) => revokeToken(ctx, viewer.accountId, params.tokenId),
        back: () => '/dashboard/account/',
        notice: 'token-revoked',
      }),
      HIDDEN,
    )
}
