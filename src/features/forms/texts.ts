/** Contract 10: deleting a submission. */
export const SUBMISSION_DELETED = 'Submission deleted successfully.'
export const submissionNotFound = (submissionId: string) => `Submission with ID: ${submissionId} not found.`
