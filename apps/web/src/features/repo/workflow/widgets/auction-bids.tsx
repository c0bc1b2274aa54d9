import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  bidInputSchema,
  type Bid,
  type BidInput,
  type BidsReply,
} from '@recovery-desk/domain/secured-assets/auction.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/page-loader.tsx';
import {
  AmountField,
  CheckboxField,
  DateField,
  FormErrors,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
  ZodForm,
} from '../../../../components/form/index.ts';
import { formatAmount, formatBusinessDate, formatCount } from '../../../../lib/format.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { describeWorkflowError } from '../../../workflow/api/describe-error.ts';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';
import { addBid, auctionKeys, editBid, fetchBids, withdrawBid } from '../../api/auction-api.ts';

// The `auctionBids` widget (a case tab "Bids"; issue 15): at the auction stage (REPOSSESSION AssetAuctionDtl,
// SARFAESI AssetAuctionCapture) the stage's maker enters, edits and withdraws bids; at the approval stage the bids
// and H1 are shown read-only against the reserve price (amount and % of reserve). The server chooses H1 and writes
// the stage's H1 fields, so the case is reloaded after every change.

const FROM = 'repo/auction-bids';

const STATUS_KEY = {
  ACTIVE: 'AuctionBidStatusActive',
  WITHDRAWN: 'AuctionBidStatusWithdrawn',
  LAPSED: 'AuctionBidStatusLapsed',
} as const;

type FormValues = {
  bidderName: string;
  bidderIdNo: string;
  emdAmount: string;
  emdReference: string;
  emdReceivedOn: string;
  bidAmount: string;
  qualified: boolean;
  remarks: string;
};

const blank: FormValues = {
  bidderName: '',
  bidderIdNo: '',
  emdAmount: '',
  emdReference: '',
  emdReceivedOn: '',
  bidAmount: '',
  qualified: true,
  remarks: '',
};

const valuesOf = (bid: Bid): FormValues => ({
  bidderName: bid.bidderName,
  bidderIdNo: bid.bidderIdNo ?? '',
  emdAmount: bid.emdAmount,
  emdReference: bid.emdReference ?? '',
  emdReceivedOn: bid.emdReceivedOn ?? '',
  bidAmount: bid.bidAmount,
  qualified: bid.qualified,
  remarks: bid.remarks ?? '',
});

