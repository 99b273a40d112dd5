import { expect, test } from '@playwright/test';
import { open, signUp } from './support';

test.use({ locale: 'zh-CN' });

test('the account page lists the sessions, signs one out, and keeps a mail switch off', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = `e2e-settings-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'secret123';
  // This browser registers; a second client logs in to the same account elsewhere.
  await signUp(page.request, { email, password });
  const elsewhere = await playwright.request.newContext({ baseURL });
  const other = await elsewhere.post('/api/user/login', { data: { email, password } });
  expect((await other.json()).code).toBe(1);

  await open(page, '/user');
  const sessions = page.getByTestId('sessions');
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const mine = sessions.getByRole('listitem').filter({ hasText: '当前浏览器' });
  await expect(mine).toHaveCount(1);

  // Sign the other client out: the list shows this browser only, and the other client is logged out.
  await sessions.getByRole('listitem').filter({ hasNotText: '当前浏览器' }).getByRole('button').click();
  await expect(page.getByRole('status').getByText('已退出')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  const after = await elsewhere.post('/api/user/user_info', { data: {} });
  expect(after.status()).toBe(401);
  await elsewhere.dispose();

  // Turn off review mail; the page shows it off again after a reload.
  const review = page.getByRole('switch', { name: '审核结果' });
  await expect(review).toBeChecked();
  await review.click();
  await expect(page.getByRole('status').getByText('邮件设置已保存')).toBeVisible();
  await expect(review).not.toBeChecked();
  await page.reload();
  await expect(page.getByText(`发送到 ${email}`)).toBeVisible();
  await expect(page.getByRole('switch', { name: '审核结果' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: '问题反馈' })).toBeChecked();
});

test('moving the login email asks for the current password beside the address', async ({ page }) => {
  const email = `e2e-move-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const next = `e2e-moved-${Date.now()}@example.com`;
  await signUp(page.request, { email, password: 'secret123' });
  await open(page, '/user');
  // The password change form below has a field of the same name.
  const profile = page.locator('form#profile');
  const current = profile.getByLabel('当前密码');
  await expect(current).toHaveCount(0); // other fields save without it
  await profile.getByLabel('注册邮箱').fill(next);
  await expect(current).toBeVisible();
  await expect(profile.getByText('更换登录邮箱需要输入当前密码。')).toBeVisible();
  await profile.getByLabel('开发者名称').fill('Moving Studio');
  await profile.getByLabel('开发者网站').fill('https://moving.example.com');

  await current.fill('not-my-password');
  await profile.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByText('当前密码不正确')).toBeVisible();

  await current.fill('secret123');
  await profile.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByRole('status').getByText(`等待确认：${next}`)).toBeVisible();
});
