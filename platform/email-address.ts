/** An e-mail address as every input of the API checks it: something, `@`, a domain with a dot, no spaces (length bounds are each field's). */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
