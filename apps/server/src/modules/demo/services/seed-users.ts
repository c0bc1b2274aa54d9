import type { AppDeps } from '../../../deps.ts';
import { demoEmail } from '@recovery-desk/db/demo-organisation.ts';
import { decideUserChange, readUserDetails, requestUserChange, userChangeHandler } from '../../users/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { demoUnitContext } from './demo-context.ts';

// The demo's User Approval requests (first start in demo mode), made as the administrators would: admin.west (ZN-W)
// asks for a new operations user at the Andheri branch (waiting for admin, HO, who holds the authorities it grants);
// admin asks to update tc.thane's mobile number and give the Contact tab editable (waiting for admin.west); a
// password reset admin.west asked for mgr.andheri that admin rejected (the Rejected tab); and a new reconciliation
// user admin.west asked for that admin pushed back for a mobile number (admin.west's Pushed back tab).

export async function seedDemoUserRequests(deps: AppDeps): Promise<{ requests: number }> {
  const users = await findUsersByUsername(deps.db, ['admin', 'admin.west', 'tc.thane', 'mgr.andheri']);
  const units = await findUnitsByCode(deps.db, ['HO', 'ZN-W', 'BR-AND']);
  const byName = (username: string) => users.find((row) => row.username === username);
  const byCode = (code: string) => units.find((row) => row.code === code);
  const [admin, adminWest, telecaller, manager] = [
    byName('admin'),
    byName('admin.west'),
    byName('tc.thane'),
    byName('mgr.andheri'),
  ];
  const [ho, zone, branch] = [byCode('HO'), byCode('ZN-W'), byCode('BR-AND')];
  if (!admin || !adminWest || !telecaller || !manager || !ho || !zone || !branch) return { requests: 0 };
  const handler = userChangeHandler(deps);
  const headOffice = demoUnitContext(admin, ho);
  const west = demoUnitContext(adminWest, zone);

  await requestUserChange(deps, {
    ctx: west,
    handler,
    input: {
      action: 'CREATE',
      user: {
        username: 'ops.andheri',
        fullName: 'Farhan Qureshi',
        email: demoEmail('ops.andheri'),
        mobile: '9820012345',
        units: [branch.id],
        authorities: [
          { unitId: branch.id, app: 'collapp', systemAuth: 'REPORT_GENERATION_SAUTH', tabs: [] },
          { unitId: branch.id, app: 'collapp', systemAuth: 'FILE_DOWNLOAD_COLL_SAUTH', tabs: [] },
        ],
      },
      remarks: 'Operations executive joining the Andheri branch on Monday',
    },
  });

  const current = await readUserDetails(deps.db, telecaller.id);
  if (current) {
    await requestUserChange(deps, {
      ctx: headOffice,
      handler,
      input: {
        action: 'UPDATE',
        userId: telecaller.id,
        user: {
          ...current,
          mobile: '9867054321',
          authorities: current.authorities.map((grant) =>
            grant.systemAuth === 'TELECALLER_SAUTH'
              ? {
                  ...grant,
                  tabs: grant.tabs.map((tab) => (tab.name === 'Contact' ? { ...tab, editable: true } : tab)),
                }
              : grant,
          ),
        },
        remarks: 'New official mobile; updates contact numbers after the skip-trace training',
      },
    });
  }

  const reset = await requestUserChange(deps, {
    ctx: west,
    handler,
    input: { action: 'RESET_PASSWORD', userId: manager.id, remarks: 'Asked by phone after a long leave' },
  });
  await decideUserChange(deps, {
    ctx: headOffice,
    handler,
    id: reset.id,
    decision: 'reject',
    version: reset.version,
    remarks: 'The manager can use Forgot Password with the work e-mail',
  });

  // Pushed back to its maker: admin.west finds it under My requests → Pushed back, with the form prefilled.
  const recon = await requestUserChange(deps, {
    ctx: west,
    handler,
    input: {
      action: 'CREATE',
      user: {
        username: 'recon.andheri',
        fullName: 'Meera Pillai',
        email: demoEmail('recon.andheri'),
        mobile: null,
        units: [branch.id],
        authorities: [{ unitId: branch.id, app: 'collapp', systemAuth: 'FILE_DOWNLOAD_COLL_SAUTH', tabs: [] }],
      },
      remarks: 'Deposit reconciliation desk, Andheri branch',
    },
  });
  await decideUserChange(deps, {
    ctx: headOffice,
    handler,
    id: recon.id,
    decision: 'pushback',
    version: recon.version,
    remarks: 'Add her official mobile number: the reconciliation desk is called when a deposit does not match',
  });
  return { requests: 4 };
}
