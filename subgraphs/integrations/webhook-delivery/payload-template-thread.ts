import { serveInThread } from '../../../platform/bounded-thread';
import { renderPayloadTemplate } from '../webhook/payload-template';

/** The render thread of payload templates (payload-template-renderer.ts): the only code it loads is the renderer. */
serveInThread(({ template, fields }: { template: string; fields: Record<string, unknown> }) => renderPayloadTemplate(template, fields));
