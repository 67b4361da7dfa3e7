/**
 * The answers of the API routes as the Lambdas build them, for the route contracts
 * (shared/api-contract.ts), the generated OpenAPI document (shared/openapi.json) and the check of
 * every answer the integration suite receives (docs/api.md). Parsed as sent: no defaults, no
 * transforms. Fields not listed here may be added without breaking clients.
 */
import * as z from 'zod';
import { StatusHistoryEntrySchema } from '../workflow';
import { CASE_NUMBER_PATTERN } from '../case-number';
import type { Case } from './case';
import type { Profile } from './profile';
import type { Facility, Surgeon } from './surgeon';
import { AuditEntrySchema } from './audit';
import { DeletedCaseSchema } from './deleted-cases';
import { DocTypesSchema, DocumentLinkSchema, UploadTicketSchema } from './document';
import { HealthResponseSchema } from './health';
import { CaseStatsResponseSchema } from './lists';
import {
  DoctorTypeListPageSchema,
  ImportJobSchema,
  ImportTicketSchema,
  InsuranceListPageSchema,
  InsuranceTypeSchema,
} from './reference-lists';
import { ReportHistoryResponseSchema, ReportPermissionSchema } from './report';
import { InvitationsPageSchema, InviteResponseSchema } from './users';
import { ProfileReminderSchema } from './reminders';

const success = z.literal(true);
/** Opaque text to send back as `cursor` for the next page; absent on the last page. */
const nextCursor = z
  .string()
  .min(1)
  .optional()
  .meta({ description: 'Send back as `cursor` (same filters) for the next page; absent on the last page.' });
const count = z.number().int().nonnegative();

/** One `{ field, message }` of a 400 (the field's dotted path, '' for the body itself). */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/**
 * Every refusal and failure (4xx, 5xx): `{ success: false, message, errors? }` from the Lambdas'
 * middleware, or `{ message }` from API Gateway itself (401 of the JWT authorizer, 413, 429).
 * Some refusals add fields (GET /check_npi: its result fields).
 */
export const ErrorAnswerSchema = z.looseObject({
  success: z.literal(false).optional(),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});

/** `{ success: true, message }`: a delete, a rename without an item. */
export const MessageAnswerSchema = z.object({ success, message: z.string() });

/** A case as the API returns it (lambdas/case/repository.ts `toApiCase`). */
export const CaseSchema = z.object({
  case_id: z.string(),
  case_number: z.string().regex(CASE_NUMBER_PATTERN).nullable().meta({
    description:
      'The case number people read and say ("C-000123"), unique in the stage and never reused; `case_id` stays the key of every call. null only for a case created before numbering, until the stage has run it (docs/operations.md).',
  }),
  user_id: z.string(),
  case_date: z.string(),
  surgeon_id: z.string(),
  facility_id: z.string(),
  patient: z.object({ first: z.string(), last: z.string(), ins_provider: z.string() }),
  patient_first: z.string(),
  patient_last: z.string(),
  ins_provider: z.string(),
  procedure_codes: z.array(z.object({ procedure_code: z.string(), procedure_desc: z.string() })),
  case_status: z.number().int(),
  demo_file: z.string(),
  note_file: z.string(),
  misc_file: z.string(),
  /** JSON text of the attached documents ('' when none). */
  file_keys: z.string(),
  pay_amount: z.number().optional().meta({ description: 'Dollars; absent when not set.' }),
  created_date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1).meta({ description: 'Optimistic lock: send it back in a PATCH.' }),
  status_history: z.array(StatusHistoryEntrySchema).optional(),
  status_changed_at: z
    .string()
    .meta({ description: 'ISO time of the last status change (the creation time until the first).' }),
  days_in_status: z.number().int().min(0).meta({
    description:
      'Whole calendar days in America/New_York from the last status change to today, computed when answered.',
  }),
  patient_dob: z.string().meta({ description: "The patient's date of birth, YYYY-MM-DD; '' when not given." }),
  member_id: z.string().meta({ description: "The patient's insurance member ID; '' when not given." }),
  claim_number: z.string().meta({ description: "The claim number; '' when not given." }),
}) satisfies z.ZodType<Case>;

