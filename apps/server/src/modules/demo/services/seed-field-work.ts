import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import {
  addPvrPhoto,
  addVisit,
  capturePvrVisit,
  delegatePvrCase,
  markVisit,
  openPvrCase,
  optimisePlan,
  reviewPvrCase,
} from '../../field-work/index.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { PvrCaseDetail } from '@recovery-desk/domain/field/contracts.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { demoUnitContext } from './demo-context.ts';

// The demo's field work (first start in demo mode), through the module's own services as the demo's people would:
// fc.andheri (BR-AND) plans today's and tomorrow's visits of Andheri accounts, orders them from the branch and marks
// three; pvr.mumbai (RG-MUM) opens PVR cases for home loans of the region (their property geotagged from the
// borrower's residence, as a branch would record it), delegates them to fc.andheri or an agency, and reviews the
// visits fc.andheri records — one case in each state.

/** Andheri Branch, where fc.andheri's route starts. */
const ANDHERI_BRANCH = { latitude: 19.1197, longitude: 72.8468 };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small stand-in photo: a PNG of a house front (a wall, a roof band, a door) in the given wall colour. */
export function demoPhoto(wall: [number, number, number], width = 160, height = 120): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      let colour: [number, number, number] = wall;
      if (y < 30)
        colour = [135, 186, 224]; // sky
      else if (y < 42)
        colour = [150, 60, 40]; // roof
      else if (x > 68 && x < 92 && y > 70)
        colour = [90, 60, 30]; // door
      else if ((x > 20 && x < 50 && y > 55 && y < 80) || (x > 110 && x < 140 && y > 55 && y < 80))
        colour = [60, 80, 110];
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type PvrStory = {
  status: 'INITIATED' | 'DELEGATED' | 'AGENCY' | 'CAPTURED' | 'SENT_BACK' | 'APPROVED';
  reason: string;
};

const PVR_STORIES: readonly PvrStory[] = [
  { status: 'INITIATED', reason: 'Pre-SARFAESI check: occupancy and condition of the flat' },
  { status: 'INITIATED', reason: 'Borrower unreachable for 60 days: confirm the property is occupied' },
  { status: 'DELEGATED', reason: 'Annual property inspection of a home loan in SMA-2' },
  { status: 'AGENCY', reason: 'Suspected letting of the mortgaged flat' },
  { status: 'CAPTURED', reason: 'Valuation refresh before the settlement offer' },
  { status: 'SENT_BACK', reason: 'Neighbours report the flat vacant' },
  { status: 'APPROVED', reason: 'Pre-legal check of the security' },
  { status: 'APPROVED', reason: 'Property visit after a broken promise' },
];

