import 'server-only';
/** The demo accounts; their passwords are printed in the README (demo installs only). */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@example.com',
    password: 'admin12345',
    admin: true,
    profile: { name: 'MacCMS 官方', site: 'https://www.maccms.pro', qq: '10001', wechat: 'maccms_official' },
  },
  {
    email: 'developer@example.com',
    password: 'dev12345',
    admin: false,
    profile: {
      name: '星河工作室',
      site: 'https://dev.example.com',
      qq: '123456789',
      wechat: 'xinghe_studio',
    },
  },
  {
    email: 'studio@example.com',
    password: 'studio12345',
    admin: false,
    profile: { name: '青柠主题', site: 'https://lime.example.com', qq: '987654321', wechat: 'lime_themes' },
  },
] as const;
