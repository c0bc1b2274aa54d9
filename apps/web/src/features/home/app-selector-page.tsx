import { Alert, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { findApp } from '@recovery-desk/domain/apps.ts';
import { UNIT_LEVEL_LABEL_KEY, type UnitLevel } from '@recovery-desk/domain/units.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PrimaryButton } from '../../components/primary-button.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { UserMenu } from '../../components/user-menu.tsx';
import { formatBusinessDate } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { log } from '../../lib/log.ts';
import { loadProfile } from '../../lib/session-actions.ts';
import { setActingUnit, setActiveApp, useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { appsOfUnit } from './app-choices.ts';

function preferredAppOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as { preferredApp?: unknown }).preferredApp;
  return typeof value === 'string' ? value : null;
}

/** /home: the app selector — acting unit, then an app among those the unit gives the user. */
export function AppSelectorPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const units = Object.values(session.units).sort((a, b) => a.name.localeCompare(b.name));
  const [unitId, setUnitId] = useState(() => {
    if (session.actingUnit !== null) return String(session.actingUnit);
    return units.length === 1 && units[0] ? String(units[0].id) : '';
  });
  const [appCode, setAppCode] = useState(() => session.activeApp ?? preferredAppOf(location.state) ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const [isContinuing, setIsContinuing] = useState(false);

  // Refresh the profile on every visit; a failed load has already cleared the session (spec §8).
  const profile = useQuery({
    queryKey: ['profile', 'home'],
    queryFn: () => loadProfile('home'),
    retry: false,
    staleTime: 0,
  });
  useEffect(() => {
    if (!profile.isError) return;
    addToast({
      title: String(t('Error')),
      message: String(t('ProfileLoadFailed')),
      type: 'error',
      from: 'home/profile',
    });
    void navigate('/login', { replace: true });
  }, [profile.isError, navigate, t]);

  const unit = unitId ? session.units[unitId] : undefined;
  const apps = appsOfUnit(unit);
  const chosenApp = apps.find((app) => app.code === appCode) ?? (apps.length === 1 ? apps[0] : undefined);

  const levelLabel = (level: string) =>
    level in UNIT_LEVEL_LABEL_KEY ? translateKey(t, UNIT_LEVEL_LABEL_KEY[level as UnitLevel], level) : level;

  const handleContinue = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!unit || !chosenApp || isContinuing) return;
    setIsContinuing(true);
    setActingUnit(unit.id);
    setActiveApp(chosenApp.code);
    try {
      await loadProfile(chosenApp.code);
    } catch (error) {
      log('profile for app failed', error);
      addToast({
        title: String(t('Error')),
        message: String(t('ProfileLoadFailed')),
        type: 'error',
        from: 'home/continue',
      });
      await navigate('/login', { replace: true });
      return;
    }
    await navigate(findApp(chosenApp.code)?.homePath ?? chosenApp.homePath);
    setIsContinuing(false);
  };

  const isLoadingFirstTime = units.length === 0 && profile.isPending;

  return (
    <PageFrame headerEnd={<UserMenu />} size="sm">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <form onSubmit={(event) => void handleContinue(event)} noValidate>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {String(t('AppSelector'))}
              </Title>
              <Text c="dimmed" size="sm">
                {String(t('AppSelectorIntro'))}
              </Text>
            </div>
            {session.userDetails || session.businessDate ? (
              <Group gap="xl">
                {session.userDetails ? (
                  <Text size="sm">
                    <strong>{String(t('User'))}:</strong> {session.userDetails.full_name} (
                    {session.userDetails.username})
                  </Text>
                ) : null}
                {session.businessDate ? (
                  <Text size="sm" data-testid="business-date">
                    <strong>{String(t('BusinessDate'))}:</strong>{' '}
                    {formatBusinessDate(session.businessDate, i18n.language)}
                  </Text>
                ) : null}
              </Group>
            ) : null}
            {isLoadingFirstTime ? <PageLoader label={String(t('LoadingProfile'))} /> : null}
            {!isLoadingFirstTime && units.length === 0 ? (
              <Alert color="orange" variant="outline">
                {String(t('NoUnits'))}
              </Alert>
            ) : null}
            {units.length > 0 ? (
              <SelectField
                label={String(t('ActingUnit'))}
                name="actingUnit"
                value={unitId}
                onChange={(value) => {
                  setUnitId(value);
                  setAppCode('');
                }}
                isRequired
                showErrors={showErrors}
                options={units.map((item) => ({
                  value: String(item.id),
                  label: String(
                    t('UnitOption', { name: item.name, code: item.unit_code, level: levelLabel(item.level) }),
                  ),
                }))}
              />
            ) : null}
            {unit && apps.length === 0 ? (
              <Alert color="orange" variant="outline">
                {String(t('NoAppsInUnit'))}
              </Alert>
            ) : null}
            {unit && apps.length > 0 ? (
              <Radio.Group
                name="app"
                label={String(t('App'))}
                withAsterisk
                value={chosenApp?.code ?? ''}
                onChange={setAppCode}
                error={showErrors && !chosenApp ? String(t('ValidationRequired')) : undefined}
              >
                <Stack gap="xs" mt="xs">
                  {apps.map((app) => (
                    <Radio key={app.code} value={app.code} label={translateKey(t, app.labelKey, app.code)} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : null}
            <PrimaryButton type="submit" loading={isContinuing} disabled={units.length === 0} fullWidth>
              {String(t('Continue'))}
            </PrimaryButton>
          </Stack>
        </form>
      </Paper>
    </PageFrame>
  );
}
