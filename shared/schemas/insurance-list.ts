/**
 * The answer of `GET /lists/insurance` (the payer list: the case form's suggestions and List
 * Management; shared/schemas/reference-lists.ts describes the calls).
 */
import * as z from 'zod';

/** One payer of the list. */
export const InsuranceTypeSchema = z.object({
  insurance_id: z.string(),
  name: z.string(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type InsuranceType = z.infer<typeof InsuranceTypeSchema>;

/** A page of payers in name order, with the opaque cursor of the next page and the list's total. */
export const InsuranceListPageSchema = z.object({
  insurance_types: z.array(InsuranceTypeSchema),
  next_cursor: z.string().optional(),
  total: z.number().int().min(0),
});
export type InsuranceListPage = z.infer<typeof InsuranceListPageSchema>;
