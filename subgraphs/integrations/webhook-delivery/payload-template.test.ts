import { PAYLOAD_BODY_MAX_BYTES, PAYLOAD_TEMPLATE_MAX_CHARS, payloadTemplateProblem, renderPayloadTemplate } from '../webhook/payload-template';
import { closeRenderThread, renderOffThread } from './payload-template-renderer';

/** A flat payload as the fan-out renders it (spec 6: `{{type}}`, `{{title}}`, `{{organizer.name}}`, `{{attendees.0.name}}`). */
const FIELDS = {
  triggerEvent: 'BOOKING_CREATED',
  createdAt: '2031-01-01T10:00:00.000Z',
  type: 'intro',
  title: 'Intro call with Ana "Quote" Lee',
  length: 30,
  utcOffset: -300,
  requiresConfirmation: false,
  platformOAuthClientId: null,
  organizer: { name: 'Olivia Organizer', email: 'olivia@example.com', language: { locale: 'en' } },
  attendees: [
    { name: 'Ana "Quote" Lee', email: 'ana@example.com' },
    { name: 'Line\nBreak \\ Back', email: 'bob@example.com' },
  ],
};

/** Six nested blocks over the whole payload: 145 characters. */
const NESTED_EACH = `${'{{#each @root}}'.repeat(6)}x${'{{/each}}'.repeat(6)}`;

describe('payload templates: {{path}} placeholders over the flat payload (spec 6 rule 2)', () => {
  it('a JSON template is sent as JSON: dotted paths, array indexes, every value JSON-escaped inside its string', () => {
    const rendered = renderPayloadTemplate(
      '{"t":"{{type}}","title":"{{ title }}","who":"{{organizer.name}}","guest":"{{attendees.0.name}}","second":"{{attendees.1.name}}"}',
      FIELDS,
    );
    expect(rendered.contentType).toBe('application/json');
    expect(JSON.parse(rendered.body)).toEqual({
      t: 'intro',
      title: 'Intro call with Ana "Quote" Lee',
      who: 'Olivia Organizer',
      guest: 'Ana "Quote" Lee',
      second: 'Line\nBreak \\ Back',
    });
  });

  it('any other template is form-encoded text, values as they are', () => {
    expect(renderPayloadTemplate('event={{triggerEvent}}&slug={{type}}&guest={{attendees.1.email}}', FIELDS)).toEqual({
      body: 'event=BOOKING_CREATED&slug=intro&guest=bob@example.com',
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('an unknown path, null and undefined render as nothing; numbers and booleans as their text; objects and arrays as their JSON', () => {
    expect(
      renderPayloadTemplate(
        'a={{nope}}&b={{organizer.nope.deeper}}&c={{attendees.7.name}}&d={{platformOAuthClientId}}&e={{length}}&f={{utcOffset}}&g={{requiresConfirmation}}',
        FIELDS,
      ).body,
    ).toBe('a=&b=&c=&d=&e=30&f=-300&g=false');
    expect(renderPayloadTemplate('o={{organizer.language}}&a={{attendees.0}}', FIELDS).body).toBe(
      'o={"locale":"en"}&a={"name":"Ana \\"Quote\\" Lee","email":"ana@example.com"}',
    );
    const json = JSON.parse(renderPayloadTemplate('{"organizer":"{{organizer}}"}', FIELDS).body);
    expect(JSON.parse(json.organizer)).toEqual(FIELDS.organizer);
  });

  it('own properties only: prototype keys render nothing of the prototype', () => {
    const template =
      'a={{__proto__}}&b={{constructor.name}}&c={{toString}}&d={{organizer.__proto__.constructor.name}}&e={{attendees.constructor.name}}&f={{organizer.hasOwnProperty}}';
    expect(renderPayloadTemplate(template, FIELDS).body).toBe('a=&b=&c=&d=&e=&f=');
  });

  it('blocks, helpers, partials, comments and triple braces are not placeholders: refused, naming the first and where it is', () => {
    for (const [template, first] of [
      [NESTED_EACH, '{{#each @root}}'],
      ['{"a":"{{title}}","b":"{{> partial}}"}', '{{> partial}}'],
      ['x={{lookup organizer "name"}}', '{{lookup organizer "name"}}'],
      ['x={{{title}}}', '{{{title}}}'],
      ['x={{!-- note --}}', '{{!-- note --}}'],
      ['x={{../title}}', '{{../title}}'],
      ['x={{title', '{{title'],
    ]) {
      expect(payloadTemplateProblem(template)).toContain(first);
      expect(() => renderPayloadTemplate(template, FIELDS)).toThrow(first);
    }
    expect(payloadTemplateProblem(NESTED_EACH)).toBe(
      'payloadTemplate: "{{#each @root}}" at character 1 is not a placeholder: a template uses {{path}} placeholders only, e.g. {{title}}, {{organizer.name}}, {{attendees.0.name}}',
    );
    expect(payloadTemplateProblem('{"t":"{{title}}"} }} and single { braces')).toBeNull();
  });

  it('the 145-character nested {{#each @root}} template is refused at once', () => {
    expect(NESTED_EACH).toHaveLength(145);
    const started = performance.now();
    expect(() => renderPayloadTemplate(NESTED_EACH, FIELDS)).toThrow('{{#each @root}}');
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('bounded: a template over 20,000 characters and a body over 1 MiB are refused', () => {
    expect(PAYLOAD_TEMPLATE_MAX_CHARS).toBe(20_000);
    expect(PAYLOAD_BODY_MAX_BYTES).toBe(1024 * 1024);
    expect(payloadTemplateProblem('x'.repeat(20_001))).toBe('payloadTemplate: at most 20000 characters (this one has 20001)');
    expect(payloadTemplateProblem('x'.repeat(20_000))).toBeNull();
    const big = { big: 'é'.repeat(50_000) }; // 100,000 bytes of UTF-8
    expect(Buffer.byteLength(renderPayloadTemplate('{{big}}'.repeat(10), big).body)).toBe(1_000_000);
    expect(() => renderPayloadTemplate('{{big}}'.repeat(11), big)).toThrow('payloadTemplate: the body would be larger than 1 MiB (1048576 bytes)');
    // Each placeholder of an object costs its JSON: the bound holds for them too.
    expect(() => renderPayloadTemplate('{{attendees}}'.repeat(1_500), { attendees: [{ name: 'x'.repeat(1_000) }] })).toThrow('larger than 1 MiB');
  });
});

describe("rendering off the worker's event loop", () => {
  afterAll(closeRenderThread);

  it('renders in a worker thread: the same body, and a refusal with its reason', async () => {
    expect(await renderOffThread('{"who":"{{organizer.name}}"}', FIELDS)).toEqual({ body: '{"who":"Olivia Organizer"}', contentType: 'application/json' });
    await expect(renderOffThread(NESTED_EACH, FIELDS)).rejects.toThrow('{{#each @root}}');
    await expect(renderOffThread('{{big}}'.repeat(11), { big: 'x'.repeat(100_000) })).rejects.toThrow('larger than 1 MiB');
    expect(await renderOffThread('t={{title}}', FIELDS)).toEqual({
      body: 't=Intro call with Ana "Quote" Lee',
      contentType: 'application/x-www-form-urlencoded',
    });
  });
});
