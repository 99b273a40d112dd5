import zhCn from '@messages/zh-cn';
import { expect, test } from '@playwright/test';
import { MAIN_NAV } from '@/features/layout/nav';
import { open } from './support';

test.use({ locale: 'zh-CN' });

test('a visitor registers, logs out and in, edits the profile, and switches to English', async ({ page }) => {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'secret123';
  const header = page.getByRole('banner');
  const userLink = header.getByRole('link', { name: email });

  await open(page, '/');

  // Menu entries whose pages are not built yet say "Coming soon" instead of leading to a 404.
  const unbuilt = MAIN_NAV.find((item) => !item.ready);
  if (unbuilt) {
    const label = (zhCn.nav as Record<string, string>)[unbuilt.key]!;
    await header.getByRole('button', { name: label, exact: true }).click();
    await expect(page.getByText('敬请期待').first()).toBeVisible();
  }

  // Register: the submit stays disabled until every field is filled.
  await header.getByRole('button', { name: '注册', exact: true }).click();
  const register = page.getByRole('dialog', { name: '注册账号' });
  const submitRegister = register.getByRole('button', { name: '注册', exact: true });
  await expect(submitRegister).toBeDisabled();
  await register.getByLabel('邮箱').fill(email);
  await register.getByLabel('密码', { exact: true }).fill(password);
  await register.getByLabel('确认密码').fill(password);
  await submitRegister.click();
  // The answer would be the same for a taken address: it says to follow the mailed link, and
  // does not log in.
  await expect(register.getByRole('status')).toContainText('我们已向这个邮箱发送了一个链接');
  await page.keyboard.press('Escape');
  await expect(register).toBeHidden();
  await expect(userLink).toBeHidden();

  // Login.
  const logIn = async () => {
    await header.getByRole('button', { name: '登录', exact: true }).click();
    const login = page.getByRole('dialog', { name: '登录' });
    await login.getByLabel('邮箱').fill(email);
    await login.getByLabel('密码', { exact: true }).fill(password);
    await login.getByRole('button', { name: '登录', exact: true }).click();
    await expect(login).toBeHidden();
    await expect(userLink).toBeVisible(); // a new account has no name yet: the email stands in
  };
  await logIn();

  // Logout, and in again.
  await header.getByRole('button', { name: '账户菜单' }).click();
  await header.getByRole('button', { name: '退出登录' }).click();
  await expect(userLink).toBeHidden();
  await logIn();

  // Edit the developer profile.
  await userLink.click();
  await expect(page).toHaveURL(/\/user$/);
  await page.getByLabel('开发者名称').fill('E2E 工作室');
  await page.getByLabel('开发者网站').fill('https://e2e.example.com');
  await page.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(header.getByRole('link', { name: 'E2E 工作室' })).toBeVisible();

  // Switch to English through the language dropdown.
  await header.getByRole('button', { name: /语言/ }).click();
  await header.getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en-us\/user$/);
  await expect(page.getByRole('heading', { name: 'Developer profile' })).toBeVisible();
  await expect(page.getByLabel('Developer name')).toHaveValue('E2E 工作室');

  // The choice survives a reload and a visit to the unprefixed home.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Developer profile' })).toBeVisible();
  await open(page, '/');
  await expect(page).toHaveURL(/\/en-us$/);
  await expect(header.getByRole('link', { name: 'Home' })).toBeVisible();

  // An unknown page.
  const response = await open(page, '/en-us/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
});