/** A case of a list page; back-office reads add the owner's "First Last". */
export const CaseRowSchema = CaseSchema.extend({ owner_name: z.string().optional() });

/** One case with a message: POST, PATCH, PUT /case, POST /case/restore. */
export const CaseSavedSchema = z.object({ success, message: z.string(), case: CaseSchema });

/** A page of cases: GET /case (list), GET /case/filter. */
export const CasePageAnswerSchema = z.object({
  success,
  cases: z.array(CaseRowSchema),
  count,
  next_cursor: nextCursor,
});

/** GET /case with case_id. */
export const CaseAnswerSchema = z.object({ success, case: CaseSchema });

/** GET /case: one case with `case_id`, else a page. */
export const CaseGetAnswerSchema = z.union([CaseAnswerSchema, CasePageAnswerSchema]);

/** POST /case (201). */
export const CaseCreatedSchema = CaseSavedSchema.extend({ case_id: z.string() });

/** GET /case/deleted. */
export const DeletedCasePageAnswerSchema = z.object({
  success,
  cases: z.array(DeletedCaseSchema),
  count,
  next_cursor: nextCursor,
});

/** GET /case/health. */
export const CaseHealthSchema = z.object({ status: z.literal('ok'), service: z.literal('case'), time: z.string() });

/** GET /case/stats. */
export const CaseStatsAnswerSchema = CaseStatsResponseSchema;

/** GET /health (200, or 503 with the same body when the database failed). */
export const HealthAnswerSchema = HealthResponseSchema;

/** A profile as the API returns it: stored names plus the aliases clients read (lambdas/user). */
export const ProfileSchema = z.object({
  user_id: z.string(),
  user_email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  addr1: z.string(),
  addr2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  telephone: z.string(),
  user_npi: z.string(),
  message_pref: z.number().int(),
  states_licensed: z.array(z.string()),
  documents: z.array(z.looseObject({ document_type: z.string(), document_name: z.string() })),
  user_type: z.number(),
  referred_by_user: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  address1: z.string(),
  address2: z.string(),
  zip_code: z.string(),
  telephone_number: z.string(),
  phone: z.string(),
  npi: z.string(),
  messaging_pref: z.number().int(),
  document_key: z.string().optional(),
  ...ProfileReminderSchema.shape,
}) satisfies z.ZodType<Profile>;

/** GET /user. */
export const ProfileAnswerSchema = z.object({ success, user: ProfileSchema });
/** POST /user (201), PATCH /user. */
export const ProfileSavedSchema = z.object({ success, message: z.string(), user: ProfileSchema });

/** GET /user/list. */
export const UserListAnswerSchema = z.object({
  success,
  users: z.array(ProfileSchema),
  next_cursor: nextCursor,
  total: count,
  total_is_lower_bound: z.literal(true).optional(),
});

/** POST /user/invite: 201 when sent, 200 when a pending invitation was sent again. */
export const InviteAnswerSchema = InviteResponseSchema;
/** GET /user/invitations. */
export const InvitationsAnswerSchema = InvitationsPageSchema;

/** GET /audit. */
export const AuditAnswerSchema = z.object({ entries: z.array(AuditEntrySchema), next_cursor: nextCursor });

