import { Html, type PropsWithChildren } from '@elysiajs/html'
import type { ChatbotType } from '../../../db/schema'
import { TYPES } from '../../chatbots/texts'
import { attr } from '../html'
import { Layout } from '../layout'
import type { Viewer } from '../session'
import { Breadcrumbs } from './parts'

export type ChatbotTab = 'overview' | 'training' | 'calendars' | 'appointments' | 'leads' | 'submissions' | 'conversations' | 'unanswered' | 'webhooks'

export interface ChatbotSummary {
  chatbot_id: string
  chatbot_name: string
  chatbot_type: ChatbotType
}

const TAB_LABELS: Record<ChatbotTab, string> = {
  overview: 'Settings and embed code',
  training: 'Training material',
  calendars: 'Calendars',
  appointments: 'Appointments',
  leads: 'Leads',
  submissions: 'Submissions',
  conversations: 'Conversations',
  unanswered: 'Unanswered questions',
  webhooks: 'Webhooks',
}

/** The sections a chatbot of this type has. */
export function tabsOf(type: ChatbotType): ChatbotTab[] {
  switch (type) {
    case TYPES.knowledge:
    case TYPES.business:
      return ['overview', 'training', 'conversations', 'unanswered', 'webhooks']
    case TYPES.dataCollection:
      return ['overview', 'submissions', 'conversations', 'webhooks']
    case TYPES.quote:
      return ['overview', 'leads', 'conversations', 'webhooks']
    case TYPES.appointment:
      return ['overview', 'calendars', 'appointments', 'conversations', 'webhooks']
  }
}

export const tabPath = (id: string, tab: ChatbotTab) => `/dashboard/chatbots/${encodeURIComponent(id)}/${tab === 'overview' ? '' : `${tab}/`}`

/** Every page of one chatbot: breadcrumbs, its name and type, and the tabs of its sections. */
export function ChatbotFrame(props: {
  viewer: Viewer
  chatbot: ChatbotSummary
  tab: ChatbotTab
  notice?: string | null
  actions?: JSX.Element
  children?: PropsWithChildren['children']
}): JSX.Element {
  const { chatbot, tab } = props
  return (
    <Layout title={`${TAB_LABELS[tab]}: ${chatbot.chatbot_name}`} viewer={props.viewer} section="chatbots" notice={props.notice}>
      <Breadcrumbs steps={[{ href: tabPath(chatbot.chatbot_id, 'overview'), label: chatbot.chatbot_name, current: tab === 'overview' }]} />
      <div class="page-head">
        <div>
          <h1 safe>{chatbot.chatbot_name}</h1>
          <p class="subtitle" safe>
            {chatbot.chatbot_type}
          </p>
        </div>
        {props.actions ?? ''}
      </div>
      <nav class="tabs" aria-label="Chatbot sections">
        <ul>
          {tabsOf(chatbot.chatbot_type).map((t) => (
            <li>
              <a href={attr(tabPath(chatbot.chatbot_id, t))} aria-current={t === tab ? 'page' : undefined}>
                {TAB_LABELS[t]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {props.children}
    </Layout>
  )
}
