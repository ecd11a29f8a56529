/** Languages a person may choose (reference: BookingAttendee.language, UpdateManagedUserInput.locale). */
export const LOCALES = [
  'ar', 'ca', 'de', 'es', 'eu', 'he', 'id', 'ja', 'lv', 'pl', 'ro', 'sr', 'th', 'vi', 'az', 'cs', 'el', 'es-419', 'fi', 'hr', 'it', 'km', 'nl',
  'pt', 'ru', 'sv', 'tr', 'zh-CN', 'bg', 'da', 'en', 'et', 'fr', 'hu', 'iw', 'ko', 'no', 'pt-BR', 'sk', 'ta', 'uk', 'zh-TW', 'bn',
] as const;
