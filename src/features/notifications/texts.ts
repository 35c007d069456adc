/** The owner's notification e-mails (contract 10): one per new lead, submission, appointment and cancellation. */
export const OWNER_NOTIFICATION_SUBJECTS = {
  lead: (chatbot: string) => `New lead from ${chatbot}`,
  submission: (chatbot: string) => `New form submission from ${chatbot}`,
  appointment: (chatbot: string) => `New appointment booked through ${chatbot}`,
  cancellation: (chatbot: string) => `Appointment cancelled on ${chatbot}`,
} as const

export const OWNER_NOTIFICATION_FOOTER = 'You receive these e-mails because notifications are on for this chatbot. Turn them off in its settings (owner_notifications).'
