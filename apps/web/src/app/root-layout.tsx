import { useDirection } from '@mantine/core';
import { bodyIdFromPath, matchRoute } from '@recovery-desk/domain/route-catalogue.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { DebugBlock } from '../components/debug-block.tsx';
import { ToastContainer } from '../components/toast-container.tsx';
import { loadChatWidget } from '../lib/chat-widget.ts';
import { directionOf, useDictionaryVersion } from '../lib/i18n/i18n.ts';
import { translateKey } from '../lib/i18n/dynamic-key.ts';
import { usePublicConfig } from '../lib/public-config.ts';

/** Every page: body id from the path, page title, text direction, toasts, chat widget, debug block. */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const config = usePublicConfig();
  const { setDirection } = useDirection();
  // the title's route label may be in a part of the dictionary that loads with the screen
  const dictionaryVersion = useDictionaryVersion();

  useEffect(() => {
    document.body.id = bodyIdFromPath(location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    const route = matchRoute(location.pathname);
    const appName = String(t('AppName'));
    document.title = route ? `${translateKey(t, route.labelKey, route.label)} · ${appName}` : appName;
  }, [location.pathname, t, dictionaryVersion]);

  useEffect(() => {
    setDirection(directionOf(i18n.language));
  }, [i18n.language, setDirection]);

  useEffect(() => {
    loadChatWidget(config.chatWidgetUrl);
  }, [config.chatWidgetUrl]);

  return (
    <>
      <Outlet />
      <ToastContainer />
      {import.meta.env.DEV ? <DebugBlock /> : null}
    </>
  );
}
