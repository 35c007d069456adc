/** Quote Generation: quantities from the price list, a running estimate, then the quote's totals and its PDF. */
import type { QuoteAnswerBody } from '../api'
import type { PricingPlan } from '../../model'
import { type ChatApi, errorText, type Result, sentenceOf } from '../api'
import { clear, field, h, markInvalid, showError, uid } from '../dom'
import { cents, formatDay, formatMoney, fromCents } from '../format'
import { safeHref } from '../markdown'
import { type Panel, panelShell } from './panel'
import { planName } from './prices'

const MAX_QUANTITY = 10_000
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Where a problem is shown: beside the items, the name, the e-mail, or above the button. */
type Slot = 'items' | 'name' | 'email' | 'form'
interface Problem {
  slot: Slot
  problem: string
  focus?: HTMLElement
}

/** The service's field names (`items[0].name`, `client_email`) to the form's places. */
function slotOf(field: string | undefined): Slot {
  if (field?.startsWith('items')) return 'items'
  if (field === 'client_name') return 'name'
  if (field === 'client_email') return 'email'
  return 'form'
}

/** The service's answer as problems: every one it reports (`errors`), else its one `error`. */
function serverProblems(answer: Extract<Result<unknown>, { ok: false }>): Problem[] {
  const all = answer.error?.errors
  if (all?.length) return all.map((e) => ({ slot: slotOf(e.field), problem: sentenceOf(e) }))
  return [{ slot: slotOf(answer.error?.field), problem: errorText(answer) }]
}

export interface QuoteContext {
  api: ChatApi
  visitorId(): string
  sessionId(): string | null
  onBack(): void
}

