export const INVALID_EMAIL = 'Enter a valid email address.'
export const INVALID_RETURN_URL = 'return_url must be an absolute http(s) URL.'
export const codeSent = (email: string) => `A verification code has been sent to ${email}.`
export const WAIT_BEFORE_RESEND = 'Please wait before requesting another code.'
export const ALREADY_SUBSCRIBED =
  'This account already has an active subscription, please use the login endpoint to get an API access token.'
export const INVALID_CODE = 'Invalid verification code.'
export const CODE_EXPIRED = 'Verification code has expired, please use create_subscription to get a new one.'
export const LOGIN_CODE_SENT = 'If this address has a subscription, a login code has been sent to it.'
export const INVALID_LOGIN_CODE = 'Invalid or expired login code.'
export const TOKEN_REVOKED = 'Token revoked.'
