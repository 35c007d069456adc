/**
 * Appointment/Calendar Support: a calendar, a length, a day and one of its free times, shown on
 * the visitor's own clock (the slots are asked for in the browser's zone), then the client's
 * details and the chatbot's questions. The panel opens on the first day that has a free time.
 */
import type { PublicQuestion } from '../api'
import type { WidgetConfig } from '../../model'
import { type BookingRequest, type ChatApi, errorText, type SlotsAnswer } from '../api'
import { clear, field, h, icon, ICONS, markInvalid, showError, uid } from '../dom'
import { addDays, formatDateTime, formatDay, formatTime, todayIn, visitorTimeZone } from '../format'
import { type Panel, panelShell } from './panel'
import { EMAIL } from './quote'

type Calendar = NonNullable<WidgetConfig['calendars']>[number]
type Slot = SlotsAnswer['slots'][number]

const MAX_UPLOAD = 10 * 1024 * 1024
const HORIZON_DAYS = 180

export interface BookingContext {
  api: ChatApi
  visitorId(): string
  onBack(): void
}

/** How one of the chatbot's questions is asked, and how its answer is read. */
interface QuestionControl {
  question: PublicQuestion
  el: HTMLElement
  /** What focus goes to when the answer is missing. */
  focusable: HTMLElement
  answered(): boolean
  setInvalid(bad: boolean): void
  value(upload: (file: File) => Promise<string | null>): Promise<string | boolean | null>
}

function questionControl(question: PublicQuestion): QuestionControl {
  const label = question.question || question.title
  if (question.type === 'boolean') {
    // Yes or no is a choice of two, not a text box.
    const name = uid('choice')
    const choice = (value: 'yes' | 'no', text: string) =>
      h('input', { type: 'radio', name, value, class: 'cbw-radio', 'data-testid': 'booking-choice', 'data-title': question.title, 'data-value': value, 'aria-label': text })
    const yes = choice('yes', 'Yes')
    const no = choice('no', 'No')
    const option = (input: HTMLInputElement, text: string) => h('label', { class: 'cbw-choice' }, [input, h('span', { text, 'aria-hidden': 'true' })])
    const group = h('fieldset', { class: 'cbw-fieldset cbw-choices', 'data-testid': 'booking-boolean', 'data-title': question.title }, [
      h('legend', { class: 'cbw-label', text: label }),
      h('div', { class: 'cbw-choice-row' }, [option(yes, 'Yes'), option(no, 'No')]),
    ])
    group.addEventListener('change', () => group.removeAttribute('aria-invalid'))
    return {
      question,
      el: group,
      focusable: yes,
      answered: () => yes.checked || no.checked,
      setInvalid: (bad) => markInvalid(group, bad),
      value: async () => yes.checked,
    }
  }
  if (question.type === 'image' || question.type === 'pdf_document') {
    // Answered by an upload (with this visitor's id) whose upload_id is sent as the value.
    const input = h('input', {
      type: 'file',
      class: 'cbw-input cbw-file-field',
      required: true,
      accept: question.type === 'image' ? 'image/*' : 'application/pdf,.pdf',
      'data-testid': 'booking-file',
      'data-title': question.title,
      'data-type': question.type,
    })
    return {
      question,
      el: field(label, input),
      focusable: input,
      answered: () => (input.files?.length ?? 0) > 0,
      setInvalid: (bad) => markInvalid(input, bad),
      value: (upload) => upload((input.files as FileList)[0]),
    }
  }
  const input = h('input', {
    type: 'text',
    class: 'cbw-input',
    maxlength: 2000,
    required: true,
    inputmode: question.type === 'number' ? 'decimal' : null,
    'data-testid': 'booking-answer',
    'data-title': question.title,
    'data-type': question.type,
  })
  return {
    question,
    el: field(label, input),
    focusable: input,
    answered: () => input.value.trim() !== '',
    setInvalid: (bad) => markInvalid(input, bad),
    value: async () => input.value.trim(),
  }
}

