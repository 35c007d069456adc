/** Contract 10: deleting a lead. */
export const LEAD_DELETED = 'Lead deleted successfully.'
export const leadNotFound = (leadId: string) => `Lead with ID: ${leadId} not found.`
