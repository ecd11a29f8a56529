import { DirectoryUser } from '../directory/user-directory';
import { html, Html } from './html';

export interface Notice {
  kind: 'error' | 'success' | 'info';
  text: string | Html;
}

export interface PageFrame {
  title: string;
  body: Html;
  /** The signed-in user (navigation and the sign-out form), if any. */
  user?: DirectoryUser | null;
  /** The CSRF token of the signed-in session, for the sign-out form. */
  csrf?: string;
  notice?: Notice | null;
}

/** Hidden CSRF field of every form. */
export const csrfField = (token: string): Html => html`<input type="hidden" name="csrf" value="${token}">`;

/** The one layout of the pages under /auth: plain HTML, one stylesheet, no script. */
export function page(frame: PageFrame): string {
  const { user } = frame;
  const navigation = user
    ? html`<nav>
        <a href="/auth/settings/developer">Developer settings</a>
        <a href="/auth/invitations">Invitations</a>
        ${user.isServiceAdmin ? html`<a href="/auth/admin/oauth-clients">OAuth client review</a>` : ''}
        <span class="who">${user.email}</span>
        <form method="post" action="/auth/logout" class="inline">${csrfField(frame.csrf ?? '')}<button type="submit" class="link">Sign out</button></form>
      </nav>`
    : html`<nav><a href="/auth/login">Sign in</a></nav>`;
  const notice = frame.notice
    ? html`<p class="notice ${frame.notice.kind}" role="${frame.notice.kind === 'error' ? 'alert' : 'status'}">${frame.notice.text}</p>`
    : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title} · Scheduling Service</title>
<link rel="stylesheet" href="/auth/assets/style.css">
</head>
<body>
<header><a class="brand" href="/auth">Scheduling Service</a>${navigation}</header>
<main>
<h1>${frame.title}</h1>
${notice}
${frame.body}
</main>
</body>
</html>
`.text;
}

export const STYLESHEET = `
:root { --ink: #1d2430; --muted: #5b6577; --line: #d9dee7; --accent: #2f5bd3; --bg: #f5f7fb; --ok: #1d7a46; --bad: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: .75rem 1.5rem; background: #fff; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
.brand { font-weight: 700; color: var(--ink); text-decoration: none; }
nav { display: flex; align-items: center; gap: 1rem; flex-wrap: wrap; }
nav a { color: var(--accent); text-decoration: none; }
.who { color: var(--muted); }
main { max-width: 52rem; margin: 2rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .75rem; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 1.25rem 1.5rem; margin: 0 0 1rem; }
.narrow { max-width: 26rem; }
label { display: block; font-weight: 600; margin: .9rem 0 .3rem; }
input[type=text], input[type=email], input[type=password], input[type=url], textarea { width: 100%; padding: .55rem .65rem; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
textarea { min-height: 5rem; }
fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 1rem 0; padding: .5rem 1rem 1rem; }
legend { font-weight: 600; padding: 0 .3rem; }
.choices { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .2rem 1rem; }
.choices label, .option { font-weight: 400; margin: .2rem 0; }
.hint { color: var(--muted); font-size: .9rem; margin: .2rem 0; }
button { font: inherit; padding: .55rem 1.1rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: var(--ink); border-color: var(--line); }
button.danger { background: var(--bad); border-color: var(--bad); }
button.link { background: none; border: none; color: var(--accent); padding: 0; }
.actions { display: flex; gap: .75rem; margin-top: 1.25rem; flex-wrap: wrap; }
form.inline { display: inline; margin: 0; }
.notice { padding: .75rem 1rem; border-radius: 8px; border: 1px solid var(--line); background: #fff; }
.notice.error { border-color: var(--bad); color: var(--bad); }
.notice.success { border-color: var(--ok); color: var(--ok); }
.scopes { margin: .5rem 0 0; padding-left: 1.2rem; }
.scopes code, code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; }
.secret { display: block; padding: .6rem .8rem; background: #fff8e1; border: 1px dashed #c99a00; border-radius: 6px; word-break: break-all; }
.status { display: inline-block; padding: .05rem .5rem; border-radius: 999px; font-size: .8rem; font-weight: 600; border: 1px solid var(--line); }
.status.APPROVED { color: var(--ok); border-color: var(--ok); }
.status.REJECTED { color: var(--bad); border-color: var(--bad); }
.status.PENDING { color: #8a6100; border-color: #c99a00; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .5rem 0 0; }
dt { color: var(--muted); }
dd { margin: 0; word-break: break-all; }
.empty { color: var(--muted); }
`;
