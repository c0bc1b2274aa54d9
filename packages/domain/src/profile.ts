import { z } from 'zod';

// The shape of the profile reply of spec §3 ("User profile reply"), shared by server and web.
export const tabPermissionSchema = z.object({ name: z.string(), editable: z.boolean() });
export type TabPermission = z.infer<typeof tabPermissionSchema>;

export const authorityEntrySchema = z.object({
  system_auth: z.string(),
  tabs: z.array(tabPermissionSchema),
});
export type AuthorityEntry = z.infer<typeof authorityEntrySchema>;

export const profileUnitSchema = z.object({
  id: z.number().int(),
  unit_code: z.string(),
  name: z.string(),
  level: z.string(),
  /** authority entries per app code */
  app_data: z.record(z.string(), z.array(authorityEntrySchema)),
});
export type ProfileUnit = z.infer<typeof profileUnitSchema>;

export const availableAppSchema = z.object({
  code: z.string(),
  label_key: z.string(),
  home_path: z.string(),
});

export const userDetailsSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  is_demo_outbox_reader: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const profileDataSchema = z.object({
  business_date: z.string(),
  available_app: z.array(availableAppSchema),
  units: z.array(profileUnitSchema),
  user_details: userDetailsSchema,
  error_code: z.string(),
});
export type ProfileData = z.infer<typeof profileDataSchema>;

export const profileReplySchema = z.object({ data: z.array(profileDataSchema) });
export type ProfileReply = z.infer<typeof profileReplySchema>;

export { authoritiesOf, permittedTabs } from './profile-access.ts';
