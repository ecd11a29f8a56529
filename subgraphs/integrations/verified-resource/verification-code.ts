/** The one-time code rules are shared with the booker e-mail verification of scheduling (kit). */
export * from '../../kit/verification-code';
