import { Code, Paper, Switch, Table, Text } from '@mantine/core';
import { matchRoute } from '@recovery-desk/domain/route-catalogue.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isSignedIn, useSession } from '../lib/session-store.ts';
import { setDeveloperMode, useToasts } from '../lib/toast-store.ts';

/** The debug block of spec §1: development mode only, a summary of route and session. */
export function DebugBlock() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const { developerMode } = useToasts();
  const route = matchRoute(location.pathname);
  const rows: [string, string][] = [
    [String(t('DebugRoute')), route?.name ?? String(t('None'))],
    [String(t('DebugPath')), location.pathname],
    [String(t('DebugSignedIn')), String(t(isSignedIn(session) ? 'Yes' : 'No'))],
    [
      String(t('ActingUnit')),
      session.activeUnitData ? `${session.activeUnitData.unit_code} (${session.activeUnitData.id})` : String(t('None')),
    ],
    [String(t('DebugActiveApp')), session.activeApp ?? String(t('None'))],
    [String(t('DebugAuthorities')), session.systemAuthorities.join(', ') || String(t('None'))],
    [
      String(t('DebugTabPermissions')),
      session.tabPermissions.map((tab) => `${tab.name}${tab.editable ? '✎' : ''}`).join(', ') || String(t('None')),
    ],
    [String(t('DebugOpenTabs')), session.openTabs.map((tab) => tab.name).join(', ') || String(t('None'))],
    [String(t('BusinessDate')), session.businessDate ?? String(t('None'))],
  ];
  return (
    <Paper component="aside" aria-label={String(t('DebugBlock'))} withBorder p="sm" m="md" data-testid="debug-block">
      <Text fw={600} size="sm" mb="xs">
        {String(t('DebugBlock'))}
      </Text>
      <Switch
        size="xs"
        mb="xs"
        label={String(t('DeveloperMode'))}
        checked={developerMode}
        onChange={(event) => setDeveloperMode(event.currentTarget.checked)}
      />
      <Table withTableBorder fz="xs">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>
                <Code>{value}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
