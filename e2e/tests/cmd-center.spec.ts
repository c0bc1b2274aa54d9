import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signInToApp } from '../support/session.ts';

// Issue 16: the command center's screens. Command Center Settings: admin.west (ZN-W, the command center's
// LEGAL_SETTINGS_SAUTH, no sign-in code on the e2e server) reads the settings in their groups with the severity
// table, sees a value out of bounds refused, and saves a change that a reload shows (then puts it back). Axe on it.

test('admin.west: the command-center settings are read, checked and saved', async ({ page }) => {
  await signInToApp(page, { user: 'admin.west', unit: 'ZN-W', app: 'Command Center' });
  await page.goto('/cmdCenter/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Command Center Settings' })).toBeVisible();
  const form = page.getByTestId('cc-settings-form');
  await expect(form.getByRole('group', { name: 'Tracking' })).toBeVisible();
  const table = page.getByTestId('cc-severity-table');
  await expect(table.getByRole('rowheader', { name: 'Receipt far from the customer' })).toBeVisible();
  await expectNoAxeViolations(page);

  const retention = form.getByLabel(/^Positions are kept for/);
  const before = await retention.inputValue();
  await form.getByLabel(/^Geofence radius around the address/).fill('250');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByLabel(/^Geofence radius around the address/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await form.getByLabel(/^Geofence radius around the address/).fill('150');

  const changed = before === '120' ? '121' : '120';
  await retention.fill(changed);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The command-center settings were saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('cc-settings-form').getByLabel(/^Positions are kept for/)).toHaveValue(changed);
  await expect(page.getByText(/^Last saved by Nikhil Shinde/)).toBeVisible();

  const again = page.getByTestId('cc-settings-form');
  await again.getByLabel(/^Positions are kept for/).fill(before);
  await again.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The command-center settings were saved.').first()).toBeVisible();
});