function BidForm({
  currency,
  initial,
  onSubmit,
}: {
  currency: string;
  initial: FormValues;
  onSubmit: (input: BidInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(bidInputSchema, initial as never);
  return (
    <ZodForm form={form} onSubmit={onSubmit} aria-label={String(t('AuctionSaveBid'))} data-testid="bid-form">
      <Stack gap="sm">
        <TextField name="bidderName" label={String(t('AuctionBidder'))} required autoFocus />
        <TextField name="bidderIdNo" label={String(t('AuctionBidderIdNo'))} />
        <AmountField name="bidAmount" label={String(t('AuctionBidAmount'))} currency={currency} required />
        <AmountField name="emdAmount" label={String(t('AuctionEmdAmount'))} currency={currency} required />
        <TextField name="emdReference" label={String(t('AuctionEmdReference'))} />
        <DateField name="emdReceivedOn" label={String(t('AuctionEmdReceivedOn'))} />
        <CheckboxField name="qualified" label={String(t('AuctionQualified'))} />
        <TextareaField name="remarks" label={String(t('AuctionRemarks'))} maxLength={500} />
        <FormErrors />
        <Group>
          <SubmitButton>{String(t('AuctionSaveBid'))}</SubmitButton>
        </Group>
      </Stack>
    </ZodForm>
  );
}

function H1Summary({ reply, language }: { reply: BidsReply; language: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatAmount(amount, reply.currency, language);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="auction-h1-title">
      <Stack gap={4}>
        <Title order={3} size="h5" id="auction-h1-title">
          {String(t('AuctionH1'))}
        </Title>
        <Text size="sm" data-testid="auction-reserve">
          {String(t('AuctionReservePrice'))}:{' '}
          {reply.reservePrice ? money(reply.reservePrice) : String(t('AuctionNoReserve'))}
        </Text>
        {reply.h1 ? (
          <Text size="sm" fw={600} data-testid="auction-h1">
            {reply.h1.bidderName} — {money(reply.h1.bidAmount)}
            {reply.h1.percentOfReserve
              ? ` (${String(
                  t('AuctionPercentOfReserve', { percent: formatCount(Number(reply.h1.percentOfReserve), language) }),
                )})`
              : ''}
          </Text>
        ) : (
          <Text size="sm" c="red.9" data-testid="auction-no-h1">
            {String(t('AuctionNoH1'))}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function AuctionBidsTab({ view, canAct, onReload, definition }: CaseWidgetProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const caseId = view.case.caseId;
  const key = auctionKeys.bids(caseId, session.actingUnit);
  const bids = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchBids(caseId, signal) });
  const [editing, setEditing] = useState<Bid | 'new' | null>(null);

  const done = (reply: BidsReply, messageKey: 'AuctionBidSaved' | 'AuctionBidWithdrawn') => {
    queryClient.setQueryData(key, reply);
    setEditing(null);
    addToast({ title: String(t('Saved')), message: String(t(messageKey)), type: 'success', from: FROM });
    onReload();
  };
  const failed = (error: unknown) =>
    addToast({
      title: String(t('AuctionBidFailed')),
      message: describeWorkflowError(t, error, definition, i18n.language),
      type: 'error',
      from: FROM,
    });
  const withdraw = useMutation({
    mutationFn: (bidId: number) => withdrawBid(caseId, bidId),
    onSuccess: (reply) => done(reply, 'AuctionBidWithdrawn'),
    onError: failed,
  });

  if (bids.isPending) return <PageLoader label={String(t('AuctionBidsLoading'))} />;
  if (bids.isError) {
    return (
      <Alert color="red" title={String(t('AuctionBidsLoadFailed'))} role="alert">
        {describeWorkflowError(t, bids.error, definition, i18n.language)}
      </Alert>
    );
  }
  const reply = bids.data;
  const editable = reply.editable && canAct;
  const language = i18n.language;
  const money = (amount: string) => formatAmount(amount, reply.currency, language);
  const save = async (input: BidInput) => {
    try {
      const saved =
        editing && editing !== 'new' ? await editBid(caseId, editing.bidId, input) : await addBid(caseId, input);
      done(saved, 'AuctionBidSaved');
    } catch (error) {
      failed(error);
      throw error;
    }
  };

  return (
    <Stack gap="md" data-testid="auction-bids">
      <H1Summary reply={reply} language={language} />
      {!reply.editable ? (
        <Text size="sm" c="dark.6">
          {String(t('AuctionReadOnly'))}
        </Text>
      ) : null}
      {editable ? (
        <Group>
          <Button onClick={() => setEditing('new')} data-testid="add-bid">
            {String(t('AuctionAddBid'))}
          </Button>
        </Group>
      ) : null}
      {reply.bids.length === 0 ? (
        <Text size="sm" c="dark.6" data-testid="auction-bids-empty">
          {String(t('AuctionBidsEmpty'))}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder data-testid="auction-bids-table">
            <Table.Caption>{String(t('AuctionBidsTable'))}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{String(t('AuctionBidder'))}</Table.Th>
                <Table.Th scope="col">{String(t('AuctionBidAmount'))}</Table.Th>
                <Table.Th scope="col">{String(t('AuctionEmdAmount'))}</Table.Th>
                <Table.Th scope="col">{String(t('AuctionEmdReceivedOn'))}</Table.Th>
                <Table.Th scope="col">{String(t('AuctionQualified'))}</Table.Th>
                <Table.Th scope="col">{String(t('AuctionBidStatus'))}</Table.Th>
                {editable ? <Table.Th scope="col">{String(t('AuctionActions'))}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reply.bids.map((bid) => (
                <Table.Tr key={bid.bidId} data-testid={`bid-${bid.bidId}`}>
                  <Table.Td>
                    <Text size="sm">{bid.bidderName}</Text>
                    {bid.bidderIdNo ? (
                      <Text size="xs" c="dark.6">
                        {bid.bidderIdNo}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{money(bid.bidAmount)}</Table.Td>
                  <Table.Td>
                    {money(bid.emdAmount)}
                    {bid.emdReference ? (
                      <Text size="xs" c="dark.6">
                        {bid.emdReference}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {bid.emdReceivedOn
                      ? formatBusinessDate(bid.emdReceivedOn, language)
                      : String(t('AuctionEmdNotReceived'))}
                  </Table.Td>
                  <Table.Td>{String(t(bid.qualified ? 'AuctionYes' : 'AuctionNo'))}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Text size="sm">{String(t(STATUS_KEY[bid.status]))}</Text>
                      {bid.isH1 ? (
                        <Badge color="green.9" variant="filled" data-testid="bid-h1">
                          {String(t('AuctionIsH1'))}
                        </Badge>
                      ) : null}
                      {bid.belowReserve && bid.status === 'ACTIVE' ? (
                        <Badge color="red.9" variant="filled" data-testid="bid-below-reserve">
                          {String(t('AuctionBelowReserve'))}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {editable ? (
                    <Table.Td>
                      {bid.status === 'ACTIVE' ? (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setEditing(bid)}
                            aria-label={String(t('AuctionEditBid', { name: bid.bidderName }))}
                          >
                            {String(t('AuctionEdit'))}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            loading={withdraw.isPending && withdraw.variables === bid.bidId}
                            onClick={() => withdraw.mutate(bid.bidId)}
                            aria-label={String(t('AuctionWithdrawBid', { name: bid.bidderName }))}
                          >
                            {String(t('AuctionWithdraw'))}
                          </Button>
                        </Group>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing && editing !== 'new'
            ? String(t('AuctionEditBid', { name: editing.bidderName }))
            : String(t('AuctionAddBid'))
        }
      >
        {editing !== null ? (
          <BidForm
            key={editing === 'new' ? 'new' : editing.bidId}
            currency={reply.currency}
            initial={editing === 'new' ? blank : valuesOf(editing)}
            onSubmit={save}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

export const stageWidget: StageWidget = {
  name: 'auctionBids',
  caseTab: { labelKey: 'AuctionBidsTab', Component: AuctionBidsTab },
};
