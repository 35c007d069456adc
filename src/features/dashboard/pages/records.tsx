import { Html } from '@elysiajs/html'
import type { AppointmentItem } from '../../bookings/service'
import type { LeadView } from '../../quotes/leads'
import { answerTitles, type SubmissionView } from '../../forms/submissions'
import { attr } from '../html'
import type { Viewer } from '../session'
import { ChatbotFrame, type ChatbotSummary } from './chatbot-frame'
import { Badge, DataTable, LocalTime, when } from './parts'
import { ActionButton, DeleteButton } from '../forms'
import { formatMoney } from '../../../lib/money'

function ExportLink(props: { href: string; what: string }): JSX.Element {
  return (
    <a class="button button-secondary" href={attr(props.href)} download="">
      Export {props.what} as CSV
    </a>
  )
}

/** A client's name over their e-mail address, which opens a new message. */
function Client(props: { name: string; email: string }): JSX.Element {
  return (
    <>
      <span safe>{props.name}</span>
      <br />
      <a href={attr(`mailto:${props.email}`)} safe>
        {props.email}
      </a>
    </>
  )
}

export function LeadsPage(props: { viewer: Viewer; chatbot: ChatbotSummary; leads: LeadView[]; notice?: string | null }): JSX.Element {
  const id = encodeURIComponent(props.chatbot.chatbot_id)
  return (
    <ChatbotFrame
      viewer={props.viewer}
      chatbot={props.chatbot}
      tab="leads"
      notice={props.notice}
      actions={props.leads.length ? <ExportLink href={`/dashboard/chatbots/${id}/leads/csv/`} what="leads" /> : undefined}
    >
      <h2>Leads ({String(props.leads.length)})</h2>
      <DataTable
        label="Leads"
        columns={[
          'Client',
          'Number',
          'Received',
          { title: 'Total excl. VAT', num: true },
          { title: 'Total incl. VAT', num: true },
          'Quote',
          'Webhook',
          { title: 'Actions', hidden: true },
        ]}
        items={props.leads}
        empty="No quotes requested yet."
        row={(l) => (
          <>
            <th scope="row">
              <Client name={l.client_name} email={l.client_email} />
            </th>
            <td data-label="Number" safe>
              {l.quote_number}
            </td>
            <td data-label="Received">
              <LocalTime iso={l.created_at} />
            </td>
            <td class="num" data-label="Total excl. VAT" safe>
              {formatMoney(l.total_excluding_vat, l.currency)}
            </td>
            <td class="num" data-label="Total incl. VAT" safe>
              {formatMoney(l.total_including_vat, l.currency)}
            </td>
            <td data-label="Quote">
              <a href={attr(l.quote_url)} aria-label={attr(`Quote PDF for ${l.client_name}`)}>
                Quote PDF
              </a>
            </td>
            <td data-label="Webhook">
              <Badge status={l.webhook_status} /> {l.webhook_attempts ? <span class="hint">{`${l.webhook_attempts} attempt${l.webhook_attempts === 1 ? '' : 's'}`}</span> : ''}
            </td>
            <td data-label="Actions">
              <DeleteButton
                action={`/dashboard/chatbots/${id}/leads/${encodeURIComponent(l.lead_id)}/delete/`}
                csrf={props.viewer.csrf}
                what={`the lead of ${l.client_name} (${l.quote_number})`}
              />
            </td>
          </>
        )}
      />
    </ChatbotFrame>
  )
}

/** Column titles in the order questions first appear. */

function AnswerValue(props: { type: string; value: unknown; title: string }): JSX.Element {
  if (props.type === 'image' || props.type === 'pdf_document') {
    return (
      <a href={attr(String(props.value))} aria-label={attr(`${props.type === 'image' ? 'Image' : 'PDF'} for ${props.title}`)}>
        {props.type === 'image' ? 'View image' : 'View PDF'}
      </a>
    )
  }
  if (typeof props.value === 'boolean') return props.value ? 'Yes' : 'No'
  return <span safe>{String(props.value ?? '')}</span>
}

export function SubmissionsPage(props: { viewer: Viewer; chatbot: ChatbotSummary; submissions: SubmissionView[]; notice?: string | null }): JSX.Element {
  const id = encodeURIComponent(props.chatbot.chatbot_id)
  const titles = answerTitles(props.submissions)
  return (
    <ChatbotFrame
      viewer={props.viewer}
      chatbot={props.chatbot}
      tab="submissions"
      notice={props.notice}
      actions={props.submissions.length ? <ExportLink href={`/dashboard/chatbots/${id}/submissions/csv/`} what="submissions" /> : undefined}
    >
      <h2>Submissions ({String(props.submissions.length)})</h2>
      <DataTable
        label="Submissions"
        columns={['Received', ...titles, { title: 'Actions', hidden: true }]}
        items={props.submissions}
        empty="No completed forms yet."
        row={(s) => (
          <>
            <th scope="row">
              <LocalTime iso={s.created_at} />
            </th>
            {titles.map((t) => {
              const answer = s.answers.find((a) => a.title === t)
              return <td data-label={attr(t)}>{answer ? <AnswerValue type={answer.type} value={answer.value} title={t} /> : ''}</td>
            })}
            <td data-label="Actions">
              <DeleteButton
                action={`/dashboard/chatbots/${id}/submissions/${encodeURIComponent(s.submission_id)}/delete/`}
                csrf={props.viewer.csrf}
                what={`the submission of ${when(s.created_at)}`}
              />
            </td>
          </>
        )}
      />
    </ChatbotFrame>
  )
}

