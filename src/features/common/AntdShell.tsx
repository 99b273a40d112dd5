'use client';

import 'antd/dist/antd.css';
import { LoadingOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { useLocale } from 'next-intl';
import type { ReactNode } from 'react';
import { toLocale } from '@/contract/locales';
import { Empty } from '@/features/layout/Empty';

const ANTD_LOCALES = { 'zh-cn': zhCN, 'zh-tw': zhTW, 'en-us': enUS };
const THEME = { zeroRuntime: true };
// No space forced between two CJK characters ("登 录"): keeps labels natural and accessible names exact.
// A given loading icon is shown without antd's width animation. That animation's leave step can miss
// its transitionend when an answer comes back within a frame or two (a wrong password answered at
// once): the collapsed spinner then stays in the button for good, named "loading" to screen readers.
const BUTTON = { autoInsertSpace: false, loadingIcon: <LoadingOutlined /> };
// Tables and lists show the portal's own empty state; dropdowns and pickers a compact one.
const renderEmpty = (component?: string) => <Empty compact={component !== 'Table' && component !== 'List'} />;

/** antd in zero-runtime mode: its prebuilt CSS, imported only by modules that use antd. */
export function AntdShell({ children }: { children: ReactNode }) {
  const locale = toLocale(useLocale());
  return (
    <ConfigProvider theme={THEME} locale={ANTD_LOCALES[locale]} button={BUTTON} renderEmpty={renderEmpty}>
      {children}
    </ConfigProvider>
  );
}
