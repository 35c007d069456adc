import { Html } from '@elysiajs/html'
import type { Static } from '@sinclair/typebox'
import type { DeliveryList } from '../../webhooks/model'
import { ActionButton } from '../forms'
import type { Viewer } from '../session'
import { ChatbotFrame, type ChatbotSummary } from './chatbot-frame'
import { Badge, DataTable, LocalTime, when } from './parts'

type Delivery = Static<typeof DeliveryList>['deliveries'][number]

/** The chatbot's webhook: where events go, the secret's rotation, and every delivery with its state. */
export function WebhooksPage(props: { viewer: Viewer; chatbot: ChatbotSummary & { webhook_url?: string | null }; deliveries: Delivery[]; notice?: string | null }): JSX.Element {
  const id = encodeURIComponent(props.chatbot.chatbot_id)
  return (
    <ChatbotFrame viewer={props.viewer} chatbot={props.chatbot} tab="webhooks" notice={props.notice}>
      <section class="section card">
        <h2>Webhook</h2>
        {props.chatbot.webhook_url ? (
          <p>
            Events are sent to <code safe>{props.chatbot.webhook_url}</code>, signed as Standard Webhooks. Change the address in the settings.
          </p>
        ) : (
          <p>No webhook URL is set: add one in the settings to receive this chatbot's events.</p>
        )}
        <p>Rotating the secret replaces it; for 24 hours each delivery carries a signature under the new and the old secret, so receivers can switch without missing one.</p>
        <ActionButton action={`/dashboard/chatbots/${id}/webhooks/rotate/`} csrf={props.viewer.csrf} label="Rotate the signing secret" />
      </section>
      <h2>Deliveries ({String(props.deliveries.length)})</h2>
      <DataTable
        label="Webhook deliveries"
        columns={['Event', 'Created', 'State', 'Last answer']}
        items={props.deliveries}
        empty="No events sent yet."
        row={(d) => (
          <>
            <th scope="row">
              <code safe>{d.event_type}</code>
              <br />
              <span class="hint" safe>
                {d.delivery_id}
              </span>
            </th>
            <td data-label="Created">
              <LocalTime iso={d.created_at} />
            </td>
            <td data-label="State">
              <Badge status={d.status} /> <span class="hint">{`${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`}</span>
            </td>
            <td data-label="Last answer" safe>
              {d.last_status !== null ? `HTTP ${d.last_status}` : (d.last_error ?? '')}
            </td>
          </>
        )}
      />
    </ChatbotFrame>
  )
}
