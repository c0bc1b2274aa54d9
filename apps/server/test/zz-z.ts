import { allocationInputSchema, escalationReallocateSchema } from '@recovery-desk/domain/collections/contracts.ts';
console.log(JSON.stringify(allocationInputSchema.safeParse({ accountIds: [1], toUserId: 2, extra: 1 }).error?.issues));
console.log(allocationInputSchema.safeParse({ accountIds: [1], toUserId: 2 }).success);
console.log(JSON.stringify(escalationReallocateSchema.safeParse({ version: 1, toAgencyId: 2, junk: 'x' }).error?.issues));