export function bookingPanel(calendars: Calendar[], questions: PublicQuestion[], context: BookingContext): Panel {
  const panel = panelShell('booking', 'Book an appointment', context.onBack)
  if (calendars.length === 0) {
    panel.body.appendChild(h('p', { class: 'cbw-empty', 'data-testid': 'booking-empty', text: 'No calendars are available for booking right now.' }))
    return panel
  }
  const zone = visitorTimeZone()
  const state: { selected: Slot | null; loads: number; zone: string } = { selected: null, loads: 0, zone }

  const calendarSelect = h(
    'select',
    { class: 'cbw-input', 'data-testid': 'booking-calendar' },
    calendars.map((c) => h('option', { value: c.calendar_id, text: c.name || 'Calendar' })),
  )
  const calendarDescription = h('p', { class: 'cbw-muted cbw-cal-desc', 'data-testid': 'booking-calendar-description' })
  const durationSelect = h('select', { class: 'cbw-input', 'data-testid': 'booking-duration' })
  const dateInput = h('input', { type: 'date', class: 'cbw-input', 'data-testid': 'booking-date', required: true, id: uid('date') })
  const previousDay = h('button', { type: 'button', class: 'cbw-icon-btn cbw-day-btn', 'aria-label': 'Previous day', 'data-testid': 'booking-prev-day' }, icon(ICONS.back, 18))
  const nextDay = h('button', { type: 'button', class: 'cbw-icon-btn cbw-day-btn', 'aria-label': 'Next day', 'data-testid': 'booking-next-day' }, icon(ICONS.back, 18, 'cbw-flip'))
  const zoneNote = h('p', { class: 'cbw-muted cbw-tz', 'data-testid': 'booking-timezone' })
  const slotsBox = h('div', { class: 'cbw-slots', 'data-testid': 'booking-slots', role: 'group', 'aria-label': 'Available times' })
  const slotsStatus = h('p', { class: 'cbw-muted cbw-slots-status', 'data-testid': 'booking-slots-status', 'aria-live': 'polite' })
  const nextAvailable = h('button', { type: 'button', class: 'cbw-btn cbw-btn-ghost cbw-next-available', 'data-testid': 'booking-next-available', hidden: true })
  const name = h('input', { type: 'text', class: 'cbw-input', autocomplete: 'name', maxlength: 200, required: true, 'data-testid': 'booking-name' })
  const email = h('input', { type: 'email', class: 'cbw-input', autocomplete: 'email', maxlength: 254, required: true, 'data-testid': 'booking-email' })
  const controls = questions.map(questionControl)
  const error = h('p', { class: 'cbw-error', role: 'alert', 'data-testid': 'booking-error', hidden: true })
  const submit = h('button', { type: 'submit', class: 'cbw-btn cbw-btn-primary', 'data-testid': 'booking-submit', text: 'Book appointment' })
  const form = h('form', { class: 'cbw-form', 'data-testid': 'booking-form', novalidate: true }, [
    field('Calendar', calendarSelect, calendarDescription),
    field('Duration', durationSelect),
    h('div', { class: 'cbw-field' }, [h('label', { class: 'cbw-label', for: dateInput.id, text: 'Date' }), h('div', { class: 'cbw-date-row' }, [previousDay, dateInput, nextDay])]),
    h('fieldset', { class: 'cbw-fieldset' }, [h('legend', { class: 'cbw-legend', text: 'Available times' }), zoneNote, slotsBox, slotsStatus, nextAvailable]),
    field('Your name', name),
    field('Your e-mail', email),
    ...controls.map((c) => c.el),
    error,
    submit,
  ])
  const confirmation = h('div', { class: 'cbw-result', 'data-testid': 'booking-confirmation', role: 'status', tabindex: '-1', hidden: true })
  form.addEventListener('input', () => showError(error, ''))
  form.addEventListener('change', () => showError(error, ''))

  const calendar = () => calendars.find((c) => c.calendar_id === calendarSelect.value) ?? calendars[0]

  function fillDurations() {
    const previous = durationSelect.value
    clear(durationSelect)
    const durations = calendar().durations.length ? calendar().durations : [30]
    for (const d of durations) durationSelect.appendChild(h('option', { value: d, text: `${d} minutes` }))
    if (durations.includes(Number(previous))) durationSelect.value = previous
    calendarDescription.textContent = calendar().description
    calendarDescription.hidden = !calendar().description.trim()
  }

  /** Keeps the date within today (in the visitor's zone) and the booking horizon. */
  function setDateBounds() {
    const today = todayIn(zone)
    dateInput.min = today
    dateInput.max = addDays(today, HORIZON_DAYS)
    if (!dateInput.value || dateInput.value < today) dateInput.value = today
    previousDay.disabled = dateInput.value <= today
    nextDay.disabled = dateInput.value >= dateInput.max
  }

  function goTo(day: string) {
    dateInput.value = day
    void loadSlots(false)
  }

  function choose(button: HTMLButtonElement, slot: Slot) {
    state.selected = slot
    for (const b of slotsBox.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b === button))
    showError(error, '')
  }

  /** Loads the chosen day's free times; `firstFreeDay` moves on to the next day that has one. */
  async function loadSlots(firstFreeDay: boolean) {
    const load = ++state.loads
    state.selected = null
    clear(slotsBox)
    nextAvailable.hidden = true
    slotsBox.setAttribute('aria-busy', 'true')
    slotsStatus.textContent = 'Loading available times…'
    zoneNote.textContent = `Times are shown in your time zone (${zone}).`
    setDateBounds()
    const answer = await context.api.slots({ calendar_id: calendar().calendar_id, duration: Number(durationSelect.value), date: dateInput.value, time_zone: zone })
    if (load !== state.loads) return // a newer request superseded this one
    slotsBox.removeAttribute('aria-busy')
    if (!answer.ok) {
      slotsStatus.textContent = errorText(answer)
      return
    }
    state.zone = answer.data.time_zone
    const { slots, next_available_date: next } = answer.data
    if (slots.length === 0 && next && firstFreeDay) {
      goTo(next)
      return
    }
    if (slots.length === 0) {
      slotsStatus.textContent = next ? 'No available times on this day.' : 'No available times on this day, nor in the months after it.'
      if (next) {
        nextAvailable.textContent = `Show the next free day: ${formatDay(next)}`
        nextAvailable.onclick = () => goTo(next)
        nextAvailable.hidden = false
      }
      return
    }
    slotsStatus.textContent = slots.length === 1 ? '1 time available.' : `${slots.length} times available.`
    for (const slot of slots) {
      const full = formatDateTime(slot.start, state.zone)
      const button = h('button', {
        type: 'button',
        class: 'cbw-slot',
        'data-testid': 'booking-slot',
        'data-start': slot.start,
        'data-end': slot.end,
        'aria-pressed': 'false',
        'aria-label': `${full} (${state.zone})`,
        title: full,
        text: formatTime(slot.start, state.zone),
      })
      button.addEventListener('click', () => choose(button, slot))
      slotsBox.appendChild(button)
    }
  }

  calendarSelect.addEventListener('change', () => {
    fillDurations()
    void loadSlots(true)
  })
  durationSelect.addEventListener('change', () => void loadSlots(true))
  dateInput.addEventListener('change', () => void loadSlots(false))
  previousDay.addEventListener('click', () => goTo(addDays(dateInput.value, -1)))
  nextDay.addEventListener('click', () => goTo(addDays(dateInput.value, 1)))

  /** The first problem with the form and the element to fix it in. */
  function check(): { problem: string; focus: HTMLElement } | null {
    let problem: { problem: string; focus: HTMLElement } | null = null
    if (!state.selected) problem = { problem: 'Please choose a time.', focus: slotsBox.querySelector('button') ?? dateInput }
    else if (!name.value.trim()) problem = { problem: 'Please enter your name.', focus: name }
    else if (!EMAIL.test(email.value.trim())) problem = { problem: 'Please enter a valid e-mail address.', focus: email }
    markInvalid(name, !name.value.trim())
    markInvalid(email, !EMAIL.test(email.value.trim()))
    // The service needs an answer to every question of the chatbot.
    for (const control of controls) {
      control.setInvalid(!control.answered())
      if (!control.answered()) problem ??= { problem: `Please answer: ${control.question.question || control.question.title}`, focus: control.focusable }
    }
    return problem
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (submit.disabled) return
    showError(error, '')
    const problem = check()
    if (problem) {
      showError(error, problem.problem)
      problem.focus.focus()
      return
    }
    const slot = state.selected as Slot
    const chosen = calendar()
    const duration = Number(durationSelect.value)
    const busy = (on: boolean) => {
      submit.disabled = on
      submit.textContent = on ? 'Booking…' : 'Book appointment'
      if (on) form.setAttribute('aria-busy', 'true')
      else form.removeAttribute('aria-busy')
    }
    busy(true)
    let failure: string | null = null
    const upload = async (file: File): Promise<string | null> => {
      if (file.size > MAX_UPLOAD) {
        failure = 'That file is larger than 10 MB. Please choose a smaller file.'
        return null
      }
      const uploaded = await context.api.upload(file, context.visitorId(), null)
      if (!uploaded.ok) failure = errorText(uploaded)
      return uploaded.ok ? uploaded.data.upload_id : null
    }
    // Files first, one by one; each answer is then its upload_id.
    const answers: NonNullable<BookingRequest['answers']> = []
    for (const control of controls) {
      const value = await control.value(upload)
      if (failure) break
      answers.push({ title: control.question.title, value })
    }
    if (failure) {
      busy(false)
      showError(error, failure)
      return
    }
    const booked = await context.api.book({
      visitor_id: context.visitorId(),
      calendar_id: chosen.calendar_id,
      duration,
      start: slot.start,
      client_name: name.value.trim(),
      client_email: email.value.trim(),
      answers,
    })
    busy(false)
    if (!booked.ok) {
      showError(error, errorText(booked))
      if (booked.status === 409) void loadSlots(false)
      return
    }
    // Shown on the visitor's clock, like the slot they chose.
    const { start, end, appointment_id } = booked.data
    clear(confirmation)
    confirmation.append(
      h('h4', { class: 'cbw-result-title', text: "You're booked!" }),
      h('p', { 'data-testid': 'booking-confirmation-time', 'data-start': slot.start, 'data-end': slot.end }, [
        h('strong', { text: formatDateTime(start, state.zone) }),
        ` – ${formatTime(end, state.zone)} (${state.zone})`,
      ]),
      h('p', { text: `${chosen.name} · ${duration} minutes` }),
      h('p', { class: 'cbw-muted', text: `A confirmation with a calendar invitation has been sent to ${email.value.trim()}.` }),
      h('p', { class: 'cbw-muted cbw-small', 'data-testid': 'booking-appointment-id', text: `Reference: ${appointment_id}` }),
      h('button', {
        type: 'button',
        class: 'cbw-btn cbw-btn-ghost',
        'data-testid': 'booking-new',
        text: 'Book another appointment',
        onclick: () => {
          confirmation.hidden = true
          form.hidden = false
          void loadSlots(true)
          calendarSelect.focus()
        },
      }),
    )
    form.hidden = true
    confirmation.hidden = false
    confirmation.focus()
  })

  fillDurations()
  setDateBounds()
  let loaded = false
  panel.onShow = () => {
    // Loaded the first time the panel opens, on the first day with a free time.
    if (loaded) return
    loaded = true
    void loadSlots(true)
  }
  panel.body.append(form, confirmation)
  return panel
}
