/** The one-time code rules are shared with the booker e-mail verification of scheduling (platform/verification-code.ts). */
export * from '../../../platform/verification-code';
