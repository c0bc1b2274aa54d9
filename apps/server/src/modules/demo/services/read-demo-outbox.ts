import type { AppDeps } from '../../../deps.ts';
import { listMailTo } from '../../../mail/outbox.repository.ts';

export const DEMO_OUTBOX_LIMIT = 20;

export type DemoOutboxReply = {
  data: { id: number; to: string; subject: string; body: string; created_at: string }[];
};

/** GET /api/demo/outbox (demo mode only): the newest mails to one address, so a demo works without SMTP. */
export async function readDemoOutbox(deps: AppDeps, { input }: { input: { email: string } }): Promise<DemoOutboxReply> {
  const messages = await listMailTo(deps.db, input.email, DEMO_OUTBOX_LIMIT);
  return {
    data: messages.map((message) => ({
      id: message.id,
      to: message.to,
      subject: message.subject,
      body: message.body,
      created_at: message.createdAt.toISOString(),
    })),
  };
}