const wallClocks = new Map<string, Intl.DateTimeFormat>()
/** An instant on a calendar's wall clock: "1 Dec 2026, 09:00 (America/New_York)". */
export function calendarTime(iso: string, zone: string): string {
  let format = wallClocks.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })
    wallClocks.set(zone, format)
  }
  return `${format.format(new Date(iso))} (${zone})`
}

/**
 * An appointment's start: the calendar's wall clock in the page, which the page's script shows in
 * the owner's own zone when that is another (keeping the calendar's time beside it).
 */
const AppointmentTime = (props: { iso: string; zone: string }): JSX.Element => (
  <time datetime={attr(props.iso)} data-local="true" data-zone={attr(props.zone)} safe>
    {calendarTime(props.iso, props.zone)}
  </time>
)

function AppointmentTable(props: { label: string; items: AppointmentItem[]; zone: string; cancel?: { chatbotId: string; csrf: string } }): JSX.Element {
  return (
    <DataTable
      label={props.label}
      columns={['Starts', 'Length', 'Client', 'Status', 'Answers', ...(props.cancel ? [{ title: 'Actions', hidden: true }] : [])]}
      items={props.items}
      empty="None."
      row={(a) => (
        <>
          <th scope="row">
            <AppointmentTime iso={a.start} zone={props.zone} />
          </th>
          <td data-label="Length">{`${a.duration} min`}</td>
          <td data-label="Client">
            <Client name={a.client_name} email={a.client_email} />
          </td>
          <td data-label="Status">
            <Badge status={a.status} />
          </td>
          <td data-label="Answers">
            {Array.isArray(a.answers) && a.answers.length ? (
              <dl class="answers">
                {(a.answers as { title?: unknown; type?: unknown; value?: unknown }[]).map((x) => (
                  <>
                    <dt safe>{String(x.title ?? '')}</dt>
                    <dd>
                      <AnswerValue type={String(x.type ?? 'text')} value={x.value} title={String(x.title ?? '')} />
                    </dd>
                  </>
                ))}
              </dl>
            ) : (
              ''
            )}
          </td>
          {props.cancel ? (
            <td data-label="Actions">
              {a.status === 'confirmed' ? (
                <ActionButton
                  action={`/dashboard/chatbots/${encodeURIComponent(props.cancel.chatbotId)}/appointments/${encodeURIComponent(a.appointment_id)}/cancel/`}
                  csrf={props.cancel.csrf}
                  label="Cancel"
                  accessibleName={`Cancel the appointment of ${a.client_name} at ${calendarTime(a.start, props.zone)}`}
                  danger
                />
              ) : (
                ''
              )}
            </td>
          ) : (
            ''
          )}
        </>
      )}
    />
  )
}

export function AppointmentsPage(props: {
  viewer: Viewer
  chatbot: ChatbotSummary
  appointments: AppointmentItem[]
  /** Each calendar's IANA zone, by calendar id. */
  zones: Map<string, string>
  now: Date
  notice?: string | null
}): JSX.Element {
  const id = encodeURIComponent(props.chatbot.chatbot_id)
  const calendars = [...new Map(props.appointments.map((a) => [a.calendar_id, a.calendar_name])).entries()]
  const nowMs = props.now.getTime()
  return (
    <ChatbotFrame
      viewer={props.viewer}
      chatbot={props.chatbot}
      tab="appointments"
      notice={props.notice}
      actions={props.appointments.length ? <ExportLink href={`/dashboard/chatbots/${id}/appointments/csv/`} what="appointments" /> : undefined}
    >
      <h2>Appointments ({String(props.appointments.length)})</h2>
      {props.appointments.length === 0 ? <p class="empty">No appointments booked yet.</p> : ''}
      {calendars.map(([calendarId, name]) => {
        const mine = props.appointments.filter((a) => a.calendar_id === calendarId).sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
        const upcoming = mine.filter((a) => Date.parse(a.end) >= nowMs)
        const past = mine.filter((a) => Date.parse(a.end) < nowMs).reverse()
        const headingId = `calendar-${attr(calendarId)}`
        const zone = props.zones.get(calendarId) ?? 'UTC'
        return (
          <section class="section" aria-labelledby={headingId}>
            <h3 id={headingId} safe>
              {name}
            </h3>
            <h4>Upcoming</h4>
            <AppointmentTable label={`Upcoming appointments in ${name}`} items={upcoming} zone={zone} cancel={{ chatbotId: props.chatbot.chatbot_id, csrf: props.viewer.csrf }} />
            <h4>Past</h4>
            <AppointmentTable label={`Past appointments in ${name}`} items={past} zone={zone} />
          </section>
        )
      })}
    </ChatbotFrame>
  )
}
