/** Markup that is already safe: the result of `html` (or of `raw`, for the few constant fragments). */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"'`]/g, (c) => ENTITIES[c]);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

/**
 * The only way the pages write markup: every interpolated value is HTML-escaped, unless it is
 * itself `Html` (a nested template). Arrays are rendered item by item; null, undefined and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let text = strings[0];
  values.forEach((value, i) => {
    text += render(value) + strings[i + 1];
  });
  return new Html(text);
}

/** A constant fragment written by us (never user data). */
export const raw = (text: string): Html => new Html(text);
