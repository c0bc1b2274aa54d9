import { expect, test } from '../support/test.ts';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { DemoOutboxPage } from '../pages/demo-outbox-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ForgotPasswordPage } from '../pages/password-pages.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { openCollectionsIn } from '../support/collections.ts';

// User Approval (issue 14): admin.west (ZN-W) requests a new user for the Andheri branch, admin (HO, signs in with a
// mailed code) sees the diff and pushes it back, admin.west resubmits it from the prefilled form, admin approves it, and the new user sets a password with the code mailed on approval and
// signs in. Axe on the users list, the request form, the request's diff and Collections Settings.

test('a user created by one administrator and approved by another signs in', async ({ browser }) => {
  test.setTimeout(240_000);
  const username = `e2e.user${Date.now().toString(36)}`;
  const email = `${username}@demo.recoverydesk.in`;

  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await openCollectionsIn(maker, 'admin.west', 'ZN-W');
  await maker.goto('/collapp/userApproval');
  await expect(maker.getByRole('heading', { level: 1, name: 'User Approval' })).toBeVisible();
  await expect(maker.getByTestId('users-row').first()).toBeVisible();
  await expectNoAxeViolations(maker);

  await maker.getByRole('button', { name: 'Create user' }).click();
  const form = maker.getByTestId('user-form');
  await form.getByLabel(/^Username/).fill(username);
  await form.getByLabel(/^Full name/).fill('Ritika Deshpande');
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Mobile/).fill('9812345678');
  await form.getByLabel(/^BR-AND ·/).check();
  await form.getByRole('button', { name: 'Add authority' }).click();
  await form.getByLabel(/^Authority/).selectOption('UPLOAD_DASH_SAUTH');
  await expectNoAxeViolations(maker);
  await form.getByRole('button', { name: 'Send for approval' }).click();
  await expect(maker.getByTestId('toast-container')).toContainText('waits for a second administrator');

  // Nothing changed yet: the user cannot sign in.
  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await openCollectionsIn(checker, 'admin', 'HO');
  await checker.goto('/collapp/userApproval');
  await checker.getByRole('tab', { name: 'Change requests' }).click();
  const row = checker.getByTestId('user-requests-row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Review/ }).click();
  const dialog = checker.getByRole('dialog');
  await expect(dialog.getByTestId('user-change-diff')).toContainText(`Username: — → ${username}`);
  await expect(dialog.getByTestId('user-change-diff')).toContainText('Unit added: BR-AND');
  await expectNoAxeViolations(checker);
  // Pushed back first: the maker adds what the checker asks for and resubmits from the prefilled form.
  await dialog.getByLabel(/^Remarks/).fill('Use the full name as on the ID card');
  await dialog.getByRole('button', { name: 'Push back' }).click();
  await expect(checker.getByTestId('toast-container')).toContainText('The request went back to its maker.');
  await expect(row).toHaveCount(0);

  await maker.getByRole('tab', { name: 'Change requests' }).click();
  await maker.getByText('My requests').click();
  await maker.getByRole('tab', { name: /^Pushed back/ }).click();
  const pushedBack = maker.getByTestId('user-requests-row').filter({ hasText: username });
  await pushedBack.getByRole('button', { name: /^Edit and resubmit/ }).click();
  const resubmit = maker.getByTestId('user-form');
  await expect(maker.getByTestId('user-pushback-remarks')).toContainText('Use the full name as on the ID card');
  await expect(resubmit.getByLabel(/^Username/)).toHaveValue(username);
  await expectNoAxeViolations(maker);
  await resubmit.getByLabel(/^Full name/).fill('Ritika Anand Deshpande');
  await resubmit.getByRole('button', { name: 'Resubmit for approval' }).click();
  await expect(maker.getByTestId('toast-container')).toContainText('The request waits for a checker again.');

  await checker.reload();
  await checker.getByRole('tab', { name: 'Change requests' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Review/ }).click();
  await expect(dialog.getByTestId('user-change-diff')).toContainText('Full name: — → Ritika Anand Deshpande');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByTestId('toast-container')).toContainText('The request is decided.');
  await expect(row).toHaveCount(0);

  await checker.goto('/collapp/settings');
  await expect(checker.getByRole('heading', { level: 1, name: 'Collections Settings' })).toBeVisible();
  await expect(checker.getByRole('button', { name: 'Save settings' })).toBeVisible();
  await expectNoAxeViolations(checker);

  // The new user: the reset code mailed on approval, a new password, then sign in.
  const userContext = await browser.newContext();
  const page = await userContext.newPage();
  const outbox = new DemoOutboxPage(await userContext.newPage());
  const code = await outbox.waitForCode(email, 'password reset code');
  await outbox.page.close();
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await forgot.requestCode(email);
  await expect(page.getByLabel(/^Reset code/)).toBeVisible();
  const password = 'Ritika sets her own 2026 passphrase';
  await forgot.reset(code, password);
  await expect(page).toHaveURL(/\/login$/);
  await new LoginPage(page).signIn(username, password);
  await new AppSelectorPage(page).expectLoaded();

  await makerContext.close();
  await checkerContext.close();
  await userContext.close();
});
