import { Html } from '@elysiajs/html'
import type { CalendarViewItem } from '../../calendars/service'
import { rowFieldLabel, type CalendarRow } from '../chatbot-form'
import { DeleteButton, ErrorSummary, PostForm, type FormErrors } from '../forms'
import type { Viewer } from '../session'
import { attr } from '../html'
import { ChatbotFrame, type ChatbotSummary } from './chatbot-frame'
import { CalendarFieldset, DataTable } from './parts'

const durationsOf = (c: CalendarViewItem) => [c.min15App ? '15' : '', c.min30App ? '30' : '', c.min45App ? '45' : '', c.min60App ? '60' : ''].filter(Boolean).join(', ') + ' min'

export const MAX_CALENDARS_SHOWN = 10

export function CalendarsPage(props: {
  viewer: Viewer
  chatbot: ChatbotSummary
  calendars: CalendarViewItem[]
  row: CalendarRow
  errors?: FormErrors | null
  notice?: string | null
}): JSX.Element {
  const { viewer, chatbot } = props
  const id = encodeURIComponent(chatbot.chatbot_id)
  return (
    <ChatbotFrame viewer={viewer} chatbot={chatbot} tab="calendars" notice={props.notice}>
      <section class="section" aria-labelledby="calendars-title">
        <h2 id="calendars-title">Calendars ({String(props.calendars.length)} of 10)</h2>
        <DataTable
          label="Calendars"
          columns={['Name', 'Notifications to', 'Hours', 'Lengths', 'Weekends', { title: 'Actions', hidden: true }]}
          items={props.calendars}
          empty="No calendars: visitors cannot book until you add one."
          row={(c) => (
            <>
              <th scope="row" safe>
                {c.name}
              </th>
              <td data-label="Notifications to" safe>
                {c.calendar_email}
              </td>
              <td data-label="Hours" safe>
                {`${c.daily_start}–${c.daily_end} ${c.local_timezone_name} (${c.local_timezone})`}
              </td>
              <td data-label="Lengths">{durationsOf(c)}</td>
              <td data-label="Weekends">{c.include_weekends ? 'Yes' : 'No'}</td>
              <td>
                <a
                  href={`/dashboard/chatbots/${id}/calendars/${encodeURIComponent(c.calendar_id)}/edit/`}
                  class="button button-secondary button-small"
                  aria-label={attr(`Edit calendar ${c.name}`)}
                >
                  Edit
                </a>{' '}
                <DeleteButton action={`/dashboard/chatbots/${id}/calendars/${encodeURIComponent(c.calendar_id)}/delete/`} csrf={viewer.csrf} what={`calendar ${c.name}`} />
              </td>
            </>
          )}
        />
      </section>
      {props.calendars.length < 10 ? (
        <section class="section" aria-labelledby="add-calendar-title">
          <h2 id="add-calendar-title">Add a calendar</h2>
          <ErrorSummary errors={props.errors} labelOf={rowFieldLabel} />
          <PostForm action={`/dashboard/chatbots/${id}/calendars/`} csrf={viewer.csrf} novalidate>
            <CalendarFieldset index={0} row={props.row} errors={props.errors} legend="New calendar" />
            <button type="submit" class="button">
              Add calendar
            </button>
          </PostForm>
        </section>
      ) : (
        <p>This chatbot has the most calendars allowed. Delete one to add another.</p>
      )}
    </ChatbotFrame>
  )
}

/** One calendar's settings, changed in place; its booked appointments stay booked. */
export function CalendarEditPage(props: { viewer: Viewer; chatbot: ChatbotSummary; calendar: CalendarViewItem; row: CalendarRow; errors?: FormErrors | null }): JSX.Element {
  const { viewer, chatbot, calendar } = props
  const id = encodeURIComponent(chatbot.chatbot_id)
  return (
    <ChatbotFrame viewer={viewer} chatbot={chatbot} tab="calendars">
      <section class="section" aria-labelledby="edit-calendar-title">
        <h2 id="edit-calendar-title" safe>{`Edit calendar ${calendar.name}`}</h2>
        <p>Appointments already booked stay booked; the new hours apply to the times offered from now on.</p>
        <ErrorSummary errors={props.errors} labelOf={rowFieldLabel} />
        <PostForm action={`/dashboard/chatbots/${id}/calendars/${encodeURIComponent(calendar.calendar_id)}/edit/`} csrf={viewer.csrf} novalidate>
          <CalendarFieldset index={0} row={props.row} errors={props.errors} legend={calendar.name} existing />
          <div class="button-row">
            <button type="submit" class="button">
              Save calendar
            </button>
            <a href={`/dashboard/chatbots/${id}/calendars/`}>Cancel</a>
          </div>
        </PostForm>
      </section>
    </ChatbotFrame>
  )
}
