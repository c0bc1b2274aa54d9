import { expect, test, type Page } from '@playwright/test';

export class DemoOutboxPage {
  constructor(readonly page: Page) {}

  async open(email: string): Promise<void> {
    await this.page.goto(`/demo/outbox?email=${encodeURIComponent(email)}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  }

  /**
   * Waits until no mail whose subject contains `subject` was sent to `email` in the last `seconds` (the sign-in code's
   * resend cooldown): a spec that signed the same user in moments before must not change what this one sees first.
   */
  async waitUntilQuiet(email: string, subject: string, seconds: number): Promise<void> {
    const reply = await this.page.request.get(`/api/demo/outbox?email=${encodeURIComponent(email)}`);
    expect(reply.ok()).toBe(true);
    const { data } = (await reply.json()) as { data: { subject: string; created_at: string }[] };
    const latest = data.find((mail) => mail.subject.includes(subject));
    if (!latest) return;
    const waitMs = Date.parse(latest.created_at) + (seconds + 1) * 1000 - Date.now();
    if (waitMs <= 0) return;
    test.info().setTimeout(test.info().timeout + waitMs);
    await this.page.waitForTimeout(waitMs);
  }

  /**
   * Reloads until a message whose subject contains `subject` arrives (newest first); returns the code in its body.
   * `other`: a code already used, to wait for a newer message.
   */
  async waitForCode(email: string, subject: string, other?: string | null): Promise<string> {
    let code: string | null = null;
    await expect(async () => {
      await this.open(email);
      const message = this.page.getByTestId('outbox-message').filter({ hasText: subject }).first();
      const body = (await message.textContent({ timeout: 2_000 })) ?? '';
      code = /code is (\w+)/.exec(body)?.[1] ?? null;
      expect(code).not.toBeNull();
      expect(code).not.toBe(other ?? null);
    }).toPass({ timeout: 30_000 });
    return code ?? '';
  }

  /** A code newer than `other` that arrives within `timeout` ms, or null when none does. */
  async newCode(email: string, subject: string, other: string | null, timeout: number): Promise<string | null> {
    try {
      let code: string | null = null;
      await expect(async () => {
        code = await this.latestCode(email, subject);
        expect(code).not.toBeNull();
        expect(code).not.toBe(other);
      }).toPass({ timeout });
      return code;
    } catch {
      return null;
    }
  }

  /**
   * The code of the newest message whose subject contains `subject`, or null when there is none. Read from the
   * outbox's API, not the page: the page shows its heading before the messages load, so a count taken then could
   * miss the newest code and let an older, spent one pass for new.
   */
  async latestCode(email: string, subject: string): Promise<string | null> {
    const reply = await this.page.request.get(`/api/demo/outbox?email=${encodeURIComponent(email)}`);
    expect(reply.ok()).toBe(true);
    const { data } = (await reply.json()) as { data: { subject: string; body: string; created_at: string }[] };
    const newest = data
      .filter((mail) => mail.subject.includes(subject))
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
    return newest ? (/code is (\w+)/.exec(newest.body)?.[1] ?? null) : null;
  }
}
