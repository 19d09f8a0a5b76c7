// The captcha's wire name as a plain module (no zod): the API client on the first page's critical path sends it.

/** The header a captcha solution travels in (spec §7: named recaptchatoken on sign-in). */
export const CAPTCHA_HEADER = 'recaptchatoken'