export async function seedDemoFieldWork(deps: AppDeps): Promise<{ visits: number; pvrCases: number }> {
  const users = await findUsersByUsername(deps.db, ['fc.andheri', 'pvr.mumbai']);
  const units = await findUnitsByCode(deps.db, ['BR-AND', 'RG-MUM']);
  const fcUser = users.find((row) => row.username === 'fc.andheri');
  const officerUser = users.find((row) => row.username === 'pvr.mumbai');
  const branch = units.find((row) => row.code === 'BR-AND');
  const region = units.find((row) => row.code === 'RG-MUM');
  if (!fcUser || !officerUser || !branch || !region) return { visits: 0, pvrCases: 0 };
  const fc = demoUnitContext(fcUser, branch);
  const officer = demoUnitContext(officerUser, region);
  const businessDate = await requireBusinessDate(deps.db);

  // --- work plans: today's eight visits (three marked) and tomorrow's five, of geocoded delinquent Andheri accounts
  const planAccounts = await selectRows<{ accountNo: string; dpd: number | string }>(
    deps.db,
    sql`select a.account_no as "accountNo", a.dpd from accounts a
      where a.unit_path = ${branch.path} and a.delinquent_flag and a.product <> 'HOME' and a.currency = 'INR'
        and exists (select 1 from addresses d where d.customer_id = a.customer_id and d.latitude is not null)
      order by (a.allocated_user_id = ${fcUser.id}) desc nulls last, a.dpd desc, a.id limit 13`,
  );
  let visits = 0;
  const priorityOf = (dpd: number) => (dpd > 90 ? 'HIGH' : dpd > 30 ? 'MEDIUM' : 'LOW');
  for (const [date, accounts] of [
    [businessDate, planAccounts.slice(0, 8)],
    [addDays(businessDate, 1), planAccounts.slice(8)],
  ] as const) {
    let plan = null;
    for (const account of accounts) {
      plan = await addVisit(deps, {
        ctx: fc,
        input: { date, accountNo: account.accountNo, priority: priorityOf(Number(account.dpd)) },
      });
      visits += 1;
    }
    if (!plan?.plan) continue;
    plan = await optimisePlan(deps, {
      ctx: fc,
      planId: plan.plan.id,
      input: {
        version: plan.plan.version,
        startLatitude: ANDHERI_BRANCH.latitude,
        startLongitude: ANDHERI_BRANCH.longitude,
      },
    });
    if (date !== businessDate) continue;
    const marks = [
      { status: 'PAID', collected: true, remarks: 'Paid one EMI in cash; receipt issued' },
      { status: 'PTP', collected: false, remarks: 'Promised to pay on salary day' },
      { status: 'DOOR_LOCKED', collected: false, remarks: 'Flat locked; neighbour says family is out of town' },
    ] as const;
    for (const [index, mark] of marks.entries()) {
      const visit = plan.visits[index];
      if (!visit) break;
      plan = await markVisit(deps, {
        ctx: fc,
        visitId: visit.id,
        input: {
          status: mark.status,
          ...(mark.collected ? { collected: visit.target } : {}),
          remarks: mark.remarks,
          version: visit.version,
        },
      });
    }
  }

  // --- PVR cases: home loans of the region with their property (geotagged from the residence)
  const homeLoans = await selectRows<{ id: number | string; accountNo: string; unitCode: string }>(
    deps.db,
    sql`select a.id, a.account_no as "accountNo", u.unit_code as "unitCode" from accounts a join units u on u.id = a.unit_id
      where a.unit_path = ${branch.path} and a.product = 'HOME' and a.delinquent_flag
        and exists (select 1 from collaterals c where c.account_id = a.id and c.collateral_type = 'PROPERTY')
        and exists (select 1 from addresses d where d.customer_id = a.customer_id and d.latitude is not null)
      order by a.dpd desc, a.id limit ${PVR_STORIES.length}`,
  );
  const ids = homeLoans.map((row) => Number(row.id));
  if (ids.length > 0) {
    await deps.db.execute(
      sql`update collaterals c set property_address = concat_ws(', ', d.line1, d.line2, d.line3, d.city, d.state, d.pin_code),
          latitude = round((d.latitude + 0.0004)::numeric, 6)::float8, longitude = round((d.longitude - 0.0003)::numeric, 6)::float8
        from accounts a, lateral (
          select * from addresses x where x.customer_id = a.customer_id and x.latitude is not null
          order by (x.address_type = 'RESIDENCE') desc, x.id limit 1
        ) d
        where c.account_id = a.id and c.collateral_type = 'PROPERTY' and a.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
  }
  const [agency] = await selectRows<{ id: number | string }>(
    deps.db,
    sql`select ag.id from agencies ag join units u on u.id = ag.unit_id
      where ag.is_active and (u.path like ${`${region.path}%`} or ${region.path} like u.path || '%')
      order by ag.id limit 1`,
  );
  const now = deps.clock.now();
  const dueDate = addDays(businessDate, 7);
  const photo = (caseId: number, name: string, wall: [number, number, number]) =>
    addPvrPhoto(deps, {
      ctx: fc,
      caseId,
      readUpload: async () => ({ file: { fileName: name, content: demoPhoto(wall) }, fields: {} }),
    });
  let pvrCases = 0;
  for (const [index, story] of PVR_STORIES.entries()) {
    const account = homeLoans[index];
    if (!account) break;
    let current: PvrCaseDetail = await openPvrCase(deps, {
      ctx: officer,
      input: { accountNo: account.accountNo, reason: story.reason },
    });
    pvrCases += 1;
    if (story.status === 'INITIATED') continue;
    if (story.status === 'AGENCY') {
      if (agency) {
        await delegatePvrCase(deps, {
          ctx: officer,
          caseId: current.id,
          input: { assigneeKind: 'AGENCY', assigneeId: Number(agency.id), dueDate, version: current.version },
        });
      }
      continue;
    }
    current = await delegatePvrCase(deps, {
      ctx: officer,
      caseId: current.id,
      input: { assigneeKind: 'USER', assigneeId: fcUser.id, dueDate, version: current.version },
    });
    if (story.status === 'DELEGATED') continue;
    current = await photo(current.id, 'front.png', [236, 222, 196]);
    current = await photo(current.id, 'entrance.png', [214, 232, 214]);
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
    const near = (offset: number) => ({
      latitude: Math.round(((current.latitude ?? ANDHERI_BRANCH.latitude) + offset) * 1e6) / 1e6,
      longitude: Math.round(((current.longitude ?? ANDHERI_BRANCH.longitude) - offset) * 1e6) / 1e6,
    });
    current = await capturePvrVisit(deps, {
      ctx: fc,
      caseId: current.id,
      input: {
        visitedAt: at(26 + index),
        ...near(0.0002),
        occupancy: story.status === 'SENT_BACK' ? 'LOCKED' : index % 2 === 0 ? 'SELF_OCCUPIED' : 'TENANTED',
        condition: index % 3 === 0 ? 'FAIR' : 'GOOD',
        personMet: story.status === 'SENT_BACK' ? 'Security guard of the society' : 'Borrower’s spouse',
        remarks:
          story.status === 'SENT_BACK'
            ? 'Flat locked at the visit; the watchman says the family visits on weekends'
            : 'Flat occupied and maintained; society dues paid; no sign of letting',
        version: current.version,
      },
    });
    if (story.status === 'CAPTURED') continue;
    current = await reviewPvrCase(deps, {
      ctx: officer,
      caseId: current.id,
      input:
        story.status === 'SENT_BACK'
          ? {
              decision: 'sendBack',
              remarks: 'Visit again on a weekend and photograph the interior',
              version: current.version,
            }
          : { decision: 'approve', remarks: 'Report consistent with the valuation on file', version: current.version },
    });
  }
  return { visits, pvrCases };
}
