/** Spec texts (service-spec 4.3 and 7, contract 7 and 8) of the calendar endpoints and the booking core. */

export const CALENDARS_ADDED = 'Calendars were added to the chatbot, users can immediately see the new calendars.'
export const CALENDAR_DELETED = 'Calendar deleted successfully.'
export const SUCCESS = 'success'

/** calendar-add words it "use the create_subscription endpoint"... */
export const ADD_SUBSCRIPTION_REQUIRED = 'You need an active subscription to access this API, please use the create_subscription endpoint to get a subscription.'
/** ...calendar-view and calendar-delete without "the". */
export const SUBSCRIPTION_REQUIRED = 'You need an active subscription to access this API, please use create_subscription endpoint to get a subscription.'

export const ADD_WRONG_TYPE = 'Can only add Calendars to Appointment/Calendar Support Chatbots'
export const VIEW_WRONG_TYPE = 'Can only view calendars of Appointment/Calendar Support Chatbots.'
export const MANAGE_WRONG_TYPE = 'Can only manage calendars for Appointment/Calendar Support Chatbots.'
export const CALENDAR_DATA_REQUIRED = 'Must include calendar_data in the request, read the documentation for more information.'
export const CALENDAR_LIMIT_REACHED = 'You have reached your maximum calendar limit.'
export const calendarNotFound = (calendarId: string) => `Calendar with ID: ${calendarId} not found.`

export const SLOT_TAKEN = 'This time slot is no longer available.'

/** Field messages, read as "<field>: <message>". */
export const BOOKING_MESSAGES = {
  required: 'is required',
  unknownCalendar: 'is not a calendar of this chatbot',
  badDuration: 'must be one of 15, 30, 45, 60',
  durationNotOffered: (offered: readonly number[]) => `must be one this calendar offers: ${offered.join(', ')}`,
  unknownZone: 'must be an IANA time zone name, like America/New_York',
  badStart: 'must be an ISO 8601 date-time with an offset, like 2026-12-01T09:00:00-05:00',
} as const
/** Contract 10: calendar-edit. */
export const CALENDAR_UPDATED = 'Calendar updated successfully.'

/**
 * The calendar form's words for each problem kind of calendar-input.ts (the dashboard's labels
 * go before a message that starts in lower case: "Closes at must be later than the opening
 * time"). The API keeps CALENDAR_MESSAGES, which name its fields.
 */
export const CALENDAR_FORM_MESSAGES = {
  notList: 'Add at least one calendar.',
  emptyList: 'Add at least one calendar.',
  notObject: 'Fill in the calendar.',
  required: 'is required',
  notString: 'is required',
  empty: 'is required',
  tooLong: null,
  badEmail: 'must be an e-mail address, such as bookings@example.com',
  badTime: 'must be a time, such as 9:00 AM',
  endNotAfterStart: 'must be later than the opening time',
  badZone: 'must be one of the time zones in the list',
  notBoolean: 'must be ticked or not',
  noDuration: 'Choose at least one appointment length.',
  notWeeklyHours: 'must list opening hours by day',
  notWeekday: 'must be a day of the week',
  notRanges: 'must be at most 10 time ranges',
  badClock: 'must be a time, such as 09:00',
  rangeOrder: 'must be later than its start',
  rangeOverlap: 'must not overlap the range before it',
  outOfRange: null,
  notDays: 'must be at most 100 dates',
  badDay: 'must be a date, such as 2026-12-24',
} as const satisfies Record<string, string | null>
