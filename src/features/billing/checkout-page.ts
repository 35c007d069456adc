import type { Plan } from '../../config'
import { escapeHtml } from '../../lib/html'
import { CHECKOUT_TEST_MODE } from './texts'

/** The test-mode payment page: what Stripe Checkout would show, with "Pay" and "Cancel". */
export function checkoutPage(opts: { plan: Plan; email: string; status: 'open' | 'paid' | 'cancelled' }): string {
  const { plan, email } = opts
  const price = `${escapeHtml(plan.price)} ${escapeHtml(plan.currency.toUpperCase())} / ${escapeHtml(plan.interval)}`
  const body =
    opts.status === 'paid'
      ? `<p role="status">This checkout session has already been completed.</p>`
      : `<form method="post">
      <button type="submit" name="action" value="pay" class="pay">Pay ${price}</button>
      <button type="submit" name="action" value="cancel" class="cancel">Cancel</button>
    </form>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout: ${escapeHtml(plan.name)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; background: #f6f8fa; color: #1f2328; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border: 1px solid #d0d7de; border-radius: 12px; padding: 2rem; max-width: 26rem; width: calc(100% - 2rem); box-sizing: border-box; }
  .mode { display: inline-block; margin: 0; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; padding: 0 .5rem; font-size: .85rem; }
  form { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 8px; border: 1px solid #d0d7de; cursor: pointer; }
  .pay { background: #1f6feb; color: #fff; border-color: #1f6feb; }
  button:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p class="mode" role="note">${escapeHtml(CHECKOUT_TEST_MODE)}</p>
  <h1>${escapeHtml(plan.name)} plan</h1>
  <p>${price}</p>
  <p>Up to ${plan.chatbots} chatbots, ${plan.training_words.toLocaleString('en-US')} training words per chatbot.</p>
  <p>Account: ${escapeHtml(email)}</p>
  ${body}
</main>
</body>
</html>`
}
