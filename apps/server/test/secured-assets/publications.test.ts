import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { PublicationsReply } from '@recovery-desk/domain/secured-assets/publications.ts';
import { SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { act, apiAs, caseView, errorOf, rows, uploadDocument, type Api } from '../workflow/factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  DEFINITIONS,
  PHOTO_PNG,
  startCase,
  uploadMissing,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
} from './factories.ts';

// The newspaper publications of a SARFAESI case (the publications widget's API) at Possession Detail Capture (Rule
// 8(2)): recorded by the stage's authority with a scan, audited; the stage's newspapers and date follow the record;
// the submit refused (400 naming `publications`) until two papers, one English and one vernacular; 400 naming the
// field for bad input, nothing written; 404 for another unit; 409 once the case has left the stage.

describe.each(testDatabaseKinds())('newspaper publications (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;
  let caseId: number;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind, { businessDate: '2026-06-30' }));
    const account = await createSecuredAccount(handle.db, org.branch);
    ({ caseId } = await startCase(t, staff.maker, org.branch, 'SARFAESI', account.id));
    // the case as the earlier stages left it: notice served, physical possession
    const earlier = Object.fromEntries(
      ['demandNoticeDate', 'demandNoticeSentDate', 'demandNoticeServedDate', 'serviceStatus', 'possessionType'].map(
        (name) => [name, SARFAESI_CASE[name] ?? (name === 'possessionType' ? 'PHYSICAL' : null)],
      ),
    );
    await handle.db.execute(
      sql`update cases set stage = 'PossessionDtlCapture', fields = fields || ${JSON.stringify({ ...earlier, possessionType: 'PHYSICAL' })}::jsonb
        where id = ${caseId}`,
    );
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const url = () => `/api/secured-assets/cases/${caseId}/publications`;
  const read = async (api: Api) => (await api.get(url())).json<PublicationsReply>();
  const scan = async (code = 'possessionPublication', options: { content?: Buffer; fileName?: string } = {}) => {
    const response = await uploadDocument(staff.makerApi, caseId, code, options);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<CaseView>()
      .documents.filter((document) => document.code === code)
      .reduce((newest, document) => (document.documentId > newest.documentId ? document : newest)).documentId;
  };
  const english = { purpose: 'POSSESSION_NOTICE', newspaper: 'Times of India', language: 'ENGLISH', edition: 'Pune' };
  const marathi = {
    purpose: 'POSSESSION_NOTICE',
    newspaper: 'Lokmat',
    language: 'VERNACULAR',
    vernacularLanguage: 'Marathi',
    edition: 'Pune',
  };
  /** Submit Possession Detail Capture with the sample's form (its documents uploaded), the form's papers as given. */
  const submit = async (form: Record<string, string> = {}) => {
    const view = await caseView(staff.makerApi, caseId);
    const stage = DEFINITIONS.SARFAESI!.stages.find((s) => s.code === 'PossessionDtlCapture')!;
    const fields = Object.fromEntries(
      stage.fields.flatMap((field) => {
        const value = form[field.name] ?? view.case.fields[field.name] ?? SARFAESI_CASE[field.name];
        return value === undefined ? [] : [[field.name, value]];
      }),
    );
    await uploadMissing(staff.makerApi, view, DEFINITIONS.SARFAESI!, { ...view.case.fields, ...fields });
    return act(staff.makerApi, caseId, 'submit', { fields });
  };
  const count = async () =>
    (
      await rows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from case_publications where case_id = ${caseId}`,
      )
    )[0]!.n;

  it('refuses the stage until the notice is in two papers, naming the publications', async () => {
    expect(await read(staff.makerApi)).toMatchObject({
      purpose: 'POSSESSION_NOTICE',
      editable: true,
      scanCode: 'possessionPublication',
      publications: [],
      missing: ['twoPapers', 'english', 'vernacular'],
    });
    const refused = await submit({ possessionNewspapers: 'Times of India, Lokmat' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).fields).toContain('publications');
  });

  it('answers 400 naming the field for bad input, writing nothing', async () => {
    const documentId = await scan();
    const cases: [object, string][] = [
      [
        { ...marathi, vernacularLanguage: null, publishedOn: '2026-04-12', scanDocumentId: documentId },
        'vernacularLanguage',
      ],
      [{ ...english, newspaper: ' ', publishedOn: '2026-04-12', scanDocumentId: documentId }, 'newspaper'],
      [{ ...english, publishedOn: '2026-07-01', scanDocumentId: documentId }, 'publishedOn'],
      [{ ...english, publishedOn: '2026-04-12', scanDocumentId: await scan('possessionPanchnama') }, 'scanDocumentId'],
      [{ ...english, language: 'FRENCH', publishedOn: '2026-04-12', scanDocumentId: documentId }, 'language'],
    ];
    for (const [payload, field] of cases) {
      const response = await staff.makerApi.post(url(), payload);
      expect(response.statusCode, field).toBe(400);
      expect(errorOf(response).fields).toContain(field);
    }
    // a paper of another notice than the stage's is refused
    const sale = await staff.makerApi.post(url(), {
      ...english,
      purpose: 'SALE_NOTICE',
      publishedOn: '2026-04-12',
      scanDocumentId: documentId,
    });
    expect(sale.statusCode).toBe(409);
    expect(await count()).toBe(0);
  });

  it('records the papers with their scans, audited, filling the stage fields; then the stage is submitted', async () => {
    const first = await staff.makerApi.post(url(), {
      ...english,
      publishedOn: '2026-04-13',
      scanDocumentId: await scan(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<PublicationsReply>().missing).toEqual(['twoPapers', 'vernacular']);
    const stillRefused = await submit();
    expect(stillRefused.statusCode).toBe(400);
    expect(errorOf(stillRefused).fields).toContain('publications');

    const jpeg = await scan('possessionPublication', { content: PHOTO_PNG, fileName: 'lokmat.png' });
    const second = await staff.makerApi.post(url(), { ...marathi, publishedOn: '2026-04-12', scanDocumentId: jpeg });
    expect(second.statusCode, second.body).toBe(200);
    const reply = second.json<PublicationsReply>();
    expect(reply.missing).toEqual([]);
    expect(reply.publications.map((paper) => [paper.newspaper, paper.language, paper.scan.mimeType])).toEqual([
      ['Lokmat', 'VERNACULAR', 'image/png'],
      ['Times of India', 'ENGLISH', 'application/pdf'],
    ]);
    // the stage's fields follow the record: the earliest date, the names joined
    expect((await caseView(staff.makerApi, caseId)).case.fields).toMatchObject({
      possessionPublicationDate: '2026-04-12',
      possessionNewspapers: 'Lokmat, Times of India',
    });
    const download = await staff.makerApi.get(
      `/api/workflow/cases/${caseId}/documents/${reply.publications[0]!.scan.documentId}/content`,
    );
    expect(download.statusCode).toBe(200);
    expect(await auditRows(handle.db, { action: 'secured_assets.publication_add', entityId: caseId })).toHaveLength(2);

    // removing a paper breaks the rule again, audited
    const removed = await staff.makerApi.inject({ method: 'DELETE', url: `${url()}/${reply.publications[1]!.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<PublicationsReply>().missing).toEqual(['twoPapers', 'english']);
    expect(await auditRows(handle.db, { action: 'secured_assets.publication_remove', entityId: caseId })).toHaveLength(
      1,
    );
    const again = await staff.makerApi.post(url(), {
      ...english,
      publishedOn: '2026-04-13',
      scanDocumentId: await scan(),
    });
    expect(again.statusCode).toBe(200);

    // a form naming other papers than the record is refused, naming the field
    const stale = await submit({ possessionNewspapers: 'Times of India, Lokmat' });
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).fields).toContain('fields.possessionNewspapers');

    const submitted = await submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<CaseView>().case.stage).toBe('AssetDtlCapture');
    const after = await read(staff.makerApi);
    expect(after).toMatchObject({ purpose: null, editable: false });
    expect(after.publications).toHaveLength(2);
    const late = await staff.makerApi.inject({ method: 'DELETE', url: `${url()}/${after.publications[0]!.id}` });
    expect(late.statusCode).toBe(409);
  });

  it('answers 404 to another unit and 403 without the stage authority', async () => {
    const foreign = await apiAs(t, await createRepoStaff(handle.db, org.foreign), org.foreign);
    expect((await foreign.get(url())).statusCode).toBe(404);
    expect((await foreign.post(url(), { ...english, publishedOn: '2026-04-12', scanDocumentId: 1 })).statusCode).toBe(
      404,
    );
    const reader = await apiAs(
      t,
      await createRepoStaff(handle.db, org.branch, { authorities: ['REPO_VAL_COMP_SAUTH'] }),
      org.branch,
    );
    expect((await read(reader)).publications).toHaveLength(2);
    const forbidden = await reader.post(url(), { ...english, publishedOn: '2026-04-12', scanDocumentId: 1 });
    expect(forbidden.statusCode).toBe(403);
  });
});
