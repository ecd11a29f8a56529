/** An E.164 phone number: `+`, a country code that does not start with 0, at most 15 digits in all. */
export const E164_PHONE = /^\+[1-9]\d{1,14}$/;
