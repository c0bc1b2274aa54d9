import { Alert, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { fetchDemoOutbox } from './api/auth-api.ts';

const EMAIL_RULES: InputRule[] = [{ kind: 'email' }];
// GET /api/demo/outbox?email= — the one value this lookup sends (no domain contract: a demo-only route)
const outboxLookupSchema = z.object({ email: z.string().trim().min(1).max(254) });

/** /demo/outbox (demo mode only): the mail the demo server would have sent, newest first. */
export function DemoOutboxPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const shownEmail = params.get('email') ?? '';
  const form = useZodForm(outboxLookupSchema, { email: shownEmail });

  const outbox = useQuery({
    queryKey: ['demo-outbox', shownEmail],
    queryFn: () => fetchDemoOutbox(shownEmail),
    enabled: shownEmail !== '',
  });

  const submit = ({ email }: { email: string }) => {
    setParams({ email });
    if (email === shownEmail) void outbox.refetch();
  };

  return (
    <PageFrame size="md">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {String(t('DemoOutbox'))}
            </Title>
            <Text c="dimmed" size="sm">
              {String(t('DemoOutboxIntro'))}
            </Text>
          </div>
          <ZodForm form={form} onSubmit={submit}>
            <Group align="flex-start" gap="sm">
              <div style={{ flex: 1 }}>
                <TextField
                  label={String(t('Email'))}
                  name="email"
                  type="email"
                  rules={EMAIL_RULES}
                  autoComplete="email"
                />
              </div>
              <SubmitButton mt={25}>{String(t('ShowMessages'))}</SubmitButton>
            </Group>
          </ZodForm>
          {outbox.isFetching ? <PageLoader label={String(t('Loading'))} /> : null}
          {outbox.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {String(t('DemoOutboxFailed'))}
            </Alert>
          ) : null}
          {outbox.data && !outbox.isFetching ? (
            outbox.data.length === 0 ? (
              <Text>{String(t('NoMessages'))}</Text>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {outbox.data.map((message) => (
                  <Card component="li" withBorder key={message.id} data-testid="outbox-message">
                    <Text fw={700} component="h2" size="md" m={0}>
                      {message.subject}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {String(t('MessageTo'))}: {message.to} · {String(t('MessageSent'))}:{' '}
                      {formatDateTime(message.created_at, i18n.language)}
                    </Text>
                    <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                      {message.body}
                    </Text>
                  </Card>
                ))}
              </Stack>
            )
          ) : null}
        </Stack>
      </Paper>
    </PageFrame>
  );
}