export function quotePanel(plans: PricingPlan[], currency: string, context: QuoteContext): Panel {
  const panel = panelShell('quote', 'Get a quote', context.onBack)
  if (plans.length === 0) {
    panel.body.appendChild(h('p', { class: 'cbw-empty', 'data-testid': 'quote-empty', text: 'No products are available for quotes right now.' }))
    return panel
  }

  const quantities = plans.map((plan) => {
    const input = h('input', {
      type: 'number',
      class: 'cbw-input cbw-qty',
      min: 0,
      max: MAX_QUANTITY,
      step: 1,
      value: 0,
      inputmode: 'numeric',
      'data-testid': 'quote-qty',
      'data-name': planName(plan),
      id: uid('qty'),
    })
    input.addEventListener('input', updateEstimate)
    return { plan, input }
  })
  const items = h(
    'ul',
    { class: 'cbw-plan-list' },
    quantities.map(({ plan, input }) =>
      h('li', { class: 'cbw-plan', 'data-testid': 'quote-item', 'data-name': planName(plan) }, [
        h('div', { class: 'cbw-plan-info' }, [
          h('strong', { class: 'cbw-plan-name', text: planName(plan) }),
          plan['Product/Service Description'] ? h('p', { class: 'cbw-plan-desc', text: plan['Product/Service Description'] }) : null,
          h('p', {
            class: 'cbw-plan-prices',
            text: `${formatMoney(plan['Price excluding VAT'], currency)} excl. VAT · ${formatMoney(plan['Price including VAT'], currency)} incl. VAT`,
          }),
        ]),
        h('div', { class: 'cbw-qty-wrap' }, [
          h('label', { class: 'cbw-qty-label', for: input.id }, [
            h('span', { 'aria-hidden': 'true', text: 'Qty' }),
            h('span', { class: 'cbw-sr-only', text: `Quantity of ${planName(plan)}` }),
          ]),
          input,
        ]),
      ]),
    ),
  )

  const quantityOf = (input: HTMLInputElement): number | null => {
    const raw = input.value.trim()
    const n = raw === '' ? 0 : Number(raw)
    return Number.isInteger(n) && n >= 0 && n <= MAX_QUANTITY ? n : null
  }
  const estimate = h('p', { class: 'cbw-estimate', 'data-testid': 'quote-estimate', 'aria-live': 'polite' })
  function updateEstimate() {
    let excl = 0
    let incl = 0
    for (const { plan, input } of quantities) {
      const n = quantityOf(input) ?? 0
      excl += n * cents(plan['Price excluding VAT'])
      incl += n * cents(plan['Price including VAT'])
    }
    estimate.textContent =
      excl + incl > 0
        ? `Estimated total: ${formatMoney(fromCents(excl), currency)} excl. VAT · ${formatMoney(fromCents(incl), currency)} incl. VAT`
        : 'Choose the quantities you need.'
  }
  updateEstimate()

  const name = h('input', { type: 'text', class: 'cbw-input', autocomplete: 'name', maxlength: 200, required: true, 'data-testid': 'quote-name' })
  const email = h('input', { type: 'email', class: 'cbw-input', autocomplete: 'email', maxlength: 254, required: true, 'data-testid': 'quote-email' })
  // Each problem is shown next to its field, all at once, as the dashboard's forms do.
  const fieldError = (slot: Slot, input?: HTMLElement) => {
    const el = h('p', { class: 'cbw-error', id: uid('err'), 'data-testid': `quote-${slot}-error`, hidden: true })
    input?.setAttribute('aria-describedby', el.id)
    return el
  }
  const errors: Record<Slot, HTMLElement> = {
    items: fieldError('items'),
    name: fieldError('name', name),
    email: fieldError('email', email),
    form: h('p', { class: 'cbw-error', role: 'alert', 'data-testid': 'quote-error', hidden: true }),
  }
  const focusOf: Record<Slot, () => HTMLElement> = { items: () => quantities[0].input, name: () => name, email: () => email, form: () => submit }
  const submit = h('button', { type: 'submit', class: 'cbw-btn cbw-btn-primary', 'data-testid': 'quote-submit', text: 'Get my quote' })
  const form = h('form', { class: 'cbw-form', 'data-testid': 'quote-form', novalidate: true }, [
    h('p', { class: 'cbw-panel-intro', text: 'Choose quantities and we will prepare a PDF quote and e-mail it to you.' }),
    h('fieldset', { class: 'cbw-fieldset', 'aria-describedby': errors.items.id }, [h('legend', { class: 'cbw-legend', text: 'Products and services' }), items, errors.items]),
    estimate,
    field('Your name', name, errors.name),
    field('Your e-mail', email, errors.email),
    errors.form,
    submit,
  ])
  const result = h('div', { class: 'cbw-result', 'data-testid': 'quote-result', role: 'status', tabindex: '-1', hidden: true })
  const clearErrors = () => {
    for (const el of Object.values(errors)) showError(el, '')
  }
  // A stale error goes once the visitor edits the form.
  form.addEventListener('input', clearErrors)

  /** Shows every problem beside its field (one sentence per field) and focuses the first. */
  function showProblems(problems: Problem[]) {
    const shown = new Set<Slot>()
    for (const { slot, problem } of problems) {
      if (shown.has(slot)) continue
      shown.add(slot)
      showError(errors[slot], problem)
    }
    markInvalid(name, shown.has('name'))
    markInvalid(email, shown.has('email'))
    const first = problems[0]
    if (first) (first.focus ?? focusOf[first.slot]()).focus()
  }

  /** Every problem with the form, or the request's items. */
  function check(): { problems: Problem[] } | { items: { name: string; quantity: number }[] } {
    const chosen: { name: string; quantity: number }[] = []
    const problems: Problem[] = []
    for (const { plan, input } of quantities) {
      const n = quantityOf(input)
      markInvalid(input, n === null)
      if (n === null) problems.push({ slot: 'items', problem: `The quantity of ${planName(plan)} must be a whole number from 0 to 10,000.`, focus: input })
      else if (n > 0) chosen.push({ name: planName(plan), quantity: n })
    }
    if (problems.length === 0 && chosen.length === 0) problems.push({ slot: 'items', problem: 'Choose a quantity for at least one item.' })
    if (!name.value.trim()) problems.push({ slot: 'name', problem: 'Please enter your name.' })
    if (!EMAIL.test(email.value.trim())) problems.push({ slot: 'email', problem: 'Please enter a valid e-mail address.' })
    return problems.length ? { problems } : { items: chosen }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (submit.disabled) return
    clearErrors()
    const checked = check()
    if ('problems' in checked) {
      showProblems(checked.problems)
      return
    }
    submit.disabled = true
    submit.textContent = 'Preparing your quote…'
    form.setAttribute('aria-busy', 'true')
    const sessionId = context.sessionId()
    const answer = await context.api.quote({
      visitor_id: context.visitorId(),
      ...(sessionId ? { session_id: sessionId } : {}),
      client_name: name.value.trim(),
      client_email: email.value.trim(),
      items: checked.items,
    })
    submit.disabled = false
    submit.textContent = 'Get my quote'
    form.removeAttribute('aria-busy')
    if (!answer.ok) {
      showProblems(serverProblems(answer))
      return
    }
    showResult(answer.data, email.value.trim())
    form.hidden = true
    result.hidden = false
    result.focus()
  })

  function showResult(quote: QuoteAnswerBody, to: string) {
    clear(result)
    const money = quote.currency || currency
    const total = (label: string, testid: string, value: string, strong = false) =>
      h('div', { class: `cbw-total-row${strong ? ' cbw-total-strong' : ''}` }, [
        h('dt', { text: label }),
        h('dd', { 'data-testid': testid, 'data-value': value, text: formatMoney(value, money) }),
      ])
    const href = safeHref(quote.quote_url)
    result.append(
      h('h4', { class: 'cbw-result-title', text: 'Your quote is ready' }),
      h('dl', { class: 'cbw-totals' }, [
        total('Total excluding VAT', 'quote-total-excl', quote.total_excluding_vat),
        total('Total including VAT', 'quote-total-incl', quote.total_including_vat, true),
        quote.valid_until
          ? h('div', { class: 'cbw-total-row' }, [
              h('dt', { text: 'Valid until' }),
              h('dd', { 'data-testid': 'quote-valid-until', 'data-value': quote.valid_until, text: formatDay(quote.valid_until) }),
            ])
          : null,
      ]),
      href
        ? h('a', {
            class: 'cbw-btn cbw-btn-primary cbw-download',
            href,
            target: '_blank',
            rel: 'noopener noreferrer',
            'data-testid': 'quote-download',
            text: 'Download your quote (PDF)',
          })
        : '',
      h('p', { class: 'cbw-muted', text: `A copy has been sent to ${to}.` }),
      h('button', { type: 'button', class: 'cbw-btn cbw-btn-ghost', 'data-testid': 'quote-new', text: 'Start a new quote', onclick: reset }),
    )
  }

  function reset() {
    form.reset()
    for (const { input } of quantities) {
      input.value = '0'
      markInvalid(input, false)
    }
    markInvalid(name, false)
    markInvalid(email, false)
    updateEstimate()
    clearErrors()
    result.hidden = true
    form.hidden = false
    quantities[0].input.focus()
  }

  panel.body.append(form, result)
  return panel
}
