/** Business Enquiries: the price list, amounts written as everywhere else (formatMoney). */
import type { PricingPlan } from '../../model'
import { h } from '../dom'
import { formatMoney } from '../format'
import { type Panel, panelShell } from './panel'

export const planName = (plan: PricingPlan) => plan['Product/Service Name']

export function pricesPanel(plans: PricingPlan[], currency: string, onBack: () => void): Panel {
  const panel = panelShell('prices', 'Prices', onBack)
  const list = h('ul', { class: 'cbw-plan-list', 'data-testid': 'prices-list' })
  for (const plan of plans) {
    const excl = plan['Price excluding VAT']
    const incl = plan['Price including VAT']
    list.appendChild(
      h('li', { class: 'cbw-plan', 'data-testid': 'prices-item', 'data-name': planName(plan) }, [
        h('div', { class: 'cbw-plan-info' }, [
          h('strong', { class: 'cbw-plan-name', text: planName(plan) }),
          plan['Product/Service Description'] ? h('p', { class: 'cbw-plan-desc', text: plan['Product/Service Description'] }) : null,
        ]),
        h('div', { class: 'cbw-plan-price' }, [
          h('span', { class: 'cbw-price-main', text: formatMoney(excl, currency) }),
          h('span', { class: 'cbw-price-sub', text: 'excl. VAT' }),
          h('span', { class: 'cbw-price-sub', text: `${formatMoney(incl, currency)} incl. VAT` }),
        ]),
      ]),
    )
  }
  panel.body.appendChild(list)
  return panel
}