/** A stored surgeon (lambdas/surgeon: `toApiSurgeon`). */
export const SurgeonSchema = z.object({
  surgeon_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  surgeon_npi: z.number().int().meta({ description: '0 when none (manual entry).' }),
  surgeon_addr: z.string(),
  surgeon_city: z.string(),
  surgeon_state: z.string(),
  surgeon_zip: z.string(),
  manual_entry: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Surgeon>;

/** A stored facility (lambdas/facility: `toApiFacility`). */
export const FacilitySchema = z.object({
  facility_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  facility_name: z.string(),
  facility_npi: z.number().int().meta({ description: '0 when none (manual entry).' }),
  facility_addr: z.string(),
  facility_city: z.string(),
  facility_state: z.string(),
  facility_zip: z.string(),
  manual_entry: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Facility>;

export const SurgeonPageAnswerSchema = z.object({ success, surgeons: z.array(SurgeonSchema), next_cursor: nextCursor });
export const SurgeonSavedSchema = z.object({ success, message: z.string(), surgeon: SurgeonSchema });
export const FacilityPageAnswerSchema = z.object({
  success,
  facilities: z.array(FacilitySchema),
  next_cursor: nextCursor,
});
export const FacilitySavedSchema = z.object({ success, message: z.string(), facility: FacilitySchema });

/** GET /surgeon/search: NPI-1 records of the NPPES registry, at most 10. */
export const SurgeonSearchAnswerSchema = z.object({
  surgeons: z
    .array(
      z.object({
        npi: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
      }),
    )
    .max(10),
});

/** GET /facility/search: NPI-2 records of the NPPES registry, at most 10. */
export const FacilitySearchAnswerSchema = z.object({
  facilities: z
    .array(
      z.object({
        facility_name: z.string(),
        npi: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
      }),
    )
    .max(10),
});

const CptCodeSchema = z.object({ cpt_code: z.string(), cpt_description: z.string() });

/** GET /cpt_codes: suggestions for `search` alone, else a numbered page. */
export const CptAnswerSchema = z.union([
  z.object({
    success,
    cpt_codes: z.array(CptCodeSchema),
    total: count,
    page: z.number().int().min(1),
    total_pages: count,
    limit: z.number().int().min(1),
    starter_list: z.boolean().optional(),
  }),
  z.object({ success, cpt_codes: z.array(CptCodeSchema) }),
]);

/** GET /check_npi (200; a 400, 404 or 502 carries the same fields with `valid: false`). */
export const NpiCheckAnswerSchema = z.object({
  success: z.boolean().optional(),
  valid: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.string(),
  error: z.string(),
  message: z.string(),
  enumeration_type: z.string().optional(),
  organization_name: z.string().optional(),
});

/** POST /document. */
export const UploadTicketAnswerSchema = UploadTicketSchema;
/** POST /document/confirm, DELETE /document: the case or the profile the document belongs to. */
export const DocumentChangeAnswerSchema = z.union([
  z.object({ success, message: z.string(), case: CaseSchema }),
  z.object({ success, message: z.string(), user: ProfileSchema }),
]);
/** GET /document. */
export const DocumentLinkAnswerSchema = DocumentLinkSchema;
/** GET /doc_types. */
export const DocTypesAnswerSchema = DocTypesSchema;

/** GET /lists/insurance. */
export const InsurancePageAnswerSchema = InsuranceListPageSchema.extend({ success, next_cursor: nextCursor });
/** POST (201) and PATCH /lists/insurance. */
export const InsuranceSavedAnswerSchema = z.object({
  success,
  message: z.string(),
  insurance_type: InsuranceTypeSchema,
});
/** GET /lists/doctor_types. */
export const DoctorTypePageAnswerSchema = DoctorTypeListPageSchema.extend({ success, next_cursor: nextCursor });
/** POST /lists/import (201). */
export const ImportTicketAnswerSchema = ImportTicketSchema.extend({ success });
/** POST /lists/import/start (202), GET /lists/import. */
export const ImportJobAnswerSchema = z.object({ success, job: ImportJobSchema });

/** GET /report/permission. */
export const ReportPermissionAnswerSchema = ReportPermissionSchema;
/** GET /report/history. */
export const ReportHistoryAnswerSchema = ReportHistoryResponseSchema;

/** GET /openapi.json: the committed OpenAPI document (shared/openapi.json). */
export const OpenApiAnswerSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Schemas named once in the OpenAPI document (components.schemas) and referenced by name. */
export const NAMED_ANSWER_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  Error: ErrorAnswerSchema,
  Message: MessageAnswerSchema,
  Case: CaseSchema,
  CaseRow: CaseRowSchema,
  Profile: ProfileSchema,
  Surgeon: SurgeonSchema,
  Facility: FacilitySchema,
};
