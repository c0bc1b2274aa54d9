import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { isSignedIn, useSession } from '../../lib/session-store.ts';

type ErrorState = { code?: unknown; message?: unknown };

function readErrorState(state: unknown): ErrorState {
  return typeof state === 'object' && state !== null ? (state as ErrorState) : {};
}

/** /error: the error code and message are passed in router state, or as `code` and `message` query parameters. */
export function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signedIn = useSession(isSignedIn);
  const state = readErrorState(location.state);
  const code = typeof state.code === 'string' ? state.code : params.get('code');
  const message = typeof state.message === 'string' ? state.message : params.get('message');

  return (
    <PageFrame>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {String(t('ErrorPageTitle'))}
          </Title>
          <Table withTableBorder variant="vertical">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{String(t('ErrorCode'))}</Table.Th>
                <Table.Td data-testid="error-code">{code || String(t('NotGiven'))}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{String(t('ErrorMessage'))}</Table.Th>
                <Table.Td data-testid="error-message">{message || String(t('NotGiven'))}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm">{String(t('ErrorPageHelp'))}</Text>
          <Button onClick={() => void navigate(signedIn ? '/home' : '/login')}>{String(t('GoToStart'))}</Button>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
